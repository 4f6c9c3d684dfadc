"""Bad input: every broken file gets one located diagnostic and a non-zero exit,
never a traceback, in bounded time and memory."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .lintkit import GOOD, HEADER, book, codes, lint, write

ROOT = Path(__file__).resolve().parents[2]


def only(capsys, path, code, line=None, col=None, status=1):
    got, out, err = lint(capsys, path, "--no-cache")
    assert got == status, out + err
    assert "Traceback" not in out + err
    found = [l for l in out.splitlines() if f": {code} " in l]
    assert found, out
    if line is not None:
        assert found[0].startswith(f"{path}:{line}:{col}: "), found[0]
    return out


def test_missing_file(capsys, tmp_path):
    out = only(capsys, tmp_path / "nope.yaml", "file-not-found", 1, 1, status=2)
    assert len(out.splitlines()) == 1


def test_directory(capsys, tmp_path):
    only(capsys, tmp_path, "not-a-file", status=2)


def test_binary_file(capsys, tmp_path):
    only(capsys, write(tmp_path, b"gamebook: 1\n\x89PNG\x00\x01"), "binary-file", 2, 1)


def test_invalid_utf8(capsys, tmp_path):
    only(capsys, write(tmp_path, b"gamebook: 1\ntitle: caf\xe9\n"), "invalid-utf8", 2, 11)


def test_malformed_yaml(capsys, tmp_path):
    only(capsys, write(tmp_path, HEADER + "paragraphs:\n  1: {text: [oops}\n"), "yaml-syntax", 6, 18)


def test_empty_file(capsys, tmp_path):
    only(capsys, write(tmp_path, "# nothing\n"), "empty-book", 1, 1)


def test_not_a_mapping(capsys, tmp_path):
    only(capsys, write(tmp_path, "- a\n- b\n"), "schema", 1, 1)


def test_alias_bomb(capsys, tmp_path):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 10)]
    only(capsys, write(tmp_path, "\n".join(lines) + "\n"), "yaml-too-large")


def test_large_file_refused_before_parsing(capsys, tmp_path):
    path = tmp_path / "big.yaml"
    with path.open("wb") as fh:
        fh.write(GOOD.encode())
        fh.write(b"# " + b"x" * 1000 + b"\n" * 1)
        fh.truncate(50 * 1024 * 1024)
    only(capsys, path, "file-too-large", 1, 1)


@pytest.mark.parametrize("depth", [10_000, 100_000])
def test_deep_nesting(capsys, tmp_path, depth):
    only(capsys, write(tmp_path, "a: " + "[" * depth + "]" * depth + "\n"), "yaml-too-deep", 1, 67)


@pytest.mark.parametrize("depth", [10_000, 100_000])
def test_deep_block_nesting(capsys, tmp_path, depth):
    text = "- " * depth + "x\n"
    out = only(capsys, write(tmp_path, text), "yaml-too-deep")
    assert len(out.splitlines()) == 1


def test_duplicate_keys_name_both_places(capsys, tmp_path):
    text = book("""\
        paragraphs:
          1: {text: Début., end: victory}
        title: Encore
        """)
    out = only(capsys, write(tmp_path, text), "duplicate-key", 7, 1)
    assert "line 2" in out and "see also 2:1" in out


def test_duplicate_paragraph_numbers(capsys, tmp_path):
    text = book("""\
        paragraphs:
          1: {text: Début., end: victory}
          1: {text: Encore., end: death}
        """)
    only(capsys, write(tmp_path, text), "duplicate-key", 7, 3)


def test_duplicate_paragraph_int_and_string(capsys, tmp_path):
    text = book("""\
        paragraphs:
          1: {text: Début., end: victory}
          "1": {text: Encore., end: death}
        """)
    out = only(capsys, write(tmp_path, text), "duplicate-paragraph", 7, 3)
    assert "see also 6:3" in out


def test_python_tag_refused(capsys, tmp_path):
    text = HEADER + "paragraphs: !!python/object:os.system {text: x}\n"
    only(capsys, write(tmp_path, text), "yaml-tag", 5, 13)


def test_python_tag_on_scalar_refused(capsys, tmp_path):
    text = HEADER + "author: !!python/name:os.system ''\nparagraphs: {1: {text: x, end: death}}\n"
    only(capsys, write(tmp_path, text), "yaml-tag", 5, 9)


def test_wrong_types_every_error_located(capsys, tmp_path):
    text = book("""\
        paragraphs:
          1: {text: 3, end: victory}
          2: {text: Deux, choices: [{text: Aller, to: [1]}]}
          3: {text: Trois, end: maybe}
        """)
    status, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    assert status == 1
    lines = [l for l in out.splitlines() if ": schema " in l]
    assert [l.split(":")[1] for l in lines] == ["6", "7", "8"], out


def test_unknown_references_each_occurrence(capsys, tmp_path):
    text = book("""\
        paragraphs:
          1:
            text: Début.
            choices: [{text: A, to: 9}, {text: B, to: 9}, {text: C, to: 2}]
          2: {text: Fin., end: victory, effects: [{gain: lampe}]}
        """)
    status, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    assert status == 1
    assert codes(out) == ["unknown-target", "unknown-target", "unknown-item"], out


def test_subprocess_binary_and_missing(tmp_path):
    bad = write(tmp_path, b"\xff\xfe\x00\x00garbage")
    proc = subprocess.run([sys.executable, "-m", "engine", "lint", str(bad), str(tmp_path / "no.yaml")],
                          cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "GAMEBOOK_NO_CACHE": "1", "GAMEBOOK_LANG": "en",
                               "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 2  # a missing file is a usage error
    assert "Traceback" not in proc.stderr
    assert codes(proc.stdout) == ["binary-file", "file-not-found"], proc.stdout


def test_subprocess_deep_nesting(tmp_path):
    deep = write(tmp_path, "a: " + "[" * 100_000 + "\n")
    proc = subprocess.run([sys.executable, "-m", "engine", "lint", str(deep)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "GAMEBOOK_NO_CACHE": "1", "GAMEBOOK_LANG": "en",
                               "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(proc.stdout.splitlines()) == 1
