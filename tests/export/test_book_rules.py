"""The printed book states the book's own rules (issue 32 item 6): each enemy's wound,
the hero's starting formulas, gold and provisions from `hero:`, `once:` as "the first
time only", and an `auto:` with `end:` as "Otherwise, ..."; in English and French."""
from __future__ import annotations

from engine.export import build, markdown

from .conftest import ROOT, load, write_book

HERON = ROOT / "tests" / "authors" / "the-heron-gate.yaml"


def _md(path, lang: str | None = None) -> str:
    loaded = load(path)
    return markdown.render(build.document(loaded.book, loaded.module, lang)).replace("\xa0", " ").replace("\u202f", " ")


def _section(text: str, n: int) -> str:
    return text.split(f"\n### {n}\n", 1)[1].split("\n### ", 1)[0]


def _rules(text: str) -> str:
    return text.split("## How to play\n", 1)[1].split("\n## ", 1)[0] if "## How to play" in text else \
        text.split("## Règles du jeu\n", 1)[1].split("\n## ", 1)[0]


def test_how_to_play_says_the_hero_of_this_book(tmp_path):
    rules = _rules(_md(HERON))
    assert ("Roll one die and add 6: this is your SKILL. Roll two dice and add 12: this is your STAMINA. "
            "Roll one die and add 6: this is your LUCK. Roll two dice for your Gold Pieces. "
            "You start with 2 Provisions.") in rules
    strong = HERON.read_text(encoding="utf-8").replace("stamina: 2d6+12", "stamina: 30").replace(
        "gold: 2d6", "gold: 7")
    rules = _rules(_md(write_book(tmp_path, strong)))
    assert "Your starting STAMINA is 30." in rules and "You start with 7 Gold Pieces." in rules
    assert "two dice and add 12" not in rules
    french = _rules(_md(write_book(tmp_path, strong), "fr"))
    assert "Votre total de départ d'ENDURANCE est 30." in french and "Vous partez avec 7 Pièces d'Or." in french


def test_each_enemy_wound_as_the_book_gives_it(tmp_path):
    text = _md(HERON)
    assert "Each wound the Toll-keeper inflicts costs you 3 Stamina points." in _section(text, 15)
    assert "Each wound they inflict costs you 1 Stamina point." in _section(text, 18)   # both deal 1
    assert "Each wound" not in _section(text, 38)   # the rules' 2 points
    mixed = HERON.read_text(encoding="utf-8").replace(
        "        - {name: Cave Spider, skill: 5, stamina: 4, damage: 1}\n",
        "        - {name: Cave Spider, skill: 5, stamina: 4}\n", 1)
    fight = _section(_md(write_book(tmp_path, mixed)), 18)
    assert "Each wound the Cave Spider inflicts costs you 1 Stamina point." in fight
    assert "Each wound the Cave Spider inflicts costs you 2 Stamina points." in fight
    assert "they inflict" not in fight


def test_once_is_printed_so_that_the_paper_book_does_not_loop():
    text, french = _md(HERON), _md(HERON, "fr")
    assert "The first time you come here only: take the item 'Coil of Rope'; gain 1 Provision." in _section(text, 3)
    assert "The first time you come here only: note the codeword 'Heron'." in _section(text, 23)
    assert "La première fois que vous venez ici seulement :" in _section(french, 3)


def test_a_fight_once_only_is_said_before_the_fight(tmp_path):
    once = HERON.read_text(encoding="utf-8").replace(
        "    text: The toll-keeper swings a heavy club.\n",
        "    text: The toll-keeper swings a heavy club.\n    once: [combat]\n")
    fight = _section(_md(write_book(tmp_path, once)), 15)
    assert fight.index("The first time you come here only:") < fight.index("TOLL-KEEPER")


def test_an_automatic_jump_with_an_ending_prints_its_otherwise():
    ten = _section(_md(HERON), 10)
    assert "If you have the item 'Coil of Rope', turn to [9](#p9)." in ten
    assert "Otherwise, your adventure ends here." in ten


def test_the_auto_example_of_book_format_md_prints_its_otherwise(tmp_path):
    doc = (ROOT / "docs" / "book-format.md").read_text(encoding="utf-8")
    example = next(block.split("```", 1)[0] for block in doc.split("```yaml\n")[1:]
                   if "title: Le gardien" in block)
    two = _section(_md(write_book(tmp_path, example)), 2)
    assert "Si vous possédez l'objet « Orbe », rendez-vous au [3](#p3)." in two
    assert "Sinon, votre aventure se termine ici." in two and "*Votre aventure se termine ici.*" not in two


def test_a_plain_flag_is_printed_as_a_reader_word():
    """A flag the book does not declare under `codewords:` (`maze_lever`) is printed as a
    word a reader writes down, never as its id; a declared one (`heron`) by its name."""
    text, french = _md(HERON), _md(HERON, "fr")
    assert "Note the codeword 'Maze lever'." in _section(text, 19)
    assert "(if you have noted the codeword 'Maze lever')" in _section(text, 20)
    assert "Notez le mot-code « Maze lever »." in _section(french, 19)
    assert "maze_lever" not in text and "maze_lever" not in french
    assert "note the codeword 'Heron'" in _section(text, 23)


def test_the_sheet_s_boxes_follow_the_book_s_language():
    """English punctuation in an English book's Markdown sheet, French in French."""
    text, french = _md(HERON), _md(HERON, "fr")
    assert "- **Stamina**: " in text and "- **Stamina** : " not in text
    assert "- **Endurance** : " in french
