"""The server's input loop: LSP messages read from the editor within bounds.

It replaces pygls' own loop (`pygls.io_.run_async`), which trusts its peer: a
`Content-Length: 1000000000000` is read into memory and the server dies of it, a
header it cannot parse leaves it waiting for a body that never comes, and when its
input closes it still waits for a running check to finish before it exits.

`Frames` cuts the byte stream into message bodies: a header must be at most
`MAX_LSP_HEADER_BYTES` and carry a decimal `Content-Length` of at most
`MAX_LSP_MESSAGE_BYTES`.  A message over that size is skipped without being kept in
memory, a malformed header is dropped; either way the stream is searched for the next
`Content-Length:` header, the problem is answered with a JSON-RPC error (id null:
its request could not be read) and the server goes on serving.  `run` ends when the
input closes (or on the `exit` notification); `engine/lsp/main.py` then exits the
process at once, whatever a worker thread is still checking.
"""
from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor

from engine.support.limits import MAX_LSP_HEADER_BYTES, MAX_LSP_MESSAGE_BYTES

_HEADER_END = b"\r\n\r\n"
_MARK = re.compile(rb"content-length:", re.I)   # where a message starts, to resynchronise
_CHUNK = 1 << 16


class Problem:
    """Something in the stream that is no message: `kind` is "header" or "size"."""

    def __init__(self, kind: str, size: int = 0):
        self.kind, self.size = kind, size


def _length(header: bytes) -> int | None:
    """The Content-Length of a header block, or None when the block is malformed."""
    length = None
    for line in header.split(b"\r\n"):
        name, colon, value = line.partition(b":")
        if not colon:
            return None
        if name.strip().lower() == b"content-length":
            value = value.strip()
            if not value.isdigit() or len(value) > 20:
                return None
            length = int(value)
    return length


class Frames:
    """Feed bytes, get message bodies (bytes) and `Problem`s, in stream order."""

    def __init__(self, limit: int = MAX_LSP_MESSAGE_BYTES, header_limit: int = MAX_LSP_HEADER_BYTES):
        self.limit, self.header_limit = limit, header_limit
        self.buf = bytearray()
        self.need: int | None = None   # the length of the body being read
        self.lost = False              # looking for the next header

    def feed(self, data: bytes) -> list:
        self.buf += data
        out: list = []
        while True:
            if self.lost:
                found = _MARK.search(self.buf)
                if found is None:   # keep only what may begin the next mark
                    del self.buf[:max(0, len(self.buf) - len(_MARK.pattern) + 1)]
                    return out
                del self.buf[:found.start()]
                self.lost = False
            if self.need is None:
                end = self.buf.find(_HEADER_END)
                if end < 0:
                    if len(self.buf) <= self.header_limit:
                        return out
                    out.append(Problem("header"))
                    del self.buf[:1]   # the mark this header began with is not searched again
                    self.lost = True
                    continue
                length = _length(bytes(self.buf[:end])) if end <= self.header_limit else None
                del self.buf[:end + len(_HEADER_END)]
                if length is None or length > self.limit:
                    out.append(Problem("header") if length is None else Problem("size", length))
                    self.lost = True
                    continue
                self.need = length
            if len(self.buf) < self.need:
                return out
            out.append(bytes(self.buf[:self.need]))
            del self.buf[:self.need]
            self.need = None


async def run(server, stdin) -> int:
    """Read `stdin` until it closes, handing each message to `server.protocol`; the exit
    status: 0 at the end of the input, or the one pygls gives `exit` (1 without `shutdown`)."""
    loop = asyncio.get_running_loop()
    frames = Frames()
    read = getattr(stdin, "read1", stdin.read)
    reader = ThreadPoolExecutor(1, thread_name_prefix="lsp-input")   # never behind a check
    protocol, say = server.protocol, server.say
    while True:
        chunk = await loop.run_in_executor(reader, read, _CHUNK)
        if not chunk:
            return 0
        for item in frames.feed(chunk):
            if isinstance(item, Problem):
                protocol.reply_error(None, -32700 if item.kind == "header" else -32600, _problem(item, say))
                continue
            try:
                protocol.deliver(item, say)
            except SystemExit as stop:   # the `exit` notification
                return stop.code if isinstance(stop.code, int) else 0
            await asyncio.sleep(0)   # let the handlers' tasks run between messages


def _problem(item: Problem, say) -> str:
    if item.kind == "header":
        return say("en-tête de message mal formé (Content-Length attendu) : message ignoré",
                   "malformed message header (Content-Length expected): message skipped")
    return say(f"message de {item.size} octets ignoré : la limite est de {MAX_LSP_MESSAGE_BYTES} octets",
               f"message of {item.size} bytes skipped: the limit is {MAX_LSP_MESSAGE_BYTES} bytes")
