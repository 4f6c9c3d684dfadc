"""`gamebook lsp`: the server (engine/lsp/server.py) with every request handler of
engine/lsp/features.py registered, on the process's real standard streams, read by
the bounded loop of engine/lsp/transport.py."""
from __future__ import annotations


def serve(lang: str = "en") -> int:
    """Serve until the input closes or the editor sends `exit`, then return its exit
    status at once:
    a check still running in a worker thread is abandoned, not waited for (the
    caller exits the process without joining it, see FAST_EXIT in
    engine/commands/lsp.py)."""
    import asyncio
    import sys
    from pygls.io_ import StdoutWriter
    from engine.lsp import features  # noqa: F401 - registers the request handlers
    from engine.lsp.server import server
    from engine.lsp.transport import run
    from engine.support.safe_io import raw
    # the real streams: the protocol is JSON, whose strings escape every control
    # character, and the command line's SafeStream has no binary buffer
    server.lang = lang
    server.protocol.set_writer(StdoutWriter(raw(sys.stdout).buffer))
    loop = asyncio.new_event_loop()   # not asyncio.run: it would join the checks' threads
    asyncio.set_event_loop(loop)
    try:
        return loop.run_until_complete(run(server, raw(sys.stdin).buffer))
    except BrokenPipeError:   # the editor is gone: nothing to answer any more
        return 0
