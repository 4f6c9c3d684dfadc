"""`gamebook lsp`: the server (engine/lsp/server.py) with every request handler of
engine/lsp/features.py registered, on the process's real standard streams."""
from __future__ import annotations


def serve() -> None:
    import sys
    from engine.lsp import features  # noqa: F401 - registers the request handlers
    from engine.lsp.server import server
    from engine.support.safe_io import raw
    # the real streams: the protocol is JSON, whose strings escape every control
    # character, and the command line's SafeStream has no binary buffer
    server.start_io(stdin=raw(sys.stdin).buffer, stdout=raw(sys.stdout).buffer)
