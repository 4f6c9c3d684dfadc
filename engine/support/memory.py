"""Memory freed by a long analysis given back to the system between its stages.

The C library keeps the memory a program frees for its next allocations; after
millions of small objects and arrays of a few megabytes (an exploration's batches,
a fight's chains) most of it stays held though nothing uses it (on
le-taureau-d-airain's first 250,000 states, a third of the peak).  On the GNU C
library, `give_back` returns the free pages (`malloc_trim`), and `map_large`
has every block from a megabyte on mapped on its own, so that freeing it returns
it at once (`mallopt(M_MMAP_THRESHOLD)`: otherwise the threshold rises to the
largest block freed, up to 32 MB, and such arrays come from the heap).  Elsewhere
both do nothing.
"""
from __future__ import annotations

import sys

M_MMAP_THRESHOLD = -3   # (glibc's malloc.h)
LARGE = 1 << 20

_libc = None


def _glibc():
    global _libc
    if _libc is None:
        _libc = False
        if sys.platform.startswith("linux"):
            try:
                import ctypes
                lib = ctypes.CDLL(None)
                lib.malloc_trim, lib.mallopt   # (the GNU C library's: musl has neither)
                _libc = lib
            except (OSError, AttributeError):
                pass
    return _libc


def give_back() -> bool:
    """The heap's free pages returned to the system; False where that cannot be done."""
    lib = _glibc()
    return bool(lib) and bool(lib.malloc_trim(0) or True)


def map_large(threshold: int = LARGE) -> bool:
    """Blocks from `threshold` bytes on mapped on their own (returned to the system
    when freed); False where that cannot be done."""
    lib = _glibc()
    return bool(lib) and bool(lib.mallopt(M_MMAP_THRESHOLD, threshold))
