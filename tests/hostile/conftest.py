"""Shared fixtures of the hostile suite: run `gamebook` as a user would, but bounded.

`gamebook(*args)` runs `python -m engine ARGS` in a fresh process under a memory
limit (`MEMORY_LIMIT`, through RLIMIT_AS) and a wall-clock guard (`TIMEOUT`): a
case that hangs or grows without end fails the test instead of the machine.  The
guard is not a timed assertion: it is far above any normal run and only stops a
hang.  Saves go to a private data directory and the book cache is off.

`plugin(...)` installs a temporary rule-module distribution the way pip would
leave one: a package and a `NAME-VERSION.dist-info` folder (METADATA and
entry_points.txt) in a directory put on PYTHONPATH.  The registry finds it through
`importlib.metadata`, exactly like a published plugin.
"""
from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOOKS = ROOT / "books"
MEMORY_LIMIT = 1 << 30   # 1 GiB of address space for each `gamebook` run
TIMEOUT = 60.0           # seconds; only a hang gets near it


def _limit_memory() -> None:  # runs in the child, before exec
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    # Ctrl-C as a terminal gives it: a suite started in the background of a shell
    # (`make test &`, nohup) has SIGINT ignored, the child would inherit that, and
    # Python leaves an ignored SIGINT ignored (the Ctrl-C tests then hang).
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@dataclass
class Ran:
    """One finished run: exit code and both streams."""

    code: int
    out: str
    err: str

    @property
    def err_lines(self) -> list[str]:
        return [line for line in self.err.splitlines() if line.strip()]

    def one_line_error(self) -> str:
        """The single line on stderr (and never a traceback)."""
        assert "Traceback" not in self.err + self.out, self.err
        assert len(self.err_lines) == 1, self.err
        return self.err_lines[0]


@dataclass
class Plugin:
    """A temporary plugin distribution: its folder (for PYTHONPATH), name and version."""

    path: Path
    dist: str
    version: str


class Runner:
    """Runs `gamebook` in a child process with the suite's environment and limits."""

    def __init__(self, tmp_path: Path):
        self.data = tmp_path / "data"
        self.paths: list[Path] = []   # plugin folders to put on PYTHONPATH
        self.env: dict[str, str] = {}

    def environment(self, lang: str) -> dict[str, str]:
        path = os.pathsep.join([str(ROOT), *map(str, self.paths)])
        return {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/tmp"),
                "PYTHONPATH": path, "PYTHONDONTWRITEBYTECODE": "1", "GAMEBOOK_LANG": lang,
                "GAMEBOOK_NO_CACHE": "1", "GAMEBOOK_DATA_DIR": str(self.data), **self.env}

    def popen(self, *args: str, lang: str = "en", **kwargs) -> subprocess.Popen:
        """The child, for a test that signals it while it runs."""
        return subprocess.Popen([sys.executable, "-m", "engine", *map(str, args)], cwd=ROOT,
                                env=self.environment(lang), preexec_fn=_limit_memory,
                                text=True, **kwargs)

    def __call__(self, *args: str, lang: str = "en", input: str | None = None,
                 timeout: float = TIMEOUT) -> Ran:
        child = self.popen(*args, lang=lang, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
        try:
            out, err = child.communicate(input, timeout=timeout)
        except subprocess.TimeoutExpired:
            child.kill()
            child.communicate()
            pytest.fail(f"gamebook {' '.join(map(str, args))} did not end within {timeout} s")
        return Ran(child.returncode, out, err)


@pytest.fixture
def gamebook(tmp_path) -> Runner:
    """`gamebook("lint", book)` -> Ran, in a bounded child process."""
    return Runner(tmp_path)


@pytest.fixture
def plugin(tmp_path, gamebook):
    """`plugin({"name": "pkg:OBJ"}, source)` -> Plugin: a distribution whose package
    `gamebook_rules_hostile` holds `source`, with those `gamebook.rules` entry
    points; put on the PYTHONPATH of `gamebook` runs (and of this process's
    `sys.path` with `in_process=True`, undone after the test)."""
    added: list[str] = []
    count = 0

    def make(entry_points: dict[str, str], source: str, dist: str = "gamebook-rules-hostile",
             version: str = "6.6.6", in_process: bool = False) -> Plugin:
        nonlocal count
        count += 1
        base = tmp_path / f"site{count}"
        package = base / "gamebook_rules_hostile"
        package.mkdir(parents=True)
        (package / "__init__.py").write_text(textwrap.dedent(source), encoding="utf-8")
        info = base / f"{dist.replace('-', '_')}-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n",
                                       encoding="utf-8")
        lines = "".join(f"{name} = {ref}\n" for name, ref in entry_points.items())
        (info / "entry_points.txt").write_text("[gamebook.rules]\n" + lines, encoding="utf-8")
        gamebook.paths.append(base)
        if in_process:
            sys.path.insert(0, str(base))
            added.append(str(base))
        return Plugin(base, dist, version)

    yield make
    for entry in added:
        sys.path.remove(entry)
    for name in [n for n in sys.modules if n.split(".")[0] == "gamebook_rules_hostile"]:
        del sys.modules[name]


def book_text(rules: str, paragraphs: str = "  1: {text: Fin., end: victory}\n") -> str:
    """A minimal book for the rule module `rules`."""
    return (f"gamebook: 1\ntitle: Essai\nrules: {rules}\nstart: 1\nparagraphs:\n{paragraphs}")


@pytest.fixture
def write_book(tmp_path):
    """`write_book(rules, paragraphs=...)` -> the path of a minimal book."""
    def write(rules: str, paragraphs: str | None = None, name: str = "livre.yaml") -> Path:
        path = tmp_path / name
        path.write_text(book_text(rules, *([paragraphs] if paragraphs else [])), encoding="utf-8")
        return path
    return write
