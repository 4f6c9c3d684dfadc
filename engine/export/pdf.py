"""Typst markup -> PDF bytes, with the typst wheel's compiler and embedded fonts only
(no system font, no network: the same PDF on every machine)."""
from __future__ import annotations


class PdfUnavailable(Exception):
    """The typst package is missing or failed; `message` says what to do (fr, en)."""

    def __init__(self, fr: str, en: str):
        super().__init__(en)
        self.fr, self.en = fr, en


def compile_pdf(markup: str) -> bytes:
    try:
        import typst
    except ImportError as exc:
        raise PdfUnavailable(
            "le format pdf demande le paquet Python « typst » : pip install typst",
            "the pdf format needs the Python package 'typst': pip install typst") from exc
    try:
        return typst.compile(markup.encode("utf-8"), format="pdf", ignore_system_fonts=True)
    except Exception as exc:  # a typesetting failure is reported, never a traceback
        raise PdfUnavailable(f"la composition du PDF a échoué : {exc}",
                             f"typesetting the PDF failed: {exc}") from exc
