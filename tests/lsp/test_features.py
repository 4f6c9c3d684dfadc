"""Completion, navigation, hover, rename and code actions over a real LSP connection."""
from __future__ import annotations

import pytest
import pytest_asyncio
from lsprotocol import types as T
from pygls.exceptions import JsonRpcException

from tests.lsp.books import DF
from tests.lsp.conftest import change_book, hover_settled, open_book, position_of

pytestmark = pytest.mark.asyncio(loop_scope="session")
URI = "file:///tmp/features.yaml"
DOC = T.TextDocumentIdentifier(uri=URI)


@pytest_asyncio.fixture(loop_scope="session", scope="module", autouse=True)
async def opened(client):
    """The book is open before any test of this file (each may also run alone)."""
    await open_book(client, URI, DF)


async def test_opened(client):
    assert list(await open_book(client, URI, DF)) == []


async def labels(client, position):
    result = await client.text_document_completion_async(T.CompletionParams(DOC, position))
    return {i.label: i for i in result.items}


async def test_complete_paragraphs_after_to_with_first_words(client):
    items = await labels(client, position_of(DF, "to: 2,", 4))
    assert set(items) == {"1", "2", "3", "4"}
    assert items["2"].detail.startswith("Un garde vous barre")


async def test_complete_items_in_flow_effects_and_in_has(client):
    assert set(await labels(client, position_of(DF, "{gain: cle}", 7))) == {"cle", "epee"}
    assert set(await labels(client, position_of(DF, 'has("cle")', 5))) == {"cle", "epee"}


async def test_complete_fields_of_a_choice_and_stats_in_an_expression(client):
    text = DF.replace("      - {text: Descendre, to: here + 2}",
                      "      - {text: Descendre, to: here + 2, }")
    await change_book(client, URI, text, 2)
    fields = await labels(client, position_of(text, "here + 2, ", 10))
    assert {"if", "effects", "text", "to"} <= set(fields)
    assert "Proposé seulement quand" in fields["if"].documentation   # the book is in French
    names = await labels(client, position_of(text, "if: 'has", 5))
    assert {"habilete", "chance", "has", "flag", "here"} <= set(names)
    await change_book(client, URI, DF, 3)


async def test_completion_while_the_yaml_is_broken(client):
    text = DF.replace("      win: 3", "      win: ")
    broken = text.replace("  3:\n", "  3: [\n", 1)  # invalid YAML below the cursor
    diags = await change_book(client, URI, broken, 4)
    assert [d.code for d in diags] == ["yaml-syntax"]
    items = await labels(client, position_of(broken, "win: ", 5))
    assert {"1", "2", "3", "4"} <= set(items)
    await change_book(client, URI, DF, 5)


async def test_definition_of_a_target_a_computed_target_an_item_and_a_flag(client):
    async def definition(needle, offset):
        result = await client.text_document_definition_async(
            T.DefinitionParams(DOC, position_of(DF, needle, offset)))
        return [(r.range.start.line, r.range.start.character) for r in result]
    lines = DF.splitlines()
    assert await definition("to: 2,", 4) == [(lines.index("  2:"), 2)]
    assert await definition("here + 2", 2) == [(lines.index("  3:"), 2)]
    assert await definition('has("cle")', 6) == [(lines.index("  cle: {name: Clé de fer}"), 2)]
    assert await definition('flag("sorti")', 7) == [(lines.index("    effects: [{flag: sorti}]"), 21)]


async def test_references_to_a_paragraph_include_computed_jumps(client):
    result = await client.text_document_references_async(T.ReferenceParams(
        text_document=DOC, position=position_of(DF, "  3:", 2),
        context=T.ReferenceContext(include_declaration=False)))
    lines = DF.splitlines()
    found = sorted(r.range.start.line for r in result)
    assert found == sorted([lines.index("      - {text: Descendre, to: here + 2}"),
                            lines.index("      win: 3")])


async def test_outline_lists_the_paragraphs(client):
    result = await client.text_document_document_symbol_async(T.DocumentSymbolParams(DOC))
    assert [s.name for s in result] == ["§1", "§2", "§3", "§4"]
    assert result[1].detail.startswith("Un garde")


