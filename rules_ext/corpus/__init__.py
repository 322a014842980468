"""Rule texts -> structured model. Pure Python, never imports Sphinx."""
