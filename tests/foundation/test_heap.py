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
import sys
import numpy as np
from engine.support import heap

def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1])

heap.reuse_large_blocks()
heap.KEPT_FREE = int(sys.argv[2]) << 20
before = rss()
# in blocks of 2 MB, each followed by a small array that stays: holes inside the heap
# when freed (not its top, which glibc itself returns above TRIMMED_ABOVE), kept for reuse
blocks, pins = [], []
for _ in range(int(sys.argv[1])):
    blocks.append(np.ones(1 << 18, dtype=np.int64))
    pins.append(np.ones(1 << 10, dtype=np.int64))
held = rss()
del blocks
freed = rss()
took = heap.give_back()
print(took, held - before, held - freed, held - rss())
"""


def _given(blocks: int, kept: int) -> tuple:
    """(whether given back, then in kB: grown, freed, given back) of `blocks` of 2 MB
    made and freed, the heap keeping `kept` MB free."""
    out = subprocess.run([sys.executable, "-c", GIVE_BACK, str(blocks), str(kept)], capture_output=True, text=True,
                         check=True)
    took, grew, freed, given = out.stdout.split()
    return took, int(grew), int(freed), int(given)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim: Linux only")
def test_what_the_heap_keeps_for_reuse_is_given_back_between_stages():
    from engine.support import heap
    if heap._glibc() is False:
        pytest.skip("a C library without glibc's malloc_trim (musl): nothing to give back")
    took, grew, freed, given = _given(50, 64)   # (100 MB freed: above 64 MB kept)
    assert grew > 75_000                # (100 MB made)
    assert freed < grew // 2            # (freed, the heap keeps most of it for reuse)
    assert took == "True"
    assert given > 75_000               # (then returned to the system)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallinfo2: Linux only")
def test_a_little_free_memory_is_kept_for_the_next_stage():
    """100 MB free (below KEPT_FREE) stay in the heap: the next stage's arrays take
    those pages again instead of faulting them in."""
    from engine.support import heap
    if heap.heap_bytes() is None:
        pytest.skip("a C library without glibc's mallinfo2: every free page given back, as before")
    from engine.support.heap import KEPT_FREE
    took, grew, freed, given = _given(50, KEPT_FREE >> 20)
    assert grew > 75_000                # (100 MB made)
    assert took == "False"
    assert given < grew // 2            # (kept: still resident)


def test_free_memory_is_given_back_above_the_threshold_only(monkeypatch):
    """The decision itself, on a stand-in for the C library: given back above
    KEPT_FREE free or from a heap above LARGE_HEAP (le-taureau-d-airain's peak), and
    always where the heap's figures cannot be read."""
    from types import SimpleNamespace
    from engine.support import heap
    trims = []
    lib = SimpleNamespace(malloc_trim=lambda pad: trims.append(pad) or 1)
    monkeypatch.setattr(heap, "_libc", lib)
    assert heap.give_back() is True and trims == [0]   # (no mallinfo2: glibc before 2.33)
    small, large = heap.LARGE_HEAP // 2, heap.LARGE_HEAP + 1
    for free, size, given in ((heap.KEPT_FREE, small, False), (heap.KEPT_FREE + 1, small, True),
                              (heap.KEPT_FREE, large, True)):
        lib.mallinfo2 = lambda free=free, size=size: SimpleNamespace(fordblks=free, arena=size // 2,
                                                                     hblkhd=size - size // 2)
        assert heap.give_back() is given, (free, size)
    assert trims == [0, 0, 0]


def test_without_the_gnu_c_library_nothing_is_done(monkeypatch):
    from engine.support import heap
    monkeypatch.setattr(heap, "_libc", False)
    assert heap.give_back() is False and heap.reuse_large_blocks() is False
