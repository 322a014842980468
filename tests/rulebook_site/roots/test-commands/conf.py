import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

extensions = ["rules_ext"]
project = "commands"
language = "zh_CN"
rules_corpus_loader = None
exclude_patterns = ["_build"]
