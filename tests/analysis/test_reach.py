"""The abstract exploration (engine/analysis/explore/reach.py) and what `lint --deep`
proves with it (closing.py, deep.py): sound against the exact exploration on every
book at hand, `victory-impossible` at the condition that closes the last way on the
generated real 100-section book (tests/analysis/real100.py), and nothing false on
the clean book, whose exact space is cut."""
from __future__ import annotations

import glob
from pathlib import Path

import pytest

from engine.analysis.explore.deep import deep_diagnostics
from engine.analysis.explore.explorer import explore
from engine.analysis.explore.reach import MAYBE, NO, YES, Reach, fact, with_fact
from engine.book import source
from engine.cli import main
from engine.expr import parse
from engine.lint.loader import load_book
from tests.analysis.real100 import build, layout, planted, write_book
from tests.analysis_fixtures.support import FIXTURES, ROOT, load
from tests.foundation.lintkit import lint_code_examples

FILES = sorted(glob.glob(str(FIXTURES / "*.yaml")) + glob.glob(str(ROOT / "tests" / "analysis" / "books" / "*.yaml"))
               + glob.glob(str(ROOT / "tests" / "fixtures" / "books" / "*.yaml"))
               + [str(ROOT / "tests" / "authors" / "the-heron-gate.yaml"),
                  str(ROOT / "tests" / "plugins" / "gamebook-rules-kai" / "book" / "la-tour-de-brume.yaml")]
               + glob.glob(str(ROOT / "books" / "*.yaml")))


def _corpus(tmp_path):
    """Every book file of the tests and books/, the generated real 100-section book
    (whole, the smallest variant, and planted), and every example of docs/lint-codes.md."""
    yield from FILES
    for name, data in (("whole", build()), ("small", build(1, 3, None, lite=True)),
                       ("planted", planted(build(), crack=True))):
        (tmp_path / name).mkdir()
        yield str(write_book(tmp_path / name, data=data))
    for i, (_code, _kind, text) in enumerate(lint_code_examples()):
        path = tmp_path / f"example{i}.yaml"
        path.write_text(text, encoding="utf-8")
        yield str(path)


def test_the_abstraction_enters_every_paragraph_play_enters_and_wins_where_play_wins(tmp_path):
    # Every state the exact exploration finds is one a game reaches, complete or cut:
    # its paragraphs must all be entered abstractly, and a winning state must be
    # matched by an abstract victory.  The exact spaces are kept small (one sheet).
    compared = complete = 0
    wrong = []
    for path in _corpus(tmp_path):
        loaded = load_book(path, use_cache=False)
        if not loaded.ok or loaded.book is None:
            continue
        book, module = loaded.book, loaded.module
        space = explore(book, module, max_states=3000, timeout=60.0, sheet=0)
        reach = Reach(book, module)
        compared += 1
        complete += space.bound is None
        missing = space.reached - reach.reached
        if missing or (any(e == "victory" for e in space.ended) and not reach.victory):
            wrong.append((path, sorted(missing)))
    assert wrong == []
    assert compared >= 140 and complete >= 100, (compared, complete)


def test_conditions_in_three_values(tmp_path):
    book, module, _doc = load(FIXTURES / "df-crypt.yaml")
    reach = Reach(book, module)
    assert ("flag", "beni") in reach.index and ("has", "lanterne") in reach.index
    state = reach.start_state()
    assert fact(state, reach.index[("flag", "beni")]) == NO

    def truth(text, **facts):
        s = state
        for kind, value in facts.items():
            s = with_fact(s, reach.index[(kind, "beni" if kind == "flag" else "lanterne")], value)
        return reach.truth(parse(text, "condition"), book.start, s)
    assert truth('flag("beni")') == NO and truth('not flag("beni")') == YES
    assert truth('flag("beni")', flag=YES) == YES and truth('flag("beni")', flag=MAYBE) == MAYBE
    assert truth('flag("beni") or habilete > 5') == MAYBE and truth('flag("beni") and habilete > 5') == NO
    assert truth('count("lanterne") >= 1') == NO and truth('count("lanterne") >= 1', has=MAYBE) == MAYBE
    assert truth('has("lanterne")', has=MAYBE) == MAYBE
    assert truth(f"here == {book.start}") == YES and truth(f"here + 1 == {book.start}") == NO
    assert truth('flag("autre")') == MAYBE   # a flag no condition of the book reads: not followed


