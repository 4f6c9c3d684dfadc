"""Load a book file end to end: read, parse, validate, compile, lint, with a cache.

The compiled-book cache is keyed by the SHA-256 of the file's bytes, the engine's
cache format and the rule module's id and version.  An entry holds the validated
data, the diagnostics and the parsed expressions, so that an unchanged book loads
at about the cost of reading JSON, without importing ruamel.yaml, jsonschema or lark.
Entries are written atomically, checked on read, and safe to delete; anything odd
in an entry means it is ignored and rebuilt.  An entry is used only if its seal is
this cache's and the source hash it records is the one of the file just read
(engine/lint/cache_seal.py): another book's entry put under this book's name is refused.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

from engine import __version__
from engine.diagnostics import Diagnostic, Severity, Span, error
from engine.support.records import record

if TYPE_CHECKING:  # pragma: no cover - the Book model is imported only when built
    from engine.book.model import Book

CACHE_FORMAT = 7   # 6: the parts' hashes, each diagnostic's own file; 7: format 1.2 (books it refused before)


@record
class Loaded:
    book: Book | None
    module: object | None
    diagnostics: list[Diagnostic]
    from_cache: bool = False

    @property
    def ok(self) -> bool:
        return self.book is not None and not any(d.severity is Severity.ERROR for d in self.diagnostics)


def cache_dir() -> Path | None:
    if os.environ.get("GAMEBOOK_NO_CACHE"):
        return None
    if os.environ.get("GAMEBOOK_CACHE_DIR"):
        return Path(os.environ["GAMEBOOK_CACHE_DIR"])
    from platformdirs import user_cache_dir
    return Path(user_cache_dir("gamebook-engine")) / "books"


def load_book(path: str | Path, display: str | None = None, use_cache: bool = True,
              need_book: bool = True) -> Loaded:
    """Everything about one book file; never raises on bad input.  With
    `need_book=False` (the linter), a cache hit returns only the diagnostics
    (`book` is None) without rebuilding the Book."""
    from engine.book import source
    name = display or str(path)
    raw, diag = source.read_bytes(Path(path), name)
    if diag:
        return Loaded(None, None, [diag])
    from engine.support.fileset import cut_after_commit
    if cut_after_commit(Path(path)):   # a renumbering killed halfway: its files are part old, part new
        return Loaded(None, None, [error(
            "renumber-interrupted", Span(name, 0, 0),
            "le renumérotage de ce livre a été interrompu en cours d'écriture : relancez la même "
            "commande « gamebook renumber » pour l'achever",
            "the renumbering of this book was cut while its files were written: run the same "
            "'gamebook renumber' command again to finish it")])
    content_digest = hashlib.sha256(raw)
    key, content = _key(raw, content_digest), content_digest.hexdigest()
    directory = cache_dir() if use_cache else None
    if directory is not None:
        hit = _from_cache(directory / f"{key}.json", key, name, need_book, content, Path(path).parent)
        if hit is not None:
            return hit
    loaded, payload = _compile(raw, name, key, content, Path(path))
    if directory is not None and payload is not None:
        _store(directory, key, payload())
    return loaded


def entry(path: str | Path, display: str | None = None) -> tuple[Loaded, dict | None]:
    """The book loaded without the cache, and what a cache entry of it holds (the
    validated data, the parsed expressions), or None when it does not compile: the
    web export ships it, and `book_of_entry` makes the Book again from it in the
    browser, with neither ruamel.yaml, nor jsonschema, nor lark."""
    from engine.book import source
    name = display or str(path)
    raw, diag = source.read_bytes(Path(path), name)
    if diag:
        return Loaded(None, None, [diag]), None
    content_digest = hashlib.sha256(raw)
    loaded, payload = _compile(raw, name, _key(raw, content_digest), content_digest.hexdigest(), Path(path))
    return loaded, payload() if payload is not None and loaded.ok else None


def book_of_entry(payload: dict, name: str) -> Loaded:
    """The Book of an entry made by `entry` (its rule module found by name)."""
    from engine.rules import registry
    module = registry.get(payload["rules"])
    return Loaded(_cached_book(payload, module, name, payload["source"]), module, [])


def _key(raw: bytes, digest=None) -> str:
    """The cache key; `digest` is `sha256(raw)` when the caller has it (one pass over big books)."""
    h = digest.copy() if digest is not None else hashlib.sha256(raw)
    h.update(f"\0{CACHE_FORMAT}\0{__version__}".encode())
    return h.hexdigest()


def _rules_of(data, doc, name):
    from engine.rules import registry
    rules = data.get("rules") if isinstance(data, dict) else None
    if not isinstance(rules, str):
        return None, [error("missing-rules", doc.span(("rules",)) if rules is not None else Span(name, 0, 0),
                            "le livre doit nommer ses règles : « rules: " + " | ".join(registry.names()) + " »",
                            "the book must name its rules: 'rules: " + " | ".join(registry.names()) + "'")]
    try:
        return registry.get(rules), []
    except registry.UnknownRules:
        installed = ", ".join(registry.names())
        return None, [error("unknown-rules", doc.span(("rules",)),
                            f"module de règles inconnu « {rules} » ; installés : {installed}",
                            f"unknown rule module '{rules}'; installed: {installed}")]
    except registry.BrokenRules as broken:  # a broken third-party module must not crash the linter
        return None, [error("rules-failed", doc.span(("rules",)), broken.message.fr, broken.message.en)]


def _compile(raw: bytes, name: str, key: str, content: str, path: Path | None = None):
    from engine.book import source
    from engine.book.include import expand
    doc, diags = source.parse_bytes(raw, name)
    if doc is None:
        return Loaded(None, None, diags), None
    if path is not None:   # `include:` (format 1.1): the parts' paragraphs join the book
        doc, more = expand(doc, path.parent, path)
        diags += more
    loaded, comp, broken = check_document(doc, diags, name, content)
    # a part that could not be read, or was refused, is not cached: its entry would
    # have nothing to compare with the files next time
    if comp is None or not getattr(doc, "complete", True):
        return loaded, None
    book, module, diags = loaded.book, loaded.module, loaded.diagnostics
    from engine.lint.cache_entry import portable
    parts = getattr(doc, "parts", [])
    stored = portable(diags, name, parts)
    if stored is None:   # a diagnostic about a file that is neither the book nor a part
        return Loaded(book, module, diags), None

    def payload() -> dict:  # built only when there is a cache to write
        return {"format": CACHE_FORMAT, "key": key, "source": content, "parts": parts,
                "rules": module.id, "rules_version": module.version, "data": _jsonable(doc.data),
                "int_keys": _int_paragraph_keys(doc.data),
                "broken": sorted(broken, key=str), "diagnostics": stored,
                "exprs": _expr_table(comp.exprs)}
    return Loaded(book, module, diags), payload


def check_document(doc, diags: list, name: str, content: str = "", validator=None, compiler=None):
    """Validate, compile and lint a parsed document (what `gamebook lint` does after
    parsing; the language server calls it on the editor's text): (Loaded, the
    Compiler or None when the book could not be compiled, the broken paragraphs).
    `validator(doc, schema)` replaces `engine.book.validate.validate`, `compiler` the
    `Compiler` class (the server's remember the paragraphs already checked)."""
    if not isinstance(doc.data, dict):
        diags.append(error("schema", doc.span(()), "un livre est un dictionnaire YAML (clé: valeur)",
                           "a book is a YAML mapping (key: value)"))
        return Loaded(None, None, diags), None, set()
    module, more = _rules_of(doc.data, doc, name)
    diags += more
    if module is None:
        return Loaded(None, None, sorted(diags, key=Diagnostic.sort_key)), None, set()
    from engine.rules.watchdog import HookTimeout, hook_timeout, watching
    try:
        with watching(module, hook_timeout()):
            return _checked_book(doc, diags, module, name, content, validator, compiler)
    except HookTimeout as late:  # a hook that never returns must not hang the linter
        diags.append(error("rules-failed", doc.span(("rules",)), late.message.fr, late.message.en))
        return Loaded(None, None, sorted(diags, key=Diagnostic.sort_key)), None, set()


def _checked_book(doc, diags, module, name: str, content: str, validator, compiler):
    from engine.book.compiler import Compiler
    from engine.lint.checks import lint
    from engine.book.schema import book_schema
    from engine.book.validate import broken_paragraphs, validate
    from engine.book.wrong_rules import wrong_rules
    schema = book_schema(module)
    schema_diags = (validator or validate)(doc, schema)
    wrong = wrong_rules(doc, module, schema_diags)
    if wrong is not None:  # the cause, once: not each field the other module defines
        return Loaded(None, None, sorted(diags + [wrong], key=Diagnostic.sort_key)), None, set()
    broken = (broken_paragraphs(doc.data, schema) if schema_diags else set()) | doc.broken
    comp = (compiler or Compiler)(doc.data, module, doc, file=name, content_hash=content, broken=broken)
    book = comp.compile()
    diags += schema_diags + comp.diags
    diags += lint(book, module, comp.out, doc, complete=not schema_diags and not doc.broken)
    return Loaded(book, module, sorted(set(diags), key=Diagnostic.sort_key)), comp, broken


def _int_paragraph_keys(data: dict) -> list[str]:
    """Paragraph keys written as numbers (JSON turns them into strings)."""
    pars = data.get("paragraphs")
    return [str(k) for k in pars if isinstance(k, int)] if isinstance(pars, dict) else []


def _jsonable(data):
    from engine.book.validate import json_view
    return json_view(data)


def _expr_table(exprs: dict) -> list:
    from engine import expr as X
    return [[text, kind, X.to_json(e)] for (text, kind), e in exprs.items()]


def _from_cache(path: Path, key: str, name: str, need_book: bool = True,
                content: str = "", folder: Path | None = None) -> Loaded | None:
    from engine.lint.cache_entry import named, same_parts
    from engine.lint.cache_seal import cache_key, unseal
    try:
        data = unseal(path.read_bytes(), cache_key(path.parent))
        if data is None:   # not sealed by this cache: edited, copied or forged
            return None
        payload = json.loads(data)
        if payload.get("format") != CACHE_FORMAT or payload.get("key") != key \
                or payload.get("source") != content:   # made from other bytes than this file's
            return None
        if payload["parts"] and (folder is None or not same_parts(folder, payload["parts"])):
            return None   # a part changed (or moved out of reach) since it was compiled
        from engine.rules import registry
        module = registry.get(payload["rules"])
        if module.version != payload["rules_version"]:
            return None
        diags = [named(d, name) for d in payload["diagnostics"]]
        book = _cached_book(payload, module, name, content) if need_book else None
        return Loaded(book, module, diags, from_cache=True)
    except Exception:  # a damaged or foreign entry is rebuilt, never trusted
        return None


def _cached_book(payload: dict, module, name: str, content_hash: str) -> Book:
    from engine import expr as X
    from engine.book.compiler import Compiler
    table = {(t, k): j for t, k, j in payload["exprs"]}
    built: dict = {}

    def parse(text: str, kind: str):
        """One Expr per distinct (text, kind), shared as X.parse's memo shares them."""
        expr = built.get((text, kind))
        if expr is None:
            expr = built[(text, kind)] = X.from_json(table[(text, kind)], text, kind) \
                if (text, kind) in table else X.parse(text, kind)
        return expr
    data = payload["data"]
    if isinstance(data.get("paragraphs"), dict):
        ints = set(payload["int_keys"])
        data["paragraphs"] = {int(k) if k in ints else k: v for k, v in data["paragraphs"].items()}
    return Compiler(data, module, None, file=name, content_hash=content_hash, parse=parse,
                    broken=set(payload["broken"])).compile()


def _store(directory: Path, key: str, payload: dict) -> None:
    from engine.lint.cache_seal import cache_key, seal
    # json.dumps uses the C encoder; json.dump to a file is the pure-Python one
    data = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    # a unique temporary name made with os alone: tempfile imports shutil, bz2, lzma...
    tmp = directory / f".tmp-{os.getpid()}-{os.urandom(6).hex()}.json"
    try:
        directory.mkdir(parents=True, exist_ok=True)
        secret = cache_key(directory, create=True)
        if secret is None:
            return   # no key, no entry: an unsealed one would never be used
        data = seal(data, secret)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, directory / f"{key}.json")
    except OSError:
        pass  # a cache that cannot be written is only slower
