"""Book -> Document: the one place deciding what a reader's copy contains."""
from __future__ import annotations

from engine.export import sheet, ways
from engine.export.model import Document, Para, Section
from engine.export.modules import names_for
from engine.export.phrases import Words
from engine.export.typography import french


def document(book, module, lang: str | None = None, odds: bool = False) -> Document:
    """The whole book for a reader, in `lang` (default: the book's language)."""
    lang = lang or (book.language if book.language in ("fr", "en") else "fr")
    w = Words(book, module, lang, names_for(module))
    front = ((w.t("Règles du jeu", "How to play"), tuple(sheet.summary(module, w))),
             (w.t("Feuille d'Aventure", "Adventure Sheet"), tuple(sheet.adventure_sheet(module, w))))
    prologue = str(book.meta.get("prologue") or "").strip()   # format 1.1: read before paragraph 1
    if prologue:
        front += (("Prologue", tuple(Para((chunk,)) for chunk in _chunks(prologue))),)
    sections = tuple(section(book.paragraphs[n], module, w) for n in sorted(book.paragraphs))
    back = ()
    if odds:
        from engine.export.odds import appendix
        back = ((w.t("Annexe : les chances de chaque combat", "Appendix: the odds of each fight"),
                 tuple(appendix(book, module, w))),)
    doc = Document(lang, book.title, book.author, str(book.meta.get("description", "")).strip(),
                   front, sections, back,
                   {"paragraphs": w.t("Les paragraphes", "The paragraphs"), "by": w.t("par", "by")})
    return french(doc) if lang == "fr" else doc


def section(paragraph, module, w: Words) -> Section:
    text = [Para((chunk,)) for chunk in _chunks(paragraph.text)]
    italic = module.header_style(paragraph) == "italic"
    return Section(paragraph.number, italic, tuple(text + ways.blocks(paragraph, w)))


def _chunks(text: str) -> list[str]:
    """The text's paragraphs: blank lines separate them, single line breaks do not."""
    out = []
    for chunk in str(text).split("\n\n"):
        joined = " ".join(line.strip() for line in chunk.splitlines() if line.strip())
        if joined:
            out.append(joined)
    return out
