"""A raw-protocol client for the hostile language-server tests (tests/hostile/test_lsp_*.py).

pytest-lsp speaks correct LSP only; a hostile editor does not.  `Server` starts
`python -m engine lsp` in a child process under a memory limit (RLIMIT_AS), writes
whatever bytes a test wants to its standard input, and reads its framed answers in
a thread, so that every wait has a timeout: a server that hangs, dies or grows
fails the test instead of blocking the suite.  `rss()` reads the child's resident
memory from /proc (Linux).
"""
from __future__ import annotations

import json
import os
import queue
import resource
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MEMORY = 2 * 1024 ** 3   # address space of the server (its threads reserve stacks)
WAIT = 30.0              # seconds before an awaited answer counts as never sent



def frame(obj) -> bytes:
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Server:
    """`gamebook lsp` in a bounded child process, driven message by message."""

    def __init__(self, env: dict | None = None, memory: int = MEMORY):
        def limit():
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "engine", "lsp"], cwd=ROOT, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=limit,
            env={**os.environ, "PYTHONPATH": str(ROOT), "GAMEBOOK_NO_CACHE": "1", **(env or {})})
        self.messages: queue.Queue = queue.Queue()
        self.notes: list[dict] = []   # notifications and requests from the server, in order
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    # --- writing -----------------------------------------------------------
    def raw(self, data: bytes) -> None:
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def notify(self, method: str, params) -> None:
        self.raw(frame({"jsonrpc": "2.0", "method": method, "params": params}))

    def send(self, method: str, params) -> int:
        self.next_id += 1
        self.raw(frame({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}))
        return self.next_id

    def request(self, method: str, params, timeout: float = WAIT) -> dict:
        """The whole response (with `result` or `error`) to one request."""
        return self.answer(self.send(method, params), timeout)

    def initialize(self, **params) -> dict:
        result = self.request("initialize", {"capabilities": {}, **params})["result"]
        self.notify("initialized", {})
        return result

    def open(self, uri: str, text: str) -> None:
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": 1, "text": text}})

    # --- reading -----------------------------------------------------------
    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
                elif line in (b"\r\n", b"\n") and length is not None:
                    break
            self.messages.put(json.loads(out.read(length)))

    def answer(self, request_id: int, timeout: float = WAIT) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            message = self.next_message(deadline - time.monotonic())
            if message.get("id") == request_id and "method" not in message:
                return message
            self.notes.append(message)

    def next_message(self, timeout: float) -> dict:
        try:
            message = self.messages.get(timeout=max(timeout, 0.001))
        except queue.Empty:
            raise AssertionError(f"the server sent nothing for {timeout:.0f} s") from None
        if message is None:
            raise AssertionError("the server closed its output: " + self.stderr_tail())
        return message

    def wait_for(self, method: str, timeout: float = WAIT, **match) -> dict:
        """The first notification `method` (already received or next) whose params match."""
        def fits(m):
            return m.get("method") == method and all(m["params"].get(k) == v for k, v in match.items())
        for m in self.notes:
            if fits(m):
                self.notes.remove(m)
                return m
        deadline = time.monotonic() + timeout
        while True:
            m = self.next_message(deadline - time.monotonic())
            if fits(m):
                return m
            self.notes.append(m)

    # --- the process -------------------------------------------------------
    def rss(self) -> int:
        """Resident memory of the server, in bytes."""
        with open(f"/proc/{self.proc.pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        raise AssertionError("no VmRSS")

    def stderr_tail(self) -> str:
        if self.proc.poll() is None:
            return "(still running)"
        return self.proc.stderr.read().decode(errors="replace")[-2000:]

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                stream.close()
            except OSError:
                pass
