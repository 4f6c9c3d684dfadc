"""What `graph`, `export` and `play --log` write: a NUL in a book is refused where it is
written; every graph is well-formed whatever the title (`&`, entities, controls); `-o`
to a missing folder, a folder, /dev/full or a file on a full disk is one line saying
what to do, and no half-written file is left; `play --log /dev/full` tells the player
once and the game goes on, autosaved (they were tracebacks)."""
from __future__ import annotations

import json
import os
import resource
import shutil
import stat
import subprocess
import sys
from xml.dom import minidom

import pytest

from tests.hostile._limits_support import MEMORY, TIMEOUT, df_head, no_traceback, run

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot draws the SVG")

BOOK = df_head("TITLE", "1") + """paragraphs:
  1:
    text: Départ.
    choices:
      - {text: CHOICE, to: 2}
  2: {text: Fin., end: victory}
"""


def _book(tmp_path, title: str = "Le livre", choice: str = "Aller"):
    path = tmp_path / "livre.yaml"
    path.write_text(BOOK.replace("TITLE", title).replace("CHOICE", choice), encoding="utf-8")
    return path


@pytest.mark.parametrize("written", [r'"A \x00 B"', r'"A \0 B"', r'"A \u0000 B"'])
def test_a_nul_written_as_an_escape_is_a_located_error(tmp_path, written):
    path = _book(tmp_path, title=written)
    result = run(["lint", str(path)], tmp_path)
    no_traceback(result)
    assert result.returncode == 1
    assert result.stdout.startswith(f"{path}:2:8: nul-character NUL character"), result.stdout


@pytest.mark.parametrize("fmt", ["svg", "html"])
def test_a_nul_in_the_title_is_refused_before_any_graph(tmp_path, fmt):
    path = _book(tmp_path, title=r'"A \x00 B"')
    result = run(["graph", str(path), "--format", fmt, "-o", str(tmp_path / f"g.{fmt}")], tmp_path)
    no_traceback(result)
    assert result.returncode == 1 and "nul-character" in result.stderr
    assert not (tmp_path / f"g.{fmt}").exists()


HOSTILE_TITLE = r'"R&D; &#0; &amp A & B <x> \"q\" ]]> -- \x01 \x1b[2J \uffff"'


@needs_dot
@pytest.mark.parametrize("title", [HOSTILE_TITLE, '"Q&A"', '"A &foo; B"'])
def test_the_svg_graph_is_well_formed_xml_whatever_the_title(tmp_path, title):
    path = _book(tmp_path, title=title, choice='"Go & &bar; \\x02 <y>"')
    out = tmp_path / "g.svg"
    result = run(["graph", str(path), "--format", "svg", "-o", str(out)], tmp_path)
    no_traceback(result)
    assert result.returncode == 0, result.stderr
    svg = minidom.parse(str(out))   # raises on a document that is not well-formed
    shown = svg.getElementsByTagName("title")[0].firstChild.data
    assert shown.startswith("R&D; &#0;") or shown in ("Q&A", "A &foo; B")


@needs_dot
def test_the_svg_inside_the_html_page_is_well_formed_too(tmp_path):
    path = _book(tmp_path, title=HOSTILE_TITLE)
    out = tmp_path / "g.html"
    result = run(["graph", str(path), "--format", "html", "-o", str(out)], tmp_path)
    no_traceback(result)
    page = out.read_text(encoding="utf-8")
    minidom.parseString(page[page.index("<svg"):page.index("</svg>") + 6])
    assert "\x1b" not in page and "\x01" not in page


def test_dot_text_writes_an_ampersand_as_an_entity_graphviz_reads(tmp_path):
    path = _book(tmp_path, title='"R&D"')
    result = run(["graph", str(path), "--format", "dot"], tmp_path)
    assert result.stdout.startswith('digraph "R&amp;D" {')


# --- -o ------------------------------------------------------------------------------
def _limited(limit_file: int | None):
    def preexec() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
        if limit_file is not None:   # a disk that fills after `limit_file` bytes (EFBIG)
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_file, limit_file))
    return preexec


