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
memory the heap held).  Only when it holds more than KEPT_FREE free: a page given
back is faulted in again by the next stage's arrays where they reuse it, so a little
free memory costs more to give back than it saves on the peak (la-cloche-de-brumesel's
compiled run holds 115 to 135 MB free at its four stages: given back, 22,000 to 36,000
minor faults more, a tenth of a second of CPU, for a peak 10 to 15 MB lower;
le-taureau-d-airain's first 500,000 states 64 to 85 MB).  A heap above LARGE_HEAP
(its blocks and mappings) gives back whatever it holds free: there the peak is what
counts (le-taureau-d-airain's whole run, 2.9 GB: keeping up to 256 MB free at each
stage raised its peak by 77 MB, past the 3 GB it must fit in).  Elsewhere both do
nothing.
"""
from __future__ import annotations

import ctypes
import sys

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3   # glibc's malloc.h
MAPPED_ABOVE = 64 << 20    # a block above it still gets its own mapping (returned when freed)
TRIMMED_ABOVE = 128 << 20  # free memory at the heap's top above it is returned
KEPT_FREE = 256 << 20      # `give_back` returns the free pages only when the heap holds more free,
LARGE_HEAP = 1 << 30       # or when the heap (blocks and mappings) is larger than this


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


class _Info(ctypes.Structure):
    """glibc's `struct mallinfo2` (2.33 on): the heap's figures in bytes."""

    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


def heap_bytes() -> tuple[int, int] | None:
    """(the bytes the heap holds free, its size: blocks and mappings) from glibc's
    `mallinfo2()`, or None where it cannot tell (no glibc, or one before 2.33)."""
    lib = _glibc()
    if not lib or not hasattr(lib, "mallinfo2"):
        return None
    lib.mallinfo2.restype = _Info
    info = lib.mallinfo2()
    return int(info.fordblks), int(info.arena) + int(info.hblkhd)


def give_back() -> bool:
    """The heap's free pages returned to the system when it holds more than KEPT_FREE
    free or is larger than LARGE_HEAP (always where it cannot tell); False where
    nothing is returned."""
    lib = _glibc()
    if not lib:
        return False
    found = heap_bytes()
    if found is not None and found[0] <= KEPT_FREE and found[1] <= LARGE_HEAP:
        return False   # (kept for the next stage: module docstring)
    return bool(lib.malloc_trim(0) or True)


def reuse_large_blocks() -> bool:
    """Keep freed blocks up to MAPPED_ABOVE in the heap for reuse, for the rest of the
    process; True when the C library took the setting (glibc), False elsewhere."""
    lib = _glibc()
    return bool(lib) and bool(lib.mallopt(M_MMAP_THRESHOLD, MAPPED_ABOVE)) \
        and bool(lib.mallopt(M_TRIM_THRESHOLD, TRIMMED_ABOVE))
