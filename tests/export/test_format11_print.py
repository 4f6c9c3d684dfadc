"""Format 1.1 on paper: the prologue, the way back to a noted paragraph, the number
the reader works out, automatic jumps before the choices, the names a book gives its
counters and codewords; in French and English, on the showcase."""
from __future__ import annotations

from engine.export import build, markdown

from .conftest import ROOT, load

SHOWCASE = ROOT / "books" / "la-couronne-de-sel.yaml"


def _md(lang: str) -> str:
    loaded = load(SHOWCASE)
    text = markdown.render(build.document(loaded.book, loaded.module, lang))
    return text.replace("\xa0", " ").replace("\u202f", " ")


def _section(text: str, n: int) -> str:
    return text.split(f"\n### {n}\n", 1)[1].split("\n### ", 1)[0]


def test_the_front_matter_has_the_description_and_the_prologue_before_paragraph_1():
    text = _md("fr")
    description = text.index("Le sorcier Ordric Vaume a volé la Couronne de Sel")
    prologue = text.index("## Prologue")
    assert description < text.index("## Règles du jeu") < prologue < text.index("\n### 1\n")
    assert "Salvène vit de la mer et la craint." in text[prologue:]
    assert "la prévôte de Salvène vous a fait appeler." in text[prologue:].replace("\n", " ")


def test_a_noted_paragraph_reads_as_a_box_of_the_sheet_in_both_languages():
    fr, en = _md("fr"), _md("en")
    assert "Notez le numéro de ce paragraphe dans la case « Paragraphe du cloître »" in _section(fr, 100)
    assert ("Retourner au paragraphe que vous avez noté : rendez-vous au paragraphe dont vous avez noté "
            "le numéro dans la case « Paragraphe du cloître ».") in _section(fr, 101)
    assert "turn to the paragraph whose number you wrote in the box 'Paragraphe du cloître'." in _section(en, 101)
    assert "note(" not in fr and "note(" not in en and "calculez" not in fr


def test_the_puzzle_gives_the_way_never_the_answer():
    fr, en = _md("fr"), _md("en")
    riddle = _section(fr, 125)
    assert ("Vous rendre au paragraphe dont vous avez calculé le numéro : rendez-vous au paragraphe qui "
            "porte ce numéro.") in riddle
    assert "147" not in riddle and "148" not in riddle
    assert "turn to the paragraph with that number." in _section(en, 125)


def test_automatic_jumps_come_first_and_counters_and_codewords_go_by_their_names():
    fr = _md("fr")
    toll = _section(fr, 80)
    assert "Si votre compte « Jours écoulés » est d'au moins 5, votre aventure se termine ici." in toll
    assert toll.index("Si votre compte") < toll.index("Visiter la cabane du péager")
    tide = _section(fr, 158)
    assert "Si votre compte « Jours écoulés » est d'au plus 4, rendez-vous au [160](#p160)." in tide
    assert "Sinon, votre aventure se termine ici." in tide
    assert "(si vous avez noté le mot-code « Contrebande »)" in fr and "« jours »" not in fr
    assert "« jours \\>= 5 »" not in fr


def test_a_hidden_choice_is_printed_with_its_condition():
    """Paper cannot hide a way out: `show: hidden` reads as a condition, like any other."""
    court = _section(_md("fr"), 143)
    assert ("Faire de grands signes vers la barque bleue de Maël (si vous avez noté le mot-code « Mouette ») : "
            "rendez-vous au [155](#p155).") in court


def test_copies_are_counted_on_paper():
    fr, en = _md("fr"), _md("en")
    assert "Prenez 2 exemplaires de l'objet « Poignée de sel béni »." in _section(fr, 127)
    assert ("(si vous possédez au moins 1 exemplaire de l'objet « Poignée de sel béni ») (rayez 1 exemplaire "
            "de l'objet « Poignée de sel béni » de votre équipement)") in _section(fr, 130)
    assert ("(if you have at least 1 copy of the item 'Poignée de sel béni') (cross 1 copy of the item "
            "'Poignée de sel béni' off your equipment)") in _section(en, 130)


def test_once_only_choices_and_giving_up_read_as_instructions():
    fr, en = _md("fr"), _md("en")
    assert "Retourner voir la prévôte (si vous ne l'avez pas déjà fait) : rendez-vous au" in fr
    assert ("(si votre total de Pièces d'Or est d'au moins 4 et si vous ne l'avez pas déjà fait)"
            in fr.replace("\n", " "))
    assert "(if you have not already done so)" in en
    assert "(rayez de votre équipement un objet de votre choix)" in _section(fr, 68)
    assert "(cross one item of your choice off your equipment)" in _section(en, 68)
    assert "give_up" not in fr and "give\\_up" not in fr
