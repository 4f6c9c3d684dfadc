"""Load a YAML book into plain Python data, keeping the position of every node.

Events come from ruamel.yaml's C parser (libyaml); the composition into dicts and
lists is our own, iterative, so that we control everything the YAML spec leaves
open: no object is ever constructed from a tag, duplicate keys are errors naming
both places, nesting depth and alias expansion are bounded, and the file size is
checked before parsing.  Positions are 0-based (line, column) in characters; they
are recorded per path (a tuple of keys and indexes) for keys and values.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.book.bookfile import read_bytes
from engine.diagnostics import Diagnostic, Span, error
from engine.support.records import field, record

from engine.support.limits import MAX_INT, MAX_INT_DIGITS
from engine.support.limits import MAX_YAML_CHARS as MAX_CHARS
from engine.support.limits import MAX_YAML_DEPTH as MAX_DEPTH
from engine.support.limits import MAX_YAML_NODES as MAX_NODES

_INT = re.compile(r"[-+]?(?:0|[1-9][0-9_]*)\Z")
_HEX = re.compile(r"0x[0-9a-fA-F_]+\Z")
_OCT = re.compile(r"0o[0-7_]+\Z")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9][0-9_]*(?:\.[0-9_]*)?)(?:[eE][-+]?[0-9]+)?\Z")
_PLAIN = {"true": True, "True": True, "TRUE": True, "false": False, "False": False,
          "FALSE": False, "null": None, "Null": None, "NULL": None, "~": None, "": None}
_NUMBER_START = frozenset("0123456789+-.")   # every int, float, .inf and .nan starts so
_SAFE_TAGS = {"tag:yaml.org,2002:str": str, "tag:yaml.org,2002:int": int,
              "tag:yaml.org,2002:float": float, "tag:yaml.org,2002:bool": bool,
              "tag:yaml.org,2002:null": type(None), "tag:yaml.org,2002:map": dict,
              "tag:yaml.org,2002:seq": list}

Path_ = tuple


@record
class Document:
    """A loaded YAML file: its data, where each part of it was, and its text."""

    file: str
    text: str
    data: object
    where: dict = field(default_factory=dict)      # path -> (line, col, start index, style)
    key_where: dict = field(default_factory=dict)  # path -> (line, col) of the mapping key
    broken: set = field(default_factory=set)       # paragraphs a YAML mistake cut (yaml_hints)

    def span(self, path: Path_, *, key: bool = False) -> Span:
        """The span of the value at `path` (or of its key), or of its closest ancestor."""
        table = self.key_where if key else self.where
        path = tuple(path)
        while path:
            pos = table.get(path) or self.where.get(path)
            if pos:
                return Span(self.file, pos[0], pos[1])
            path = path[:-1]
        pos = self.where.get(())
        return Span(self.file, pos[0], pos[1]) if pos else Span(self.file, 0, 0)

    def inner_span(self, path: Path_, offset: int) -> Span:
        """The position of character `offset` of the string scalar at `path`.

        Handles quotes and escapes so that an expression error points at the very
        character inside the quoted YAML scalar, not at the start of the line."""
        pos = self.where.get(tuple(path))
        if pos is None:
            return self.span(path)
        line, col, index, style = pos
        raw_index = _raw_offset(self.text, index, style, offset)
        return Span(self.file, *_line_col(self.text, index, line, col, raw_index))


_ESCAPE_WIDTH = {"x": 3, "u": 5, "U": 9}   # characters after the backslash, minus one


def _raw_offset(text: str, index: int, style: str, offset: int) -> int:
    """Index in `text` of the `offset`-th character of the scalar starting at `index`."""
    if style in ("|", ">"):
        return _block_offset(text, index, offset)
    i = index + (1 if style in ("'", '"') else 0)
    seen = 0
    while seen < offset and i < len(text):
        ch = text[i]
        if style == '"' and ch == "\\":
            i += _ESCAPE_WIDTH.get(text[i + 1:i + 2], 1)
        elif style == "'" and ch == "'" and text[i + 1:i + 2] == "'":
            i += 1
        i += 1
        seen += 1
    return i


def _block_offset(text: str, index: int, offset: int) -> int:
    """Index of the `offset`-th content character of a block scalar (| or >)."""
    i = text.find("\n", index) + 1
    indent = len(text[i:]) - len(text[i:].lstrip(" "))
    seen = 0
    i += indent
    while seen < offset and i < len(text):
        if text[i] == "\n":
            i += 1
            while i < len(text) and text[i] == " " and (i - text.rfind("\n", 0, i) - 1) < indent:
                i += 1
        else:
            i += 1
        seen += 1
    return i


def _line_col(text: str, index: int, line: int, col: int, target: int) -> tuple[int, int]:
    breaks = text.count("\n", index, target)
    if not breaks:
        return line, col + (target - index)
    return line + breaks, target - text.rfind("\n", 0, target) - 1


class _BigNumber(Exception):
    """An integer literal beyond MAX_INT, raised where it is resolved (no file name there)."""

    def __init__(self, mark, digits: int):
        self.mark, self.digits = mark, digits


class _Stop(Exception):
    def __init__(self, diag: Diagnostic):
        self.diag = diag


def load(path: str | Path, display: str | None = None) -> tuple[Document | None, list[Diagnostic]]:
    """Read and parse a YAML book file; never raises on bad input."""
    name = display or str(path)
    raw, diag = read_bytes(Path(path), name)
    if diag:
        return None, [diag]
    return parse_bytes(raw, name)


def parse_bytes(raw: bytes, name: str) -> tuple[Document | None, list[Diagnostic]]:
    if b"\x00" in raw:
        line = raw.count(b"\n", 0, raw.index(b"\x00"))
        return None, [error("binary-file", Span(name, line, 0),
                            "fichier binaire (octet NUL) : un livre est un texte YAML en UTF-8",
                            "binary file (NUL byte): a book is UTF-8 YAML text")]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start)
        col = len(raw[raw.rfind(b"\n", 0, exc.start) + 1:exc.start].decode("utf-8", "replace"))
        return None, [error("invalid-utf8", Span(name, line, col),
                            f"octet 0x{raw[exc.start]:02x} invalide en UTF-8 : enregistrez le fichier en UTF-8",
                            f"byte 0x{raw[exc.start]:02x} is not valid UTF-8: save the file as UTF-8")]
    return parse_text(text, name)


def parse_text(text: str, name: str) -> tuple[Document | None, list[Diagnostic]]:
    doc = Document(name, text, None)
    composer = _Composer(doc)
    try:
        doc.data = composer.run()
    except _Stop as stop:
        return None, composer.diags + [stop.diag]
    if doc.data is None:
        return None, [error("empty-book", Span(name, 0, 0), "le fichier est vide",
                            "the file is empty")]
    # (nodes, characters once aliases are expanded): a split book's parts share one budget
    doc.weight = (composer.nodes, composer.expanded + len(text))
    from engine.book.yaml_hints import text_hints
    return doc, composer.diags + text_hints(doc)


_NOKEY = object()
_DROP = object()
# The path under which the value of a duplicated key is composed, then dropped: it is
# in no container, so code that walks `Document.where` must skip such paths.
DUPLICATE = "\0duplicate"


class _Composer:
    """Turn the parser's event stream into dicts, lists and scalars, with positions."""

    def __init__(self, doc: Document):
        self.doc = doc
        self.stack: list[list] = []   # [container, path, pending key, key position, seen keys]
        self.anchors: dict[str, tuple[object, int, int]] = {}   # name -> (value, nodes, chars)
        self.nodes = 0
        self.expanded = 0   # characters that aliases add to the text (MAX_CHARS bounds the sum)
        self.documents = 0
        self.root: object = None
        self.diags: list[Diagnostic] = []

    def run(self) -> object:
        from ruamel.yaml.cyaml import CBaseLoader
        from ruamel.yaml.error import MarkedYAMLError, YAMLError
        loader = CBaseLoader(self.doc.text)
        try:
            self._consume(loader.get_event)
        except _BigNumber as big:
            raise _Stop(error("number-too-large", self._span(big.mark),
                              f"nombre trop grand ({big.digits} chiffres) : un livre écrit des entiers "
                              f"de -{MAX_INT} à {MAX_INT}",
                              f"number too large ({big.digits} digits): a book's integers are "
                              f"from -{MAX_INT} to {MAX_INT}")) from None
        except MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            problem = (exc.problem or exc.context or "syntax error").strip()
            from engine.book.yaml_hints import syntax
            raise _Stop(syntax(self.doc.text, self._span(mark), problem) or error(
                "yaml-syntax", self._span(mark),
                f"YAML invalide : {problem}", f"invalid YAML: {problem}")) from None
        except YAMLError as exc:
            text = str(exc).splitlines()[0]
            raise _Stop(error("yaml-syntax", Span(self.doc.file, 0, 0),
                              f"YAML invalide : {text}", f"invalid YAML: {text}")) from None
        finally:
            loader.dispose()
        return self.root

    def _span(self, mark) -> Span:
        return Span(self.doc.file, mark.line, mark.column) if mark else Span(self.doc.file, 0, 0)

    def _consume(self, next_event) -> None:
        """The event loop: dispatch on the event's class.  Plain scalars are most of a
        book (this loop is most of the load time): a value under a pending key, a list
        item and a new key are attached inline; anything rarer goes through `_attach`
        and `_key`, which these inline paths mirror."""
        from ruamel.yaml import events as E
        handlers = {E.MappingStartEvent: lambda e: self._start(e, {}),
                    E.SequenceStartEvent: lambda e: self._start(e, []),
                    E.MappingEndEvent: self._end, E.SequenceEndEvent: self._end,
                    E.AliasEvent: self._alias, E.DocumentStartEvent: self._document}
        scalar_event, stream_end = E.ScalarEvent, E.StreamEndEvent
        stack, attach, resolve = self.stack, self._attach, _resolve
        where, key_where = self.doc.where, self.doc.key_where
        while True:
            event = next_event()
            cls = event.__class__
            if cls is not scalar_event:
                if cls is stream_end:
                    return
                handler = handlers.get(cls)
                if handler is not None:
                    handler(event)
                continue
            self.nodes += 1
            if self.nodes > MAX_NODES:
                self._count(0, event)
            value, style = event.value, event.style
            if style == '"' and "\0" in value:   # "\x00": a NUL only an escape can write
                self._nul(event)
            if event.ctag is not None or event.anchor or not stack:
                attach(self._scalar(value, event) if event.ctag is not None or event.anchor else
                       value if style else resolve(value, event, None), event, style or "")
                continue
            if not style:
                value = resolve(value, event, None)
            top = stack[-1]
            container, pending = top[0], top[2]
            if container.__class__ is list:
                mark = event.start_mark
                path = top[1] + (len(container),)
                container.append(value)
                where[path] = (mark.line, mark.column, mark.index, style or "")
            elif pending is _NOKEY:  # a mapping key: the most common event of all
                mark = event.start_mark
                if value in top[4]:
                    self._key(top, value, mark)
                else:
                    top[4][value] = top[3] = (mark.line, mark.column)
                    top[2] = value
            elif pending is _DROP:
                attach(value, event, style or "")
            else:
                mark = event.start_mark
                path = top[1] + (pending,)
                container[pending] = value
                key_where[path] = top[3]
                where[path] = (mark.line, mark.column, mark.index, style or "")
                top[2] = _NOKEY

    def _nul(self, event) -> None:
        """A NUL in a string stops reading, as a NUL byte does (binary-file): no
        terminal, file name, graph or export can carry one."""
        raise _Stop(error("nul-character", self._span(event.start_mark),
                          "caractère NUL (\\x00, \\0 ou \\u0000) dans un texte : retirez-le",
                          "NUL character (\\x00, \\0 or \\u0000) in a string: remove it"))

    def _document(self, event) -> None:
        self.documents += 1
        if self.documents > 1:
            raise _Stop(error("multiple-documents", self._span(event.start_mark),
                              "un seul document YAML par livre (retirez ce « --- »)",
                              "one YAML document per book (remove this '---')"))

    def _count(self, n: int, event) -> None:
        self.nodes += n
        if self.nodes > MAX_NODES:
            raise _Stop(error("yaml-too-large", self._span(event.start_mark),
                              f"plus de {MAX_NODES} nœuds YAML (alias en cascade ?) : livre refusé",
                              f"more than {MAX_NODES} YAML nodes (alias bomb?): book refused"))

    def _check_tag(self, event, expected) -> None:
        tag = event.tag
        if tag and tag not in ("!", "?") and _SAFE_TAGS.get(tag) is not expected:
            raise _Stop(error("yaml-tag", self._span(event.start_mark),
                              f"étiquette YAML « {tag} » refusée : retirez-la",
                              f"YAML tag '{tag}' is not allowed: remove it"))

    def _scalar(self, value, event):
        """A tagged or anchored scalar (already counted)."""
        value = self._tagged(value, event)
        if event.anchor:
            self.anchors[event.anchor] = (value, 1, len(value) if isinstance(value, str) else 1)
        return value

    def _tagged(self, value, event):
        if event.tag and event.tag not in ("!", "?"):
            expected = _SAFE_TAGS.get(event.tag)
            if expected is str:
                return value
            if expected is None or expected in (dict, list):
                self._check_tag(event, str)
            return _resolve(value, event, self)
        if event.style:
            return value
        return _resolve(value, event, None)

    def _start(self, event, container) -> None:
        if event.ctag is not None:
            self._check_tag(event, type(container))
        self._count(1, event)
        if len(self.stack) >= MAX_DEPTH:
            raise _Stop(error("yaml-too-deep", self._span(event.start_mark),
                              f"imbrication trop profonde (plus de {MAX_DEPTH} niveaux)",
                              f"nesting too deep (more than {MAX_DEPTH} levels)"))
        path = self._attach(container, event, "")
        self.stack.append([container, path, _NOKEY, None, {}, event.anchor, self.nodes,
                           event.start_mark.index, self.expanded])

    def _end(self, event=None) -> None:
        container, _path, _key, _kpos, _seen, anchor, first, index, expanded = self.stack.pop()
        if anchor:   # its characters: its source text, plus what aliases inside it added
            chars = event.end_mark.index - index + self.expanded - expanded
            self.anchors[anchor] = (container, self.nodes - first + 1, chars)

    def _alias(self, event) -> None:
        if event.anchor not in self.anchors:
            raise _Stop(error("yaml-syntax", self._span(event.start_mark),
                              f"alias *{event.anchor} sans ancre &{event.anchor} définie avant",
                              f"alias *{event.anchor} has no anchor &{event.anchor} defined before it"))
        value, size, chars = self.anchors[event.anchor]
        self._count(size, event)
        self.expanded += chars
        if self.expanded + len(self.doc.text) > MAX_CHARS:
            raise _Stop(error("yaml-too-large", self._span(event.start_mark),
                              f"plus de {MAX_CHARS} caractères une fois les alias remplacés "
                              "(alias en cascade ?) : livre refusé",
                              f"more than {MAX_CHARS} characters once aliases are expanded "
                              "(alias bomb?): book refused"))
        self._attach(value, event, "*")

    def _attach(self, value, event, style: str) -> tuple:
        mark = event.start_mark
        where = (mark.line, mark.column, mark.index, style)
        if not self.stack:
            self.root = value
            self.doc.where[()] = where
            return ()
        top = self.stack[-1]
        container, path = top[0], top[1]
        if container.__class__ is list:
            path = path + (len(container),)
            container.append(value)
        elif top[2] is _NOKEY:
            self._key(top, value, mark)
            return path
        elif top[2] is _DROP:
            top[2] = _NOKEY
            return path + (DUPLICATE,)
        else:
            key = top[2]
            path = path + (key,)
            container[key] = value
            self.doc.key_where[path] = top[3]
            top[2] = _NOKEY
        self.doc.where[path] = where
        return path

    def _key(self, top, key, mark) -> None:
        if isinstance(key, (dict, list)):
            raise _Stop(error("yaml-complex-key", self._span(mark),
                              "une clé doit être un simple texte ou nombre",
                              "a key must be a plain string or number"))
        seen = top[4]
        if key in seen:
            first = seen[key]
            # both places in the message too (a column when they share a line: flow style)
            at = [f"{line + 1}" if first[0] != mark.line else f"{line + 1}:{col + 1}"
                  for line, col in (first, (mark.line, mark.column))]
            self.diags.append(error(
                "duplicate-key", self._span(mark),
                f"clé « {key} » en double (première à la ligne {at[0]}, encore à la ligne "
                f"{at[1]}) : fusionnez ou renommez",
                f"duplicate key '{key}' (first at line {at[0]}, again at line {at[1]}): "
                "merge or rename",
                related=(Span(self.doc.file, first[0], first[1]),)))
            top[2], top[3] = _DROP, None
            return
        seen[key] = (mark.line, mark.column)
        top[2], top[3] = key, (mark.line, mark.column)


