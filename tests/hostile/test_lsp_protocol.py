"""A hostile editor against `gamebook lsp`, byte by byte (issue 30): an oversized
message, malformed headers, bad params, positions out of range and a closed input.

Each case runs the server in its own process under a memory limit, and each awaited
answer under a timeout (tests/hostile/_lsp_support.py): the timeouts only catch a
server that never answers, they time nothing.  Every case ends by checking that the
server still answers a plain request.
"""
from __future__ import annotations

import time

import pytest

from tests.hostile._lsp_support import Server, frame
from tests.lsp.books import DF
from tests.lsp.conftest import position_of

URI = "file:///tmp/hostile.yaml"
DOC = {"uri": URI}


@pytest.fixture
def server():
    s = Server()
    s.initialize()
    s.open(URI, DF)
    s.wait_for("textDocument/publishDiagnostics", uri=URI)
    yield s
    s.close()


def still_serving(server: Server) -> None:
    """A hover on a target shows that paragraph: the server reads and answers again."""
    at = position_of(DF, "to: 2,", 4)
    hover = server.request("textDocument/hover", {
        "textDocument": DOC, "position": {"line": at.line, "character": at.character}})
    assert "Un garde vous barre la route." in hover["result"]["contents"]["value"]


def error_for_unread(server: Server) -> dict:
    """The error response (id null) the server sends for a message it could not read."""
    while True:
        message = server.next_message(30)
        if "error" in message and message.get("id") is None:
            return message["error"]
        server.notes.append(message)


def test_an_oversized_message_is_skipped_with_an_error(server):
    server.raw(b"Content-Length: 1000000000000\r\n\r\n{}")
    error = error_for_unread(server)
    assert error["code"] == -32600 and "1000000000000" in error["message"]
    still_serving(server)
    assert server.proc.poll() is None


def test_a_real_oversized_message_is_read_through_without_keeping_it(server):
    from engine.support.limits import MAX_LSP_MESSAGE_BYTES
    body = b'{"jsonrpc": "2.0", "method": "x", "params": "' + b"a" * MAX_LSP_MESSAGE_BYTES + b'"}'
    server.raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    assert error_for_unread(server)["code"] == -32600
    still_serving(server)


@pytest.mark.parametrize("header", [
    b"Content-Length: abc\r\n\r\n{}",
    b"Content-Lenght: 2\r\n\r\n{}",
    b"garbage without a colon\r\n\r\n{}",
    b"Content-Length: 2\r\nX-" + b"y" * 100_000,   # a header that never ends
    b"\r\n\r\n",
])
def test_a_malformed_header_is_answered_and_does_not_wedge_the_server(server, header):
    server.raw(header + b"\r\n\r\n")
    assert error_for_unread(server)["code"] == -32700
    still_serving(server)


@pytest.mark.parametrize("params", [
    {"textDocument": DOC, "position": "here"},
    {"textDocument": DOC},
    {"textDocument": DOC, "position": {"line": -1, "character": 0}},
    {"textDocument": 12, "position": {"line": 0, "character": 0}},
    "not an object",
])
def test_a_request_with_bad_params_gets_an_error(server, params):
    answer = server.request("textDocument/hover", params)
    assert answer["error"]["code"] == -32602 and "textDocument/hover" in answer["error"]["message"]
    still_serving(server)


@pytest.mark.parametrize("body, code", [
    (b"{oops", -32700),
    (b'{"jsonrpc": "1.0", "id": 7, "method": "textDocument/hover", "params": {}}', -32600),
    (b"[1, 2, 3]", -32600),
    (b"[" * 100_000, -32700),
])
def test_a_message_that_is_no_request_gets_an_error(server, body, code):
    server.raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    while True:
        message = server.next_message(30)
        if "error" in message:
            break
    assert message["error"]["code"] == code
    still_serving(server)


def test_bad_notifications_and_unknown_methods_do_not_stop_it(server):
    server.notify("textDocument/didChange", {"textDocument": "nope"})
    server.notify("textDocument/didOpen", [])
    assert server.request("gamebook/nothing", {})["error"]["code"] == -32601
    still_serving(server)


@pytest.mark.parametrize("method, extra", [
    ("textDocument/hover", {}), ("textDocument/definition", {}), ("textDocument/completion", {}),
    ("textDocument/references", {"context": {"includeDeclaration": True}}),
    ("textDocument/prepareRename", {}), ("textDocument/rename", {"newName": "x"}),
])
@pytest.mark.parametrize("line, character", [(2147483647, 0), (2147483647, 2147483647), (3, 2147483647)])
def test_a_position_out_of_range_is_answered_at_once(server, method, extra, line, character):
    answer = server.request(method, {"textDocument": DOC, "position": {"line": line, "character": character},
                                     **extra}, timeout=10)
    assert "error" not in answer or answer["error"]["code"] == -32803   # a rename refused, saying why
    if line > DF.count("\n"):   # no such line: nothing there (past a line's end is its end)
        assert answer["result"] in (None, [])
    still_serving(server)


def big_book(paragraphs: int, language: str = "en") -> str:
    """A valid book of many small paragraphs (tens of thousands check for seconds)."""
    head = (f"gamebook: 1\ntitle: Big\nlanguage: {language}\nrules: defis-fantastiques\nstart: 1\n"
            "hero: {equipment: []}\nparagraphs:\n")
    body = "".join(f"  {n}:\n    text: Room {n}.\n    choices:\n      - {{text: Go on, to: {n + 1}}}\n"
                   for n in range(1, paragraphs))
    return head + body + f"  {paragraphs}: {{text: The end., end: victory}}\n"


@pytest.mark.parametrize("busy", [False, True])
def test_the_server_exits_when_its_input_closes(server, busy):
    if busy:   # a check of seconds under way in a worker thread is not waited for
        server.open("file:///tmp/big.yaml", big_book(40_000))
        time.sleep(1)
    server.proc.stdin.close()
    server.proc.wait(timeout=5)   # raises on a server still running
    assert server.proc.returncode == 0
