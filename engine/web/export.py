"""`gamebook export BOOK --format web -o DIR`: a folder that plays the book in a browser
with no server and no network: the page of `gamebook serve`, and the same Python
engine running in it through Pyodide (its npm package, vendored).

At export time the book is loaded, validated and compiled (what ships is its compiled
form: lint/loader.entry, so the page needs neither ruamel.yaml, nor jsonschema, nor
lark); the game runtime is run once (trace.py) to learn what it imports, and the export
stops, saying which, when it needs a module that cannot run in the browser (compiled
code).  The folder is written whole or not at all: built beside its place, then
renamed into it; an existing folder is replaced only when it is an earlier web export.

DIR/index.html, static/ (the page), pyodide/ (the interpreter), game.zip (the engine
and the pure-Python modules it imports), book.json (the compiled book),
gamebook-web.json (what made the folder).
"""
from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

from engine.web.server import STATIC

PYODIDE_VERSION = "314.0.8"
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
MARK = "gamebook-web.json"
# the page's own files only; WebAssembly compiled in the page (Pyodide), nothing else
CSP = ("default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
       "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'")
ENGINE = Path(__file__).resolve().parents[1]
SHIPPED = (".py", ".json", ".lark")


class ExportError(Exception):
    """Why the export stopped, in French and English."""

    def __init__(self, fr: str, en: str):
        super().__init__(en)
        self.fr, self.en = fr, en

    def get(self, lang: str) -> str:
        return self.fr if lang == "fr" else self.en