def _resolve(value: str, event, strict):
    """YAML 1.2 core schema resolution of a plain scalar; nothing else is constructed."""
    if value in _PLAIN:
        return _PLAIN[value]
    if value[0] not in _NUMBER_START:  # most scalars are words: skip the patterns
        if strict is not None:
            strict._check_tag(event, str)
        return value
    if _INT.match(value):
        return _bounded(value.replace("_", ""), 10, event)
    if _HEX.match(value):
        return _bounded(value[2:].replace("_", ""), 16, event)
    if _OCT.match(value):
        return _bounded(value[2:].replace("_", ""), 8, event)
    if _FLOAT.match(value) and any(c.isdigit() for c in value):
        return float(value.replace("_", ""))
    if value in (".inf", "+.inf", "-.inf", ".nan", ".NaN", ".Inf", "-.Inf"):
        return float(value.replace(".", "").replace("Inf", "inf").replace("NaN", "nan"))
    if strict is not None:
        strict._check_tag(event, str)
    return value


def _bounded(digits: str, base: int, event) -> int:
    """int(digits, base) within ±MAX_INT; a longer literal is never converted (Python
    refuses over 4,300 digits, and a long one costs quadratic time)."""
    if len(digits.lstrip("+-0")) <= MAX_INT_DIGITS:
        number = int(digits, base)
        if -MAX_INT <= number <= MAX_INT:
            return number
    raise _BigNumber(event.start_mark, len(digits.lstrip("+-")))
