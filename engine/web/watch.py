"""The author's live preview (`gamebook serve BOOK --watch`): the book reloaded when one
of its files is saved, the linter's findings in the page, and the author's tools.

A thread looks at the files of the book's folder (their size and modification time)
twice a second; on a change the book is loaded again (`load_book`, no cache) and:
- its diagnostics, in the page's language, each with the paragraph it stands in (the
  nearest `N:` key above its line in its file), so that a click jumps there;
- when it compiles, the game goes on in the new book from the same state when the
  save check accepts it (the paragraph still exists...), else starts again, saying so.
The tools: start at any paragraph with a chosen sheet (`--start/--set/--give` as
presets.build reads them), the paragraph graph (analysis/graph.py's HTML page) with
the current paragraph marked, and the exact odds of the fight in view (analysis/live).
"""
from __future__ import annotations

import html
import re
import threading
from pathlib import Path

from engine.support.safe_text import clean
from engine.web.labels import AUTHOR, labels, say

POLL = 0.5          # seconds between two looks at the files
MAX_FILES = 500     # a folder with more YAML files than that is not one book's
MAX_DIAGNOSTICS = 200
MERMAID = '<pre class="mermaid">'   # analysis/graph.py's page without Graphviz
KEY = re.compile(r"^\s{0,8}'?\"?(\d{1,6})'?\"?\s*:")   # a paragraph's key in YAML: `  12:`


class Author:
    """The --watch side of a serve: the watcher thread, the diagnostics, the tools."""

    def __init__(self, served, path: Path, args, make):
        # make(loaded, dice, banner, preset, lang, store, book_ref, offer): a WebGame
        # (commands/serve.py's web_game, given rather than imported: it imports this module)
        self.served, self.path, self.args, self.make = served, Path(path), args, make
        self.version = 0
        self.diagnostics: list = []
        self.signature = self._signature()
        self._stop = threading.Event()
        self._lint_now()
        self.thread = threading.Thread(target=self._watch, name="gamebook-watch", daemon=True)
        self.thread.start()

    @property
    def lang(self) -> str:
        return self.served.web.lang

    def stop(self) -> None:
        self._stop.set()

    # --- watching ------------------------------------------------------------------------
    def _signature(self) -> dict:
        folder, found = self.path.parent, {}
        for file in [self.path, *sorted(folder.rglob("*.yaml"))[:MAX_FILES]]:
            try:
                st = file.stat()
            except OSError:
                continue
            found[str(file)] = (st.st_mtime_ns, st.st_size)
        return found

    def _watch(self) -> None:
        while not self._stop.wait(POLL):
            now = self._signature()
            if now != self.signature:
                self.signature = now
                with self.served.lock:
                    self.reload()

    def _load(self):
        from engine.lint.loader import load_book
        return load_book(self.path, display=str(self.path), use_cache=False)

    def _lint_now(self) -> None:
        self.diagnostics = self._load().diagnostics

    def reload(self) -> None:
        """The book again, from its files: the findings, and the game kept when it can be."""
        from engine.saves import store as saves
        loaded = self._load()
        self.diagnostics = loaded.diagnostics
        self.version += 1
        web = self.served.web
        lines = [("info", say(self.lang, "reloaded", file=self.path.name))]
        if not loaded.ok:
            lines.append(("error", say(self.lang, "broken")))
            self.notice = lines
            return
        try:
            game, _ = saves.restore(loaded.book, loaded.module, saves.snapshot(web.game), web.lang)
            lines.append(("info", say(self.lang, "kept", n=game.state.paragraph)))
        except saves.SaveError as exc:
            game = None
            lines.append(("warning", say(self.lang, "restarted", why=exc.message.get(self.lang))))
        self._replace(loaded, game, lines)

    def _replace(self, loaded, game, lines) -> None:
        """A new WebGame over `game` (None: a new game of `loaded`), shown from its paragraph."""
        from engine.commands import play
        old = self.served.web
        dice, _ = play._dice(self.args)
        made = self.make(loaded, dice, ("seed", {"seed": 0}), getattr(self, "preset", None), old.lang,
                        old.session.store, str(self.path), offer=False)
        if isinstance(made, int):
            return
        if game is not None:
            made.session.replace_game(game, undoable=False)
        made.session.keep_previous = False
        made.started = True
        self.served.web = made
        self.notice = lines

    # --- the page's tools ----------------------------------------------------------------
    notice: list = []

    def act(self, action) -> dict:
        """`{"do": "version"}`: how many reloads so far (the page asks often);
        `{"do": "poll"}`: the view of the game now; `{"do": "jump", ...}`: a new game
        from a paragraph with a chosen sheet."""
        from engine.repl.render import Output
        web = self.served.web
        if isinstance(action, dict) and action.get("do") == "version":   # (asked every second)
            return {"version": self.version}
        if isinstance(action, dict) and action.get("do") == "jump":
            return self.jump(action)
        out = Output()
        for style, text in self.notice:
            out.line(text, "class:" + style)
        self.notice = []
        return web.view(out.extend(web.session.reread()), fresh=True)

    def jump(self, action: dict) -> dict:
        from engine.game.presets import PresetError, build
        from engine.repl.render import Output
        loaded = self._load()
        web = self.served.web
        if not loaded.ok:
            return web.view(Output().line(say(self.lang, "broken"), "class:error"))
        words = {k: action.get(k) if isinstance(action.get(k), str) else "" for k in ("start", "set", "give")}
        try:
            self.preset = build(loaded.book, loaded.module, words["start"].strip() or None,
                                words["set"].split(), words["give"].split())
        except PresetError as exc:
            return web.view(Output().line(exc.get(self.lang), "class:error"))
        self._replace(loaded, None, [])
        new = self.served.web
        self.notice = [("info", say(self.lang, "jumped", n=new.game.state.paragraph))]
        return self.act({"do": "poll"})

    def view(self) -> dict:
        """What the author panel shows with every view."""
        lang = self.lang
        return {"version": self.version,
                "labels": labels(lang, AUTHOR),
                "diagnostics": [self._diagnostic(d) for d in self.diagnostics[:MAX_DIAGNOSTICS]],
                "odds": self.odds()}

    def _diagnostic(self, d) -> dict:
        line, col = d.span.human()
        where = f"{Path(d.span.file).name}:{line}:{col}" if line else Path(d.span.file).name
        return {"severity": d.severity.value, "code": d.code,
                "text": clean(f"{where} {d.code} {d.message.get(self.lang)}"),
                "paragraph": paragraph_at(d.span.file, d.span.line)}

    def odds(self) -> str | None:
        from engine.analysis.live import live_odds, live_text
        game = self.served.web.game
        try:
            return clean(live_text(game, self.lang)) if live_odds(game) is not None else None
        except Exception:   # noqa: BLE001 (a fight the solver cannot take: no odds shown, the game goes on)
            return None

    def graph(self) -> str:
        """The book's graph page, the current paragraph marked."""
        from engine.analysis import graph as G
        web = self.served.web
        page = G.to_html(G.book_graph(web.game.book, web.game.module, self.lang), self.lang)
        return mark(page, web.game.state.paragraph, self.lang)


