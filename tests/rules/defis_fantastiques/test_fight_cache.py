"""The fight odds cache (fight_cache.py): a fight solved once answers from memory,
then from disk, with the very Fractions the solver gives; different constants are
different entries; a damaged or edited entry is solved again; GAMEBOOK_NO_CACHE writes nothing."""
from fractions import Fraction

from engine.rules.defis_fantastiques import fight_cache
from engine.rules.defis_fantastiques.model import Escape, Specials
from engine.rules.defis_fantastiques.odds_solver import family_chances, ff_fight, solve_family, solve_fight

ESCAPING = {"mode": "together", "luck": 7, "enemy_damage": [2, 1], "specials": Specials(escape=Escape(1, 2))}


def entries():
    where = fight_cache.folder()
    return sorted(where.glob("*.json")) if where is not None and where.exists() else []


def test_a_fight_is_solved_once_then_read_back_exactly(monkeypatch):
    solved = solve_fight((9, 8), [(6, 3), (5, 3)], **ESCAPING)
    calls = []
    real = fight_cache.kept

    def counting(kind, arguments, solve, encode, decode):
        return real(kind, arguments, lambda: calls.append(kind) or solve(), encode, decode)
    monkeypatch.setattr(fight_cache, "kept", counting)
    first = ff_fight((9, 8), [(6, 3), (5, 3)], **ESCAPING)
    again = ff_fight((9, 8), [(6, 3), (5, 3)], **ESCAPING)
    fight_cache.forget_memory()
    from_disk = ff_fight((9, 8), [(6, 3), (5, 3)], **ESCAPING)
    assert calls == ["ff_fight"]
    assert first == again == from_disk == solved
    assert isinstance(from_disk.win, Fraction) and from_disk.win == solved.win
    assert len(entries()) == 1


def test_other_constants_are_other_entries():
    one = ff_fight((9, 8), [(6, 3)], luck=7)
    other = ff_fight((9, 8), [(6, 3)], luck=6)
    assert one == solve_fight((9, 8), [(6, 3)], luck=7)
    assert other == solve_fight((9, 8), [(6, 3)], luck=6)
    assert one.win != other.win
    assert len(entries()) == 2


def test_a_list_and_a_tuple_are_the_same_fight():
    ff_fight((9, 8), [(6, 3), (5, 3)], mode="together", enemy_damage=[2, 1])
    ff_fight((9, 8), ((6, 3), (5, 3)), mode="together", enemy_damage=(2, 1))
    assert len(entries()) == 1


def test_a_family_is_kept_too():
    sheets = [(he, luck) for he in (4, 7) for luck in (0, 5)]
    options = {"mode": "together", "luck_policy": "optimal", "use_luck": True, "enemy_damage": (2, 1),
               "specials": Specials(escape=Escape(1, 2))}
    expected = solve_family(9, [(6, 3), (5, 3)], sheets, **options)
    assert family_chances(9, [(6, 3), (5, 3)], sheets, **options) == expected
    fight_cache.forget_memory()
    assert family_chances(9, [(6, 3), (5, 3)], sheets, **options) == expected
    assert len(entries()) == 1


def test_a_damaged_entry_is_solved_again():
    expected = ff_fight((9, 8), [(6, 3)], luck=7)
    (entry,) = entries()
    entry.write_text("{not json", encoding="utf-8")
    fight_cache.forget_memory()
    assert ff_fight((9, 8), [(6, 3)], luck=7) == expected
    entry.write_text('{"key": "someone else", "value": {}}', encoding="utf-8")
    fight_cache.forget_memory()
    assert ff_fight((9, 8), [(6, 3)], luck=7) == expected


def test_an_entry_edited_by_hand_is_not_believed():
    expected = ff_fight((9, 8), [(6, 3)], luck=7)
    (entry,) = entries()
    blob = entry.read_bytes()
    assert f'"win":"{expected.win}"'.encode() in blob
    entry.write_bytes(blob.replace(f'"win":"{expected.win}"'.encode(), b'"win":"1"'))
    fight_cache.forget_memory()
    assert ff_fight((9, 8), [(6, 3)], luck=7).win == expected.win != 1


def test_no_disk_cache_when_asked(monkeypatch):
    monkeypatch.setenv("GAMEBOOK_NO_CACHE", "1")
    assert fight_cache.folder() is None
    assert ff_fight((9, 8), [(6, 3)], luck=7) == solve_fight((9, 8), [(6, 3)], luck=7)


def test_bad_constants_still_raise_and_are_not_kept():
    import pytest
    with pytest.raises(ValueError):
        ff_fight((9, 8), [(6, 3)], mode="nowhere")
    assert entries() == []


def test_every_fight_of_the_bundled_books_reads_back_what_it_solved():
    """`fight_wins` (the book table's families: tables, layers, chains) and `fight_odds`
    on every fight of both bundled books: solved, then read from disk, the same Fractions."""
    from engine.lint.loader import load_book
    for path in ("books/la-cloche-de-brumesel.yaml", "books/la-couronne-de-sel.yaml"):
        loaded = load_book(path)
        book, module = loaded.book, loaded.module
        states = [s for _n, s in module.hero_variants(book)][:3]
        fights = [p.fields["combat"] for _n, p in sorted(book.paragraphs.items()) if "combat" in p.fields]
        assert fights
        for spec in fights:
            fight_cache.forget_memory()
            solved = (module.fight_wins(book, states, spec, policy="optimal"),
                      module.fight_odds(book, states[0], spec, policy="optimal"))
            fight_cache.forget_memory()
            kept = (module.fight_wins(book, states, spec, policy="optimal"),
                    module.fight_odds(book, states[0], spec, policy="optimal"))
            assert kept == solved, spec
    assert len(entries()) > 10


def test_no_disk_cache_without_the_model_sources(monkeypatch):
    monkeypatch.setattr(fight_cache, "MODEL_FILES", ("no-such-source.py",))
    fight_cache.model_digest.cache_clear()
    try:
        assert fight_cache.folder() is None
        assert ff_fight((9, 8), [(6, 3)], luck=7) == solve_fight((9, 8), [(6, 3)], luck=7)
        assert ff_fight((9, 8), [(6, 3)], luck=7) == solve_fight((9, 8), [(6, 3)], luck=7)
    finally:
        fight_cache.model_digest.cache_clear()
    import os
    from pathlib import Path
    assert not (Path(os.environ["GAMEBOOK_CACHE_DIR"]) / "fights").exists()


def test_stored_only_reads_memory_and_disk_and_never_solves():
    """The hover asks inside `stored_only()`: a fight never solved is NotStored (no entry
    written); one solved before answers from memory, then from disk."""
    import pytest

    from engine.analysis.stored_only import NotStored, stored_only
    with stored_only(), pytest.raises(NotStored):
        ff_fight((9, 8), [(6, 4), (5, 3)], **ESCAPING)
    assert entries() == []
    solved = ff_fight((9, 8), [(6, 4), (5, 3)], **ESCAPING)
    with stored_only():
        assert ff_fight((9, 8), [(6, 4), (5, 3)], **ESCAPING) == solved
    fight_cache.forget_memory()
    with stored_only():
        assert ff_fight((9, 8), [(6, 4), (5, 3)], **ESCAPING) == solved
        with pytest.raises(NotStored):
            ff_fight((9, 8), [(6, 4), (5, 4)], **ESCAPING)
