"""YAML document -> immutable `Book`, with every semantic problem as a Diagnostic.

Expressions are parsed here, once, and type-checked against the names the rule
module provides.  Problems inside an expression are located at the exact column
inside the YAML scalar.  The compiler never raises on bad input: a paragraph whose
shape is wrong (already reported by the schema) is compiled as an empty placeholder.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from engine.book import counters, giving, taking
from engine.book.outcome_shapes import dig as _dig
from engine import expr as X
from engine.book.model import OUTCOME_ENDS, AutoJump, Book, Choice, Effect, Item, Outcome, Paragraph, RandomRoll
from engine.diagnostics import Diagnostic, Span, error, unknown_name
from engine.support.records import field, record

CORE_FUNCTIONS = {
    "has": ("item",), "count": ("item",), "visited": ("paragraph",), "flag": ("flag",),
}
CORE_RETURNS = {"has": "bool", "count": "int", "visited": "bool", "flag": "bool"}
CORE_ALIASES = {"possede": "has", "possède": "has", "nombre": "count", "visite": "visited",
                "visité": "visited", "drapeau": "flag", "ici": "here"}
# after `counter-name-taken`, the counter's uses name what the author meant it to be
# called: not reported one by one (one mistake, one finding)
_COUNTER_FOLLOW_ON = ("unknown-stat", "unknown-name")


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
        self.counters: dict = {}  # declared counters and notes (engine/book/counters.py)
        self.counter_refused = False   # a counter named like a stat (its uses then go unchecked)
        self.notes: dict = {}
        self.exprs: dict = {}   # (text, kind) -> Expr, for the compiled-book cache
        self.checked: dict = {}  # (text, kind) -> CheckResult: the same env for the whole book

    # --- locations ---------------------------------------------------------
    def span(self, path, key=False) -> Span:
        return self.doc.span(path, key=key) if self.doc else Span(self.file)

    def inner(self, path, offset) -> Span:
        return self.doc.inner_span(path, offset) if self.doc else Span(self.file)

    def report(self, d: Diagnostic) -> None:
        if self.doc is None:
            return
        if d.code in _COUNTER_FOLLOW_ON and self.counter_refused:
            return   # a counter refused for its name: which names its uses meant is unknown
        self.counter_refused = self.counter_refused or d.code == "counter-name-taken"
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
        self._book_names(d)
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
        used = taking.used_here(self, raw_items)   # format 1.2: items used where they lie
        options = dict(module.options)
        options.update(d.get("options") if isinstance(d.get("options"), dict) else {})
        from engine.book.module_targets import resolve_options
        options = resolve_options(options, module, self.names, self._unknown_name)
        book = Book(
            id=str(d.get("id") or _slug(self.file)), title=str(d.get("title", "")),
            author=str(d.get("author", "")), language=str(d.get("language", "fr")),
            rules=module.id, start=self._start(d.get("start")),
            hero=self._hero(d.get("hero")),
            items=items, paragraphs=paragraphs, options=options,
            content_hash=self.hash, file=self.file,
            meta={**{k: d[k] for k in ("description", "prologue", "unmet_choices") if k in d},
                  **{k: counters.declared(d, k) for k in ("counters", "codewords", "notes") if k in d},
                  **({"used_here": used} if used else {})})
        if "unmet_choices" in d:
            self.needs_11(("unmet_choices",), "« unmet_choices: »", "'unmet_choices:'")
        self._hero_grants(book)
        self._unique(book)
        return book

    def _unique(self, book: Book) -> None:
        """Format 1.2: unique items (engine/book/unique_items.py), never given several at once."""
        from engine.book import unique_items as U
        from engine.book.frontmatter import equipment
        U.check_items(self, book.items)
        unique = U.unique_items(book.items)
        if not unique:
            return
        for item, n, path in equipment(book.hero):
            U.check_copies(self, unique, item, n, path)
        from engine.book.effect_lists import all_effects   # (every list a book can hold)
        for p in book.paragraphs.values():
            for e in all_effects(p):
                if e.kind == "gain" and isinstance(e.value, dict):
                    for item, n in e.value.items():
                        U.check_copies(self, unique, item, n, e.path + (item,))

    def _book_names(self, d: dict) -> None:
        """Counters are names of the expression language, notes are read by `note()`
        (engine/book/counters.py)."""
        self.counters, self.notes = counters.declared(d, "counters"), counters.declared(d, "notes")
        counters.check_declarations(self, d)
        self.env.variables.update({n: "int" for n in self.counters})
        self.env.functions["note"] = X.Signature(("note",), "int")
        self.env.references["note"] = frozenset(self.notes)

    def _hero(self, hero) -> dict:
        """`hero:` under canonical stat names (engine/book/frontmatter.py); a prologue in a
        format-1 book reported."""
        from engine.book import frontmatter
        frontmatter.check_format(self, self.data)
        frontmatter.check_equipment(self, hero)
        return frontmatter.canonical_hero(self, hero) if isinstance(hero, dict) else {}

    def _numbering(self, raw_pars: dict) -> dict:
        """{key: number}; names (format 1.1) reported when the book is format 1."""
        from engine.book import naming
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
        self.report(unknown_name("unknown-paragraph-name", self.span(path), name, self.names,
                             "nom de paragraphe", "paragraph name"))

    def _target_name(self, to, path: tuple):
        """A `to:` naming a paragraph -> its number; a name no paragraph has -> reported, 0."""
        from engine.book.naming import is_name
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
        from engine.book.frontmatter import equipment
        for item, _n, _path in equipment(book.hero):
            self.out.grants.setdefault("item", set()).add(item)

    # --- paragraphs ----------------------------------------------------------
    def paragraph(self, n: int, raw: dict, path: tuple) -> Paragraph:
        effects = self.effects(raw.get("effects") or [], path + ("effects",), n)
        choices = tuple(self.choice(c, path + ("choices", i), n)
                        for i, c in enumerate(raw.get("choices") or []))
        rnd = self.random(raw["random"], path + ("random",), n) if "random" in raw else None
        auto = self.auto(raw["auto"], path + ("auto",), n) if "auto" in raw else ()
        core = {"text", "effects", "choices", "end", "random", "number", "auto", "once"}
        fields = dict(self.module.paragraph_fields({k: v for k, v in raw.items() if k not in core}))
        from engine.book import outcome_shapes   # format 1.2: outcomes written like `auto:` entries
        fields, ends = outcome_shapes.normalize(self, fields, path)
        ends.update({o.path: OUTCOME_ENDS[o.target] for o in (rnd.outcomes if rnd else ()) if o.target in OUTCOME_ENDS})
        from engine.book.module_targets import resolve   # names in the module's own target fields
        return resolve(Paragraph(n, str(raw.get("text", "")), effects, choices, raw.get("end"),
                                 rnd, fields, path, auto, self.outcome_effects(fields, path, n),
                                 self.once(raw, path), self.puzzle_if(raw, path, n), ends),
                       self.module, self.names, self._unknown_name)

    def puzzle_if(self, raw: dict, path: tuple, here: int) -> dict:
        """Format 1.2: `{to: 38, if: ...}` among a puzzle's answers: the conditions, compiled."""
        answers = raw.get("puzzle").get("answers") if isinstance(raw.get("puzzle"), dict) else None
        return {i: self.expression(str(a["if"]), "condition", path + ("puzzle", "answers", i, "if"), here)
                for i, a in enumerate(answers if isinstance(answers, list) else ())
                if isinstance(a, dict) and "if" in a}

    # --- format 1.1 constructs (see engine/lint/flow.py for their checks) -------
    def needs_11(self, path: tuple, what_fr: str, what_en: str, key: bool = True) -> None:
        """A 1.1 construct in a format-1 book: located, once per place."""
        if self.data.get("gamebook") == 1:
            self.report(error("format-1-1", self.span(path, key=key),
                              f"{what_fr} : demande « gamebook: 1.1 »",
                              f"{what_en}: needs 'gamebook: 1.1'"))

    def auto(self, raw, path: tuple, here: int) -> tuple:
        self.needs_11(path, "saut automatique « auto: »", "automatic jump 'auto:'")
        out = []
        for i, a in enumerate(raw if isinstance(raw, list) else []):
            if not isinstance(a, dict):
                continue
            apath = path + (i,)
            cond = self.expression(str(a["if"]), "condition", apath + ("if",), here) if "if" in a else None
            to = a.get("to")
            if ("end" in a) == (to is not None):
                self.report(error("auto-shape", self.span(apath),
                                  "un saut automatique va soit « to: » un paragraphe, soit « end: » (death ou victory)",
                                  "an automatic jump either goes 'to:' a paragraph or 'end:'s (death or victory)"))
            target = self._outcome_target(to, apath + ("to",)) if to is not None else None
            effects = self._only_here(self.effects(a.get("effects") or [], apath + ("effects",), here))
            out.append(AutoJump(cond, target, a.get("end"), effects, apath))
        return tuple(out)

    def once(self, raw: dict, path: tuple) -> tuple[str, ...]:
        """`once: true` (its effects and activities) or `once: [effects, combat]`."""
        if "once" not in raw:
            return ()
        self.needs_11(path + ("once",), "« once: » sur un paragraphe", "'once:' on a paragraph")
        every = ("effects",) + tuple(self.module.activity_fields)
        value = raw["once"]
        if value is True:
            return every
        out = []
        for i, name in enumerate(value if isinstance(value, list) else []):
            if name not in every:
                self.report(unknown_name("once-unknown", self.span(path + ("once", i)), name, every,
                                     "partie de paragraphe", "paragraph part"))
            else:
                out.append(name)
        return tuple(out)

    def outcome_effects(self, fields: dict, path: tuple, here: int) -> dict:
        """The effects of a module's outcomes (a test's success...), compiled."""
        from engine.book.outcome_shapes import PUZZLE_WRONG
        out = {}
        for where in (*self.module.outcome_effects, PUZZLE_WRONG):
            raw = _dig(fields, where)
            if isinstance(raw, list):
                self.needs_11(path + where, "effets d'une issue", "effects on an outcome")
                out[where] = self._only_here(self.effects(raw, path + where, here))
        return out

    def choice(self, raw: dict, path: tuple, here: int) -> Choice:
        from engine.book.action_choices import choice_shape
        if choice_shape(self, raw, path):   # format 1.2: an action, no target
            return self._action(raw, path, here)
        to = raw.get("to", 0)   # (none: reported by choice_shape, compiled as no paragraph)
        named = self._target_name(to, path + ("to",))
        target, target_expr = (to, None) if isinstance(to, int) else (named, None) if named is not None else \
            (None, self.expression(str(to), "target", path + ("to",), here))
        cond = self.expression(raw["if"], "condition", path + ("if",), here) if "if" in raw else None
        effects = self.effects(raw.get("effects") or [], path + ("effects",), here)
        extra = {k: v for k, v in raw.items() if k not in ("text", "to", "if", "effects", "show", "once")}
        for key in ("show", "once"):
            if key in raw:
                self.needs_11(path + (key,), f"« {key}: » sur un choix", f"'{key}:' on a choice")
        return Choice(str(raw.get("text", "")), target, target_expr, cond, effects, extra, path,
                      raw.get("show"), bool(raw.get("once")))

    def _action(self, raw: dict, path: tuple, here: int) -> Choice:
        """Format 1.2: a choice with `stay: true` (engine/book/unique_items.py)."""
        cond = self.expression(raw["if"], "condition", path + ("if",), here) if "if" in raw else None
        effects = self.effects(raw.get("effects") or [], path + ("effects",), here)
        extra = {k: v for k, v in raw.items() if k not in ("text", "if", "effects", "show", "once", "stay")}
        return Choice(str(raw.get("text", "")), None, None, cond, effects, extra, path,
                      raw.get("show"), bool(raw.get("once")), stay=True)

    def random(self, raw: dict, path: tuple, here: int) -> RandomRoll | None:
        dice = self.expression(str(raw.get("dice", "")), "dice", path + ("dice",), here)
        outs = tuple(Outcome(o["range"][0], o["range"][1], self._random_target(o, path + ("outcomes", i)),
                             path + ("outcomes", i), self._random_effects(o, path + ("outcomes", i), here))
                     for i, o in enumerate(raw.get("outcomes", [])))
        return RandomRoll(dice, outs, path) if dice is not None else None

    def _random_target(self, raw: dict, path: tuple) -> int:
        """A paragraph; format 1.2: `end: death|victory` or `to: continue` (model.OUTCOME_ENDS)."""
        from engine.book.format_version import needs_12
        from engine.book.outcome_shapes import BY_NAME, check_shape
        check_shape(self, raw, path)
        if "end" in raw or raw.get("to") == "continue":
            needs_12(self, path + ("end" if "end" in raw else "to",), "issue écrite comme « auto: »",
                     "an outcome written like 'auto:'")
            return BY_NAME.get(raw.get("end", "continue"), 0)
        return self._outcome_target(raw.get("to"), path + ("to",))

    def _random_effects(self, raw: dict, path: tuple, here: int) -> tuple:
        if "effects" not in raw:
            return ()
        self.needs_11(path + ("effects",), "effets d'une issue", "effects on an outcome")
        return self._only_here(self.effects(raw.get("effects") or [], path + ("effects",), here))

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
                for kind2, part in counters.split_effect(self, kind, value, epath, here):
                    if kind2 in ("add", "set"):
                        part = {self.stat_name(k, epath + (k,)): self.number(v, epath + (k,), here)
                                for k, v in part.items()}
                    out.append(Effect(kind2, part, epath))
                continue
            elif kind == "note":
                value = counters.check_note(self, value, epath)
            elif kind in ("gain", "lose") and isinstance(value, dict):   # format 1.1: counts
                self.needs_11(epath, "nombre d'exemplaires", "a number of copies")
                value = {str(k): v for k, v in value.items()}
                for k in value:
                    self._names(kind, [k], epath + (k,), True)
            elif kind == "give_up":
                self._give_up(value, epath)
                value = giving.compile_give_up(self, value, epath, here)   # format 1.2
            elif kind in taking.KINDS:   # format 1.2: take up to N, restore points
                value = taking.compile_effect(self, kind, value, epath)
            elif kind in ("gain", "lose", "flag", "unflag"):
                single = isinstance(value, str)
                value = [value] if single else list(value)
                self._names(kind, value, epath, single)
            out.append(Effect(kind, value, epath))
        return tuple(out)

    def _give_up(self, value, path: tuple) -> None:
        """Format 1.1 `give_up`: the items it keeps must exist, and some item must be left to give."""
        self.needs_11(path, "« give_up: »", "'give_up:'")
        keep = value.get("except") or [] if isinstance(value, dict) else []
        for i, item in enumerate(keep):
            if item not in self.env.references["item"]:
                self.report(unknown_name("unknown-item", self.span(path + ("except", i)), item,
                                     self.env.references["item"], "objet", "item"))
        if keep and set(self.env.references["item"]) <= set(keep):
            self.report(error("give-up-nothing", self.span(path, key=True),
                              "« give_up: » excepte tous les objets du livre : il n'y a rien à abandonner",
                              "'give_up:' excepts every item of the book: there is nothing to give up"))

    def _only_here(self, effects: tuple) -> tuple:
        """A give-up waits for the player: only paragraphs and choices can wait."""
        taking.only_here(self, effects)   # format 1.2: so does a `take`
        for e in effects:
            if e.kind == "give_up":
                self.report(error("give-up-here", self.span(e.path, key=True),
                                  "« give_up: » ne s'écrit que dans les effets d'un paragraphe ou d'un choix",
                                  "'give_up:' belongs only in a paragraph's or a choice's effects"))
        return effects

    def _names(self, kind: str, values: list, path: tuple, single: bool) -> None:
        ref_kind = "item" if kind in ("gain", "lose") else "flag"
        for i, v in enumerate(values):
            if kind in ("gain", "flag"):
                self.out.grants.setdefault(ref_kind, set()).add(v)
            if ref_kind == "item" and v not in self.env.references["item"]:
                vpath = path if single else path + (i,)  # `gain: x` or `gain: [x, y]`
                self.report(unknown_name("unknown-item", self.span(vpath), v,
                                     self.env.references["item"], "objet", "item"))

    def stat_name(self, name: str, path: tuple) -> str:
        spec = self.module.stat(name)
        if spec is None:
            self.report(unknown_name("unknown-stat", self.span(path, key=True), name,
                                 [n for s in self.module.stats for n in (s.name, *s.aliases)]
                                 + list(self.counters),
                                 "caractéristique", "stat"))
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
        if self.counters:   # counter reads, for engine/lint/unwritten.py
            from engine.expr.ast import walk
            self.out.references += [("counter", node.name, path, node.start, False) for node in walk(expr.root)
                                    if isinstance(node, X.Name) and node.name in self.counters]
        return expr


class _Header:
    """The raw top of a book, for modules that declare references (e.g. gods)."""

    def __init__(self, data: dict):
        self.data = data
        self.hero = data.get("hero") if isinstance(data.get("hero"), dict) else {}
        self.options = data.get("options") if isinstance(data.get("options"), dict) else {}
        self.paragraphs = data.get("paragraphs") if isinstance(data.get("paragraphs"), dict) else {}



def _slug(file: str) -> str:
    stem = re.sub(r"\.(ya?ml)$", "", file.replace("\\", "/").rsplit("/", 1)[-1])
    return re.sub(r"[^a-z0-9-]+", "-", stem.lower()).strip("-") or "book"
