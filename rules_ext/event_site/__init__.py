"""A scored event as static pages beside the rulebook (``python -m rules_ext publish``).

- ``pages``: every page of a :class:`pages.Publication` as ``{path: html}`` (the stylesheet, the
  script ``events.js`` and the favicon included; the caller writes them); ``words``: the pages' own
  words and the plain sentence of the scoring basis; ``play``: the auction, the play and the
  frequency of each result; ``rulings``: ruling records checked against the event, their adjusted
  scores as corrections; ``publish``: read, corrected, scored and written; ``sphinx_ext``: the same
  at a site's build.

The pages use the sheets' words and notation (:mod:`rules_ext.pdf`), the event model and results
(:mod:`rules_ext.events`), the corpus's citation of a label; never Sphinx (but ``sphinx_ext``).
"""