def _planted(tmp_path: Path, crack: bool = False) -> tuple[Path, dict]:
    data = planted(build(), crack)
    return write_book(tmp_path, data=data), data


def _where(path: Path, needle: str) -> tuple[int, int]:
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        if needle in line:
            return i + 1, line.index(needle) + 1
    raise AssertionError(needle)


def test_a_misspelt_codeword_at_the_gate_is_where_the_victory_becomes_impossible(tmp_path):
    path, _data = _planted(tmp_path)
    loaded = load_book(path, use_cache=False)
    doc, _ = source.load(path)
    said: dict = {}
    out = deep_diagnostics(loaded.book, loaded.module, doc, timeout=2.0, summary=said)
    (found,) = [d for d in out if d.code == "victory-impossible"]
    assert (found.span.line + 1, found.span.col + 1) == _where(path, '"levre3"')
    # what lies past the gate is never entered, and nothing else: named in the error
    n = layout(4, 15, 100)[0].numbers
    beyond = f"{n['way0']}-{n['victory']}"
    assert found.message.en == ("'levre3' (flag) is never given by the book: this condition closes the "
                                f"last way to a victory; did you mean 'lever3'? (behind it, never entered: {beyond})")
    assert found.message.fr == ("« levre3 » (drapeau) n'est jamais donné par le livre : cette condition ferme "
                                "le dernier chemin vers la victoire ; vouliez-vous dire « lever3 » ? "
                                f"(derrière elle, jamais atteints : {beyond})")
    assert found.fix == "lever3" and not said["complete"]
    assert [d.code for d in out] == ["victory-impossible", "deep-incomplete"]


def test_the_clean_book_has_no_false_finding_and_says_what_is_unproven(tmp_path):
    path = write_book(tmp_path)
    loaded = load_book(path, use_cache=False)
    doc, _ = source.load(path)
    said: dict = {}
    out = deep_diagnostics(loaded.book, loaded.module, doc, timeout=2.0, summary=said)
    assert not said["complete"] and said["abstract"] > 0
    assert [d.code for d in out] == ["deep-incomplete"]
    (cut,) = out
    assert "the absence of soft-locks is not proven" in cut.message.en
    assert "Paragraphs never entered and an impossible victory are found by an abstract exploration" \
        in cut.message.en
    assert "l'absence d'impasse n'est pas prouvée" in cut.message.fr


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_lint_deep_closes_both_ways_where_plain_lint_only_warns(tmp_path, capsys, lang):
    path, _data = _planted(tmp_path, crack=True)
    assert main(["lint", "--lang", lang, str(path)]) == 0   # plain lint: a warning, no error
    plain, _ = capsys.readouterr()
    assert "never-granted" in plain and "victory-impossible" not in plain
    status = main(["lint", "--deep", "--deep-timeout", "2", "--lang", lang, str(path)])
    out, _ = capsys.readouterr()
    assert status == 1
    found = [line for line in out.splitlines() if "victory-impossible" in line]
    line, col = _where(path, '"levre3"')
    assert any(f"{path}:{line}:{col}: victory-impossible" in x for x in found), out
    line, col = _where(path, '"crack"')
    assert any(f"{path}:{line}:{col}: victory-impossible" in x for x in found), out
    if lang == "en":
        assert "did you mean 'lever3'?" in out
        assert "'crack' (flag) is set on no way that leads to paragraph" in out
    else:
        assert "vouliez-vous dire « lever3 » ?" in out
        assert "« crack » (drapeau) n'est posé sur aucun chemin qui mène au paragraphe" in out


