"""Every size limit the engine puts on a book, a save and what they compute, in one place.

The code that enforces a limit imports it from here, and docs/security.md
names these same constants, so a value is changed in one place.  Each limit is chosen
an order of magnitude or more above what a real book or save uses, and low enough that
lint, play and load stay within seconds and a few hundred megabytes on any input.
"""
from __future__ import annotations

# --- a book file ---------------------------------------------------------------
MAX_BOOK_BYTES = 20 * 1024 * 1024     # a 10,000-paragraph book is about 11 MB
MAX_YAML_DEPTH = 64                   # nesting of mappings and lists
MAX_YAML_NODES = 2_000_000            # nodes after alias expansion
# Characters of every scalar after alias expansion: an alias of a 1 MB string counts
# 1 MB each time.  Twice the file size limit: aliases may repeat, not multiply.
MAX_YAML_CHARS = 2 * MAX_BOOK_BYTES

# --- a book in several files (`include:`, engine/book/include.py) -----------------
# Each distinct file counts once, however many times it is included (a "diamond" of
# parts including the next one twice is linear, not exponential).  A split book may
# be no bigger than one file could be: the three limits above hold for the book and
# all its parts together.
MAX_PARTS = 200                       # distinct included files (the showcase has 3)
MAX_PARTS_BYTES = MAX_BOOK_BYTES      # the book's bytes and all its parts' together

# --- numbers ---------------------------------------------------------------------
# Every integer a book writes, an expression computes, an effect gives a stat, or a
# save holds: |n| <= MAX_INT.  Far above any stat, amount or paragraph number, far
# below Python's 4,300-digit conversion limit.
MAX_INT = 10 ** 9
MAX_INT_DIGITS = len(str(MAX_INT))    # longest literal worth converting at all

# --- expressions (engine/expr/parse.py) ---------------------------------------------
MAX_EXPR_LENGTH = 500                 # characters
MAX_EXPR_DEPTH = 32                   # levels of parentheses
MAX_EXPR_TOKENS = 200
MAX_DICE = 100                        # dice in one NdM
MAX_SIDES = 100                       # faces of one die

# --- play (engine/game) ----------------------------------------------------------------
# Paragraphs entered one after the other without the player answering (`auto:`, effects
# and rule hooks that move): a real chain is a few long, a counted loop a few hundred.
MAX_JUMPS = 1_000

# --- lint --deep and explore (engine/analysis/explore) --------------------------------
MAX_ROLL_OUTCOMES = 50_000            # distinct outcomes of one roll read face by face
MAX_MOVE_BRANCHES = 20_000            # replays of one move over its rolls (2 rolls of 100d100: 10^8)

# --- the language server (engine/lsp) -------------------------------------------------
# One LSP message: a didOpen of a MAX_BOOK_BYTES book, JSON-escaped, fits with room.
MAX_LSP_MESSAGE_BYTES = 64 * 1024 * 1024
MAX_LSP_HEADER_BYTES = 8 * 1024       # a header is two short lines
# A book over either is "too large for live checking": checked when opened and saved,
# not after each keystroke (a check of 100,000 paragraphs takes seconds and ~0.5 GB).
MAX_LIVE_BYTES = 4 * 1024 * 1024      # a 400-paragraph book is about 450 KB
MAX_LIVE_PARAGRAPHS = 5_000

# --- a save file ---------------------------------------------------------------------
MAX_SAVE_BYTES = 8 * 1024 * 1024      # a long game's save is about 100 KB
MAX_SAVE_DEPTH = 24                   # nesting of JSON arrays and objects
MAX_DRAWS = 1_000_000                 # dice drawn so far (replayed to restore the seed)
