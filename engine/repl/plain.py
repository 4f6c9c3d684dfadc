"""The plain front end, for scripts: one command a line in, plain text out.

No prompt, no escape code.  The game is autosaved at the end of input and on Ctrl-C,
whether it comes while waiting for a line or during a move (the move is undone first).
Exit status: 0 when the game is at an ending (victory or death), 1 otherwise, 3 after
an unexpected error (the game autosaved first), 130 after Ctrl-C.
"""
from __future__ import annotations

from typing import TextIO


def run(session, infile: TextIO, outfile: TextIO, notes: list[str] = ()) -> int:
    outfile.write(str(session.start(notes)))
    try:
        for line in infile:
            outfile.write(str(session.handle_line(line.rstrip("\r\n"))))
            if session.finished:
                break
    except KeyboardInterrupt:  # waiting for a line, or in a move that does not end (the move is undone)
        outfile.write(str(session.autosave()))
        outfile.flush()
        return 130
    if not session.finished:
        outfile.write(str(session.autosave()))
    outfile.flush()
    if session.failed:
        return 3
    return 0 if session.game.state.ended else 1
