"""A book reads only its own folder tree, within bounds (docs/security.md, "What a book
may read and write").

`include:` of an absolute path, a `../`, a symbolic link leading out, `/proc` or a name
with a NUL is one located error that shows nothing of the target and says the same
whether it exists or not, in `lint` (text and GitHub formats) and in the language
server's analysis.  A diamond of parts is linear, MAX_PARTS bounds the number of
files (not the depth) and the parts share the book's size budget.  Each case runs
`gamebook` (or the library) in a child process under a memory limit and a timeout."""
from __future__ import annotations

import os

import pytest

from engine.support import limits
from tests.hostile._books_support import python, split_book
from tests.hostile._limits_support import no_traceback, one_line, run

SECRET, SECOND = "motdepasse-du-voisin", "cle-privee"   # what an outside file holds: never shown


@pytest.fixture
def outside(tmp_path):
    """A file outside the book's folder, in YAML a book could parse (`KEY: value` lines)."""
    folder = tmp_path / "ailleurs"
    folder.mkdir()
    (folder / "secret.yaml").write_text(f"{SECRET}: 1\n{SECOND}: x\n", encoding="utf-8")
    return folder / "secret.yaml"


def _entries(tmp_path, outside) -> dict:
    book = tmp_path / "livre"
    book.mkdir()
    (book / "lien.yaml").symlink_to(outside)
    (book / "lien-absent.yaml").symlink_to(outside.with_name("absent.yaml"))
    return {"absolute": (str(outside), str(outside.with_name("absent.yaml"))),
            "dotdot": ("../ailleurs/secret.yaml", "../ailleurs/absent.yaml"),
            "symlink": ("lien.yaml", "lien-absent.yaml"),
            "proc": ("/proc/self/environ", "/proc/self/absent"),
            "etc": ("/etc/shadow", "/etc/absent-file")}


@pytest.mark.parametrize("form", ["absolute", "dotdot", "symlink", "proc", "etc"])
@pytest.mark.parametrize("fmt", ["text", "github"])
def test_an_include_outside_the_book_is_refused_unread(tmp_path, outside, form, fmt):
    existing, missing = _entries(tmp_path, outside)[form]
    answers = []
    for name in (existing, missing):
        book = split_book(tmp_path / "livre", [name])
        result = run(["lint", "--format", fmt, str(book)], tmp_path)
        assert result.returncode == 1
        assert SECRET not in result.stdout + result.stderr and SECOND not in result.stdout
        needle = "b.yaml:6:11: include-" if fmt == "text" else "line=6,col=11,title=include-"
        answers.append(one_line(result, needle).replace(name, "NAME"))
    assert answers[0] == answers[1]   # nothing tells whether the outside file exists


def test_a_nul_in_an_include_name_is_a_located_error(tmp_path):
    book = split_book(tmp_path, ["partie\0.yaml"])
    for lang, words in (("en", "NUL character"), ("fr", "caractère NUL")):
        result = run(["lint", "--lang", lang, str(book)], tmp_path)
        assert result.returncode == 1
        # (refused as the book is read, as a NUL anywhere: nul-character, engine/book/source.py)
        assert one_line(result, "b.yaml:6:11: nul-character", words)


def test_the_language_server_reads_no_outside_file(tmp_path, outside):
    book = split_book(tmp_path / "livre", ["../ailleurs/secret.yaml"])
    result = python(f"""
        from engine.lsp.state import analyse
        path = {str(book)!r}
        snap = analyse("file://" + path, open(path, encoding="utf-8").read(), path)
        for d in snap.diagnostics:
            print(d.code, d.span.line, d.span.col, d.message.en)
        """, tmp_path)
    no_traceback(result)
    assert SECRET not in result.stdout
    assert "include-outside-book 5 10" in result.stdout


