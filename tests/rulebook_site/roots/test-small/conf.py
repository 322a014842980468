import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

extensions = ["rules_ext"]
project = "small"
language = "zh_CN"
html_search_language = "zh"
rules_corpus_loader = "small_corpus:load"
exclude_patterns = ["_build"]
rules_findings_loader = "small_corpus:findings"
