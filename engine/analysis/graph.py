"""The paragraph graph of a book as data, and its DOT, Mermaid, SVG and HTML renderings.

`book_graph(book, module)` gathers what an author wants to see: every paragraph
(endings by kind, the activities a module starts there such as combats and dice
tests, paragraphs the static graph cannot reach) and every exit (conditions written
on choices, computed and hidden jumps drawn dashed).  Exits whose target cannot be
known without playing lead to a "?" node.  The renderers are pure functions of that
data; only `to_svg` runs a program (Graphviz's `dot`).

Every output is well-formed for its format whatever the book's text: the title and the
labels are made safe once, when the graph is built (`_safe`: control characters and
what XML cannot hold at all, shown as `\\uXXXX` as on the terminal; a NUL never gets
this far, the reader refuses it), and each renderer escapes for its own syntax.  In
DOT, `&` is written `&amp;`: Graphviz reads entities in its strings and copies some
of them raw into the SVG it makes (a title `R&D;` gave an SVG no XML parser accepts).
"""
from __future__ import annotations

import html
import re
import shutil
import subprocess
from dataclasses import dataclass, field

from engine import expr as X
from engine.analysis import graph_legend as legend
from engine.lint.checks import graph as static_graph, reachable
from engine.support.safe_text import clean

UNKNOWN = "?"
COLOURS = {"death": "#f4b6b6", "victory": "#b9e4b0", "start": "#cfe0fa", "unreachable": "#d9d9d9"}


@dataclass(frozen=True)
class Node:
    number: int
    ending: str | None            # "death" | "victory" | None
    activities: tuple[str, ...]   # module activity fields present (combat, test...)
    start: bool = False
    unreachable: bool = False
    problems: tuple[str, ...] = ()   # the codes of the errors written in this paragraph


@dataclass(frozen=True)
class Edge:
    source: int
    target: int | str             # a paragraph number, or UNKNOWN
    kind: str
    label: str
    dashed: bool


@dataclass
class BookGraph:
    title: str
    nodes: list[Node] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    complete: bool = True         # every target is known statically
    lang: str = "en"              # of the labels and the legend


def book_graph(book, module, lang: str = "fr", problems: dict | None = None) -> BookGraph:
    """The graph of `book`; unreachable paragraphs are marked only when every
    target is known (a computed jump could lead anywhere).  `problems` (paragraph ->
    codes) marks the paragraphs of a book with errors, which still draws."""
    edges = static_graph(book, module)
    out = BookGraph(_safe(book.title), lang="fr" if lang == "fr" else "en")
    for n, outs in edges.items():
        p = book.paragraphs[n]
        ways = [c for c in p.choices if not c.stay]   # (format 1.2: an action is no way out)
        conditions = [c.condition for c in ways]
        for i, (ex, target) in enumerate(outs):
            label = _label(ex, conditions[i] if ex.kind == "choice" and i < len(conditions) else None, lang)
            if ex.kind == "choice" and i < len(ways):
                label += _marks(ways[i], book, lang)
            if target is None:
                out.complete = False
                label = f"{label} [{X.describe(ex.target, lang)}]" if ex.target is not None else label
            out.edges.append(Edge(n, UNKNOWN if target is None else target, ex.kind, _safe(label),
                                  ex.dashed or target is None))
        out.edges += _actions(n, p, book, lang)
    seen = reachable(book, edges) if out.complete else set(book.paragraphs)
    for n, p in sorted(book.paragraphs.items()):
        acts = tuple(f for f in module.activity_fields if f in p.fields)
        ending = p.end or next((a.end for a in p.auto if a.end), None) or \
            next((e for e in p.outcome_ends.values() if e != "continue"), None)   # (1.1 `auto`, 1.2 outcomes)
        out.nodes.append(Node(n, ending, acts, n == book.start, n not in seen,
                              tuple((problems or {}).get(n, ()))))
    out.edges = merged(out.edges)
    return out


def merged(edges: list[Edge]) -> list[Edge]:
    """Several ways from one paragraph to another (a loop back to itself most often)
    drawn as one edge: up to five labels one under the other, else the first four and
    the count, so that their labels never pile up into an unreadable band."""
    groups: dict = {}
    for e in edges:
        groups.setdefault((e.source, e.target, e.dashed), []).append(e)
    out = []
    for (source, target, dashed), group in groups.items():
        if len(group) == 1:
            out.append(group[0])
            continue
        labels = [e.label for e in group]
        label = "\n".join(labels if len(labels) <= 5 else labels[:4] + [f"… (×{len(labels)})"])
        out.append(Edge(source, target, group[0].kind, label, dashed))
    return out