def paragraph_at(file: str, line: int) -> int | None:
    """The paragraph whose YAML block holds `line` (0-based) of `file`: the nearest
    paragraph key above it, or None (the book's header, an unreadable file)."""
    if line < 0:
        return None
    try:
        rows = Path(file).read_text(encoding="utf-8").splitlines()[:line + 1]
    except (OSError, UnicodeDecodeError):
        return None
    for row in reversed(rows):
        found = KEY.match(row)
        if found and not row.startswith(("paragraphs", " " * 9)):
            return int(found.group(1))
        if row and not row[0].isspace():   # a top-level key: above the paragraphs
            return None
    return None


def mark(page: str, paragraph: int, lang: str = "fr") -> str:
    """The graph page with the node of `paragraph` marked: in Graphviz's SVG, its node
    (`<title>p12</title>`) filled; in the Mermaid text (no Graphviz), a `current` class
    given to `p12` (drawn so by any Mermaid editor) and a line above saying which."""
    style = ("<style>.current ellipse,.current polygon{fill:#ffd54f;stroke:#7a3b00;stroke-width:3}"
             "</style>")
    page = page.replace("</head>", style + "</head>", 1)
    if MERMAID in page and re.search(r"^  p%d[\[({]" % paragraph, page, re.MULTILINE):
        head, rest = page.split(MERMAID, 1)
        text, tail = rest.split("</pre>", 1)
        text += (f"  classDef current fill:#ffd54f,stroke:#7a3b00,stroke-width:3px\n"
                 f"  class p{paragraph} current\n")
        note = f'<p class="note" id="current">{html.escape(say(lang, "graph-current", n=paragraph))}</p>\n'
        return head + note + MERMAID + text + "</pre>" + tail
    return re.sub(r'<g id="(node\d+)" class="node">(\s*<title>p%d</title>)' % paragraph,
                  r'<g id="\1" class="node current" aria-current="step">\2', page, count=1)
