"""Diagnostics as data: a stable code, a severity, a bilingual message and a location.

Every stage (load, validate, compile, lint) returns diagnostics instead of printing.
Positions are 0-based inside the engine; they become 1-based only in `Span.human()`,
the one place where the conversion happens.
"""
from __future__ import annotations

from enum import Enum

from engine.support.records import field, record
from engine.support.safe_text import clean_line


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"          # information only: never changes the exit code


@record(frozen=True, order=True)
class Span:
    """A 0-based (line, column) position in a file, with an optional end."""

    file: str
    line: int = -1
    col: int = -1
    end_line: int = -1
    end_col: int = -1

    def human(self) -> tuple[int, int]:
        """1-based line and column for people; (0, 0) when the position is unknown."""
        return (self.line + 1, self.col + 1) if self.line >= 0 else (0, 0)

    def shifted(self, offset: int) -> "Span":
        """The same span moved `offset` characters to the right on its line."""
        return Span(self.file, self.line, self.col + offset)


@record(frozen=True)
class Message:
    """A user-visible sentence in French and English."""

    fr: str
    en: str

    def get(self, lang: str) -> str:
        return self.fr if lang == "fr" else self.en


@record(frozen=True)
class Diagnostic:
    """One problem found in a book."""

    code: str
    severity: Severity
    message: Message
    span: Span
    related: tuple[Span, ...] = field(default=())
    # The "did you mean" fix, structured: the text that replaces the word (name,
    # number or quoted string's content) starting at `span`.  Editors offer it as a
    # code action (engine/lsp/actions.py); None when there is nothing to suggest.
    fix: str | None = None

    def sort_key(self) -> tuple:
        return (self.span.file, self.span.line, self.span.col, self.code, self.message.en)

    def to_json(self, lang: str = "en") -> dict:
        line, col = self.span.human()
        out = {
            "file": self.span.file, "line": line, "column": col, "code": self.code,
            "severity": self.severity.value, "message": self.message.get(lang),
        }
        if self.related:
            out["related"] = [{"file": s.file, "line": s.human()[0], "column": s.human()[1]}
                              for s in self.related]
        if self.fix is not None:
            out["fix"] = self.fix
        return out

    @staticmethod
    def from_json(obj: dict) -> "Diagnostic":
        """Rebuild a diagnostic from `to_cache()` (used by the compiled-book cache)."""
        span = Span(*obj["span"])
        return Diagnostic(obj["code"], Severity(obj["severity"]), Message(*obj["message"]),
                          span, tuple(Span(*s) for s in obj.get("related", ())), obj.get("fix"))

    def to_cache(self) -> dict:
        s = self.span
        return {"code": self.code, "severity": self.severity.value,
                "message": [self.message.fr, self.message.en],
                "span": [s.file, s.line, s.col, s.end_line, s.end_col],
                "related": [[r.file, r.line, r.col, r.end_line, r.end_col] for r in self.related],
                "fix": self.fix}


def error(code: str, span: Span, fr: str, en: str, related: tuple[Span, ...] = (),
          fix: str | None = None) -> Diagnostic:
    return Diagnostic(code, Severity.ERROR, Message(fr, en), span, related, fix)


def warning(code: str, span: Span, fr: str, en: str, related: tuple[Span, ...] = (),
            fix: str | None = None) -> Diagnostic:
    return Diagnostic(code, Severity.WARNING, Message(fr, en), span, related, fix)


def note(code: str, span: Span, fr: str, en: str, related: tuple[Span, ...] = (),
         fix: str | None = None) -> Diagnostic:
    return Diagnostic(code, Severity.NOTE, Message(fr, en), span, related, fix)


def unknown_name(code: str, span: Span, name, known, kind_fr: str, kind_en: str) -> Diagnostic:
    """An error for a name that is not among `known`, with the closest one as its fix."""
    import difflib
    close = difflib.get_close_matches(str(name), [str(k) for k in known], n=1)
    fr = f"{kind_fr} inconnu(e) « {name} »" + (f" ; vouliez-vous dire « {close[0]} » ?" if close else "")
    en = f"unknown {kind_en} '{name}'" + (f"; did you mean '{close[0]}'?" if close else "")
    if not close and kind_en == "item":
        fr, en = fr + " : ajoutez-le au catalogue « items »", en + ": add it to the 'items' catalogue"
    return error(code, span, fr, en, fix=close[0] if close else None)


_SEVERITY_LABEL = {Severity.ERROR: ("", ""), Severity.WARNING: (" (avertissement)", " (warning)"),
                   Severity.NOTE: (" (note)", " (note)")}


