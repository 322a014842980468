extensions = ["rules_ext"]
project = "anchors"
language = "zh_CN"
rules_corpus_loader = None  # hand-written glossary pages: terms without an :anchor: option
exclude_patterns = ["_build"]
