"""`gamebook renumber` writes only inside the destination it was given, and a book in
several files all or nothing: a part never lands outside `-o`'s folder (not through
`../`, not through a link in the destination), a full disk in the middle leaves every
file as it was, and `--in-place` keeps each file's permissions and symbolic links.
Each case runs `gamebook` in a child process under a memory limit and a timeout."""
from __future__ import annotations

import os
import resource
import signal
import stat
import subprocess
import sys

from tests.hostile._books_support import ROOT, hashes, showcase, showcase_files, split_book
from tests.hostile._limits_support import MEMORY, TIMEOUT, no_traceback, one_line, run

SHUFFLE = ["--shuffle", "--seed", "3"]


def test_a_part_is_never_written_through_a_link_out_of_the_destination(tmp_path):
    book = showcase(tmp_path / "src")
    out, victim = tmp_path / "out", tmp_path / "victim"
    out.mkdir()
    victim.mkdir()
    (out / book.stem).symlink_to(victim)   # the parts' folder in the destination leads elsewhere
    result = run(["renumber", str(book), *SHUFFLE, "-o", str(out / "b.yaml")], tmp_path)
    assert result.returncode == 1
    assert one_line(result, "would be written outside the folder of", "nothing is written")
    assert list(victim.iterdir()) == [] and not (out / "b.yaml").exists()


def test_a_book_including_a_file_above_it_writes_nothing_outside(tmp_path):
    """`include: [../part.yaml]` with `-o out/sub/b.yaml` wrote out/part.yaml before
    (and `../../.bashrc` a user's ~/.bashrc); now the book does not even load."""
    (tmp_path / "part.yaml").write_text("paragraphs:\n  2: {text: Deux, end: death}\n", encoding="utf-8")
    book = split_book(tmp_path / "src", ["../part.yaml"],
                      "  1:\n    text: Un.\n    choices: [{text: A, to: 2}, {text: B, to: 3}]\n"
                      "  3: {text: Fin, end: victory}\n")
    victim = tmp_path / "out" / "part.yaml"
    victim.parent.mkdir()
    victim.write_text("# not a part\n", encoding="utf-8")
    (tmp_path / "out" / "sub").mkdir()
    result = run(["renumber", str(book), *SHUFFLE, "-o", str(tmp_path / "out" / "sub" / "b.yaml")], tmp_path)
    assert result.returncode == 1
    assert one_line(result, "b.yaml:6:11: include-outside-book")
    assert victim.read_text(encoding="utf-8") == "# not a part\n"
    assert not (tmp_path / "out" / "sub" / "b.yaml").exists()


def test_in_place_keeps_permissions_and_symbolic_links(tmp_path):
    book = showcase(tmp_path)
    parts = book.parent / book.stem
    kept = tmp_path / "kept-elsewhere-in-the-book.yaml"
    os.replace(parts / "landes.yaml", kept)
    (parts / "landes.yaml").symlink_to(os.path.relpath(kept, parts))
    os.chmod(book, 0o400)
    os.chmod(parts / "abbaye.yaml", 0o640)
    before = kept.read_bytes()
    result = run(["renumber", str(book), *SHUFFLE, "--in-place"], tmp_path)
    no_traceback(result)
    assert result.returncode == 0
    assert (parts / "landes.yaml").is_symlink() and kept.read_bytes() != before
    assert stat.S_IMODE(book.stat().st_mode) == 0o400
    assert stat.S_IMODE((parts / "abbaye.yaml").stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []   # no journal left


def _full_disk_after(size: int):
    def limit() -> None:   # writes past `size` bytes fail (EFBIG) as on a full disk
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    return limit


def test_a_full_disk_in_the_middle_leaves_every_file_as_it_was(tmp_path):
    book = showcase(tmp_path)
    files = showcase_files(book)
    before = hashes(files)
    # the main file (4 KB) and the first part (15 KB) fit, the second (25 KB) does not
    env = dict(os.environ, GAMEBOOK_NO_CACHE="1", GAMEBOOK_DATA_DIR=str(tmp_path / "data"),
               PYTHONDONTWRITEBYTECODE="1", PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-m", "engine", "renumber", str(book), *SHUFFLE, "--in-place"],
                            env=env, cwd=tmp_path, capture_output=True, text=True, timeout=TIMEOUT,
                            preexec_fn=_full_disk_after(20_000))
    assert result.returncode == 1
    assert one_line(result, "cannot write", "no file was changed")
    assert hashes(files) == before
    assert [p.name for p in tmp_path.rglob(".*")] == []   # no temporary file, no journal
