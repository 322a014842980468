"""A scored event as static pages beside the rulebook (``python -m rules_ext publish``).

:mod:`~rules_ext.event_site.pages` renders the pages of a publication (the event, its results,
double-dummy grids, rulings, downloads, the stylesheet, ``events.js`` and the favicon; what the caller
knows: a cited provision's address, the 繁體 conversion); ``words`` holds the pages' own words and the
plain sentence of the scoring basis, ``play`` the auction, the play and each result's frequency,
``rulings`` ruling records checked against the event; :mod:`~rules_ext.event_site.publish` reads,
scores and writes an event; :mod:`~rules_ext.event_site.sphinx_ext` publishes a site's
``rules_events_dir`` at its build. The pages use the sheets' words and notation (:mod:`rules_ext.pdf`),
the event model and results (:mod:`rules_ext.events`); Sphinx only in ``sphinx_ext``.
"""
