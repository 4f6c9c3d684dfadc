"""The C heap told to keep large freed blocks for the next allocation (glibc only).

An exhaustive exploration makes and frees arrays of many megabytes thousands of times
(a batch's successor rows, their hashes, the sorted tables).  By default glibc gives
each block above a threshold (at most 32 MB) its own mapping and returns it when it is
freed, so that every new array faults its pages in again: on la-cloche-de-brumesel's
compiled run about 100,000 minor faults and half a second of system time.  Raising
the mapping threshold and the trim threshold lets freed blocks be reused instead.

What the heap keeps free is returned to the system between an analysis' stages
(`give_back`, glibc's malloc_trim: also the free pages inside the heap), so that the
blocks kept for reuse while exploring do not add to the peak of the graph's sort and
the solve (le-taureau-d-airain's first 250,000 states: a third of the peak was freed
memory the heap held).  Elsewhere both do nothing.
"""
from __future__ import annotations

import ctypes
import sys

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3   # glibc's malloc.h
MAPPED_ABOVE = 64 << 20    # a block above it still gets its own mapping (returned when freed)
TRIMMED_ABOVE = 128 << 20  # free memory at the heap's top above it is returned


_libc = None


def _glibc():
    """The GNU C library (its mallopt and malloc_trim), or False."""
    global _libc
    if _libc is None:
        _libc = False
        if sys.platform.startswith("linux"):
            try:
                lib = ctypes.CDLL(None)
                lib.malloc_trim, lib.mallopt   # (the GNU C library's: musl has neither)
                lib.mallopt.argtypes, lib.mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
                _libc = lib
            except (OSError, AttributeError):
                pass
    return _libc


def give_back() -> bool:
    """The heap's free pages returned to the system; False where that cannot be done."""
    lib = _glibc()
    return bool(lib) and bool(lib.malloc_trim(0) or True)


def reuse_large_blocks() -> bool:
    """Keep freed blocks up to MAPPED_ABOVE in the heap for reuse, for the rest of the
    process; True when the C library took the setting (glibc), False elsewhere."""
    lib = _glibc()
    return bool(lib) and bool(lib.mallopt(M_MMAP_THRESHOLD, MAPPED_ABOVE)) \
        and bool(lib.mallopt(M_TRIM_THRESHOLD, TRIMMED_ABOVE))