def render_text(diags: list[Diagnostic], lang: str, sources: dict | None = None) -> str:
    """`file:line:col: CODE message`, one line a problem; with `sources` (file -> text),
    each line is followed by the source line and a caret under the column (ruff-style)."""
    lines = []
    for d in diags:
        line, col = d.span.human()
        sev = _SEVERITY_LABEL[d.severity][lang != "fr"]
        text = d.message.get(lang)
        if d.related:
            also = ", ".join("%d:%d" % r.human() for r in d.related)
            text += (" (voir aussi %s)" if lang == "fr" else " (see also %s)") % also
        # one problem, one line: a newline in a file name or a quoted value forges none
        lines.append(clean_line(f"{d.span.file}:{line}:{col}: {d.code}{sev} {text}"))
        if sources and d.span.line >= 0 and d.span.file in sources:
            lines.extend(_snippet(sources[d.span.file], d.span))
    return "\n".join(lines)


def _snippet(text: str, span: Span) -> list[str]:
    source = text.split("\n")
    if span.line >= len(source):
        return []
    number = str(span.line + 1)
    code = source[span.line].rstrip("\r").expandtabs(1)
    return [clean_line(f"  {number} | {code}"), f"  {' ' * len(number)} | {' ' * max(span.col, 0)}^"]


def summary(diags: list[Diagnostic], lang: str) -> str:
    """"2 erreurs, 1 avertissement" / "2 errors, 1 warning"."""
    errors = sum(d.severity is Severity.ERROR for d in diags)
    warnings = sum(d.severity is Severity.WARNING for d in diags)
    if lang == "fr":
        return (f"{errors} erreur{'s' if errors > 1 else ''}, "
                f"{warnings} avertissement{'s' if warnings > 1 else ''}")
    return f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}"


def render_json(diags: list[Diagnostic], lang: str) -> str:
    import json  # only this renderer needs it

    return json.dumps([d.to_json(lang) for d in diags], ensure_ascii=False, indent=2)


def render_github(diags: list[Diagnostic], lang: str) -> str:
    """GitHub Actions workflow commands, so problems show inline in a pull request.

    Escaped by GitHub's rules, so that no file name or message can end the command
    early and forge another (`::error ...`) or a property (`line=`)."""
    out = []
    for d in diags:
        line, col = d.span.human()
        kind = {Severity.ERROR: "error", Severity.WARNING: "warning"}.get(d.severity, "notice")
        props = f"file={_gh_property(d.span.file)},line={line},col={col},title={_gh_property(d.code)}"
        out.append(f"::{kind} {props}::{_gh_data(d.message.get(lang))}")
    return "\n".join(out)


def _gh_data(text: str) -> str:
    """A workflow command's message: `%`, CR and LF escaped (`%` first)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    """A workflow command's property value: as data, and `:` and `,` too."""
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


RENDERERS = {"text": render_text, "json": render_json, "github": render_github}


# What the system said, in French: `strerror` is the C library's English
# ("No such file or directory"), which a French sentence must not carry.
_OS_REASONS = {
    "ENOENT": "fichier ou dossier introuvable",
    "EACCES": "permission refusée",
    "EPERM": "opération non permise",
    "ENOSPC": "plus de place sur le disque",
    "EDQUOT": "quota de disque dépassé",
    "EISDIR": "c'est un dossier",
    "ENOTDIR": "un élément du chemin n'est pas un dossier",
    "EROFS": "disque en lecture seule",
    "EEXIST": "existe déjà",
    "ENAMETOOLONG": "nom trop long",
    "ELOOP": "trop de liens symboliques",
    "EIO": "erreur d'entrée-sortie",
    "EMFILE": "trop de fichiers ouverts",
    "EBADF": "descripteur de fichier invalide",
    "EFBIG": "fichier trop gros",
    "EBUSY": "ressource occupée",
    "ETXTBSY": "fichier occupé",
}


def os_reason(exc: BaseException) -> Message:
    """Why a file operation failed, as a Message: "permission refusée" / "Permission
    denied" (the English is the system's own words); an error the French table does not
    know is said by its number ("erreur système 71")."""
    import errno  # only this helper needs it

    code = getattr(exc, "errno", None)
    said = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    known = _OS_REASONS.get(errno.errorcode.get(code, "")) if isinstance(code, int) else None
    if known is not None:
        return Message(known, said)
    return Message(f"erreur système {code}" if isinstance(code, int) else "erreur système", said)
