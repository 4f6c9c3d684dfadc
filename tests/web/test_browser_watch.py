"""`gamebook serve BOOK --watch`: an edit saved shows in the page with its new finding,
and the game stays where it was; a finding clicked goes to its paragraph; the author's
jump, graph and odds."""
from __future__ import annotations

import contextlib
import re
import shutil

import pytest

from tests.web.browser import chromium, move, options, serving, settled
from tests.web.helpers import CLOCHE

pytestmark = pytest.mark.browser
ADDED = "Un corbeau de bois grince au vent."


def edit_paragraph(path, number: int) -> None:
    """Add a sentence to paragraph `number`'s text, and a paragraph no choice leads to."""
    text = path.read_text(encoding="utf-8")
    head = re.search(rf"^  {number}:\n    text: [|>]\n", text, re.M)
    assert head, number
    text = text[:head.end()] + f"      {ADDED}\n" + text[head.end():]
    text = text.rstrip() + "\n  999:\n    text: Une salle que personne ne visite.\n    end: death\n"
    path.write_text(text, encoding="utf-8")


@contextlib.contextmanager
def watched(tmp_path):
    """A copy of la-cloche-de-brumesel served with --watch, open in a page: (page, book)."""
    book = tmp_path / "cloche.yaml"
    shutil.copy(CLOCHE, book)
    with serving(book, "--seed", "5", "--watch") as (url, _), chromium() as browser:
        page = browser.new_page()
        page.goto(url)
        settled(page)
        yield page, book


def test_an_edit_shows_with_its_finding_and_the_game_stays(tmp_path):
    with watched(tmp_path) as (page, book):
        assert page.is_visible("#author-box")
        assert page.locator("#diagnostics li").count() == 0   # the bundled book is clean
        for _ in range(2):
            page.click(f'#choices button[data-n="{move(options(page))}"]')
            settled(page)
        here = page.get_attribute("body", "data-paragraph")
        sheet = page.inner_text("#sheet")
        edit_paragraph(book, int(here))
        page.wait_for_function("text => document.getElementById('story').textContent.includes(text)", arg=ADDED)
        settled(page)
        assert page.get_attribute("body", "data-paragraph") == here
        assert page.inner_text("#sheet") == sheet
        finding = page.locator("#diagnostics button")
        assert finding.count() == 1 and "unreachable" in finding.inner_text()
        finding.click()
        settled(page)
        assert page.get_attribute("body", "data-paragraph") == "999"


def test_the_jump_the_graph_and_the_odds(tmp_path):
    with watched(tmp_path) as (page, _):
        page.fill("#jump-start", "22")
        page.fill("#jump-set", "habilete=12")
        page.get_by_role("button", name="Aller au paragraphe").click()
        settled(page)
        assert page.get_attribute("body", "data-paragraph") == "22"
        assert "Habileté : 12/12" in page.inner_text("#sheet")
        assert "%" in page.inner_text("#fight-odds")   # the fight of §22, its exact odds
        page.fill("#jump-start", "nowhere")
        page.get_by_role("button", name="Aller au paragraphe").click()
        settled(page)
        assert page.locator("#story .s-error").count() == 1
        with page.expect_popup() as popup:
            page.click("#graph-link")
        graph = popup.value
        graph.wait_for_load_state()
        assert graph.locator("g.node.current title").text_content() == "p22"