def export(path: Path, out: Path, lang: str) -> Path:
    """Write the folder; ExportError when the book or the runtime cannot make one."""
    from engine.diagnostics import Severity, render_text
    from engine.lint.loader import entry
    loaded, payload = entry(path, display=str(path))
    if payload is None:
        errors = [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
        text = render_text(errors, lang)
        raise ExportError(text + "\nle livre a des erreurs : rien n'est exporté",
                          text + "\nthe book has errors: nothing is exported")
    payload["name"] = path.name
    book_json = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    modules = runtime_modules(book_json)
    files = {"book.json": book_json.encode("utf-8"), "game.zip": game_zip(modules),
             "index.html": page().encode("utf-8"),
             MARK: json.dumps({"book": loaded.book.id, "pyodide": PYODIDE_VERSION,
                               "modules": sorted(modules)}, indent=1).encode("utf-8")}
    for name in ("app.js", "style.css", "boot.js"):
        files[f"static/{name}"] = (STATIC / name).read_bytes()
    folder = pyodide_folder()
    for name in PYODIDE_FILES:
        files[f"pyodide/{name}"] = (folder / name).read_bytes()
    write_folder(out, files)
    return out


def page() -> str:
    """The served page, for no server: no token, and the in-page engine's script first."""
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    boot = '<script src="static/boot.js" defer></script>\n'
    return html.replace("{{TOKEN}}", "").replace("{{MODE}}", "export").replace("{{BOOT}}", boot) \
        .replace("{{CSP}}", f'\n<meta http-equiv="Content-Security-Policy" content="{CSP}">')


# --- what the runtime needs ----------------------------------------------------------------
def runtime_modules(book_json: str) -> dict[str, str]:
    """{module: file} of the modules from outside the standard library and the engine
    that the runtime imported; ExportError when it needs one that cannot run there."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        entry_file = Path(tmp) / "book.json"
        entry_file.write_text(book_json, encoding="utf-8")
        env = {**os.environ, "GAMEBOOK_NO_CACHE": "1", "GAMEBOOK_DATA_DIR": str(Path(tmp) / "data")}
        run = subprocess.run([sys.executable, "-m", "engine.web.trace", str(entry_file)], env=env,
                             capture_output=True, text=True, timeout=600, cwd=str(ENGINE.parent))
    try:
        found = json.loads(run.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        raise ExportError(f"le moteur n'a pas pu jouer le livre pour l'export : {run.stderr[-600:]}",
                          f"the engine could not play the book for the export: {run.stderr[-600:]}") from None
    if found["failed"]:
        refused = ", ".join(found["refused"]) or "—"
        raise ExportError(
            f"le jeu ne peut pas tourner dans le navigateur (modules compilés refusés : {refused}) :\n"
            f"{found['failed']}",
            f"the game cannot run in the browser (compiled modules refused: {refused}):\n{found['failed']}")
    return found["modules"]


def game_zip(modules: dict[str, str]) -> bytes:
    """The engine's package (every module: a path the trace did not take may import
    one) and the third-party pure-Python modules the runtime imported."""
    buf = io.BytesIO()
    roots = {ENGINE}
    for name, file in modules.items():
        if "." not in name:   # a top-level module: its package's folder, or its one file
            roots.add(Path(file).parent if Path(file).name == "__init__.py" else Path(file))
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for root in sorted(roots):
            files = [root] if root.is_file() else sorted(root.rglob("*"))
            for file in files:
                if file.is_file() and file.suffix in SHIPPED and "__pycache__" not in file.parts:
                    z.write(file, file.relative_to(root.parent).as_posix())
    return buf.getvalue()


# --- Pyodide, from its npm package ---------------------------------------------------------
def pyodide_folder() -> Path:
    """The unpacked npm package of Pyodide (GAMEBOOK_PYODIDE_DIR, or the user's cache,
    filled once by `npm pack pyodide@VERSION`)."""
    if os.environ.get("GAMEBOOK_PYODIDE_DIR"):
        folder = Path(os.environ["GAMEBOOK_PYODIDE_DIR"])
    else:
        from platformdirs import user_cache_dir
        folder = Path(user_cache_dir("gamebook-engine")) / "pyodide" / PYODIDE_VERSION
    package = folder / "package"
    if _whole(package):
        return package
    npm = shutil.which("npm")
    if npm is None:
        raise ExportError(
            f"il faut Pyodide {PYODIDE_VERSION} : installez npm (Node.js), ou posez le paquet npm "
            f"« pyodide » décompressé dans {package}",
            f"Pyodide {PYODIDE_VERSION} is needed: install npm (Node.js), or put the unpacked npm "
            f"package 'pyodide' in {package}")
    folder.mkdir(parents=True, exist_ok=True)
    # filled beside its place, then renamed into it: another export (or test worker)
    # filling the same folder at once never reads a half-written file
    work = Path(tempfile.mkdtemp(prefix=".fill-", dir=folder))
    try:
        run = subprocess.run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(work)],
                             capture_output=True, text=True, timeout=900)
        tgz = work / f"pyodide-{PYODIDE_VERSION}.tgz"
        if run.returncode != 0 or not tgz.is_file():
            raise ExportError(f"npm n'a pas pu obtenir pyodide@{PYODIDE_VERSION} : {run.stderr[-400:]}",
                              f"npm could not get pyodide@{PYODIDE_VERSION}: {run.stderr[-400:]}")
        with tarfile.open(tgz) as tar:
            members = [m for m in tar.getmembers() if m.name in {f"package/{n}" for n in PYODIDE_FILES}]
            tar.extractall(work, members=members, filter="data")
        _settle(work / "package", package)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return package


def _whole(package: Path) -> bool:
    """Whether `package` holds every file of Pyodide the export copies."""
    return all((package / name).is_file() for name in PYODIDE_FILES)


def _settle(filled: Path, package: Path) -> None:
    """`filled` renamed to `package`; if another process put a whole one there first,
    its copy stays (a half-filled one, from a fill that was cut, is replaced)."""
    try:
        os.rename(filled, package)
    except OSError:
        if _whole(package):
            return
        shutil.rmtree(package, ignore_errors=True)
        os.rename(filled, package)


# --- the folder, whole or not at all ---------------------------------------------------------
def write_folder(out: Path, files: dict[str, bytes]) -> None:
    """`files` as the folder `out`: written beside it, then renamed into its place; an
    existing `out` must be an earlier web export (it holds gamebook-web.json)."""
    out = Path(out)
    if out.exists() and not (out.is_dir() and (out / MARK).is_file()):
        raise ExportError(f"{out} existe et n'est pas un export web : choisissez un autre dossier",
                          f"{out} exists and is not a web export: choose another folder")
    tmp = out.parent / f".{out.name}.tmp-{os.getpid()}"
    old = out.parent / f".{out.name}.old-{os.getpid()}"
    try:
        for name, data in files.items():
            target = tmp / name
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
        if out.exists():
            os.replace(out, old)
        os.replace(tmp, out)
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        if old.exists() and not out.exists():
            os.replace(old, out)
        raise ExportError(f"impossible d'écrire {out} : {exc.strerror or exc}",
                          f"cannot write {out}: {exc.strerror or exc}") from None
    shutil.rmtree(old, ignore_errors=True)
