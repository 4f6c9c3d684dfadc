"""Issue 13, French pass: opponents' names with their article, contractions and agreement."""
import pytest

from engine.rules import french as F


@pytest.mark.parametrize("enemy, the, of", [
    ({"name": "Taureau d'airain"}, "le Taureau d'airain", "du Taureau d'airain"),
    ({"name": "Ogre"}, "l'Ogre", "de l'Ogre"),
    ({"name": "Louve borgne", "article": "la"}, "la Louve borgne", "de la Louve borgne"),
    ({"name": "Malvorn", "article": ""}, "Malvorn", "de Malvorn"),
])
def test_articles(enemy, the, of):
    assert (F.the(enemy), F.of(enemy), F.The(enemy)) == (the, of, the[:1].upper() + the[1:])


def test_three_alike_fought_as_one_are_plural():
    rats = F.group([{"name": "Rat géant"}] * 3)
    assert F.The(rats) + " " + F.verb(rats, "est vaincu", "sont vaincus") == "Les trois rats géants sont vaincus"
    assert F.of(rats) == "des trois rats géants" and rats["name"] == "Rat géant ×3"


def test_different_ones_fought_as_one():
    pair = F.group([{"name": "Guetteur"}, {"name": "Bretteur"}])
    assert (F.the(pair), F.of(pair), pair["name"]) == (
        "le Guetteur et le Bretteur", "du Guetteur et du Bretteur", "Guetteur and Bretteur")


def test_plural_stops_at_a_preposition():
    assert F.the(F.group([{"name": "Garde du roi"}] * 2)) == "les deux gardes du roi"


def test_the_rats_of_the_bundled_book_in_play(tmp_path):
    from pathlib import Path
    from engine.saves import store as saves
    from engine.game.dice import SeededDice
    from engine.game import Game
    from engine.lint.loader import load_book
    from engine.repl.session import Session
    loaded = load_book(Path(__file__).resolve().parents[2] / "books" / "la-cloche-de-brumesel.yaml", use_cache=False)
    game = Game(loaded.book, loaded.module, SeededDice(1), lang="fr")
    game.goto(25)
    s = Session(game, saves.SaveStore("x", tmp_path), "fr", width=200)
    text = str(s.start())
    while s.game.state.paragraph == 25 and not s.game.state.ended:
        text += str(s.handle_line(""))
    assert "Combat contre les trois rats géants" in text and "Les trois rats géants sont vaincus." in text
    assert "&" not in text and "−0" not in text and "Vous affrontez" not in text.split("— 25 —")[0]


def test_agreement_in_gender_where_the_article_says_it():
    """"La Murène … est vaincu" (issue 33, item 6): a `la` opponent agrees."""
    from engine.rules import french as F
    murene, loup = {"name": "Murène des cryptes", "article": "la"}, {"name": "Loup gris"}
    assert f"{F.The(murene)} {F.verb(murene, 'est vaincu', 'sont vaincus', 'est vaincue')}" == \
        "La Murène des cryptes est vaincue"
    assert F.verb(loup, "est vaincu", "sont vaincus", "est vaincue") == "est vaincu"


def test_the_bundled_books_name_a_proper_name_and_a_mute_h_as_french_does():
    """"l'Astérion", "le Homme-crabe" (issue 33, item 6): the books say their articles."""
    from pathlib import Path
    from engine.lint.loader import load_book
    from engine.rules import french as F
    books = Path(__file__).resolve().parents[2] / "books"
    taureau = load_book(books / "le-taureau-d-airain.yaml").book
    asterion = next(e for p in taureau.paragraphs.values() for e in (p.fields.get("combat") or {}).get("enemies", ())
                    if e["name"] == "Astérion")
    assert F.the(asterion) == "Astérion" and F.of(asterion) == "d'Astérion"
    couronne = load_book(books / "la-couronne-de-sel.yaml").book
    crabs = [e for p in couronne.paragraphs.values() for e in (p.fields.get("combat") or {}).get("enemies", ())
             if e["name"].startswith("Homme-crabe")]
    assert crabs and all(F.the(e).startswith("l'Homme-crabe") for e in crabs)
