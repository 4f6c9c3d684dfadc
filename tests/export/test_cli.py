"""`gamebook export` on the command line: formats, files, errors in both languages."""
from __future__ import annotations

from engine.cli import main

from .conftest import BOOKS, write_book

CLOCHE = str(next(b for b in BOOKS if "cloche" in b.name))


def test_pdf_to_a_file_and_the_format_from_the_extension(tmp_path):
    out = tmp_path / "book.pdf"
    assert main(["export", CLOCHE, "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert [p.name for p in tmp_path.iterdir()] == ["book.pdf"]   # no temporary file left


def test_markdown_to_stdout_with_the_odds_appendix(capsysbinary):
    assert main(["export", CLOCHE, "--format", "md", "--odds"]) == 0
    text = capsysbinary.readouterr().out.decode("utf-8")
    assert text.startswith("# La Cloche de Brumesel")
    assert "Annexe\u00a0: les chances de chaque combat" in text and "| 36 | Malvorn |" in text


def test_pdf_needs_a_file(capsys):
    assert main(["export", CLOCHE, "--format", "pdf", "--lang", "fr"]) == 2
    assert "ajoutez -o" in capsys.readouterr().err
    assert main(["export", CLOCHE, "--format", "pdf", "-o", "-", "--lang", "en"]) == 2
    assert "add -o BOOK.pdf" in capsys.readouterr().err


def test_dash_is_standard_output_not_a_file(tmp_path, capsysbinary, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["export", CLOCHE, "--format", "md", "-o", "-"]) == 0
    assert capsysbinary.readouterr().out.decode("utf-8").startswith("# La Cloche de Brumesel")
    assert list(tmp_path.iterdir()) == []


def test_a_broken_book_is_reported_not_exported(tmp_path, capsys):
    bad = write_book(tmp_path, "gamebook: 1\ntitle: X\nrules: defis-fantastiques\nstart: 1\n"
                               "paragraphs:\n  1: {text: a, choices: [{text: b, to: 9}]}\n")
    out = tmp_path / "x.html"
    assert main(["export", str(bad), "-o", str(out), "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert "fix them first" in err and "Traceback" not in err
    assert not out.exists()


def test_an_unwritable_output_is_a_message(tmp_path, capsys):
    assert main(["export", CLOCHE, "-o", str(tmp_path / "no" / "such" / "x.html"), "--lang", "fr"]) == 1
    assert "impossible d'écrire" in capsys.readouterr().err
