"""A scored event as static pages beside the rulebook (``python -m rules_ext publish``).

:mod:`~rules_ext.event_site.pages` renders the pages of a publication (the event, its results,
double-dummy grids, rulings, downloads, and what the caller knows: a cited provision's address, the
繁體 conversion); :mod:`~rules_ext.event_site.publish` reads, scores and writes an event with them;
:mod:`~rules_ext.event_site.sphinx_ext` publishes the events of a site's ``rules_events_dir`` at its
build. The pages use the sheets' words and notation (:mod:`rules_ext.pdf`), the event model and
results (:mod:`rules_ext.events`) and the corpus's citation of a label; Sphinx only in ``sphinx_ext``.
"""
