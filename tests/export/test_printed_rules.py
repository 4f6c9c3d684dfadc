"""The printed book checked against the book's own data (issue 32 item 6): every bundled
book and every complete book of docs/*.md exported, and for each paragraph the printed
rules compared with what the compiled book says: the hero's starting formulas, gold and
provisions, the starting equipment, each fight's enemies, numbers and wounds, each
`once:`, each test, every way out (hidden choices included), `auto:` with its
"Otherwise", a puzzle's way out without its answers.  Nothing here is a golden text:
each expectation is read from the compiled book."""
from __future__ import annotations

import re

import pytest

from engine.export import build
from engine.export.model import Boxes, Heading, Para, Ref, Stats, Table, runs_text
from engine.export.modules import names_for
from tests.authors.test_doc_examples import EXAMPLES

from .conftest import BOOKS, ROOT, load, write_book

DOC_BOOKS = [(f"{name}#{i}", block) for name, i, block in EXAMPLES
             if re.search(r"^gamebook:", block, re.M) and re.search(r"^title:", block, re.M)
             and re.search(r"^rules: (defis-fantastiques|chroniques-cretoises)", block, re.M)
             and "include:" not in block]
HERON = ROOT / "tests" / "authors" / "the-heron-gate.yaml"   # the English book of the campaign
CASES = [(p.stem, p) for p in BOOKS + [HERON]] + DOC_BOOKS

WORDS = {   # the printed words this test looks for, per language
    "fr": {"first": "La première fois que vous venez ici seulement :", "wound": "Chaque blessure",
           "lose": "vous fait perdre {n} point{s} d'Endurance", "luck": "Tentez votre Chance",
           "skill": "Testez votre Habileté", "otherwise": "Sinon, ", "if": "(si ",
           "again": "Si vous êtes déjà venu ici", "puzzle": "rendez-vous au paragraphe qui porte ce numéro.",
           "stats": ("HABILETÉ", "ENDURANCE", "CHANCE"), "gold": "d'Or", "provisions": "Provision",
           "dice": {1: "un dé", 2: "deux dés", 3: "trois dés"}},
    "en": {"first": "The first time you come here only:", "wound": "Each wound",
           "lose": "costs you {n} Stamina point{s}", "luck": "Test your Luck",
           "skill": "Test your Skill", "otherwise": "Otherwise, ", "if": "(if ",
           "again": "If you have been here before", "puzzle": "turn to the paragraph with that number.",
           "stats": ("SKILL", "STAMINA", "LUCK"), "gold": "Gold Piece", "provisions": "Provision",
           "dice": {1: "one die", 2: "two dice", 3: "three dice"}},
}


@pytest.fixture(scope="module", params=CASES, ids=[c[0] for c in CASES])
def printed(request, tmp_path_factory):
    name, source = request.param
    path = source if not isinstance(source, str) else \
        write_book(tmp_path_factory.mktemp("doc"), source)
    loaded = load(path)
    doc = build.document(loaded.book, loaded.module)
    return loaded, doc, WORDS[doc.lang]


def text(blocks) -> str:
    out = []
    for b in blocks:
        if isinstance(b, Stats):
            out += [" ".join([marker, name] + [f"{k} {v}" for k, v in values]) for marker, name, values in b.rows]
        elif isinstance(b, (Para,)):
            out.append(runs_text(b.runs))
        elif isinstance(b, Heading):
            out.append(b.text)
        elif isinstance(b, Boxes):
            out += [label for label, _ in b.boxes]
        elif isinstance(b, Table):
            out += [" ".join(row) for row in (b.header,) + b.rows]
    return "\n".join(out).replace("\xa0", " ").replace("\u202f", " ")


def refs(blocks) -> set[int]:
    return {r.number for b in blocks for r in getattr(b, "runs", ()) if isinstance(r, Ref)}


def _paragraph(book, target) -> bool:
    """A target that is a paragraph (format 1.2 compiles an outcome's end to a number none has)."""
    return isinstance(target, int) and not isinstance(target, bool) and target in book.paragraphs


def sections(doc) -> dict:
    return {s.number: s for s in doc.sections}


def test_the_cases_cover_books_and_docs():
    assert len(BOOKS) >= 3 and len(DOC_BOOKS) >= 15


def test_how_to_play_gives_this_book_s_hero(printed):
    loaded, doc, w = printed
    book = loaded.book
    if book.rules != "defis-fantastiques":
        assert text(doc.front[0][1]).strip()   # the module's own rules summary
        return
    from engine.rules.defis_fantastiques.sheet import STATS
    rules = text(doc.front[0][1])
    hero = book.hero if isinstance(book.hero, dict) else {}
    labels = dict(zip(("habilete", "endurance", "chance"), w["stats"]))
    labels.update(gold=w["gold"], provisions=w["provisions"], **{"or": w["gold"]})
    for spec in STATS:
        value = str(next((hero[k] for k in (spec.name, *spec.aliases) if k in hero), spec.initial)).strip()
        sentence = next(s for s in re.split(r"(?<=\.) ", rules) if labels[spec.name] in s)
        if value.isdigit():
            assert re.findall(r"\d+", sentence) == ([value] if value != "0" else []), (spec.name, sentence)
        else:
            m = re.fullmatch(r"(\d*)d6\s*(?:[+-]\s*(\d+))?", value)
            assert w["dice"][int(m.group(1) or 1)] in sentence, (spec.name, sentence)
            assert re.findall(r"\d+", sentence) == ([m.group(2)] if m.group(2) else []), (spec.name, sentence)


