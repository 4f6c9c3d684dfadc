"""The complete example of docs/rules-defis-fantastiques.md is a book that lints clean."""
from pathlib import Path

from engine.lint.loader import load_book

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules-defis-fantastiques.md"


def test_documented_example_book_is_clean(tmp_path):
    snippet = DOC.read_text("utf-8").split("```yaml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "exemple.yaml"
    path.write_text(snippet, encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    assert loaded.ok and not loaded.diagnostics, [(d.code, d.message.en) for d in loaded.diagnostics]