_NOT_XML = re.compile("[\ud800-\udfff\ufffe\uffff]")   # (controls: `clean`)


def _safe(text: str) -> str:
    """`text` without a character a terminal obeys or XML 1.0 refuses, each shown as
    the visible `\\uXXXX` (engine/support/safe_text.py)."""
    return _NOT_XML.sub(lambda m: f"\\u{ord(m.group()):04x}", clean(text))


def _actions(n: int, p, book, lang: str) -> list:
    """Format 1.2: each action choice (`stay: true`) as a dashed loop on its paragraph."""
    word = "action : " if lang == "fr" else "action: "
    return [Edge(n, n, "action", _safe(f"{word}{c.text}" + _marks(c, book, lang)), True)
            for c in p.choices if c.stay]


def _marks(choice, book, lang: str) -> str:
    """Format 1.1: a once-only choice, a choice hidden when its condition fails."""
    from engine.game.reasons import show_mode
    marks = []
    if choice.once:
        marks.append("une fois" if lang == "fr" else "once")
    if choice.condition is not None and show_mode(book, choice) == "hidden":
        marks.append("caché" if lang == "fr" else "hidden")
    return f" ({', '.join(marks)})" if marks else ""


def _label(ex, condition, lang: str) -> str:
    if ex.kind == "choice":
        text = _short(ex.label)
        return f"{text} [si {X.describe(condition, 'fr')}]" if condition is not None and lang == "fr" \
            else f"{text} [if {X.describe(condition, 'en')}]" if condition is not None else text
    if ex.kind not in ("random", "auto", "puzzle") and lang != "fr":
        return ex.kind   # a module's exit: its French word ("victoire") is the kind's ("win")
    return f"{ex.kind}: {ex.label}" if ex.label and ex.label != ex.kind else ex.kind


def _short(text: str, width: int = 28) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width - 1] + "…"


def _node_caption(node: Node) -> str:
    parts = [str(node.number)] + list(node.activities)
    if node.ending:
        parts.append(node.ending)
    parts += [f"⚠ {code}" for code in node.problems]
    return "\n".join(parts)


PROBLEM = "#d00000"


# --- DOT ---------------------------------------------------------------------------
def _dot_quote(text: str) -> str:
    text = text.replace("&", "&amp;").replace("\\", "\\\\").replace('"', '\\"')
    return '"' + text.replace("\n", "\\n") + '"'


def _dot_node(node: Node) -> str:
    attrs = {"label": _node_caption(node), "shape": "box"}
    if node.activities:
        attrs["shape"] = "octagon" if "combat" in node.activities else "diamond"
    fill = COLOURS.get(node.ending or "") or (COLOURS["unreachable"] if node.unreachable else
                                              COLOURS["start"] if node.start else None)
    if fill:
        attrs.update(style="filled", fillcolor=fill)
    if node.unreachable:
        attrs.update(style="filled,dashed", color="#888888")
    if node.ending:
        attrs["shape"] = "doublecircle" if node.ending == "victory" else "Mcircle"
    if node.problems:
        attrs.update(color=PROBLEM, fontcolor=PROBLEM, penwidth="2")
    return f"  p{node.number} [" + ", ".join(f"{k}={_dot_quote(v)}" for k, v in attrs.items()) + "];"


def to_dot(g: BookGraph) -> str:
    lines = [f"digraph {_dot_quote(g.title)} {{", '  rankdir=TB;',
             '  node [fontname="Helvetica", fontsize=11];',
             '  edge [fontname="Helvetica", fontsize=9];']
    lines += [_dot_node(n) for n in g.nodes]
    if not g.complete:
        lines.append(f'  unknown [label="{UNKNOWN}", shape=circle, style=dashed];')
    known = {n.number for n in g.nodes}
    for e in g.edges:
        target = "unknown" if e.target == UNKNOWN else f"p{e.target}"
        if e.target != UNKNOWN and e.target not in known:
            lines.append(f'  p{e.target} [label="{e.target} ?", color=red, fontcolor=red];')
        style = ", style=dashed" if e.dashed else ""
        lines.append(f"  p{e.source} -> {target} [label={_dot_quote(e.label)}{style}];")
    lines += legend.dot(g.lang, COLOURS, PROBLEM, _dot_quote)
    lines.append("}")
    return "\n".join(lines) + "\n"


# --- Mermaid -------------------------------------------------------------------------
_MM_ENTITIES = (("#", "#35;"), ('"', "#quot;"), ("<", "#lt;"), (">", "#gt;"), ("|", "#124;"),
                ("&", "#amp;"))


