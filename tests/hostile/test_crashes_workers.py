"""`gamebook explore --jobs 2` when one of its workers dies (killed, out of memory):
`multiprocessing.Pool` lost the chunk the worker was running and the parent waited
for it for ever.  Now the chunk is done again by a new worker (same figures), and
workers that keep dying end the run with one line (engine/analysis/explore/workers.py)."""
from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys

import pytest

from engine.analysis.explore.pool import cores
from engine.analysis.explore.workers import MAX_WORKER_DEATHS, WorkersDied, run_pooled
from tests.hostile.conftest import BOOKS
from tests.hostile.test_analysis_workers import _workers

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc, forks")
RUNS = "20000"


def test_killing_a_worker_does_not_hang_the_run_and_no_run_is_lost(gamebook):
    if cores() < 2:
        pytest.skip("one core: explore runs in-process, there is no worker to kill")
    parent = gamebook.popen("explore", BOOKS / "le-taureau-d-airain.yaml", "--runs", RUNS, "--jobs", "2",
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = _workers(parent, 2)[0]
    os.kill(first, signal.SIGKILL)
    try:
        out, err = parent.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        parent.kill()
        parent.communicate()
        pytest.fail("explore waited for ever for the chunk of its dead worker")
    assert "Traceback" not in err
    assert parent.returncode == 0, err
    assert out.startswith(f"{RUNS} random playthroughs of 'le-taureau-d-airain'")


# --- the pool itself, with work that dies on purpose (fork: these functions are here) ---
def _square_or_die_once(task: bytes) -> int:
    """Dies the first time it meets task b"3" (a marker file says it did)."""
    marker = os.environ["DIE_ONCE_MARKER"]
    if task == b"3" and not os.path.exists(marker):
        open(marker, "w").close()
        os.kill(os.getpid(), signal.SIGKILL)
    return int(task) ** 2


def _always_die(task: bytes) -> int:
    os._exit(3)


def _fail(task: bytes) -> int:
    raise ValueError(f"bad task {task!r}")


FORK = multiprocessing.get_context("fork")


def test_a_task_whose_worker_died_is_done_again(tmp_path, monkeypatch):
    monkeypatch.setenv("DIE_ONCE_MARKER", str(tmp_path / "died"))
    tasks = [str(n).encode() for n in range(8)]
    results = sorted(run_pooled(FORK, 2, tasks, _square_or_die_once))
    assert results == [n * n for n in range(8)]
    assert (tmp_path / "died").exists()   # (it did die)


def test_workers_that_keep_dying_end_the_batch_with_a_message():
    with pytest.raises(WorkersDied) as died:
        list(run_pooled(FORK, 2, [b"1", b"2"], _always_die))
    assert died.value.message.en == (f"{MAX_WORKER_DEATHS + 1} worker processes died (status 3): the "
                                     "exploration stops. Run again with --jobs 1, or fewer --runs if "
                                     "memory is short.")
    assert died.value.message.fr.startswith(f"{MAX_WORKER_DEATHS + 1} processus de calcul sont morts")
    assert not multiprocessing.active_children()   # none left behind


def test_an_error_in_a_task_is_raised_in_the_parent_as_pool_did():
    with pytest.raises(ValueError, match="bad task"):
        list(run_pooled(FORK, 2, [b"1"], _fail))
    assert not multiprocessing.active_children()
