# Sphinx configuration of the rulebook site. Built with: sphinx-build -c . -b html source build/html
project = "中国桥牌竞赛规则"
author = "rules_ext"
copyright = "texts: 中国桥牌协会; publisher: rules_ext contributors"
language = "zh_CN"

extensions = [
    "sphinx.ext.doctest",
]

html_theme = "furo"
html_search_language = "zh"
exclude_patterns = ["texts", "events"]
