"""`gamebook export`: a book as a reader holds it, in PDF, HTML or Markdown.

One pipeline: `build.document(book, module, lang)` turns the compiled Book into a
small intermediate representation (`model`): title page, rules summary, Adventure
Sheet, the paragraphs in number order with their ways out written as printed books
write them, and an optional odds appendix.  Each format is one renderer over that
representation (`markdown`, `html`, `typeset`; `pdf` compiles the Typst markup), so
the wording of a way out, a stat block or a condition exists once.

What a reader's copy must not give away (see docs/export.md): ways out a module
marks as hidden (the Oracle's +20 of Chroniques Crétoises) and numbers computed
from the play (`to: "here + chance"`) are never printed as a number or a link.
"""
from __future__ import annotations

FORMATS = ("pdf", "html", "md")