def test_the_sheet_lists_the_starting_equipment(printed):
    loaded, doc, _w = printed
    sheet = text(doc.front[1][1])
    for entry in loaded.book.hero.get("equipment") or ():
        item = next(iter(entry)) if isinstance(entry, dict) else entry
        assert loaded.book.item_name(str(item)) in sheet, item


def test_each_fight_prints_its_enemies_numbers_and_wounds(printed):
    loaded, doc, w = printed
    printed_sections = sections(doc)
    for number, paragraph in loaded.book.paragraphs.items():
        spec = paragraph.fields.get("combat")
        if not isinstance(spec, dict):
            continue
        said = text(printed_sections[number].blocks)
        stats = [b for b in printed_sections[number].blocks if isinstance(b, Stats)]
        rows = [row for b in stats for row in b.rows]
        assert len(rows) == len(spec.get("enemies") or ()), number
        for enemy, (_marker, name, values) in zip(spec["enemies"], rows):
            assert name.lower() == str(enemy["name"]).lower(), number
            numbers = [int(v) for _k, v in values if str(v).isdigit()]
            keys = ("habilete", "endurance") if loaded.book.rules == "defis-fantastiques" else ("force", "protection")
            assert numbers == [enemy[k] for k in keys if k in enemy], (number, enemy, values)   # (1.2: no Stamina)
        for key in ("win", "all_down", "hurt", "timeout"):
            if _paragraph(loaded.book, spec.get(key)):
                assert spec[key] in refs(printed_sections[number].blocks), (number, key)
        if loaded.book.rules != "defis-fantastiques":
            continue
        damage = [int(e.get("damage", 2)) for e in spec["enemies"]]
        if all(d == 2 for d in damage):
            assert w["wound"] not in said, number
        for d in set(damage) - {2}:
            assert w["lose"].format(n=d, s="" if d == 1 else "s") in said, (number, d)


def test_each_test_and_each_once_is_printed(printed):
    loaded, doc, w = printed
    printed_sections = sections(doc)
    for number, paragraph in loaded.book.paragraphs.items():
        blocks = printed_sections[number].blocks
        said = text(blocks)
        test = paragraph.fields.get("test")
        if isinstance(test, dict) and loaded.book.rules == "defis-fantastiques":
            assert w["luck" if test.get("type") in ("chance", "luck") else "skill"] in said, number
            for key in ("success", "failure"):
                if _paragraph(loaded.book, test.get(key)):
                    assert test[key] in refs(blocks), (number, key)
        if "effects" in paragraph.once and paragraph.effects:
            assert said.count(w["first"]) >= 1, number
        activities = set(paragraph.once) - {"effects"}
        if activities & set(paragraph.fields):
            first = said.index(w["first"])
            assert all(first < said.index(name) for _m, name, _v in
                       (row for b in blocks if isinstance(b, Stats) for row in b.rows)), number
            if paragraph.choices:   # play offers the choices when the fight is skipped
                assert w["again"] in said, number
        if not paragraph.once:
            assert w["first"] not in said, number


def test_every_way_out_is_printed_as_the_data_gives_it(printed):
    loaded, doc, w = printed
    hidden = names_for(loaded.module).get("hidden", lambda p, c, w: False)
    printed_sections = sections(doc)
    for number, paragraph in loaded.book.paragraphs.items():
        blocks = printed_sections[number].blocks
        said, turned = text(blocks), refs(blocks)
        for choice in paragraph.choices:
            if hidden(paragraph, choice, None):
                continue
            assert choice.text.strip() in said or len(paragraph.choices) == 2, (number, choice.text)
            if _paragraph(loaded.book, choice.target):
                assert choice.target in turned, (number, choice.text)
            if choice.condition is not None or choice.once:   # `show: hidden` too: paper cannot hide it
                assert w["if"] in said or w["otherwise"] in said, (number, choice.text)
        for jump in paragraph.auto:
            if _paragraph(loaded.book, jump.target):
                assert jump.target in turned, number
        if paragraph.end and paragraph.auto and all(a.condition is not None for a in paragraph.auto):
            assert w["otherwise"] in said, number
        puzzle = paragraph.fields.get("puzzle")
        if isinstance(puzzle, dict):
            line = next(p for p in blocks if isinstance(p, Para) and w["puzzle"] in runs_text(p.runs))
            assert runs_text(line.runs)[:1].isupper(), (number, runs_text(line.runs))   # a sentence a reader reads
            secret = {a.get("to") if isinstance(a, dict) else a for a in puzzle.get("answers") or ()} \
                | {puzzle.get("wrong")}   # (1.2: an answer {to: N, if: ...})
            given = {c.target for c in paragraph.choices} | {a.target for a in paragraph.auto}
            assert not (turned & (secret - given)), number
