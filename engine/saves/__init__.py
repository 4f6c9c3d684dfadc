"""Saved games and the endings a player found, on disk.

- store: where saves live (the data folder), atomic writes, slots, the autosave, and
  whether a save still fits its book;
- checks and schema: what a save file must be (JSON Schema, bounds, true to the book);
- digest: the fingerprints a save keeps of the book, to tell what was edited;
- endings: the endings found in a book, kept across games.

In: a `Game` (engine/game/) to snapshot or restore.  Out: files in the data folder.
The names of the former module `engine.saves` are in engine/saves/store.py
(`engine.saves.SaveStore` still reads them, with a warning, for one release).
"""


def __getattr__(name):
    from engine import old_attribute
    return old_attribute(__name__, name)
