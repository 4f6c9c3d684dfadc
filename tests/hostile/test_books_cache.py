"""The compiled-book cache is exact for a book in several files: keyed on the bytes it
compiled (each part read once, hashed as read), so an edit made while `lint` runs never
leaves a stale entry; and a hit reports each diagnostic under its own file's name."""
from __future__ import annotations

from tests.hostile._books_support import python, split_book
from tests.hostile._limits_support import no_traceback, run

MAIN = "  1:\n    text: Départ.\n    choices: [{text: Aller, to: 2}]\n"
BROKEN = "paragraphs:\n  2: {text: Deux, choices: [{text: Nulle part, to: 99}]}\n"   # unknown-target
FIXED = "paragraphs:\n  2: {text: Deux, end: victory}\n"


def test_a_part_edited_while_lint_reads_it_leaves_no_stale_entry(tmp_path):
    book = split_book(tmp_path, ["partie.yaml"], MAIN)
    part = tmp_path / "partie.yaml"
    part.write_text(BROKEN, encoding="utf-8")
    cache = {"GAMEBOOK_CACHE_DIR": str(tmp_path / "cache")}
    # the author saves the fixed part just after lint has read the broken one
    edited = python(f"""
        from pathlib import Path
        import engine.book.bookfile as bookfile
        real, saved = bookfile.read_bytes, []

        def read_then_edit(path, name, *args, **kwargs):
            found = real(path, name, *args, **kwargs)
            if Path(path).name == "partie.yaml" and not saved:
                saved.append(Path(path).write_text({FIXED!r}, encoding="utf-8"))
            return found
        bookfile.read_bytes = read_then_edit
        from engine.lint.loader import load_book
        print(sorted(d.code for d in load_book({str(book)!r}).diagnostics))
        """, tmp_path, env={**cache, "GAMEBOOK_NO_CACHE": ""})
    no_traceback(edited)
    assert part.read_text(encoding="utf-8") == FIXED
    for text, status, code in ((BROKEN, 1, "unknown-target"), (FIXED, 0, None)):
        part.write_text(text, encoding="utf-8")
        result = run(["lint", str(book)], tmp_path, cache=True)
        assert result.returncode == status, result.stdout + result.stderr
        assert code is None or f"partie.yaml:2:52: {code}" in result.stdout


def test_a_cache_hit_names_each_diagnostic_by_its_own_file(tmp_path):
    book = split_book(tmp_path, ["sous/partie.yaml"], MAIN)
    (tmp_path / "sous").mkdir()
    (tmp_path / "sous" / "partie.yaml").write_text(BROKEN, encoding="utf-8")
    first = run(["lint", str(book)], tmp_path, cache=True)
    second = run(["lint", str(book)], tmp_path, cache=True)
    assert first.returncode == second.returncode == 1
    assert f"{tmp_path}/sous/partie.yaml:2:52: unknown-target" in first.stdout
    assert second.stdout == first.stdout
    # opened under another name (from its folder): the part is named beside it
    again = run(["lint", "b.yaml"], tmp_path, cache=True)
    assert "\nsous/partie.yaml:2:52: unknown-target" in again.stdout, again.stdout
