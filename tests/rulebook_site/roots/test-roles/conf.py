extensions = ["rules_ext"]
project = "roles"
language = "zh_CN"
rules_corpus_loader = None  # hand-written law pages only: the domain, roles and directives
exclude_patterns = ["_build"]
