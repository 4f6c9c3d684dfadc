"""Format 1.2, puzzle conditions (issue 31 item 5): an answer may carry `if:` (while it
does not hold, the number is a wrong one), `tries: N` limits the numbers typed, and
without `wrong:` a wrong number says "nothing happens" (never that no paragraph has it)."""
from __future__ import annotations

from .f12_helpers import codes, exact, game, keys, load, said, transcript, where, wording

LEVERS = """\
paragraphs:
  1:
    text: Un levier, et une porte au nombre gravé.
    choices:
      - {text: Tirer le levier, stay: true, once: true, effects: [{flag: levier}]}
      - {text: Aller à la porte, to: 3}
  3:
    text: Ajoutez 26 au nombre du levier et rendez-vous à ce paragraphe.
    puzzle: {answers: [{to: 38, if: 'flag("levier")'}, 2], tries: 2}
    choices:
      - {text: Renoncer, to: 2}
  2: {text: La porte reste close., end: death}
  38: {text: La porte s'ouvre., end: victory}
"""


def test_an_answer_whose_condition_fails_is_a_wrong_number(tmp_path):
    g = game(tmp_path, LEVERS)
    g.answer("2")                      # to the door without pulling the lever
    g.drain()
    g.answer("2", 38)
    assert g.state.paragraph == 3 and said(g) == ["» 38", "Nothing happens."]
    g.answer("2", 38)                  # the second and last try
    assert g.state.paragraph == 3 and keys(g) == ["1"]   # no more numbers to type


def test_the_right_number_with_its_condition_leads_there(tmp_path):
    g = game(tmp_path, LEVERS)
    g.answer("1")
    g.answer("2")
    g.answer("2", 38)
    assert g.state.ended == "victory"


def test_an_answer_without_condition_still_leads_there(tmp_path):
    g = game(tmp_path, LEVERS)
    g.answer("2")
    g.answer("2", 2)
    assert g.state.ended == "death" and g.state.paragraph == 2


def test_with_wrong_the_last_try_leads_there(tmp_path):
    g = game(tmp_path, LEVERS.replace("tries: 2}", "tries: 2, wrong: 2}"))
    g.answer("2")
    g.answer("2", 7)
    assert g.state.paragraph == 3
    g.answer("2", 38)                  # the lever not pulled: a wrong number, the last one
    assert g.state.paragraph == 2 and g.state.ended == "death"


def test_without_tries_nothing_happens_as_often_as_wanted(tmp_path):
    g = game(tmp_path, LEVERS.replace(", tries: 2}", "}"))
    g.answer("2")
    for _ in range(5):
        g.answer("2", 999)
    assert g.state.paragraph == 3 and keys(g) == ["1", "2"]


def test_the_repl_says_nothing_happens_in_the_players_language(monkeypatch, capsys, tmp_path):
    out = transcript(monkeypatch, capsys, tmp_path, LEVERS, "2\n2 5\n", lang="fr")
    assert "Il ne se passe rien." in out and "nulle part" not in out
    out = transcript(monkeypatch, capsys, tmp_path, LEVERS, "2\n2 5\n", lang="en")
    assert "Nothing happens." in out and "leads nowhere" not in out


def test_bad_puzzles_are_located(tmp_path):
    older = load(tmp_path, LEVERS.replace("      - {text: Tirer le levier, stay: true, once: true, effects: [{flag: levier}]}\n", ""),
                 version="1.1")
    assert "format-1-2" in codes(older) and where(older, "format-1-2") == (22, 60)   # at `tries`
    missing = load(tmp_path, LEVERS.replace("{to: 38,", "{to: 39,"))
    assert "puzzle-no-answer" in codes(missing) and where(missing, "puzzle-no-answer") == (23, 29)
    typo = load(tmp_path, LEVERS.replace('flag("levier")', 'flg("levier")'))
    assert where(typo, next(c for c in codes(typo) if c != "schema")) == (23, 38)   # at `flg`, inside the quotes
    assert "schema" in codes(load(tmp_path, LEVERS.replace("tries: 2", "tries: 0")))
    assert "schema" in codes(load(tmp_path, LEVERS.replace("{to: 38, if:", "{if:")))


