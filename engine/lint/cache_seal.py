"""Sealing the compiled-book cache's entries, so that an entry is used only for the
book it was made from, and only if this cache made it.

An entry is found by its file name (a hash of the book's bytes) and used instead of
the book: an entry that merely *says* it belongs to book A ("key": ...) would make
`play A` play whatever it holds.  Two checks stop that.  The entry records the SHA-256
of the source bytes it was compiled from, and the loader compares it with the file it
has just read (loader.py).  And every entry ends with a seal: an HMAC-SHA256 of its
bytes under a random key kept in the cache directory (`.seal-key`, mode 0600, made on
first use), so an entry edited by hand, or copied from another cache, is not
believed.  A refused entry is simply rebuilt from the book.

The seal is the JSON object's last member, `,"seal":"<64 hex>"}`: an entry stays a
JSON document.  It does not protect against the user's own account (which can read
the key); the cache is as trusted as the user's other files.
"""
from __future__ import annotations

import contextlib
import hmac
import os
from pathlib import Path

KEY_FILE = ".seal-key"
_HEAD, _END = b',"seal":"', b'"}'
_TAIL = len(_HEAD) + 64 + len(_END)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _mac(key: bytes, data: bytes) -> bytes:
    return hmac.new(key, data, "sha256").hexdigest().encode()


def seal(data: bytes, key: bytes) -> bytes:
    """`data` (a JSON object's bytes, ending with `}`) with its seal as last member."""
    return data[:-1] + _HEAD + _mac(key, data) + _END


def unseal(blob: bytes, key: bytes | None) -> bytes | None:
    """The entry's JSON without its seal, or None when the seal is absent or wrong."""
    if key is None or len(blob) <= _TAIL or not blob.endswith(_END):
        return None
    tail = blob[-_TAIL:]
    if not tail.startswith(_HEAD):
        return None
    data = blob[:-_TAIL] + b"}"
    return data if hmac.compare_digest(_mac(key, data), tail[len(_HEAD):-len(_END)]) else None


def _read_key(path: Path) -> bytes | None:
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as fh:
        key = fh.read(64)
    return key if len(key) == 32 else None


def cache_key(directory: Path, create: bool = False) -> bytes | None:
    """The cache's sealing key; with `create`, made if missing (atomically: a key file
    is never seen half-written, and two processes agree on one)."""
    path = directory / KEY_FILE
    key = _read_key(path)
    if key is not None or not create:
        return key
    tmp = directory / f".tmp-key-{os.getpid()}-{os.urandom(6).hex()}"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(os.urandom(32))
        with contextlib.suppress(FileExistsError):   # another process made it first
            os.link(tmp, path)
    except OSError:
        return None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    return _read_key(path)
