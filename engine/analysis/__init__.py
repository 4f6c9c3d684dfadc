"""What a book's dice and choices add up to: a loaded `Book` and a rule module in,
figures out (no printing).

- chain and result: the exact solver of a fight's Markov decision process, and the
  odds it returns; arguments: helpers for a module's `gamebook odds` flags;
- book_odds: every fight of a book for its starting sheets; live: the fight in
  progress, for the player's `chances`; render: those figures as text;
- graph: the paragraph graph as data, and its DOT, Mermaid, SVG and HTML drawings;
- explore/: random playthroughs, the exhaustive exploration of every game, its exact
  solution and report, the solved values kept on disk (values), and `lint --deep`;
  book_values: those values read back for `chances` and the editor's hover.

In: book, lint, game (play is the reference the explorer drives).  Out: results that
the front ends render.
"""
