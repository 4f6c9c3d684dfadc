"""`gamebook explore --jobs`: never more processes than cores, and none left behind
when the parent is stopped (SIGTERM, SIGHUP, or even kill -9 on Linux)."""
from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.analysis.explore.pool import capped, cores

from .conftest import BOOKS

BOOK = BOOKS / "le-taureau-d-airain.yaml"
LONG = ("explore", BOOK, "--runs", "5000000", "--jobs", "2")

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def _state(pid: int) -> str | None:
    """The process's state letter, None when it no longer exists."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rpartition(")")[2].split()[0]


def _alive(pid: int) -> bool:
    return _state(pid) not in (None, "Z", "X")   # a zombie has finished: it only awaits its reaper


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rpartition(")")[2].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if ppid == pid:
                found.append(int(entry.name))
    return found


def _workers(parent: subprocess.Popen, count: int) -> list[int]:
    """The parent's worker processes, once `count` of them have started."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        kids = [k for k in _children(parent.pid) if _alive(k)]
        if len(kids) >= count:
            return kids
        assert parent.poll() is None, parent.communicate()
        time.sleep(0.05)
    pytest.fail("the explore workers did not start")


def _gone(pids: list[int]) -> bool:
    deadline = time.monotonic() + 10
    while any(map(_alive, pids)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not any(map(_alive, pids))


def test_jobs_beyond_the_cores_are_capped_with_a_message(gamebook):
    done = gamebook("explore", BOOK, "--runs", "60", "--jobs", "5000")
    assert done.code == 0
    assert done.one_line_error() == f"--jobs 5000: capped at {cores()}, the number of usable cores"
    assert "60 random playthroughs" in done.out


def test_the_cap_is_said_in_french_too(gamebook):
    done = gamebook("explore", BOOK, "--runs", "30", "--jobs", "999", "--lang", "fr")
    assert done.one_line_error() == f"--jobs 999 : ramené à {cores()}, le nombre de cœurs utilisables"


def test_the_library_caps_jobs_itself():
    assert capped(10_000) == cores() and capped(None) == cores() and capped(0) == cores()
    assert capped(1) == 1


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["TERM", "HUP"])
def test_stopping_the_parent_stops_its_workers(gamebook, signum):
    if cores() < 2:
        pytest.skip("one core: explore runs in-process, there is no worker to leave behind")
    parent = gamebook.popen(*LONG, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    workers = _workers(parent, 2)
    parent.send_signal(signum)
    _out, err = parent.communicate(timeout=30)
    assert parent.returncode == 128 + signum
    assert "Traceback" not in err
    assert _gone(workers), [(pid, _state(pid)) for pid in workers]


def test_killing_the_parent_outright_still_ends_its_workers(gamebook):
    if cores() < 2:
        pytest.skip("one core: explore runs in-process, there is no worker to leave behind")
    parent = gamebook.popen(*LONG, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers = _workers(parent, 2)
    parent.kill()
    parent.wait(timeout=30)
    assert _gone(workers), [(pid, _state(pid)) for pid in workers]


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")   # the dropped one
def test_a_sigterm_dropped_in_a_finalizer_still_stops_the_pool_at_the_next_result():
    """Python can run the handler inside a weakref callback, where its raise is printed
    and dropped: the parent must stop at the next result all the same, not finish
    the batch with its workers."""
    from engine.analysis.explore.parallel import _collect
    from engine.analysis.explore.pool import Stopped, signals_stop_the_pool
    from engine.analysis.explore.runs import Stats

    from ._io_support import signal_in_a_finalizer

    def results():
        signal_in_a_finalizer()   # the signal lands in a weakref callback, its raise dropped
        yield Stats()
        yield Stats()
    seen = []
    with signals_stop_the_pool():
        with pytest.raises(Stopped) as stop:
            _collect(results(), Stats(), 2, lambda done, total: seen.append(done))
    assert stop.value.code == 128 + signal.SIGTERM and seen == []
