"""The lint stage: a compiled `Book` in, diagnostics out, and `load_book`.

- checks: the book as a graph (targets, reachability, dead ends, grants), and the
  list of every check run; bounds, flow (automatic jumps, hidden choices),
  unwritten (read before written) and carry are the other families;
- codes (with codes_core and codes_constructs): the table of every diagnostic code,
  its summary in French and English and its examples (docs/lint-codes.md);
- loader: a book file read, validated, compiled and linted, cached on disk
  (cache_seal signs the entries): what every command and front end starts from.

In: the book stage, the rule-module interface.  Out: `Loaded` (book, diagnostics).
The names of the former module `engine.lint` are in engine/lint/checks.py
(`engine.lint.lint` still reads them, with a warning, for one release).
"""


def __getattr__(name):
    from engine import old_attribute
    return old_attribute(__name__, name)
