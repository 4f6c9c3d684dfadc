"""The C heap told to keep large freed blocks for the next allocation (glibc only).

An exhaustive exploration makes and frees arrays of many megabytes thousands of times
(a batch's successor rows, their hashes, the sorted tables).  By default glibc gives
each block above a threshold (at most 32 MB) its own mapping and returns it when it is
freed, so that every new array faults its pages in again: on la-cloche-de-brumesel's
compiled run about 100,000 minor faults and half a second of system time.  Raising
the mapping threshold and the trim threshold lets freed blocks be reused instead.
"""
from __future__ import annotations

import ctypes
import sys

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3   # glibc's malloc.h
MAPPED_ABOVE = 64 << 20    # a block above it still gets its own mapping (returned when freed)
TRIMMED_ABOVE = 128 << 20  # free memory at the heap's top above it is returned


def reuse_large_blocks() -> bool:
    """Keep freed blocks up to MAPPED_ABOVE in the heap for reuse, for the rest of the
    process; True when the C library took the setting (glibc), False elsewhere."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, MAPPED_ABOVE)) and bool(mallopt(M_TRIM_THRESHOLD, TRIMMED_ABOVE))
