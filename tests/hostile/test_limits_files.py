"""Book files that are not books: a FIFO, a device, a directory, a file over the size
limit, an alias bomb through one big string, integers beyond MAX_INT.  Each is refused
by lint and play in one located line, within the memory limit, and nothing is cached."""
from __future__ import annotations

import os

import pytest

from engine.support import limits
from tests.hostile._limits_support import book_text, choice_book, one_line, run


@pytest.mark.parametrize("command", [["lint"], ["play"]])
def test_a_fifo_is_refused_not_waited_on(tmp_path, command):
    fifo = tmp_path / "book.yaml"
    os.mkfifo(fifo)
    result = run([*command, str(fifo)], tmp_path, timeout=30)
    assert result.returncode in (1, 2)
    assert one_line(result, "book.yaml:1:1", "not-a-file", "not a regular file")


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/null"])
def test_a_device_is_refused(tmp_path, path):
    result = run(["lint", path], tmp_path, timeout=30)   # not a book file: a usage error
    assert result.returncode == 2 and one_line(result, f"{path}:1:1", "not-a-file")


def test_a_directory_is_refused(tmp_path):
    result = run(["lint", str(tmp_path)], tmp_path)
    assert result.returncode == 2 and one_line(result, "not-a-file", "directory")


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path):
    big = tmp_path / "big.yaml"
    with big.open("wb") as fh:   # sparse: nothing is written but the size
        fh.truncate(limits.MAX_BOOK_BYTES + 1)
    result = run(["lint", str(big)], tmp_path)
    assert result.returncode == 1 and one_line(result, "big.yaml:1:1", "file-too-large")


def test_alias_bomb_through_a_big_scalar_is_refused_and_never_cached(tmp_path):
    # a 1.6 MB book aliasing one 1 MB string 200,000 times: 200 GB once expanded
    path = tmp_path / "bomb.yaml"
    path.write_text(choice_book("{text: A, to: 2}") + "x: &a '" + "A" * 1_000_000 + "'\n"
                    "y: [" + ", ".join(["*a"] * 200_000) + "]\n", encoding="utf-8")
    for command in ("lint", "play"):
        result = run([command, str(path)], tmp_path, cache=True)
        assert result.returncode == 1
        assert one_line(result, "bomb.yaml:", "yaml-too-large", "aliases are expanded")
    cache = tmp_path / "cache"
    assert not cache.exists() or not any(cache.iterdir())


def test_aliases_within_the_limit_still_work(tmp_path):
    path = tmp_path / "aliases.yaml"
    text = "Un long couloir. " * 10
    path.write_text(book_text("  1: {text: &t '" + text + "', choices: [{text: A, to: 2}]}\n"
                              "  2: {text: *t, end: victory}\n"), encoding="utf-8")
    result = run(["lint", str(path)], tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("literal, digits", [
    ("9" * 5000, "5000 digits"),                    # over Python's 4,300-digit limit
    ("0x" + "f" * 200, "200 digits"),               # a huge hex stat
    ("1000000001", "10 digits"),                    # just over MAX_INT
])
def test_an_integer_beyond_max_int_is_a_located_error(tmp_path, literal, digits):
    path = tmp_path / "num.yaml"
    path.write_text(book_text("  1: {text: A, end: victory}\n",
                              head=f"gamebook: 1\ntitle: N\nrules: chroniques-cretoises\nstart: 1\n"
                                   f"hero: {{patron: Athéna, honneur: {literal}}}\n"),
                    encoding="utf-8")
    for command in ("lint", "play"):
        result = run([command, str(path)], tmp_path)
        assert result.returncode == 1
        assert one_line(result, "num.yaml:5:", "number-too-large", digits)


def test_max_int_itself_is_accepted(tmp_path):
    path = tmp_path / "num.yaml"
    path.write_text(book_text("  1: {text: A, end: victory}\n",
                              extra=f"options: {{big: {limits.MAX_INT}, small: -{limits.MAX_INT}}}\n"),
                    encoding="utf-8")
    result = run(["lint", str(path)], tmp_path)
    assert "number-too-large" not in result.stdout + result.stderr
