"""Whole games in French read as French (issue 33, item 6): each bundled book played
to its end along several seeded routes, with the sheet, the inventory, the odds, the
journal and the help asked on the way; the transcript holds no word of the English
tables and none of the known bad forms.  The English games the same way hold no word
of the French tables (the book's own text apart)."""
from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from engine.game import Game
from engine.game.dice import SeededDice
from engine.game.prompts import numbered
from engine.lint.loader import load_book
from engine.repl.commands import BUILTINS
from engine.repl.messages import CATALOGUE
from engine.repl.session import Session
from engine.saves import store as saves

ROOT = Path(__file__).parents[2]
BOOKS = ("le-taureau-d-airain.yaml", "la-cloche-de-brumesel.yaml", "la-couronne-de-sel.yaml")
SEEDS = (1, 2, 3, 4)
COMMANDS = {"fr": ("feuille", "inventaire", "chances", "historique", "aide"),
            "en": ("sheet", "inventory", "odds", "history", "help")}

# What a French reader would not write, each found once in play (issue 33, item 6)
BAD_FRENCH = (
    re.compile(r"\b1 Pièces\b"), re.compile(r"\b1 points\b"), re.compile(r"\b1 Provisions\b"),
    re.compile(r"Vous servir de :"), re.compile(r"sauver la partie"), re.compile(r"\bsauvée\b"),
    re.compile(r"\)\s+\(impossible"), re.compile(r"Dernier corbeau"), re.compile(r"\bl'Astérion"),
    re.compile(r"\ble Homme"), re.compile(r"\bl'Anguille des salines est vaincu\b"),
    re.compile(r"Lancer les dés\b(?! \()"), re.compile(r"consulter / oracle|oracle / consulter"),
    re.compile(r"zeus / invoke-zeus"), re.compile(r"\d\n\s*%"), re.compile(r"coûte \d+ Endurance"),
    re.compile(r"prix : \S+ Honneur"), re.compile(r"premier\) \(prix"),
)
BAD_ENGLISH = (re.compile(r"\b1 Gold Pieces\b"), re.compile(r"\)\s+\(not possible"),
               re.compile(r"invoke-zeus / zeus"), re.compile(r"\d\n\s*%"),
               re.compile(r"\(F \d+, P \d+\)"))   # Force's F on an English sheet: S(trength)


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[A-Za-zÀ-ÿ]+", text) if len(w) >= 3}


def _message_pairs():
    """Every (French, English) pair the engine says: the REPL's catalogue and each
    `M(...)`/`Message(...)` written in engine/ with two literal texts."""
    yield from CATALOGUE.values()
    for path in (ROOT / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("M", "Message") \
                    and len(node.args) >= 2:
                fr, en = (_literal(a) for a in node.args[:2])
                if fr is not None and en is not None:
                    yield fr, en


def _literal(node) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return " ".join(v.value for v in node.values if isinstance(v, ast.Constant))
    return None


def _only(lang: str) -> set[str]:
    """The words of one language's tables that the other language's tables never use."""
    fr, en = set(), set()
    for f, e in _message_pairs():
        fr |= _words(re.sub(r"\{[^}]*\}", " ", f))
        en |= _words(re.sub(r"\{[^}]*\}", " ", e))
    return (en - fr) if lang == "fr" else (fr - en)


# Words both languages write ("Condition physique", "you place yourself"), and the
# commands' names: the help and a did-you-mean give both names of each on purpose
BOTH = {"Condition", "place"} | {name for names, _, _ in BUILTINS for name in names}
ONLY = {lang: _only(lang) - BOTH for lang in ("fr", "en")}


def play(book: str, lang: str, seed: int, tmp_path) -> str:
    """A route through `book` chosen by `seed`, dice seeded too, to an end (or 300 moves)."""
    loaded = load_book(ROOT / "books" / book, use_cache=False)
    game = Game(loaded.book, loaded.module, SeededDice(seed), lang=lang)
    s = Session(game, saves.SaveStore(loaded.book.id, tmp_path), lang)
    out, pick = [str(s.start())], random.Random(seed)
    for move in range(300):
        if s.finished or s.game.over:
            break
        if move % 6 == 2:
            out += [str(s.handle_line(c)) for c in COMMANDS[lang]]
        if s.asking:
            out.append(str(s.handle_line("o" if lang == "fr" else "y")))
            continue
        options = [(n, o) for n, o in numbered(s.game.prompt()) if o.enabled]
        if not options:
            break
        n, option = pick.choice(options)
        out.append(str(s.handle_line(f"{n} {option.amount[0]}" if option.amount else str(n))))
    out += [str(s.handle_line(c)) for c in COMMANDS[lang]]
    return "\n".join(out), loaded.book


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize("lang", ("fr", "en"))
def test_a_whole_game_speaks_one_language(book, lang, tmp_path):
    bad = BAD_FRENCH if lang == "fr" else BAD_ENGLISH
    for seed in SEEDS:
        transcript, loaded = play(book, lang, seed, tmp_path / str(seed))
        authored = _words((ROOT / "books" / book).read_text(encoding="utf-8"))
        for part in (ROOT / "books" / book.removesuffix(".yaml")).glob("*.yaml"):
            authored |= _words(part.read_text(encoding="utf-8"))
        foreign = (_words(transcript) & ONLY[lang]) - authored
        assert not foreign, f"{book} {lang} seed {seed}: {sorted(foreign)}"
        found = [p.pattern for p in bad if p.search(transcript)]
        assert not found, f"{book} {lang} seed {seed}: {found}"


def test_the_bad_forms_are_found_where_they_are():
    """The checks can fail: each bad form, written as it was, is caught."""
    was = ("il vous faut 1 Pièces d'Or", "Vous servir de : Amulette de corne", "sauver la partie",
           "Prendre la fuite (coûte 2 Endurance) (impossible : pas avant la fin de l'assaut 2)",
           "vous manquez le Dernier corbeau", "touche l'Astérion", "le Homme-crabe", "33,89\n %")
    for text in was:
        assert any(p.search(text) for p in BAD_FRENCH), text
    assert {"the", "not", "you"} <= ONLY["fr"] and "Endurance" not in ONLY["fr"]
    assert {"vous", "pas", "est"} <= ONLY["en"] and "Stamina" in ONLY["fr"]


def test_a_system_error_is_said_in_french(tmp_path):
    """strerror is the C library's English: "No such file or directory" in a French
    sentence was the player's to translate."""
    import errno

    from engine.diagnostics import os_reason
    missing = FileNotFoundError(errno.ENOENT, "No such file or directory")
    assert os_reason(missing).fr == "fichier ou dossier introuvable"
    assert os_reason(missing).en == "No such file or directory"
    assert os_reason(OSError(errno.EPROTO, "Protocol error")).fr == f"erreur système {errno.EPROTO}"
    with open(tmp_path / "log.jsonl", "w", encoding="utf-8") as log:
        s = Session(Game(*_loaded(), SeededDice(1), lang="fr"), saves.SaveStore("b", tmp_path), "fr", log=log)
        s._stop_log(PermissionError(errno.EACCES, "Permission denied"))
    said = str(s.handle_line("relire"))
    assert "(permission refusée)" in said and "Permission" not in said


def _loaded():
    loaded = load_book(ROOT / "books" / BOOKS[0], use_cache=False)
    return loaded.book, loaded.module
