"""The rules and scoring core: pure Python, no Sphinx, docutils or reportlab."""
