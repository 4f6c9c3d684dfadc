"""Playwright driving Debian's Chromium (/usr/bin/chromium: never a downloaded browser),
and `gamebook serve` run as the player runs it, on a free port of the loopback."""
from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.web.helpers import ROOT

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@contextlib.contextmanager
def chromium():
    from playwright.sync_api import sync_playwright
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium (.ci/run does)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@contextlib.contextmanager
def serving(book: Path, *words: str):
    """`gamebook serve BOOK --port 0 WORDS...`; yields (its URL, the process)."""
    proc = subprocess.Popen([sys.executable, "-m", "engine", "serve", str(book), "--port", "0", *words],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ))
    try:
        first = proc.stdout.readline()
        found = re.search(r"http://\S+/", first)
        assert found, first + proc.stderr.read() if proc.poll() is not None else first
        yield found.group(0), proc
    finally:
        proc.terminate()
        proc.wait(timeout=60)


def options(page) -> list[dict]:
    """The choice buttons as drawn: number, whether open, whether the default."""
    return page.eval_on_selector_all("#choices button", """buttons => buttons.map(b => ({
        n: Number(b.dataset.n), enabled: !b.disabled, default: b.classList.contains('default')}))""")


def move(shown: list[dict]) -> int:
    """The same move as tests/web/helpers.pick: the default, else the last open option."""
    open_ = [o for o in shown if o["enabled"]]
    return next((o for o in open_ if o["default"]), open_[-1])["n"]


def settled(page, timeout: float = 30_000) -> None:
    """Wait until the page has drawn the answer to the last action."""
    page.wait_for_function("() => window.gamebookIdle === true", timeout=timeout)


def saved_after(page, moves: int, slot: str, timeout: float = 30_000) -> str:
    """Make `moves` moves (tests/web/helpers.pick's), save in `slot` with the page's
    form; the paragraph saved at."""
    for _ in range(moves):
        page.click(f'#choices button[data-n="{move(options(page))}"]')
        settled(page, timeout)
    here = page.get_attribute("body", "data-paragraph")
    page.fill("#slot", slot)
    page.get_by_role("button", name="Sauver").click()
    settled(page, timeout)
    return here


WEB_TESTS = Path(__file__).resolve().parent
AXE = WEB_TESTS / "node_modules" / "axe-core" / "axe.min.js"


def axe_source() -> str:
    """axe-core from its npm package (tests/web/package.json, package-lock.json),
    installed by npm's own client the first time."""
    if not AXE.exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=WEB_TESTS, check=True,
                       capture_output=True, timeout=600)
    return AXE.read_text(encoding="utf-8")


@contextlib.contextmanager
def static_server(folder: Path):
    """A plain static file server over `folder` (Python's http.server) on a free port."""
    import http.server
    import threading
    from functools import partial

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:   # (no line on stderr per file served)
            pass
    handler = partial(Quiet, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


def offline(page, origin: str, asked: list) -> None:
    """The network off for the page: every request but to `origin` is aborted (and kept
    in `asked`, for the test to see that none was made)."""
    def route(r):
        if r.request.url.startswith(origin):
            return r.continue_()
        asked.append(r.request.url)
        return r.abort()
    page.route("**/*", route)
