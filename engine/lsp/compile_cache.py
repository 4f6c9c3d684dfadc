"""Compile only the paragraphs that changed.

`Compiler.paragraph` builds one paragraph from its YAML data; what it produces
depends on that data, its number and the names the book declares (the
expression environment: items, paragraph numbers, the module's references).  An
unchanged block comes back from the incremental parser as the very same objects,
so the compiled paragraph, its diagnostics, references and grants are reused,
the diagnostics moved down or up as many lines as the block moved.
"""
from __future__ import annotations

from engine.book.compiler import Compiler
from engine.support.records import replace


class ParagraphCache:
    def __init__(self):
        self.entries: dict = {}   # (n, path) -> (raw, env, line, Paragraph, diags, refs, grants, exprs)
        self.module = None        # the rule module they were compiled for

    def compiler(self, *args, **kwargs) -> "CachingCompiler":
        """A `Compiler` (same arguments) that uses and refills this cache."""
        return CachingCompiler(self, *args, **kwargs)


class CachingCompiler(Compiler):
    def __init__(self, cache: ParagraphCache, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.cache = cache
        self.seen: dict = {}

    def compile(self):
        book = super().compile()
        self.cache.entries = self.seen   # only the paragraphs of this version are kept
        self.cache.module = self.module
        return book

    def paragraph(self, n, raw, path):
        line = self.doc.key_where.get(path) if self.doc is not None else None
        hit = self.cache.entries.get((n, path))
        if hit is not None and hit[0] is raw and hit[1] == self.env and line is not None \
                and self.cache.module is self.module:
            _raw, _env, old, par, diags, refs, grants, exprs = hit
            delta = line[0] - old[0]
            self.diags.extend(_moved(d, delta) for d in diags) if delta else self.diags.extend(diags)
            self.out.references.extend(refs)
            for kind, values in grants.items():
                self.out.grants.setdefault(kind, set()).update(values)
            self.exprs.update(exprs)
            self.seen[(n, path)] = hit if not delta else (raw, self.env, line, par, [
                _moved(d, delta) for d in diags], refs, grants, exprs)
            return par
        return self._fresh(n, raw, path, line)

    def _fresh(self, n, raw, path, line):
        """Compile the paragraph with empty collectors, then add what it produced."""
        diags, refs, grants, exprs = self.diags, self.out.references, self.out.grants, self.exprs
        self.diags, self.out.references, self.out.grants, self.exprs = [], [], {}, {}
        try:
            par = super().paragraph(n, raw, path)
            mine = (self.diags, self.out.references, self.out.grants, self.exprs)
        finally:
            new_diags, new_refs, new_grants, new_exprs = self.diags, self.out.references, \
                self.out.grants, self.exprs
            self.diags, self.out.references, self.out.grants, self.exprs = diags, refs, grants, exprs
        self.diags.extend(new_diags)
        self.out.references.extend(new_refs)
        for kind, values in new_grants.items():
            self.out.grants.setdefault(kind, set()).update(values)
        self.exprs.update(new_exprs)
        if line is not None:
            self.seen[(n, path)] = (raw, self.env, line, par, *mine)
        return par


def _moved(d, delta: int):
    def move(s):
        return replace(s, line=s.line + delta, end_line=s.end_line + delta if s.end_line >= 0 else -1)
    return replace(d, span=move(d.span), related=tuple(move(r) for r in d.related))
