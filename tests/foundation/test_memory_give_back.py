"""support/memory.py: freed memory given back to the system between an analysis'
stages (glibc's malloc_trim and a fixed mmap threshold); nothing done elsewhere."""
import sys

import numpy as np
import pytest

from engine.support import memory


def _rss_kb() -> int:
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


@pytest.mark.skipif(not sys.platform.startswith("linux") or not memory._glibc(),
                    reason="the GNU C library only (elsewhere both calls return False)")
def test_freed_blocks_are_returned_to_the_system():
    assert memory.map_large()
    before = _rss_kb()
    blocks = [np.ones(1 << 18, dtype=np.int64) for _ in range(64)]   # 64 blocks of 2 MB, mapped on their own
    held = _rss_kb()
    del blocks
    assert memory.give_back()
    after = _rss_kb()
    assert held - before > 100_000 and held - after > 100_000


def test_without_the_gnu_c_library_nothing_is_done(monkeypatch):
    monkeypatch.setattr(memory, "_libc", False)
    assert memory.give_back() is False and memory.map_large() is False
