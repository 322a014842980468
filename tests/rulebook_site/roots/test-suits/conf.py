extensions = ["rules_ext"]
project = "suits"
language = "zh_CN"
rules_corpus_loader = None
exclude_patterns = ["_build"]