def test_the_printed_book_says_how_many_tries(tmp_path):
    assert "turn to the paragraph with that number. You may try 2 numbers, no more." in wording(tmp_path, LEVERS, "en")
    assert "Vous pouvez essayer 2 numéros, pas davantage." in wording(tmp_path, LEVERS, "fr")
    section = wording(tmp_path, LEVERS, "en").split("### 3", 1)[1].split("<a id=", 1)[0]
    assert "Ajoutez 26" in section and "38" not in section   # never the answer


# The analysis and the conversion pair: the lever room is found on 1-2 of one die.
FOUND = """\
paragraphs:
  1:
    text: Un couloir.
    random: {dice: 1d6, outcomes: [{range: [1, 2], to: 4}, {range: [3, 6], to: 3}]}
  4:
    text: Une salle ; un levier marqué 12.
    effects: [{flag: levier}]
    choices: [{text: Continuer, to: 3}]
  3:
    text: Ajoutez 26 au nombre du levier et rendez-vous à ce paragraphe.
    puzzle: {answers: [ANSWER], wrong: 2}
  2: {text: La porte reste close., end: death}
  38:
    text: La porte s'ouvre.
    END
"""
NEW = FOUND.replace("ANSWER", "{to: 38, if: 'flag(\"levier\")'}").replace("END", "end: victory")
# format 1.1: the answer's paragraph itself sends away who cannot know the number
OLD = FOUND.replace("ANSWER", "38").replace("END", "auto: [{if: 'not flag(\"levier\")', to: 2}, {end: victory}]")


def test_analysis_value_of_a_puzzle_with_a_condition(tmp_path):
    """§ 1 rolls one die: 1-2 (1/3) finds the lever (§ 4, flag `levier`), 3-6 (2/3) goes
    straight to the door.  Typing 38 wins only with the flag; any other number is
    death (§ 2).  Victory: 1/3.  The same puzzle without the condition (format 1.1,
    the solver types 38 whatever it saw): 1."""
    assert exact(tmp_path, NEW) == "1/3"
    assert exact(tmp_path, FOUND.replace("ANSWER", "38").replace("END", "end: victory"),
                 version="1.1", name="naive.yaml") == "1"


def test_conversion_the_answer_paragraph_check_and_the_condition_give_the_same_value(tmp_path):
    """1.1: the answer's paragraph turns back who never saw the lever; 1.2: the answer's `if:`."""
    assert exact(tmp_path, OLD, version="1.1", name="old.yaml") == exact(tmp_path, NEW, name="new.yaml") == "1/3"
    for faces in ([1], [6]):
        a, b = game(tmp_path, OLD, version="1.1", faces=faces, name="a.yaml"), game(tmp_path, NEW, faces=faces, name="b.yaml")
        for g in (a, b):
            g.answer("roll")
            if g.state.paragraph == 4:
                g.answer("1")
            g.answer("1", 38)
        assert (a.state.ended, a.state.flags) == (b.state.ended, b.state.flags)


def test_the_option_says_how_many_tries_are_left(tmp_path):
    g = game(tmp_path, LEVERS)
    g.answer("2")
    typed = g.prompt().options[-1]
    assert (typed.label.fr, typed.label.en) == (
        "Aller au paragraphe dont vous avez trouvé le numéro (2 essais restants)",
        "Turn to the paragraph whose number you worked out (2 tries left)")
    g.answer("2", 5)
    assert g.prompt().options[-1].label.en.endswith("(1 try left)")
    assert g.prompt().options[-1].label.fr.endswith("(1 essai restant)")
