"""`gamebook renumber`: a book given the numbers a printed book has (front end).

- numbering: the graph of what must stay adjacent or fixed, the plan of new numbers,
  and the rewritten files;
- sites: every place in the YAML text where a paragraph number or name is written.

In: a loaded book (engine/lint/loader.py) and its text.  Out: the book's files,
renumbered.  The names of the former module `engine.renumber` are in numbering
(`engine.renumber.renumber` still reads them, with a warning, for one release).
"""


def __getattr__(name):
    from engine import old_attribute
    return old_attribute(__name__, name)