def _mm_text(text: str) -> str:
    """Mermaid's own entity codes (`#quot;`), then its line break."""
    for char, code in _MM_ENTITIES:
        text = text.replace(char, code)
    return text.replace("\n", "<br/>")


def to_mermaid(g: BookGraph) -> str:
    lines = ["flowchart TD"]
    for n in g.nodes:
        cap = _mm_text(_node_caption(n))
        if n.ending:
            lines.append(f'  p{n.number}(("{cap}"))')
        elif n.activities:
            lines.append(f'  p{n.number}{{{{"{cap}"}}}}')
        else:
            lines.append(f'  p{n.number}["{cap}"]')
    if not g.complete:
        lines.append(f'  unknown(("{UNKNOWN}"))')
    for e in g.edges:
        target = "unknown" if e.target == UNKNOWN else f"p{e.target}"
        arrow = "-.->" if e.dashed else "-->"
        label = f'|"{_mm_text(e.label)}"|' if e.label else ""
        lines.append(f"  p{e.source} {arrow}{label} {target}")
    lines += _mermaid_classes(g)
    lines += legend.mermaid(g.lang, _mm_text)
    return "\n".join(lines) + "\n"


def _mermaid_classes(g: BookGraph) -> list[str]:
    lines = [f"  classDef {k} fill:{v},stroke:#555" for k, v in COLOURS.items()]
    lines[-1] += ",stroke-dasharray:4 3"
    lines.append("  classDef activity stroke:#c05800,stroke-width:2px")
    lines.append(f"  classDef problem stroke:{PROBLEM},color:{PROBLEM},stroke-width:3px")
    for n in g.nodes:
        cls = n.ending or ("unreachable" if n.unreachable else "start" if n.start else None)
        if cls:
            lines.append(f"  class p{n.number} {cls}")
        if n.activities and not n.ending:
            lines.append(f"  class p{n.number} activity")
        if n.unreachable and n.ending:
            lines.append(f"  class p{n.number} unreachable")
        if n.problems:
            lines.append(f"  class p{n.number} problem")
    return lines


# --- SVG and HTML ---------------------------------------------------------------------
class GraphvizMissing(RuntimeError):
    """Graphviz's `dot` program is not installed."""


class GraphvizFailed(RuntimeError):
    """Graphviz's `dot` ran but made no SVG; the message is its own (cleaned on output)."""


def dot_program() -> str | None:
    return shutil.which("dot")


def to_svg(g: BookGraph) -> str:
    """Render with Graphviz; raises GraphvizMissing when `dot` is not on PATH."""
    program = dot_program()
    if program is None:
        raise GraphvizMissing("dot")
    try:
        done = subprocess.run([program, "-Tsvg"], input=to_dot(g).encode("utf-8"),
                              capture_output=True, check=True, timeout=120)
    except subprocess.CalledProcessError as exc:   # its own first line says why
        raise GraphvizFailed(exc.stderr.decode("utf-8", "replace").strip().split("\n")[0][:200]) from None
    except (subprocess.TimeoutExpired, OSError) as exc:
        raise GraphvizFailed(str(exc)[:200]) from None
    return done.stdout.decode("utf-8", "replace")


def to_html(g: BookGraph, lang: str = "fr") -> str:
    """A self-contained page: the SVG when Graphviz is installed, else the Mermaid
    text, with a note that it needs mermaid.js (the page loads nothing from the network)."""
    title = html.escape(g.title)
    try:
        body = to_svg(g)
        body = body[body.find("<svg"):]
    except GraphvizMissing:
        note = ("Ce graphe est écrit en Mermaid : il faut mermaid.js pour le dessiner "
                "(cette page ne charge rien depuis le réseau). Collez le texte dans un éditeur "
                "Mermaid, ou installez Graphviz et relancez pour obtenir un SVG intégré."
                if lang == "fr" else
                "This graph is written in Mermaid: it needs mermaid.js to be drawn "
                "(this page loads nothing from the network). Paste the text into a Mermaid "
                "editor, or install Graphviz and run again to get an embedded SVG.")
        body = f'<p class="note">{html.escape(note)}</p>\n<pre class="mermaid">\n' \
               f"{html.escape(to_mermaid(g))}</pre>"
    return (f'<!DOCTYPE html>\n<html lang="{lang}">\n<head><meta charset="utf-8">'
            f"<title>{title}</title>\n<style>body{{font-family:sans-serif;margin:1em}}"
            f".note{{background:#fff3cd;padding:.5em}}</style></head>\n"
            f"<body>\n<h1>{title}</h1>\n{body}\n</body>\n</html>\n")


RENDERERS = {"dot": to_dot, "mermaid": to_mermaid, "svg": to_svg}