def _gamebook(tmp_path, *args: str, limit_file: int | None = None) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "GAMEBOOK_NO_CACHE": "1", "GAMEBOOK_LANG": "en",
           "GAMEBOOK_DATA_DIR": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "engine", *args], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=TIMEOUT, preexec_fn=_limited(limit_file))


ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]
COMMANDS = {"graph": ["graph", "--format", "dot"], "export": ["export", "--format", "md"]}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("where, says", [
    ("missing/out.txt", "the folder {tmp}/missing does not exist; create it first"),
    (".", "it is a folder; give a file name"),
    ("full.txt", "(No space left on device): free some space or write elsewhere"),
])
def test_an_output_that_cannot_be_written_is_one_line(tmp_path, command, where, says):
    """`full.txt` is a link to /dev/full: the device is written through it, as through
    its own name, but a regression that renames over the path it is given replaces the
    link, never the machine's /dev/full (as root, `-o /dev/full` did replace it)."""
    path = _book(tmp_path)
    if where == "full.txt":
        (tmp_path / where).symlink_to("/dev/full")
    args = COMMANDS[command][:1] + [str(path)] + COMMANDS[command][1:]
    result = _gamebook(tmp_path, *args, "-o", where)
    no_traceback(result)
    assert result.returncode == 1
    line = result.stderr.strip()
    assert "\n" not in line and line.startswith(f"cannot write {where}")
    assert says.format(tmp=tmp_path) in line, line
    left = sorted(p.name for p in tmp_path.iterdir())   # nothing left, the link kept
    assert left == (["full.txt", "livre.yaml"] if where == "full.txt" else ["livre.yaml"])
    assert (tmp_path / where).is_symlink() or where != "full.txt"
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_full_disk_keeps_the_old_file_whole_and_leaves_no_temporary_file(tmp_path, command):
    path = _book(tmp_path)
    out = tmp_path / "out.txt"
    out.write_text("the old graph\n", encoding="utf-8")
    args = COMMANDS[command][:1] + [str(path)] + COMMANDS[command][1:]
    result = _gamebook(tmp_path, *args, "-o", str(out), limit_file=200)
    no_traceback(result)
    assert result.returncode == 1 and result.stderr.startswith(f"cannot write {out} (File too large)")
    assert out.read_text(encoding="utf-8") == "the old graph\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["livre.yaml", "out.txt"]


def test_a_new_output_file_gets_the_usual_permissions_and_a_link_is_kept(tmp_path):
    path = _book(tmp_path)
    real = tmp_path / "real.dot"
    real.write_text("old", encoding="utf-8")
    real.chmod(0o640)
    (tmp_path / "link.dot").symlink_to(real)
    assert _gamebook(tmp_path, "graph", str(path), "-o", "link.dot").returncode == 0
    assert (tmp_path / "link.dot").is_symlink() and real.read_text().startswith("digraph")
    assert real.stat().st_mode & 0o777 == 0o640
    assert _gamebook(tmp_path, "graph", str(path), "-o", "new.dot").returncode == 0
    assert (tmp_path / "new.dot").stat().st_mode & 0o777 == 0o644   # (umask 022)


# --- play --log ------------------------------------------------------------------------
@pytest.mark.parametrize("lang, says", [
    ("en", "--log: cannot write /dev/full (No space left on device): the log stops here; the game goes on"),
    ("fr", "--log : impossible d'écrire /dev/full (plus de place sur le disque) : le journal s'arrête ici"),
])
def test_a_log_on_a_full_disk_is_told_once_and_the_game_goes_on(tmp_path, lang, says):
    path = _book(tmp_path)
    result = run(["play", str(path), "--seed", "1", "--lang", lang, "--log", "/dev/full"],
                 tmp_path, stdin="1\n")
    no_traceback(result)
    text = " ".join(result.stdout.split())
    assert text.count(says) == 1, text
    assert result.returncode == 0 and ("Victory!" in text or "Victoire !" in text)
    (save,) = (tmp_path / "data" / "saves").glob("*/script.json")
    assert json.loads(save.read_text(encoding="utf-8"))["ended"] == "victory"
