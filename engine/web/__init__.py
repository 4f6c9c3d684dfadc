"""The web front end: the game in a browser (issue 34; docs/web.md).

What flows in: a loaded book and the REPL's `Session` over its `Game`; what flows out:
JSON views for the page, and the page itself.
- `api.py`: the session as JSON views (story lines, options with their stable numbers,
  sheet, fight, journal, slots) and the page's actions, checked;
- `labels.py`: the page's own words (controls, the author's preview), in French and English;
- `server.py`: `gamebook serve`'s HTTP side (Starlette): the page, the API, the token;
- `watch.py`: `--watch`, the author's live preview (reload, findings, jump, graph, odds);
- `export.py`: `gamebook export --format web`, the folder with Pyodide; `runtime.py` is
  what runs in the page there, `trace.py` what checks at export time that it can;
- `static/`: the page (HTML, CSS, plain JavaScript), served by a fixed list of names.
"""
