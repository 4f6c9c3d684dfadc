"""The PDF's layout details, as looked at on rendered pages (docs/export.md):
"rendez-vous" never broken, tick-box columns centred, table headings not hyphenated."""
from __future__ import annotations

from engine.export import typeset
from engine.export.model import Table
from engine.export.pdf import compile_pdf


def test_rendez_vous_is_kept_whole_in_a_box():
    markup = typeset.t("Tentez votre Chance : rendez-vous au")
    assert markup == '#"Tentez votre Chance : "#box("rendez-vous")#" au"'
    assert typeset.t('"') == '#"\\""'                           # still one escaped literal


def test_tick_box_columns_are_centred_and_the_table_compiles():
    table = Table(("Dieu", "Favorable"), (("Arès", typeset.BOX), ("Héra", typeset.BOX)))
    markup = typeset.block(table)
    assert "align: (left + horizon, center + horizon,)" in markup and "hyphenate: false" in markup
    pdf = compile_pdf(typeset.PREAMBLE.replace("{title}", '"t"').replace("{lang}", "fr") + markup)
    assert pdf.startswith(b"%PDF")
