"""Paths and book loading shared by the analysis tests (importable by name, unlike conftest)."""
import glob
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "analysis_fixtures" / "books"
BOOKS = sorted(glob.glob(str(ROOT / "books" / "*.yaml")))


def load(name_or_path):
    """(book, module, doc) of a fixture book name ('quest') or a path."""
    from engine.book import source
    from engine.lint.loader import load_book
    path = Path(name_or_path)
    if not path.suffix:
        path = FIXTURES / f"{name_or_path}.yaml"
    loaded = load_book(path, use_cache=False)
    assert loaded.book is not None, loaded.diagnostics
    doc, _ = source.load(path)
    return loaded.book, loaded.module, doc
