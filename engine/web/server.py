"""`gamebook serve`'s HTTP side: the page (static/) and the game's JSON API.

Starlette routes, run by uvicorn on the loopback.  What keeps another page from
driving the game: every API call carries the run's token (random, made at start,
written into the page served at `/`) in a header; a page of another origin can
neither read that page nor send that header without a CORS preflight, which is
never granted.  The Host header must be the one served (no DNS rebinding).  Static
files come only from this package's static/ folder, by a fixed list of names.
"""
from __future__ import annotations

import json
import secrets
import threading
from dataclasses import dataclass, field
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route

STATIC = Path(__file__).resolve().parent / "static"
FILES = {"app.js": "text/javascript", "style.css": "text/css"}
TOKEN_HEADER = "x-gamebook-token"
MAX_BODY = 64 * 1024
HEADERS = {   # no framing, no sniffing, and the page may only load its own files
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; "
                               "base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


@dataclass
class Served:
    """What one run serves: the game, its token, the hosts it answers to, and the
    author's tools when `--watch` is on (watch.py)."""
    web: object                      # api.WebGame (replaced on a reload)
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    hosts: frozenset = frozenset()   # "127.0.0.1:8000", "localhost:8000"
    author: object | None = None     # watch.Author when --watch
    lock: threading.Lock = field(default_factory=threading.Lock)


def app(served: Served) -> Starlette:
    async def page(request: Request) -> Response:
        if not _host_ok(request, served):
            return _refused(421)
        html = (STATIC / "index.html").read_text(encoding="utf-8")
        # the token as a meta tag: the only way a script gets it is by reading this page,
        # which another origin cannot do
        html = html.replace("{{TOKEN}}", served.token).replace("{{MODE}}", "server").replace("{{BOOT}}", "").replace("{{CSP}}", "")
        return HTMLResponse(html, headers=HEADERS)

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in FILES or not _host_ok(request, served):
            return _refused(404)
        return FileResponse(STATIC / name, media_type=FILES[name], headers=HEADERS)

    async def api(request: Request) -> Response:
        if not _host_ok(request, served) or not secrets.compare_digest(
                request.headers.get(TOKEN_HEADER, ""), served.token):
            return _refused(403)
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            return _refused(415)
        body = await request.body()
        if len(body) > MAX_BODY:
            return _refused(413)
        try:
            action = json.loads(body or b"{}")
        except ValueError:
            return _refused(400)
        with served.lock:   # one action at a time: the game is one player's
            view = _answer(served, request.path_params["what"], action)
        if view is None:
            return _refused(404)
        return JSONResponse(view, headers=HEADERS)

    async def graph(request: Request) -> Response:
        if served.author is None or not _host_ok(request, served):
            return _refused(404)
        with served.lock:
            html = served.author.graph()
        # the graph page's own inline style, and nothing else
        return HTMLResponse(html, headers={**HEADERS, "Content-Security-Policy":
                                           "default-src 'none'; style-src 'unsafe-inline'"})

    return Starlette(routes=[
        Route("/", page), Route("/static/{name}", static), Route("/author/graph", graph),
        Route("/api/{what}", api, methods=["POST"]),
    ])


def _answer(served: Served, what: str, action) -> dict | None:
    if what == "start":
        view = served.web.view_now()
    elif what == "act":
        view = served.web.act(action)
    elif what == "author" and served.author is not None:
        view = served.author.act(action)
    else:
        return None
    if served.author is not None and "lines" in view:
        view["author"] = served.author.view()
    return view


def _host_ok(request: Request, served: Served) -> bool:
    return not served.hosts or request.headers.get("host", "") in served.hosts


def _refused(status: int) -> Response:
    return Response(status_code=status, headers=HEADERS)
