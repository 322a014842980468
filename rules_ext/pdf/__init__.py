"""reportlab renderers: hand records, travellers, results sheets and ruling forms.

Every document is built with platypus on one page template (header: event and date; footer: title
and ``page x / y``), in the embedded WenQuanYi Micro Hei font (Chinese, accents, ♠♥♦♣ with the red
suits in dark red), in reportlab's invariant mode (same input, same bytes), and written to a
temporary file that is renamed only when the document is complete.

Public API
----------
- ``handrecord.write_hand_record(event, path, *, per_page=2 (1, 2, 4, 6 or 8), dd=True, paper='a4', lang='both',
  commentary=None, results=True, link='', progress=iter) -> pages``; ``handrecord.BoardSheet`` and
  ``write_hand_record_sheets(sheets, path, header, options, per_page=2)`` for boards from elsewhere.
- ``traveller.write_travellers(event, path, *, blank=False, results=None, rows=None, diagram=False,
  paper='a4', lang='both', progress=iter, figures='ours') -> pages`` (a teams event: match
  travellers, both rooms side by side); ``blank_travellers_story`` (event boards) and
  ``filled_travellers_story`` (``BoardResults``) for the flowables.
- ``results.write_results_pdf(event, results, path, *, paper='a4', lang='both', cards=True,
  progress=iter, notes=(), figures='ours') -> pages`` (called by ``python -m rules_ext results
  EVENT.pbn -o r.pdf``): rankings, then score cards, or for teams the VP cross-table and match sheets.
- ``sheets``: what those sheets share: ``Titled`` (a block kept on one page, continued under its
  own title), ``fit``/``label_cell`` (cells that fit, names whole), ``Column`` (one number format
  per column), ``Marks`` (figures that differ from the file's, marked †; ``figures='file'``).
- ``ruling_record.load_ruling(path) -> RulingRecord`` (TOML; ``RulingRecordError`` names file, line and
  field; ``quote_laws`` quotes the cited provisions from the rulebook), and
  ``ruling.write_ruling_form(record_or_None, path, *, paper='a4', lang='both', corpus=None)``.
- ``pickup.write_pickup_slips(slips, path, *, event='', date='', paper='a4', lang='both') -> pages``
  with ``pickup.slips_of_event(event)`` (the file's movement) or ``slips_of_movement(tables, rounds,
  boards_per_round)``.
- The sample PDFs the site links to are rendered by the command-line layer
  (``rules_ext.cli.samples.render_samples``, ``python -m rules_ext samples -o DIR``).
- Building blocks: ``layout.PrintOptions`` (``Paper`` A4/LETTER, ``Lang`` ZH/EN/BOTH, ``label``,
  ``seat``, ``vulnerability``), ``layout.build_document``, ``diagram.HandDiagram`` (a Flowable),
  ``diagram.auction_table``, ``figures.fmt_number``; the one notation of a result and of the par,
  ``figures.result_markup`` / ``figures.par_markup`` (``4♠ 北 +1 = 南北 +450``), contracts in the
  sheet's language (``figures.contract_text``: 3无将), free text with red ♥♦ (``figures.text_markup``)
  and Chinese line breaking (``figures.KinsokuParagraph``). Double-dummy tricks and par come from
  ``rules_ext.events.dd`` (``solve``, ``DoubleDummy``, ``Par``: endplay's DDS, or the file's tags).

Everything is typed with the core's values (``Seat``, ``Strain``, ``Contract``, ``Deal``,
``Vulnerability``) and the event model's (``Event``, ``Board``, ``EventResults`` ...).
"""