def test_a_diamond_of_parts_is_read_once_per_file(tmp_path):
    """Each part includes the next one twice, 30 levels deep: 2^30 inclusions before,
    31 files read now (each level's paragraph once, no duplicate-paragraph)."""
    split_book(tmp_path, ["d0.yaml", "d0.yaml"])
    for level in range(30):
        (tmp_path / f"d{level}.yaml").write_text(
            f"include: [d{level + 1}.yaml, d{level + 1}.yaml]\n"
            f"paragraphs:\n  {level + 2}: {{text: Niveau, end: death}}\n", encoding="utf-8")
    (tmp_path / "d30.yaml").write_text("paragraphs: {}\n", encoding="utf-8")
    result = run(["lint", "--format", "json", str(tmp_path / "b.yaml")], tmp_path)
    no_traceback(result)
    assert result.returncode == 0
    assert result.stdout.count('"unreachable"') == 30 and "duplicate-paragraph" not in result.stdout


def test_max_parts_bounds_the_number_of_files_not_the_depth(tmp_path):
    """10,000 chained parts: refused at the 201st file, where its entry is written."""
    split_book(tmp_path, ["c0.yaml"])
    for i in range(10_000):
        (tmp_path / f"c{i}.yaml").write_text(f"include: [c{i + 1}.yaml]\nparagraphs: {{}}\n", encoding="utf-8")
    result = run(["lint", str(tmp_path / "b.yaml")], tmp_path)
    assert result.returncode == 1
    assert one_line(result, f"c{limits.MAX_PARTS - 1}.yaml:1:11: include-too-many",
                    f"more than {limits.MAX_PARTS} included files")


def test_many_files_side_by_side_are_counted_too(tmp_path):
    names = [f"p{i}.yaml" for i in range(limits.MAX_PARTS + 5)]
    for name in names:
        (tmp_path / name).write_text("paragraphs: {}\n", encoding="utf-8")
    book = split_book(tmp_path, names)
    result = run(["lint", str(book)], tmp_path)
    assert result.returncode == 1 and one_line(result, "include-too-many")


def test_parts_share_one_size_budget(tmp_path):
    """Ten parts, each within a book's limits (1 MB aliased 20 times: 21 Mi characters),
    together ten times over: refused at the part that goes past, nothing cached."""
    big = "A" * (1024 * 1024)
    names = []
    for n in range(10):
        (tmp_path / f"gros{n}.yaml").write_text(
            f"paragraphs:\n  p{n}x0: {{text: &t '{big}', end: death}}\n"
            + "".join(f"  p{n}x{i}: {{text: *t, end: death}}\n" for i in range(1, 21)), encoding="utf-8")
        names.append(f"gros{n}.yaml")
    book = split_book(tmp_path, names)
    result = run(["lint", str(book)], tmp_path, cache=True)
    assert result.returncode == 1
    assert one_line(result, "b.yaml:6:", "include-too-large", "exceed a book's limits")
    cache = tmp_path / "cache"
    assert not cache.exists() or not [p for p in cache.iterdir() if p.suffix == ".json"]


def test_parts_over_the_byte_budget_are_refused_unread(tmp_path):
    for n in range(3):   # sparse: 3 x 8 MiB, each under a book's 20 MiB, together over it
        with (tmp_path / f"p{n}.yaml").open("wb") as fh:
            fh.truncate(8 * 1024 * 1024)
    book = split_book(tmp_path, ["p0.yaml", "p1.yaml", "p2.yaml"])
    result = run(["lint", str(book)], tmp_path)
    assert result.returncode == 1
    assert one_line(result, "b.yaml:6:", "include-too-large")


def test_a_part_inside_the_book_through_a_link_is_still_read(tmp_path):
    """Links are followed, not forbidden: one that stays inside the folder is fine."""
    (tmp_path / "vrai").mkdir()
    (tmp_path / "vrai" / "partie.yaml").write_text("paragraphs:\n  2: {text: Deux, end: death}\n",
                                                   encoding="utf-8")
    os.symlink("vrai", tmp_path / "lien")
    book = split_book(tmp_path, ["lien/partie.yaml"])
    result = run(["lint", "--format", "json", str(book)], tmp_path)
    assert result.returncode == 0 and '"unreachable"' in result.stdout
