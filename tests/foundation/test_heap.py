"""engine/support/heap.py: large freed blocks kept for reuse, so that a run that makes and
frees big arrays again and again faults their pages in once (counted, not timed)."""
import subprocess
import sys

import pytest

PROBE = """
import resource, sys
import numpy as np
from engine.support.heap import reuse_large_blocks
took = reuse_large_blocks() if sys.argv[1] == "tuned" else None
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(40):
    a = np.ones(40 << 17)   # 40 MB, made and freed
    del a
print(took, resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
"""


def _faults(mode: str) -> tuple:
    out = subprocess.run([sys.executable, "-c", PROBE, mode], capture_output=True, text=True, check=True)
    took, faults = out.stdout.split()
    return took, int(faults)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt: Linux only")
def test_a_large_array_made_again_reuses_the_freed_block_instead_of_faulting_it_in():
    took, tuned = _faults("tuned")
    if took != "True":
        pytest.skip("a C library without glibc's mallopt (musl): nothing to tune")
    _none, plain = _faults("plain")
    assert plain > 40 * 100         # (each 40 MB array faulted in again: 10,240 pages, fewer in huge pages)
    assert tuned < plain // 10      # (faulted in once, then reused)


GIVE_BACK = """
import numpy as np
from engine.support import heap

def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1])

heap.reuse_large_blocks()
before = rss()
blocks = [np.ones(1 << 18, dtype=np.int64) for _ in range(40)]   # 80 MB in blocks of 2 MB: kept by the heap when freed (below TRIMMED_ABOVE)
held = rss()
del blocks
freed = rss()
took = heap.give_back()
print(took, held - before, held - freed, held - rss())
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim: Linux only")
def test_what_the_heap_keeps_for_reuse_is_given_back_between_stages():
    out = subprocess.run([sys.executable, "-c", GIVE_BACK], capture_output=True, text=True, check=True)
    took, grew, freed, given = out.stdout.split()
    if took != "True":
        pytest.skip("a C library without glibc's malloc_trim (musl): nothing to give back")
    assert int(grew) > 60_000               # (80 MB made)
    assert int(freed) < int(grew) // 2      # (freed, the heap keeps most of it for reuse)
    assert int(given) > 60_000              # (then returned to the system)


def test_without_the_gnu_c_library_nothing_is_done(monkeypatch):
    from engine.support import heap
    monkeypatch.setattr(heap, "_libc", False)
    assert heap.give_back() is False and heap.reuse_large_blocks() is False
