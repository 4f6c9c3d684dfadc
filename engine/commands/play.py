"""`gamebook play [BOOK]`: play a book in the terminal, or scripted from stdin.

On a terminal: the full-screen layout (engine/repl/fullscreen.py), or the
prompt_toolkit line REPL with --ligne/--line/--plain or on a small terminal.  With
stdin not a terminal: one command a line, plain text out, exit 0 when the game
reached an ending and 1 otherwise.
Without BOOK: the bundled default book (engine/book/bundled.py).  A missing file is a
usage error (exit 2); an invalid book prints its diagnostics (exit 1).
"""
from __future__ import annotations

from engine.diagnostics import os_reason

import sys
from pathlib import Path

OPTIONS = {   # dest -> (French help, English help)
    "book": ("le livre (YAML) ; par défaut, le livre fourni", "the book (YAML); default: the bundled book"),
    "seed": ("graine des dés (rejouer une partie à l'identique)", "dice seed (replay a game exactly)"),
    "dice": ("dés imposés, p. ex. 6,5,3 ; ensuite des dés tirés selon la graine",
             "forced dice, e.g. 6,5,3; then seeded random dice"),
    "play_lang": ("langue de l'interface (par défaut : celle du livre)",
                  "interface language (default: the book's)"),
    "log": ("écrire chaque événement en JSON lines dans ce fichier", "write every event as JSON lines to this file"),
    "mark_italics": ("montrer aussi un numéro en italique ainsi : *7* (terminal sans italique, sortie texte)",
                     "also show an italic paragraph number as *7* (terminals without italics, plain output)"),
    "continue_": ("reprendre la dernière partie (sauvegarde automatique)", "resume the last game (autosave)"),
    "start": ("commencer à ce paragraphe (numéro ou nom), pour tester",
              "start at this paragraph (number or name), for testing"),
    "set": ("fixer une caractéristique au départ, p. ex. chance=10 (répétable)",
            "set a stat at the start, e.g. chance=10 (repeatable)"),
    "give": ("donner un objet au départ (id du catalogue ; répétable)",
             "give an item at the start (catalogue id; repeatable)"),
    "line_mode": ("mode ligne même sur un terminal (sans l'affichage plein écran)",
                  "line mode even on a terminal (no full-screen layout)"),
}


def configure(parser, lang: str) -> None:
    h = {k: (fr if lang == "fr" else en) for k, (fr, en) in OPTIONS.items()}
    parser.add_argument("book", nargs="?", help=h["book"])
    parser.add_argument("--seed", type=int, help=h["seed"])
    parser.add_argument("--dice", metavar="6,5,3,...", help=h["dice"])
    parser.add_argument("--lang", dest="play_lang", choices=("fr", "en"), help=h["play_lang"])
    parser.add_argument("--log", metavar="FILE", help=h["log"])
    parser.add_argument("--mark-italics", dest="mark_italics", action="store_true", help=h["mark_italics"])
    parser.add_argument("--continue", dest="continue_", action="store_true", help=h["continue_"])
    parser.add_argument("--start", metavar="N", help=h["start"])
    parser.add_argument("--set", dest="set_", action="append", default=[], metavar="STAT=N", help=h["set"])
    parser.add_argument("--give", action="append", default=[], metavar="ITEM", help=h["give"])
    parser.add_argument("--ligne", "--line", "--plain", dest="line_mode", action="store_true",
                        help=h["line_mode"])


def _err(lang: str, fr: str, en: str) -> None:
    print(fr if lang == "fr" else en, file=sys.stderr)


def _book_path(args) -> Path | None:
    if args.book:
        return Path(args.book)
    from engine.book.bundled import default_book
    return default_book()


def _dice(args):
    """(dice source, banner line) from --seed / --dice; ValueError on bad --dice."""
    from engine.game import dice as D
    from engine.repl.messages import text
    seed = args.seed if args.seed is not None else D.new_seed()
    if args.dice:
        faces = D.parse_faces(args.dice)
        return D.ScriptedDice(faces, then=D.SeededDice(seed)), ("forced", dict(faces=args.dice, seed=seed))
    return D.SeededDice(seed), ("seed", dict(seed=seed))


def run(args) -> int:
    path = _book_path(args)
    if path is None:
        _err(args.lang, "Aucun livre fourni : gamebook play LIVRE.yaml", "No bundled book: gamebook play BOOK.yaml")
        return 2
    prepared = prepare(path, args)
    if isinstance(prepared, int):
        return prepared
    loaded, dice, banner, preset = prepared
    if preset is not None and args.continue_:
        _err(args.lang, "--continue ne se combine pas avec --start/--set/--give",
             "--continue does not combine with --start/--set/--give")
        return 2
    args.preset = preset
    return _play(args, loaded, dice, banner, str(path))


def prepare(path: Path, args):
    """(loaded book, dice, banner, preset) for a new game, or the exit code after
    saying what is wrong (shared by `gamebook serve`)."""
    from engine.diagnostics import Severity, render_text
    from engine.lint.loader import load_book
    loaded = load_book(path, display=str(path))
    if not loaded.ok:
        print(render_text([d for d in loaded.diagnostics if d.severity is Severity.ERROR], args.lang),
              file=sys.stderr)
        return 2 if any(d.code in ("file-not-found", "not-a-file") for d in loaded.diagnostics) else 1
    try:
        dice, banner = _dice(args)
    except ValueError:
        _err(args.lang, f"--dice : faces invalides « {args.dice} » (p. ex. 6,5,3)",
             f"--dice: invalid faces '{args.dice}' (e.g. 6,5,3)")
        return 2
    from engine.game.presets import PresetError, build
    try:
        preset = build(loaded.book, loaded.module, getattr(args, "start", None),
                       getattr(args, "set_", ()), getattr(args, "give", ()))
    except PresetError as exc:
        print(exc.get(args.play_lang or loaded.book.language), file=sys.stderr)
        return 2
    return loaded, dice, banner, preset


