"""The JSON-RPC side of the server: pygls' protocol, made to answer every request and
to forget what it has handled.

Three faults of the pinned pygls (2.1) are fixed here, by overriding, not patching
(the third, the choice of a position encoding, is `lsp_initialize`'s docstring):

- pygls runs its built-in `didOpen`/`didChange`/`didClose` handlers as generators and
  files each one's future in `_request_futures` under a fresh uuid, which only a
  response to a *request* ever removes: a notification's future stays for ever,
  about 2 KB per keystroke (165 MB after 60,000 changes).  `_execute_handler` drops
  it once done.
- A message whose params do not fit the protocol (a `position` that is a string)
  makes pygls raise while decoding it; its loop logs the error and the editor waits
  for ever.  `deliver` decodes the message itself and answers such a request with a
  JSON-RPC error (invalid params, invalid request, parse error), as the spec says.

And a request whose handler fails unexpectedly is answered with one line, not with
the Python traceback pygls would send the editor (the traceback goes to stderr).
"""
from __future__ import annotations

import json
import logging

from lsprotocol import types as T
from pygls.exceptions import JsonRpcException
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

log = logging.getLogger(__name__)

# JSON-RPC 2.0 error codes
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603


class GamebookProtocol(LanguageServerProtocol):

    @lsp_method(T.INITIALIZE)
    def lsp_initialize(self, params: T.InitializeParams):
        """Columns are counted in UTF-16 only (engine/lsp/positions.py), the protocol's
        default that every client supports.  Offered another encoding first (Neovim
        offers UTF-8), pygls would choose it, and every column after an accent would be
        off by one: the offer is narrowed to UTF-16 before pygls reads it."""
        general = params.capabilities.general
        if general is not None and general.position_encodings:
            general.position_encodings = [T.PositionEncodingKind.Utf16]
        return (yield from super().lsp_initialize(params))

    def _execute_handler(self, msg_id, handler, callback, args=None, kwargs=None):
        super()._execute_handler(msg_id, handler, callback, args, kwargs)
        if getattr(callback, "func", None) == self._send_handler_result:
            return   # a client's request: removed when its answer is sent
        future = self._request_futures.get(msg_id)
        if future is not None:   # a notification's (or a step's) future: nobody else removes it
            future.add_done_callback(lambda _done: self._request_futures.pop(msg_id, None))

    def _send_handler_result(self, future, *, msg_id):
        """pygls answers a handler's unexpected exception with its traceback, which the
        editor shows to the author: the traceback goes to the server's log instead, and
        the answer is one line."""
        if future.done() and not future.cancelled():
            exc = future.exception()
            if exc is not None and not isinstance(exc, JsonRpcException):
                self._request_futures.pop(msg_id, None)
                log.error("request %s failed", msg_id, exc_info=exc)
                self.reply_error(msg_id, INTERNAL_ERROR, f"gamebook: {type(exc).__name__}: {exc}")
                return
        super()._send_handler_result(future, msg_id=msg_id)

    def reply_error(self, msg_id, code: int, message: str) -> None:
        """A JSON-RPC error response; `msg_id` None when the request's id could not be read."""
        self._send_data({"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}})

    def deliver(self, body: bytes, say) -> None:
        """Decode one message body and hand it to pygls; answer what cannot be handled.
        `say(fr, en)` is a message in the editor's language."""
        try:
            data = json.loads(body)
        except (ValueError, RecursionError) as exc:   # not JSON (or nested beyond reason)
            self.reply_error(None, PARSE_ERROR, say(f"message illisible (pas du JSON) : {exc}",
                                                    f"unreadable message (not JSON): {exc}"))
            return
        msg_id = data.get("id") if isinstance(data, dict) else None
        msg_id = msg_id if isinstance(msg_id, (int, str)) and not isinstance(msg_id, bool) else None
        request = isinstance(data, dict) and "id" in data and "method" in data
        if not isinstance(data, dict) or data.get("jsonrpc") != "2.0" or \
                ("method" in data and not isinstance(data["method"], str)):
            self.reply_error(msg_id, INVALID_REQUEST, say(
                "requête invalide : un objet JSON-RPC 2.0 est attendu",
                "invalid request: a JSON-RPC 2.0 object is expected"))
            return
        try:
            message = self.structure_message(data)
        except JsonRpcException as exc:
            if request:
                self.reply_error(msg_id, INVALID_PARAMS, say(
                    f"paramètres invalides pour {data['method']}", f"invalid params for {data['method']}"))
            else:
                log.error("unreadable notification %s: %s", data.get("method"), exc)
            return
        self.handle_message(message)
