"""The plain front end, for scripts: one command a line in, plain text out.

No prompt, no escape code.  At the end of input the game is autosaved, and on
Ctrl-C during a move (the move is undone first).  Exit status: 0 when the game is
at an ending (victory or death), 1 otherwise, 3 after an unexpected error (the game
autosaved first), 130 after Ctrl-C.
"""
from __future__ import annotations

from typing import TextIO


def run(session, infile: TextIO, outfile: TextIO, notes: list[str] = ()) -> int:
    outfile.write(str(session.start(notes)))
    for line in infile:
        try:
            outfile.write(str(session.handle_line(line.rstrip("\r\n"))))
        except KeyboardInterrupt:  # in a move that does not end (a stuck rule module)
            outfile.write(str(session.autosave()))
            outfile.flush()
            return 130
        if session.finished:
            break
    if not session.finished:
        outfile.write(str(session.autosave()))
    outfile.flush()
    if session.failed:
        return 3
    return 0 if session.game.state.ended else 1
