"""The player's front end: a testable `Session` (engine/repl/session.py) that turns a
line of input into styled output, and two thin shells over it: the prompt_toolkit
REPL (shell.py, for terminals) and a plain line loop (plain.py, for scripts).

In: a `Game` (engine/game/), saves, the live odds (engine/analysis/live.py).  Out:
what the player sees; the messages of both languages are in messages.py.
"""
