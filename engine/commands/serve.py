"""`gamebook serve BOOK`: play the book in a browser, served from this machine.

The page and its JSON API (engine/web/) on 127.0.0.1 by default; another address
only with `--host`.  The same game as `gamebook play`: the same saves folder and
format (a slot saved here loads there), the autosave resumed on request.  `--watch`
adds the author's live preview (engine/web/watch.py).
"""
from __future__ import annotations

import sys
from pathlib import Path

from engine.commands import play

HELP = ("jouer un livre dans le navigateur", "play a book in a browser")
OPTIONS = {
    "host": ("adresse d'écoute (par défaut 127.0.0.1 ; une autre expose le jeu au réseau)",
             "address to listen on (default 127.0.0.1; another exposes the game to the network)"),
    "port": ("port (0 : un port libre)", "port (0: any free port)"),
    "open": ("ouvrir la page dans le navigateur", "open the page in the browser"),
    "watch": ("aperçu d'auteur : recharger le livre à chaque enregistrement, diagnostics, outils",
              "author's preview: reload the book on every save, diagnostics, tools"),
}
LOOPBACK = ("127.0.0.1", "localhost", "::1")
ANY = ("0.0.0.0", "::")


def machine_names() -> set[str]:
    """This machine's host name and addresses, as a browser on the network puts them in
    the Host header (the server answers no other name: no DNS rebinding)."""
    import socket
    names = {socket.gethostname(), socket.getfqdn()}
    try:
        for *_, addr in socket.getaddrinfo(socket.gethostname(), None):
            names.add(f"[{addr[0]}]" if ":" in addr[0] else addr[0])
    except OSError:
        pass
    try:   # the address of the default route (a UDP "connect" sends nothing)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            names.add(probe.getsockname()[0])
    except OSError:
        pass
    return {n for n in names if n}


def configure(parser, lang: str) -> None:
    h = {k: (fr if lang == "fr" else en) for k, (fr, en) in {**play.OPTIONS, **OPTIONS}.items()}
    parser.add_argument("book", nargs="?", help=h["book"])
    parser.add_argument("--host", default="127.0.0.1", help=h["host"])
    parser.add_argument("--port", type=int, default=8765, help=h["port"])
    parser.add_argument("--open", dest="open_", action="store_true", help=h["open"])
    parser.add_argument("--watch", action="store_true", help=h["watch"])
    parser.add_argument("--seed", type=int, help=h["seed"])
    parser.add_argument("--dice", metavar="6,5,3,...", help=h["dice"])
    parser.add_argument("--lang", dest="play_lang", choices=("fr", "en"), help=h["play_lang"])
    parser.add_argument("--start", metavar="N", help=h["start"])
    parser.add_argument("--set", dest="set_", action="append", default=[], metavar="STAT=N", help=h["set"])
    parser.add_argument("--give", action="append", default=[], metavar="ITEM", help=h["give"])


def run(args) -> int:
    path = play._book_path(args)
    if path is None:
        play._err(args.lang, "Aucun livre fourni : gamebook serve LIVRE.yaml", "No bundled book: gamebook serve BOOK.yaml")
        return 2
    if not 0 <= args.port <= 65535:
        play._err(args.lang, f"--port : {args.port} n'est pas un port (0 à 65535)",
                  f"--port: {args.port} is not a port (0 to 65535)")
        return 2
    made = make(path, args)
    if isinstance(made, int):
        return made
    return _serve(args, made, path)


def make(path: Path, args, store=None, quiet: bool = False):
    """The WebGame of a new serve (as `gamebook play` starts: the book loaded and
    checked, the dice, the preset, the autosave offered), or the exit code."""
    prepared = play.prepare(path, args)
    if isinstance(prepared, int):
        return prepared
    loaded, dice, banner, preset = prepared
    web = web_game(loaded, dice, banner, preset, args.play_lang, store, str(path), offer=not quiet)
    if not isinstance(web, int):   # the player's record of endings: games with their own luck
        web.session.records_endings = args.seed is None and not args.dice and preset is None
    return web


def web_game(loaded, dice, banner, preset, lang, store, book_ref: str, offer: bool = True):
    """A WebGame over a new Game, with the REPL's session; the autosave found offered
    (resume it, or keep it aside) as the terminal does."""
    from engine.saves import store as saves
    from engine.game import Game
    from engine.game.faults import BookFault
    from engine.repl.messages import text
    from engine.repl.session import Session
    from engine.web.api import WebGame
    book, module = loaded.book, loaded.module
    lang = lang or book.language
    store = store or saves.SaveStore(book.id)
    slot = saves.AUTOSAVE
    found = slot in store.slots()
    resume = play._resume(store, book, module, lang, slot, quiet=True)[0] if found and offer and preset is None else None
    try:
        game = Game(book, module, dice, lang=lang, preset=preset)
    except BookFault as fault:
        print(fault.located().get(lang), file=sys.stderr)
        return 1
    session = Session(game, store, lang, book_ref=book_ref)
    session.command = play.invoked_as()
    session.offer = resume
    session.keep_previous = found and resume is None
    web = WebGame(session)
    web.notes = [text(lang, banner[0], **banner[1])]
    return web


def _serve(args, web, path: Path) -> int:
    import socket
    from engine.web import server
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
        sock.listen(128)   # before the URL is printed: a browser opening it waits, never refused
    except OSError as exc:
        play._err(args.lang, f"impossible d'écouter sur {args.host}:{args.port} : {exc.strerror}",
                  f"cannot listen on {args.host}:{args.port}: {exc.strerror}")
        return 2
    port = sock.getsockname()[1]
    shown = f"[{args.host}]" if family == socket.AF_INET6 else args.host
    url = f"http://{shown}:{port}/"
    names = {shown} | ({"localhost", "127.0.0.1", "[::1]"} if args.host in LOOPBACK else set())
    if args.host in ANY:   # every address: the names this machine is reached by
        names |= machine_names() | {"localhost", "127.0.0.1", "[::1]"}
    hosts = {f"{name}:{port}" for name in names}
    served = server.Served(web, hosts=frozenset(hosts))
    if args.watch:
        from engine.web.watch import Author
        served.author = Author(served, path, args, web_game)
    lang = web.lang
    print((f"Le livre se joue sur {url}  (Ctrl-C : arrêter ; la partie est sauvée)" if lang == "fr"
           else f"The book plays at {url}  (Ctrl-C: stop; the game is saved)"), flush=True)
    if args.host not in LOOPBACK:
        play._err(lang, f"Attention : le jeu écoute sur {args.host}, d'autres machines peuvent le joindre.",
                  f"Warning: the game listens on {args.host}; other machines can reach it.")
    if args.open_:
        import webbrowser
        webbrowser.open(url)
    import uvicorn
    config = uvicorn.Config(server.app(served), log_level="warning", lifespan="off")
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        if served.author is not None:
            served.author.stop()
        sock.close()
    return 0
