"""A scored event as static pages beside the rulebook (``python -m rules_ext publish``).

Public API
----------
- ``pages.event_pages(publication, template_folders=()) -> {path: html}``: every page of a
  :class:`pages.Publication` (the event, its results, double-dummy grids, rulings, downloads, and
  what the caller knows: the address of a cited provision, the 繁體 conversion), the stylesheet
  ``events.css`` included; the caller writes them.
- ``pages.html_of(markup)``: the sheets' paragraph markup as HTML.

The pages use the sheets' words and notation (:mod:`rules_ext.pdf`), the event model and results
(:mod:`rules_ext.events`), the corpus's citation of a label; never Sphinx or the site layer.
"""