DF = ("gamebook: {version}\ntitle: T\nrules: defis-fantastiques\nstart: 1\n"
      "hero: {{habilete: 10, endurance: 10, chance: 10}}\n{items}paragraphs:\n{paragraphs}")


def _reach(tmp_path, paragraphs: str, items: str = "", version: str = "1.2") -> Reach:
    path = tmp_path / "book.yaml"
    path.write_text(DF.format(version=version, items=items, paragraphs=paragraphs), encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    assert loaded.book is not None, loaded.diagnostics
    return Reach(loaded.book, loaded.module)


def test_what_the_rules_give_at_the_start_is_perhaps_held(tmp_path):
    # No `equipment:`: Défis Fantastiques gives a sword (epee) by itself.
    reach = _reach(tmp_path, "  1:\n    text: Une porte.\n    choices:\n"
                             "      - {text: Forcer, to: 2, if: 'has(\"epee\")'}\n"
                             "  2: {text: Victoire, end: victory}\n", version="1")
    assert reach.victory and reach.reached == {1, 2}


def test_an_item_the_player_may_take_and_what_using_it_does_may_not_happen(tmp_path):
    # Taking the charm is optional (`take`), and it is used where it lies: its flag
    # may be set or not, so both ways out of 2 stay open, and nothing is certain.
    items = ("items:\n  charme: {name: Charme, use_here: true, effects: [{flag: beni}]}\n"
             "  pierre: {name: Pierre}\n")
    reach = _reach(tmp_path, "  1:\n    text: Un autel.\n    effects: [{take: {choose: 1, from: [charme, pierre]}}]\n"
                             "    choices: [{text: Avancer, to: 2}]\n"
                             "  2:\n    text: Un seuil.\n    choices:\n"
                             "      - {text: Béni, to: 3, if: 'flag(\"beni\")'}\n"
                             "      - {text: Pas béni, to: 4, if: 'not flag(\"beni\")'}\n"
                             "  3: {text: Victoire, end: victory}\n  4: {text: Mort, end: death}\n", items)
    assert reach.reached == {1, 2, 3, 4}
    (state,) = reach.states[2]
    assert fact(state, reach.index[("flag", "beni")]) == MAYBE


def test_a_way_no_game_takes_closes_the_victory_where_the_abstraction_cannot_tell(tmp_path):
    # Skill is 10 for good: the abstraction leaves `habilete > 20` open, the complete
    # exact space never passes it; the error is at that condition, not at the start.
    from engine.lint.codes_core import DEEP_HEAD
    text = DEEP_HEAD + ("paragraphs:\n  1:\n    text: Un mur.\n    choices:\n"
                        "      - {text: Grimper, to: 2, if: 'habilete > 20'}\n"
                        "      - {text: Renoncer, to: 4}\n"
                        "  2: {text: Le sommet., choices: [{text: Entrer, to: 3}]}\n"
                        "  3: {text: Victoire !, end: victory}\n  4: {text: Fin., end: death}\n")
    path = tmp_path / "wall.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    doc, _ = source.load(path)
    assert Reach(loaded.book, loaded.module).victory
    said: dict = {}
    out = deep_diagnostics(loaded.book, loaded.module, doc, summary=said)
    assert said["complete"]
    (found,) = out
    assert found.code == "victory-impossible"
    assert (found.span.line + 1, found.span.col + 1) == _where(path, "habilete > 20")
    assert found.message.en == ("this condition holds in no game that reaches paragraph 1: it closes the last "
                                "way to a victory (behind it, never entered: 2-3)")
    assert found.message.fr.startswith("cette condition n'est vraie dans aucune partie qui atteint le paragraphe 1")


def test_a_fight_no_game_wins_is_where_the_victory_closes(tmp_path):
    from engine.lint.codes_core import DEEP_HEAD
    path = tmp_path / "giant.yaml"
    path.write_text(DEEP_HEAD + "paragraphs:\n  1:\n    text: Un géant.\n    combat:\n"
                    "      enemies: [{name: Géant, habilete: 30, endurance: 30}]\n      win: 2\n"
                    "  2: {text: Victoire !, end: victory}\n", encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    doc, _ = source.load(path)
    (found,) = deep_diagnostics(loaded.book, loaded.module, doc)
    assert found.code == "victory-impossible" and found.span.line + 1 == _where(path, "win: 2")[0]
    assert found.message.en == ("no game takes this way out (win) of paragraph 1: it was the last way to a "
                                "victory (behind it, never entered: 2)")


def test_an_abstract_exploration_cut_by_its_time_proves_nothing_and_says_so(tmp_path, monkeypatch):
    from engine.analysis.explore import deep

    class Late(Reach):
        def _explore(self, deadline):
            super()._explore(deadline)
            self.complete = False   # as if its share of the time had run out
    monkeypatch.setattr(deep, "Reach", Late)
    path, _data = _planted(tmp_path)
    loaded = load_book(path, use_cache=False)
    doc, _ = source.load(path)
    said: dict = {}
    out = deep_diagnostics(loaded.book, loaded.module, doc, timeout=2.0, summary=said)
    assert [d.code for d in out] == ["deep-incomplete"] and said["abstract"] is None
    assert "The abstract exploration (without the stats) did not finish in time" in out[0].message.en
    assert "L'exploration abstraite (sans les caractéristiques) n'a pas fini à temps" in out[0].message.fr


@pytest.mark.parametrize("lost, en", [
    ("{lose: [cle]}", "'cle' (item) is gained on the way but always lost before paragraph 3"),
    ("{add: {chance: 1}}", None)])
def test_an_item_always_lost_before_the_door_is_named_so(tmp_path, lost, en):
    from engine.lint.codes_core import DEEP_HEAD
    path = tmp_path / "door.yaml"
    path.write_text(DEEP_HEAD.replace("hero:", "items: {cle: {name: Clé}}\nhero:") + (
        "paragraphs:\n  1: {text: Une clé., effects: [{gain: cle}], choices: [{text: Avancer, to: 2}]}\n"
        f"  2: {{text: Un gouffre., effects: [{lost}], choices: [{{text: Avancer, to: 3}}]}}\n"
        "  3:\n    text: Une porte.\n    choices:\n      - {text: Ouvrir, to: 4, if: 'has(\"cle\")'}\n"
        "      - {text: Renoncer, to: 5}\n"
        "  4: {text: Victoire !, end: victory}\n  5: {text: Fin., end: death}\n"), encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    assert loaded.ok, loaded.diagnostics
    doc, _ = source.load(path)
    out = deep_diagnostics(loaded.book, loaded.module, doc)
    if en is None:   # the key kept: nothing to say
        assert out == []
        return
    (found,) = out
    assert found.code == "victory-impossible" and found.span.line + 1 == _where(path, "has(")[0]
    assert found.message.en == f"{en}: this condition closes the last way to a victory " \
        "(behind it, never entered: 4)"
    assert found.message.fr.startswith(
        "« cle » (objet) est obtenu en chemin mais toujours perdu avant le paragraphe 3")


def test_the_command_line_says_how_big_the_abstract_exploration_was():
    from engine.analysis.explore.deep import summary_message
    said = {"complete": False, "bound": "timeout", "states": 3, "games": 12, "seconds": 0.25, "limit": 2.5}
    assert summary_message(said | {"abstract": 288}, "b.yaml").en.endswith(
        "in 0.2 s (limit 2.5 s); abstract exploration: 288 states")
    assert summary_message(said | {"abstract": 288}, "b.yaml").fr.endswith(
        "(limite 2,5 s) ; exploration abstraite : 288 états")
    assert summary_message(said | {"abstract": None}, "b.yaml").en.endswith("; abstract exploration cut")
