"""reportlab renderers: hand records, travellers, results sheets and ruling forms.

Every document is built with platypus on one page template (header: event and date; footer: title
and ``page x / y``), in the embedded WenQuanYi Micro Hei font (Chinese, accents, ♠♥♦♣ with the red
suits in dark red), in reportlab's invariant mode (same input, same bytes), and written to a
temporary file that is renamed only when the document is complete.

Public API
----------
- ``handrecord.write_hand_record(event, path, *, per_page=2, dd=True, paper='a4', lang='both',
  commentary=None, progress=iter) -> pages``; ``handrecord.BoardSheet`` and
  ``write_hand_record_sheets(sheets, path, header, options, per_page=2)`` for boards from elsewhere.
- ``traveller.write_travellers(event, path, *, blank=False, results=None, rows=None, diagram=False,
  paper='a4', lang='both', progress=iter) -> pages``.
- ``results.write_results_pdf(event, results, path, *, paper='a4', lang='both', cards=True,
  progress=iter) -> pages`` (called by ``python -m rules_ext results EVENT.pbn -o r.pdf``).
- ``ruling.load_ruling(path) -> RulingRecord`` (TOML; ``RulingError`` names file, line and field),
  ``ruling.write_ruling_form(record_or_None, path, *, paper='a4', lang='both', corpus=None)``.
- The sample PDFs the site links to are rendered by the command-line layer
  (``rules_ext.cli.samples.render_samples``, ``python -m rules_ext samples -o DIR``).
- Building blocks: ``layout.PrintOptions`` (``Paper`` A4/LETTER, ``Lang`` ZH/EN/BOTH, ``label``),
  ``layout.build_document``, ``diagram.HandDiagram`` (a Flowable), ``diagram.auction_table``,
  ``dd.solve`` / ``dd.DoubleDummy`` (endplay's DDS, or the file's DoubleDummyTricks).
"""
