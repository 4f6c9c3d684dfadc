"""YAML document -> immutable `Book`, with every semantic problem as a Diagnostic.

Expressions are parsed here, once, and type-checked against the names the rule
module provides.  Problems inside an expression are located at the exact column
inside the YAML scalar.  The compiler never raises on bad input: a paragraph whose
shape is wrong (already reported by the schema) is compiled as an empty placeholder.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from . import expr as X
from .book import Book, Choice, Effect, Item, Outcome, Paragraph, RandomRoll
from .diagnostics import Diagnostic, Span, error
from .records import field, record

CORE_FUNCTIONS = {
    "has": ("item",), "count": ("item",), "visited": ("paragraph",), "flag": ("flag",),
}
CORE_RETURNS = {"has": "bool", "count": "int", "visited": "bool", "flag": "bool"}
CORE_ALIASES = {"possede": "has", "possède": "has", "nombre": "count", "visite": "visited",
                "visité": "visited", "drapeau": "flag", "ici": "here"}


@record
class Compiled:
    """What compiling collects besides the Book: references to check for grants."""

    references: list = field(default_factory=list)   # (kind, value, path, offset, under a `not`)
    grants: dict = field(default_factory=dict)       # kind -> set of values the book gives
    broken: set = field(default_factory=set)         # paragraph numbers with schema errors


def book_aliases(module) -> dict[str, str]:
    """Every other name an expression may use -> its canonical name: the core's French
    names, the module's stat and expression aliases.  The checker, the game and the
    explorer all resolve names through this one mapping (what lint accepts, play runs)."""
    return {**CORE_ALIASES, **module.stat_aliases(), **module.expr_aliases()}


def expr_env(module, item_ids, paragraph_numbers, extra_refs) -> X.Env:
    variables = {s.name: "int" for s in module.stats}
    variables.update(module.expr_variables())
    variables["here"] = "int"
    functions = {n: X.Signature(p, CORE_RETURNS[n]) for n, p in CORE_FUNCTIONS.items()}
    functions.update(module.expr_functions())
    aliases = book_aliases(module)
    refs = {"item": frozenset(item_ids), "paragraph": frozenset(paragraph_numbers)}
    refs.update(extra_refs)
    kinds = getattr(module, "expr_variable_kinds", dict)()
    return X.Env(variables=variables, functions=functions, aliases=aliases, references=refs,
                 variable_kinds=kinds)


class Compiler:
    """Builds a Book from validated data; `doc` (positions) is None when the
    diagnostics are already known (compiled-book cache)."""

    def __init__(self, data: dict, module, doc=None, file: str = "", content_hash: str = "",
                 parse: Callable[[str, str], Any] = X.parse, broken: set | None = None):
        self.data, self.module, self.doc, self.file = data, module, doc, file
        self.hash, self.parse = content_hash, parse
        self.diags: list[Diagnostic] = []
        self.out = Compiled(broken=set(broken or ()))
        self.env: X.Env | None = None
        self.names: dict = {}    # paragraph name -> number (format 1.1)
        self.exprs: dict = {}   # (text, kind) -> Expr, for the compiled-book cache
        self.checked: dict = {}  # (text, kind) -> CheckResult: the same env for the whole book

    # --- locations ---------------------------------------------------------
    def span(self, path, key=False) -> Span:
        return self.doc.span(path, key=key) if self.doc else Span(self.file)

    def inner(self, path, offset) -> Span:
        return self.doc.inner_span(path, offset) if self.doc else Span(self.file)

    def report(self, d: Diagnostic) -> None:
        if self.doc is not None:
            self.diags.append(d)

    # --- whole book ----------------------------------------------------------
    def compile(self) -> Book:
        d, module = self.data, self.module
        raw_items = d.get("items") if isinstance(d.get("items"), dict) else {}  # else a schema error
        items = {str(k): Item(str(k), str(v.get("name", k)) if isinstance(v, dict) else str(k),
                              v if isinstance(v, dict) else {}, ("items", k))
                 for k, v in raw_items.items()}
        raw_pars = d.get("paragraphs") if isinstance(d.get("paragraphs"), dict) else {}
        by_key = self._numbering(raw_pars)
        numbers = set(by_key.values())
        self.env = expr_env(module, items, numbers, module.references(_Header(d)))
        paragraphs, first_key = {}, {}
        for key, raw in raw_pars.items():
            if key not in by_key:
                continue
            n = by_key[key]
            if n in first_key:
                self._duplicate(n, first_key[n], key)
                continue
            first_key[n] = key
            ok = isinstance(raw, dict) and n not in self.out.broken and key not in self.out.broken
            paragraphs[n] = self.paragraph(n, raw, ("paragraphs", key)) if ok else \
                Paragraph(n, "", (), (), None, None, {}, ("paragraphs", key))
        options = dict(module.options)
        options.update(d.get("options") if isinstance(d.get("options"), dict) else {})
        from .module_targets import resolve_options
        options = resolve_options(options, module, self.names, self._unknown_name)
        book = Book(
            id=str(d.get("id") or _slug(self.file)), title=str(d.get("title", "")),
            author=str(d.get("author", "")), language=str(d.get("language", "fr")),
            rules=module.id, start=self._start(d.get("start")),
            hero=d.get("hero") if isinstance(d.get("hero"), dict) else {},
            items=items, paragraphs=paragraphs, options=options,
            content_hash=self.hash, file=self.file,
            meta={k: d[k] for k in ("description",) if k in d})
        self._hero_grants(book)
        return book

    def _numbering(self, raw_pars: dict) -> dict:
        """{key: number}; names (format 1.1) reported when the book is format 1."""
        from . import naming
        by_key, problems = naming.numbering(raw_pars if isinstance(raw_pars, dict) else {})
        self.names = naming.names(by_key)
        for _kind, key, other in problems:
            self.report(error("pinned-number-clash", self.span(("paragraphs", key, "number")),
                              f"le numéro de « {key} » est déjà celui de « {other} » : choisissez-en un autre",
                              f"the number of '{key}' is already that of '{other}': pick another one"))
        if self.names and self.data.get("gamebook") == 1:
            key = next(iter(self.names))
            self.report(error("paragraph-name-format", self.span(("paragraphs", key), key=True),
                              f"paragraphe nommé « {key} » : les noms demandent « gamebook: 1.1 »",
                              f"named paragraph '{key}': names need 'gamebook: 1.1'"))
        return by_key

    def _start(self, start) -> int:
        if isinstance(start, int) and not isinstance(start, bool):
            return start
        if isinstance(start, str) and start in self.names:
            return self.names[start]
        if isinstance(start, str):
            self._unknown_name(start, ("start",))
        return 1

    def _unknown_name(self, name: str, path: tuple) -> None:
        self.report(_unknown("unknown-paragraph-name", self.span(path), name, self.names,
                             "nom de paragraphe", "paragraph name"))

    def _target_name(self, to, path: tuple):
        """A `to:` naming a paragraph -> its number; a name no paragraph has -> reported, 0."""
        from .naming import is_name
        if isinstance(to, str) and to in self.names:
            return self.names[to]
        if self.names and is_name(to) and to not in self.env.variables and to not in self.env.aliases:
            self._unknown_name(to, path)
            return 0
        return None

    def _duplicate(self, n: int, first, again) -> None:
        """`1:` and `"1":` are different YAML keys but the same paragraph."""
        here = self.span(("paragraphs", again), key=True)
        there = self.span(("paragraphs", first), key=True)
        self.report(error("duplicate-paragraph", here,
                          f"paragraphe {n} en double (premier à la ligne {there.line + 1}) : "
                          "renumérotez l'un des deux",
                          f"paragraph {n} is defined twice (first at line {there.line + 1}): "
                          "renumber one of them", related=(there,)))

    def _hero_grants(self, book: Book) -> None:
        for item in book.hero.get("equipment", []) if isinstance(book.hero, dict) else []:
            self.out.grants.setdefault("item", set()).add(str(item))

    # --- paragraphs ----------------------------------------------------------
    def paragraph(self, n: int, raw: dict, path: tuple) -> Paragraph:
        effects = self.effects(raw.get("effects") or [], path + ("effects",), n)
        choices = tuple(self.choice(c, path + ("choices", i), n)
                        for i, c in enumerate(raw.get("choices") or []))
        rnd = self.random(raw["random"], path + ("random",), n) if "random" in raw else None
        core = {"text", "effects", "choices", "end", "random", "number"}
        fields = {k: v for k, v in raw.items() if k not in core}
        from .module_targets import resolve   # names in the module's own target fields
        return resolve(Paragraph(n, str(raw.get("text", "")), effects, choices, raw.get("end"),
                                 rnd, fields, path), self.module, self.names, self._unknown_name)

    def choice(self, raw: dict, path: tuple, here: int) -> Choice:
        to = raw.get("to")
        named = self._target_name(to, path + ("to",))
        target, target_expr = (to, None) if isinstance(to, int) else (named, None) if named is not None else \
            (None, self.expression(str(to), "target", path + ("to",), here))
        cond = self.expression(raw["if"], "condition", path + ("if",), here) if "if" in raw else None
        effects = self.effects(raw.get("effects") or [], path + ("effects",), here)
        extra = {k: v for k, v in raw.items() if k not in ("text", "to", "if", "effects")}
        return Choice(str(raw.get("text", "")), target, target_expr, cond, effects, extra, path)

    def random(self, raw: dict, path: tuple, here: int) -> RandomRoll | None:
        dice = self.expression(str(raw.get("dice", "")), "dice", path + ("dice",), here)
        outs = tuple(Outcome(o["range"][0], o["range"][1],
                             self._outcome_target(o["to"], path + ("outcomes", i, "to")), path + ("outcomes", i))
                     for i, o in enumerate(raw.get("outcomes", [])))
        return RandomRoll(dice, outs, path) if dice is not None else None

    def _outcome_target(self, to, path: tuple) -> int:
        named = self._target_name(to, path)
        return named if named is not None else to if isinstance(to, int) else 0

    def effects(self, raw: list, path: tuple, here: int) -> tuple[Effect, ...]:
        out = []
        for i, eff in enumerate(raw):
            if not isinstance(eff, dict) or len(eff) != 1:
                continue
            (kind, value), = eff.items()
            epath = path + (i, kind)
            if kind in ("add", "set"):
                value = {self.stat_name(k, epath + (k,)): self.number(v, epath + (k,), here)
                         for k, v in value.items()}
            elif kind in ("gain", "lose", "flag", "unflag"):
                single = isinstance(value, str)
                value = [value] if single else list(value)
                self._names(kind, value, epath, single)
            out.append(Effect(kind, value, epath))
        return tuple(out)

    def _names(self, kind: str, values: list, path: tuple, single: bool) -> None:
        ref_kind = "item" if kind in ("gain", "lose") else "flag"
        for i, v in enumerate(values):
            if kind in ("gain", "flag"):
                self.out.grants.setdefault(ref_kind, set()).add(v)
            if ref_kind == "item" and v not in self.env.references["item"]:
                vpath = path if single else path + (i,)  # `gain: x` or `gain: [x, y]`
                self.report(_unknown("unknown-item", self.span(vpath), v,
                                     self.env.references["item"], "objet", "item"))

    def stat_name(self, name: str, path: tuple) -> str:
        spec = self.module.stat(name)
        if spec is None:
            self.report(_unknown("unknown-stat", self.span(path, key=True), name,
                                 [s.name for s in self.module.stats], "caractéristique", "stat"))
            return name
        if spec.derived:
            self.report(error("derived-stat", self.span(path, key=True),
                              f"« {name} » est calculée par les règles et ne se modifie pas directement",
                              f"'{name}' is computed by the rules and cannot be changed directly"))
        return spec.name

    def number(self, value, path: tuple, here: int):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        return self.expression(str(value), "number", path, here)

    # --- expressions ---------------------------------------------------------
    def expression(self, text: str, kind: str, path: tuple, here: int):
        """Parse and check one expression; None when it cannot be parsed."""
        try:
            expr = self.parse(text, kind)
        except X.ExprError as exc:
            self.report(error(exc.code, self.inner(path, exc.start), exc.message_fr, exc.message_en))
            return None
        self.exprs[(text, kind)] = expr
        if self.doc is None:
            return expr
        result = self.checked.get((text, kind))
        if result is None:
            result = self.checked[(text, kind)] = X.check(expr, self.env)
        for p in result.problems:
            self.report(error(p.code, self.inner(path, p.start), p.message_fr, p.message_en,
                              fix=p.suggestion))
        for ref in result.references:  # located only if reported: most never are
            known = self.env.references.get(ref.kind)
            if known is None or X.known_value(ref.kind, ref.value, known):  # else reported already
                self.out.references.append((ref.kind, ref.value, path, ref.start, ref.negated))
        return expr


class _Header:
    """The raw top of a book, for modules that declare references (e.g. gods)."""

    def __init__(self, data: dict):
        self.data = data
        self.hero = data.get("hero") if isinstance(data.get("hero"), dict) else {}
        self.options = data.get("options") if isinstance(data.get("options"), dict) else {}
        self.paragraphs = data.get("paragraphs") if isinstance(data.get("paragraphs"), dict) else {}


def _unknown(code, span, name, known, kind_fr, kind_en) -> Diagnostic:
    import difflib
    close = difflib.get_close_matches(str(name), [str(k) for k in known], n=1)
    fr = f"{kind_fr} inconnu(e) « {name} »" + (f" ; vouliez-vous dire « {close[0]} » ?" if close else "")
    en = f"unknown {kind_en} '{name}'" + (f"; did you mean '{close[0]}'?" if close else "")
    return error(code, span, fr, en, fix=close[0] if close else None)


def _slug(file: str) -> str:
    stem = re.sub(r"\.(ya?ml)$", "", file.replace("\\", "/").rsplit("/", 1)[-1])
    return re.sub(r"[^a-z0-9-]+", "-", stem.lower()).strip("-") or "book"