def _play(args, loaded, dice, banner, book_ref) -> int:
    from engine.saves import store as saves
    from engine.game import Game
    from engine.game.faults import BookFault
    from engine.repl.messages import text
    from engine.repl.session import Session
    book, module = loaded.book, loaded.module
    lang = args.play_lang or book.language
    notes = [] if args.book else [text(lang, "default-book", file=Path(book_ref).name)]
    store = saves.SaveStore(book.id)
    terminal = sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()
    slot = saves.AUTOSAVE if terminal else saves.SCRIPT   # scripts never touch the player's autosave
    game, offer, found = None, None, slot in store.slots()
    if args.continue_:
        game, more = _resume(store, book, module, lang, slot)
        if game is None and store.path(slot).exists():
            # an autosave that cannot be resumed is kept as it is: a new game would
            # overwrite it when it ends
            _err(lang, more[0] + " (gamebook play sans --continue : nouvelle partie)",
                 more[0] + " (gamebook play without --continue: new game)")
            return 1
        notes += more
    elif found and terminal:
        offer, _ = _resume(store, book, module, lang, slot, quiet=True)
    if game is None:
        try:
            game = Game(book, module, dice, lang=lang, preset=getattr(args, "preset", None))
        except BookFault as fault:   # the start paragraph itself fails: nothing to play
            print(fault.located().get(lang), file=sys.stderr)
            return 1
        notes.append(text(lang, banner[0], **banner[1]))
    try:
        log = open(args.log, "w", encoding="utf-8") if args.log else None
    except OSError as exc:
        _err(lang, f"--log : impossible d'écrire {args.log} : {os_reason(exc).fr}",
             f"--log: cannot write {args.log}: {os_reason(exc).en}")
        return 2
    try:
        session = Session(game, store, lang, book_ref=book_ref, log=log)
        session.command = invoked_as()
        session.autosave_slot, session.offer = slot, offer
        # the player's record of endings is for games played by hand with their own luck
        session.records_endings = terminal and not (args.seed is not None or args.dice or args.preset)
        session.mark_italics = args.mark_italics
        session.keep_previous = found and not args.continue_ and offer is None
        return _loop(session, notes, terminal, getattr(args, "line_mode", False))
    finally:
        if log is not None:
            try:
                log.close()
            except OSError:   # (its failure was told by the session, which stopped writing)
                pass


def _resume(store, book, module, lang, slot, quiet=False):
    """(game, notes) from `slot`, or (None, why not); quiet: ((game, warnings), [])."""
    from engine.saves import store as saves
    from engine.repl.messages import text
    try:
        game, warnings = saves.restore(book, module, store.read(slot), lang)
    except saves.SaveError as exc:
        return None, [] if quiet else [exc.message.get(lang), text(lang, "no-autosave")]
    if quiet:
        return (game, warnings), []
    return game, [text(lang, "resumed")] + [text(lang, "warning", text=w.get(lang)) for w in warnings]


def _loop(session, notes, terminal: bool, line_mode: bool = False) -> int:
    """The front end, with SIGTERM and SIGHUP saving the game before the exit."""
    from engine.repl.signals import StopGuard, Stopped, stop
    with StopGuard() as guard:
        # what the front ends call: the line shell and plain mode, and the full screen
        session.handle_line = guard.deferring(session.handle_line)
        session.handle_unwrapped = guard.deferring(session.handle_unwrapped)
        try:
            code = _front_end(session, notes, terminal, line_mode, guard)
            if not session.finished:
                guard.check()   # a signal whose loop callback never ran (the loop had ended)
            return code
        except Stopped as exc:
            return stop(session, guard, exc.signum, lambda out: sys.stdout.write(str(out)))


def _front_end(session, notes, terminal: bool, line_mode: bool, guard) -> int:
    stdin = sys.stdin   # None when descriptor 0 was closed: an empty input
    if terminal:
        from engine.repl import shell
        if not line_mode:   # full screen, unless the terminal is too small for it
            from prompt_toolkit.output import create_output
            from engine.support.safe_io import raw
            from engine.repl import fullscreen
            from engine.repl.messages import text
            if fullscreen.fits(create_output(stdout=raw(sys.stdout))):
                return fullscreen.run(session, notes, check=guard.check)
            notes = [*notes, text(session.lang, "fs-fallback")]
            result = shell.run(session, notes, check=guard.check, until=fullscreen.fits)
            if result is not shell.GROWN:
                return result
            return fullscreen.run(session, check=guard.check, resumed=text(session.lang, "fs-back"))
        return shell.run(session, notes, check=guard.check)
    from engine.repl import plain
    return plain.run(session, guard.reading(stdin if stdin is not None else ()), sys.stdout, notes)


def invoked_as(argv0: str | None = None, which=None) -> str:
    """The command as the player can type it again: `gamebook` when that is what PATH
    runs, else the path the script was started by (`make play` runs .venv/bin/gamebook,
    which is not on PATH)."""
    import os
    import shutil
    argv0 = sys.argv[0] if argv0 is None else argv0
    if os.path.basename(argv0) != "gamebook":   # python -m engine, a test harness
        return "gamebook"
    found = (which or shutil.which)("gamebook")
    if found and os.path.realpath(found) == os.path.realpath(argv0):
        return "gamebook"
    return argv0
