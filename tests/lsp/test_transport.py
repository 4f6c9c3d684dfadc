"""The framing of engine/lsp/transport.py, byte by byte: messages cut anywhere, an
oversized message skipped without being kept, a malformed header dropped, and the
next message found after either."""
from __future__ import annotations

from engine.lsp.transport import Frames, Problem


def message(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def feed(frames: Frames, data: bytes, step: int) -> list:
    out = []
    for i in range(0, len(data), step):
        out += frames.feed(data[i:i + step])
    return [(item.kind, item.size) if isinstance(item, Problem) else item for item in out]


def test_messages_cut_at_every_byte_come_out_whole():
    data = message(b'{"a": 1}') + b"Content-Type: x\r\n" + message(b"{}")
    for step in (1, 2, 5, len(data)):
        assert feed(Frames(), data, step) == [b'{"a": 1}', b"{}"]


def test_an_oversized_message_is_skipped_and_never_kept():
    frames = Frames(limit=100)
    data = b"Content-Length: 1000\r\n\r\n" + b"x" * 1000 + message(b"{}")
    assert feed(frames, data, 7) == [("size", 1000), b"{}"]
    assert len(frames.buf) == 0


def test_a_malformed_or_endless_header_is_dropped_and_the_next_message_read():
    for bad in (b"Content-Length: x\r\n\r\n{}", b"no colon\r\n\r\n{}", b"X: " + b"y" * 50):
        frames = Frames(header_limit=32)
        assert feed(frames, bad + message(b"{}"), 3) == [("header", 0), b"{}"], bad
    frames = Frames(header_limit=32)
    assert feed(frames, b"z" * 10_000, 100) == [("header", 0)]
    assert len(frames.buf) < 32   # junk is not accumulated while looking for a header