async def test_hover_a_target_and_a_combat(client):
    target = await client.text_document_hover_async(T.HoverParams(DOC, position_of(DF, "to: 2,", 4)))
    assert "Un garde vous barre la route." in target.contents.value
    fight = await hover_settled(client, T.HoverParams(DOC, position_of(DF, "combat:", 1)))
    from engine.analysis.book_odds import book_rows
    from engine.lsp.state import analyse
    snap = analyse("x", DF)
    weakest = book_rows(snap.book, snap.module)[0].win["weakest"]
    assert f"{float(weakest) * 100:.1f} %".replace(".", ",") in fight.contents.value
    assert "ressources au mieux" in fight.contents.value


async def test_hover_a_field_and_an_expression(client):
    field = await client.text_document_hover_async(T.HoverParams(DOC, position_of(DF, "text: Une porte", 2)))
    assert "Le texte du paragraphe." in field.contents.value   # the book is in French
    expr = await client.text_document_hover_async(T.HoverParams(DOC, position_of(DF, "here + 2", 3)))
    assert "§3" in expr.contents.value
    cond = await client.text_document_hover_async(T.HoverParams(DOC, position_of(DF, 'has("cle")', 1)))
    assert "`bool`" in cond.contents.value


async def test_rename_an_item_everywhere_keeping_the_layout(client):
    edit = await client.text_document_rename_async(T.RenameParams(
        text_document=DOC, position=position_of(DF, "{gain: cle}", 8), new_name="clef"))
    edits = edit.changes[URI]
    assert len(edits) == 3 and {e.new_text for e in edits} == {"clef"}
    assert apply(DF, edits) == DF.replace("cle:", "clef:").replace("gain: cle}", "gain: clef}") \
        .replace('has("cle")', 'has("clef")')


def renumber(client, key: str, new: str):
    return client.text_document_rename_async(T.RenameParams(
        text_document=DOC, position=position_of(DF, key, 2), new_name=new))


async def test_renumber_refused_with_a_reason_and_done_when_safe(client):
    with pytest.raises(JsonRpcException, match="saut calculé"):
        await renumber(client, "  3:", "30")
    with pytest.raises(JsonRpcException, match="existe déjà"):
        await renumber(client, "  4:", "2")
    edit = await renumber(client, "  4:", "40")
    renamed = apply(DF, edit.changes[URI])
    assert "  40: {text: Victoire" in renamed and "to: 40, if" in renamed
    from engine.lsp.state import analyse
    assert analyse("x", renamed).diagnostics == []


async def test_code_actions_fix_a_typo_and_add_a_missing_item(client):
    text = DF.replace("{gain: cle}", "{gain: clef}").replace('has("cle")', 'has("lampe")')
    diags = await change_book(client, URI, text, 6)
    result = await client.text_document_code_action_async(T.CodeActionParams(
        text_document=DOC, range=T.Range(T.Position(0, 0), T.Position(40, 0)),
        context=T.CodeActionContext(diagnostics=list(diags))))
    titles = {a.title: a for a in result}
    assert "Remplacer par « cle »" in titles
    fixed = apply(text, titles["Remplacer par « cle »"].edit.changes[URI])
    assert "{gain: cle}" in fixed
    added = apply(text, titles["Ajouter l'objet « lampe » au catalogue (items)"].edit.changes[URI])
    assert "  lampe: {name: Lampe}\nparagraphs:" in added
    await change_book(client, URI, DF, 7)


def apply(text: str, edits) -> str:
    """Apply LSP text edits (the same line/character positions; no emoji in these books)."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    spans = sorted(((offsets[e.range.start.line] + e.range.start.character,
                     offsets[e.range.end.line] + e.range.end.character, e.new_text) for e in edits),
                   reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


async def test_rename_a_flag_where_it_is_set_and_tested(client):
    edit = await client.text_document_rename_async(T.RenameParams(
        text_document=DOC, position=position_of(DF, 'flag("sorti")', 7), new_name="dehors"))
    renamed = apply(DF, edit.changes[URI])
    assert "{flag: dehors}" in renamed and 'flag("dehors")' in renamed
    assert renamed.count("sorti") == 1 and "La sortie, enfin." in renamed  # prose untouched
    with pytest.raises(JsonRpcException, match="pas un nom valable"):
        await client.text_document_rename_async(T.RenameParams(
            text_document=DOC, position=position_of(DF, 'flag("sorti")', 7), new_name="la sortie"))
