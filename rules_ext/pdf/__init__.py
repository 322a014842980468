"""reportlab renderers: hand records, travellers, results sheets, pickup slips, ruling forms and the
printed editions.

Every document is built with platypus on one page template (header: event and date; footer: title
and ``page x / y``) in the embedded WenQuanYi Micro Hei font (Chinese, accents, ♠♥♦♣, the red suits
in dark red), in reportlab's invariant mode (same input, same bytes), and written to a temporary
file renamed only when the document is complete. Everything is typed with the core's values and the
event model's; each module's docstring says what it prints.
"""
