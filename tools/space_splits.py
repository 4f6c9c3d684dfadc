"""What splits a book's states: for each slot of the packed state, the factor by which
it multiplies the space, by region of paragraphs.

    python -m tools.space_splits BOOK [--sheet 1] [--max-states N] [--focused]
                                 [--regions 1-39,40-79,80-999] [--paragraphs 2,3,80]
                                 [--top 14]

Explores BOOK with the compiled path (`explore_compiled`, the lens on, breadth-first
or `--focused`) up to `--max-states`, then, over the states kept in each region (and
each paragraph of `--paragraphs`), for every slot: the distinct states there over the
distinct states with that slot left out (the states that share everything but that
slot are one).  A factor of 8 for Stamina: the states hold 8 Stamina values for each
combination of the rest.  The module's extras (armour, its hits, the counters, the
notes...) are split into one slot a key, and the pending activity (a fight or a test
under way) is a slot too.  What the lens keeps is read somewhere ahead; a large factor
names what makes the space large, and where (docs/explore.md, "How the space is kept
small"; the cut report's "splits" is the same measure at the frontier's paragraphs).

Figures only (by 64-bit hashes of the rows: a collision could only lower a factor by a
hair); nothing is asserted.  Run it from the worktree whose code you measure.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def table_of(book, module, sheet: int, max_states: int, focused: bool):
    """(slot names, a small-int matrix of every state's slots, their paragraphs, the
    exploration) of a compiled exploration: the extras split into their keys."""
    from engine.analysis.compiled.explorer import CompiledExplorer
    from engine.analysis.compiled.focus import Focus
    from engine.analysis.compiled.packed import EXTRA, HEAD, MISSING, PARAGRAPH, PENDING
    from engine.analysis.explore.compact import thaw
    ex = CompiledExplorer(book, module, sheet=sheet, max_states=max_states, once=True,
                          order=Focus() if focused else None).run()
    table, slots = ex.table, ex.table.slots
    names = [slots.names[i] for i in range(HEAD, len(slots))]
    columns = []
    for i in range(HEAD, len(slots)):
        col = table.column(i)
        columns.append(np.where(col == MISSING, -1, col).astype(np.int32))
    extras = [thaw(v) if v is not None else {} for v in slots.extras.values]
    keys = sorted({(k, sub) for e in extras for k, v in e.items()
                   for sub in (v if isinstance(v, dict) else (None,))}, key=repr)
    extra = table.column(EXTRA)
    for key, sub in keys:
        seen: dict = {}
        lut = np.array([seen.setdefault(repr(e.get(key) if sub is None else (e.get(key) or {}).get(sub)), len(seen))
                        for e in extras], dtype=np.int32)
        columns.append(lut[extra])
        names.append(("extra", key if sub is None else f"{key}.{sub}"))
    columns.append(table.column(PENDING).astype(np.int32))
    names.append(("head", "pending"))
    return names, columns, table.column(PARAGRAPH), ex


def factors(names, columns, paragraph, mask) -> tuple[int, list]:
    """(distinct states under `mask`, [(factor, slot, distinct values)] most first)."""
    weights = np.random.default_rng(35).integers(1, 1 << 63, size=len(columns), dtype=np.uint64) | np.uint64(1)
    with np.errstate(over="ignore"):
        parts = [c[mask].astype(np.int64).astype(np.uint64) * w for c, w in zip(columns, weights)]
        whole_hash = paragraph[mask].astype(np.uint64) * GOLDEN
        for part in parts:
            whole_hash += part
        whole = len(np.unique(whole_hash))
        out = []
        for name, col, part in zip(names, columns, parts):
            without = len(np.unique(whole_hash - part))
            if without < whole:
                out.append((whole / without, name, len(np.unique(col[mask]))))
    out.sort(key=lambda x: -x[0])
    return whole, out


def _label(name) -> str:
    part, key = name
    return f"{part} {key}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("book")
    parser.add_argument("--sheet", type=int, default=1)
    parser.add_argument("--max-states", type=int, default=1_000_000)
    parser.add_argument("--focused", action="store_true", help="the focused order (compiled/focus.py)")
    parser.add_argument("--regions", default="", help="paragraph ranges, e.g. 1-39,40-79,80-999 (default: the whole)")
    parser.add_argument("--paragraphs", default="", help="paragraphs measured one by one, e.g. 2,3,80")
    parser.add_argument("--top", type=int, default=14, help="slots shown a region (default 14)")
    args = parser.parse_args(argv)
    from engine.lint.loader import load_book
    loaded = load_book(args.book, use_cache=False)
    if loaded.book is None:
        print(f"{args.book}: not a book ({len(loaded.diagnostics)} errors)")
        return 2
    start = time.process_time()
    names, columns, paragraph, ex = table_of(loaded.book, loaded.module, args.sheet, args.max_states, args.focused)
    print(f"{ex.table.n:,} states ({'cut: ' + ex.bound if ex.bound else 'complete'}), "
          f"{time.process_time() - start:.1f} s of CPU exploring")
    regions = [tuple(int(x) for x in r.split("-")) for r in args.regions.split(",") if r] or \
        [(int(paragraph.min()), int(paragraph.max()))]
    for low, high in regions:
        mask = (paragraph >= low) & (paragraph <= high)
        if mask.any():
            whole, found = factors(names, columns, paragraph, mask)
            print(f"¶{low}-{high}: {whole:,} states")
            for f, name, k in found[:args.top]:
                print(f"  ×{f:7.3f}  {_label(name)} ({k} values)")
    for n in (int(x) for x in args.paragraphs.split(",") if x):
        mask = paragraph == n
        if mask.any():
            whole, found = factors(names, columns, paragraph, mask)
            print(f"¶{n}: {whole:,} states: " + ", ".join(f"{name[1]} ×{f:.2f}" for f, name, _k in found[:8]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
