"""Time the language server's re-check of a book after an edit (target: under 100 ms
for 400 paragraphs).

Usage: python -m tools.bench_lsp [--runs N] [--sizes 400,2000] [--hover-only]

For each size, a synthetic book (tools/gen_book.py) is opened once, then edited
N times, each edit a word changed in the text of a different paragraph; each
re-check runs what the server runs after a change (`engine.lsp.state.analyse`
with the book's incremental parser: parse, schema, compile, the whole lint) and
must find the same diagnostics as a full check.  Printed: the median and best
wall time and the median CPU time of a re-check, and the same for a cold check
(no parser cache), for comparison.  Then the same edits through the protocol:
`python -m engine lsp` started as an editor would, a `didChange` sent, the time
until its `publishDiagnostics` arrives (the debounce set to 0 for this).  The
machine's load average comes first: on a shared machine wall times vary, CPU time
much less.

Then the hover on every fight of the bundled books (issue 32: within 300 ms): a
server with an empty fight cache (GAMEBOOK_CACHE_DIR, a temporary folder) answers a
first hover (a placeholder: the fight is solved in the background), then, once solved,
a hover from memory; a second server on the same cache answers a first hover from the
cache on disk.  Printed: the median and worst latency of each, and the median and worst
time from the first hover to the odds shown (the background solve).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.lsp.incremental import Parser  # noqa: E402
from engine.lsp.state import analyse  # noqa: E402
from tools.gen_book import book  # noqa: E402


def edits(text: str, runs: int) -> list[str]:
    """`runs` versions of `text`, each with one word of a different paragraph changed."""
    out, start = [], 0
    for i in range(runs):
        at = text.find(" pierre ", text.find(f"\n  {1 + (i * 37) % 390}:\n", start) + 1)
        out.append(text[:at] + f" pierre{i} " + text[at + len(" pierre "):])
    return out


def timed(fn) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def bench(size: int, runs: int) -> None:
    text = book(size)
    parser = Parser()
    analyse("file:///bench.yaml", text, "bench.yaml", parser)
    warm, cold = [], []
    for version in edits(text, runs):
        snap = None

        def again():
            nonlocal snap
            snap = analyse("file:///bench.yaml", version, "bench.yaml", parser)
        warm.append(timed(again))
        full = []
        cold.append(timed(lambda: full.append(analyse("file:///bench.yaml", version, "bench.yaml"))))
        if snap.diagnostics != full[0].diagnostics:
            raise SystemExit("the incremental re-check found other diagnostics than a full check")
    for name, times in (("re-check after an edit", warm), ("check from scratch", cold)):
        walls, cpus = [w for w, _ in times], [c for _, c in times]
        print(f"{size:>6} paragraphs  {name:<24} median {statistics.median(walls) * 1000:7.1f} ms"
              f"  best {min(walls) * 1000:7.1f} ms  cpu {statistics.median(cpus) * 1000:7.1f} ms")


async def _round_trips(text: str, versions: list[str]) -> list[float]:
    """Seconds from each `didChange` to the diagnostics it causes, over stdio."""
    import asyncio

    from lsprotocol import types as T
    from pygls.lsp.client import BaseLanguageClient
    client = BaseLanguageClient("bench", "1")
    arrived = asyncio.Event()

    @client.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def _diagnostics(params):
        arrived.set()
    root = str(Path(__file__).resolve().parent.parent)
    env = dict(os.environ, GAMEBOOK_LSP_DEBOUNCE="0", PYTHONPATH=root)
    await client.start_io(sys.executable, "-m", "engine", "lsp", env=env)
    await client.initialize_async(T.InitializeParams(capabilities=T.ClientCapabilities()))
    client.initialized(T.InitializedParams())
    uri = "file:///bench.yaml"
    client.text_document_did_open(T.DidOpenTextDocumentParams(
        T.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)))
    await asyncio.wait_for(arrived.wait(), 120)
    times = []
    for n, version in enumerate(versions, 2):
        arrived.clear()
        start = time.perf_counter()
        client.text_document_did_change(T.DidChangeTextDocumentParams(
            T.VersionedTextDocumentIdentifier(version=n, uri=uri),
            [T.TextDocumentContentChangeWholeDocument(text=version)]))
        await asyncio.wait_for(arrived.wait(), 120)
        times.append(time.perf_counter() - start)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return times


def round_trip(size: int, runs: int) -> None:
    import asyncio
    text = book(size)
    walls = asyncio.run(_round_trips(text, edits(text, runs)))
    label = "edit -> diagnostics (LSP)"
    print(f"{size:>6} paragraphs  {label:<24} median {statistics.median(walls) * 1000:7.1f} ms"
          f"  best {min(walls) * 1000:7.1f} ms")


PLACEHOLDERS = ("Calcul des chances en cours", "Computing the odds")
BOOKS = Path(__file__).resolve().parent.parent / "books"


def fights() -> list[tuple[Path, Path, int, int]]:
    """(book, file, line, column) of each `combat:` of the bundled books, included files too."""
    out = []
    for book in sorted(BOOKS.glob("*.yaml")):
        folder = BOOKS / book.stem
        for file in [book] + (sorted(folder.glob("*.yaml")) if folder.is_dir() else []):
            for n, line in enumerate(file.read_text(encoding="utf-8").splitlines()):
                if line.strip().startswith("combat:"):
                    out.append((book, file, n, line.index("combat:") + 1))
    return out


async def _hovers(cache: str, solve: bool) -> dict[str, list[float]]:
    """Seconds of each hover on every fight; with `solve`, the cached hover and the solve too."""
    import asyncio

    from lsprotocol import types as T
    from pygls.lsp.client import BaseLanguageClient
    client = BaseLanguageClient("bench", "1")
    checked: set = set()

    @client.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def _diagnostics(params):
        checked.add(params.uri)

    @client.feature(T.WINDOW_LOG_MESSAGE)
    def _logged(params):   # "computing the odds of §N…": counted by the placeholders instead
        pass
    root = str(Path(__file__).resolve().parent.parent)
    env = dict(os.environ, GAMEBOOK_LSP_DEBOUNCE="0", PYTHONPATH=root, GAMEBOOK_CACHE_DIR=cache)
    env.pop("GAMEBOOK_NO_CACHE", None)
    await client.start_io(sys.executable, "-m", "engine", "lsp", env=env)
    await client.initialize_async(T.InitializeParams(capabilities=T.ClientCapabilities()))
    client.initialized(T.InitializedParams())
    out: dict[str, list[float]] = {"first": [], "odds": [], "cached": [], "none": [], "waited": []}
    opened = set()
    for book, file, line, col in fights():
        for path in (book, file):
            if path not in opened:
                opened.add(path)
                client.text_document_did_open(T.DidOpenTextDocumentParams(T.TextDocumentItem(
                    uri=path.as_uri(), language_id="yaml", version=1, text=path.read_text(encoding="utf-8"))))
        for _ in range(3000):   # the book checked before its fights are hovered
            if book.as_uri() in checked:
                break
            await asyncio.sleep(0.02)
        at = T.HoverParams(T.TextDocumentIdentifier(file.as_uri()), T.Position(line=line, character=col))
        start = time.perf_counter()
        answer = await client.text_document_hover_async(at)
        out["first"].append(time.perf_counter() - start)
        if answer is None:
            out["none"].append(0)
            continue
        if any(p in answer.contents.value for p in PLACEHOLDERS):
            out["waited"].append(0)
        if not solve:
            continue
        while any(p in answer.contents.value for p in PLACEHOLDERS):
            await asyncio.sleep(0.02)
            answer = await client.text_document_hover_async(at)
        out["odds"].append(time.perf_counter() - start)
        start = time.perf_counter()
        await client.text_document_hover_async(at)
        out["cached"].append(time.perf_counter() - start)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return out


def hovers() -> None:
    import asyncio
    import tempfile
    with tempfile.TemporaryDirectory(prefix="gamebook-bench-") as cache:
        cold = asyncio.run(_hovers(cache, solve=True))
        disk = asyncio.run(_hovers(cache, solve=False))
    n = len(cold["first"])
    print(f"hover on the {n} fights of the bundled books ({len(cold['none'])} without a hover; "
          f"a placeholder first: {len(cold['waited'])} with an empty cache, {len(disk['waited'])} "
          "with the cache on disk):")
    for name, times in (("first hover (placeholder)", cold["first"]), ("solved in the background", cold["odds"]),
                        ("hover once solved", cold["cached"]), ("first hover, new server", disk["first"])):
        if times:
            print(f"  {name:<28} median {statistics.median(times) * 1000:8.1f} ms"
                  f"  worst {max(times) * 1000:8.1f} ms")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_lsp")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--sizes", default="400,2000")
    parser.add_argument("--hover-only", action="store_true", help="only the hover on the bundled books' fights")
    args = parser.parse_args(argv)
    print("load average: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    for size in (int(s) for s in args.sizes.split(",")) if not args.hover_only else ():
        bench(size, args.runs)
        round_trip(size, args.runs)
    hovers()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
