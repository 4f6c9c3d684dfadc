"""The language server under load for a minute (issue 30's soak), marked `slow`.

- 60,000 `didChange` at 1,000 a second: the server's resident memory comes back
  within 10 % of where it started.  Memory is measured, not timed: the baseline is
  taken after the book is opened, checked and edited 2,000 times (lazy imports and
  the bounded caches are then full), the end after the last check and a settle.
- A 100,000-paragraph book answers hover in under a second while it is opened,
  after a keystroke and while its save is being checked.  That is the issue's
  requirement, asserted as is: the hover itself takes milliseconds here (a margin
  of 10 to 100 times on a quiet machine); the checks, seconds each, run in a worker
  thread and are what the assertion guards against waiting for.
"""
from __future__ import annotations

import time

import pytest

from tests.hostile._lsp_support import Server
from tests.hostile.test_lsp_protocol import big_book
from tests.lsp.books import DF

pytestmark = pytest.mark.slow


def change(server: Server, uri: str, version: int, text: str) -> None:
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                             "contentChanges": [{"text": text}]})


def test_memory_comes_back_after_60000_changes():
    server = Server()
    try:
        server.initialize()
        uri = "file:///tmp/soak.yaml"
        server.open(uri, DF)
        server.wait_for("textDocument/publishDiagnostics", uri=uri)
        version = 1
        for i in range(2_000):   # warm-up
            version += 1
            change(server, uri, version, DF.replace("Une porte close", f"Une porte {i} close"))
        time.sleep(1)
        server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
        before = server.rss()
        start = time.monotonic()
        for i in range(60_000):
            version += 1
            change(server, uri, version, DF.replace("Une porte close", f"Une porte {i} close"))
            if i % 5_000 == 4_999:
                time.sleep(0.3)   # past the debounce: a check runs, a new snapshot replaces the last
            ahead = start + (i + 1) / 1_000 - time.monotonic()
            if ahead > 0:
                time.sleep(ahead)
        symbols = server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
        assert [s["name"] for s in symbols["result"]] == ["§1", "§2", "§3", "§4"]
        time.sleep(2)   # settle
        after = server.rss()
        print(f"RSS before {before / 2**20:.1f} MiB, after 60,000 changes {after / 2**20:.1f} MiB")
        assert after <= before * 1.10, (before, after)
    finally:
        server.close()


def timed_hover(server: Server, uri: str, line: int, character: int) -> tuple[float, dict]:
    start = time.monotonic()
    answer = server.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                   "position": {"line": line, "character": character}})
    return time.monotonic() - start, answer


def test_a_100000_paragraph_book_answers_hover_in_under_a_second():
    server = Server(memory=3 * 1024 ** 3)
    try:
        server.initialize(locale="fr-FR")
        uri, text = "file:///tmp/big.yaml", big_book(100_000)
        lines = text.split("\n")
        line = lines.index("      - {text: Go on, to: 50001}")
        column = lines[line].index("50001") + 1
        server.open(uri, text)
        took, _answer = timed_hover(server, uri, line, column)   # its first check is under way
        assert took < 1.0, took
        diagnostics = server.wait_for("textDocument/publishDiagnostics", timeout=240, uri=uri)
        assert diagnostics["params"]["diagnostics"] == []
        notice = server.wait_for("window/showMessage")["params"]["message"]
        assert "too large for live checking" in notice   # the book is English, the editor French
        edited = text.replace("text: Room 7.", "text: Room seven.")
        change(server, uri, 2, edited)   # a keystroke: no check
        took, answer = timed_hover(server, uri, line, column)
        assert took < 1.0, took
        assert "Room 50001." in answer["result"]["contents"]["value"]
        server.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
        time.sleep(0.5)   # the check of the save is running
        took_during_check, answer = timed_hover(server, uri, line, column)
        assert took_during_check < 1.0, took_during_check
        assert "Room 50001." in answer["result"]["contents"]["value"]
        print(f"hover {took:.3f} s after a keystroke, {took_during_check:.3f} s while the save is "
              f"checked; RSS {server.rss() / 2**20:.0f} MiB")
        server.wait_for("textDocument/publishDiagnostics", timeout=240, uri=uri)
    finally:
        server.close()
