"""The page in a real browser: whole games of each bundled book to a victory by
clicking (French, English; la-cloche-de-brumesel also by the keyboard alone); save,
reload, resume."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from engine.repl.messages import text
from engine.web.labels import say
from tests.web.browser import chromium, move, options, saved_after, serving, settled
from tests.web.helpers import CLOCHE
from tests.repl.test_tmux import tmux  # noqa: F401 (the fixture: a tmux server of the test's own)
from tests.web.routes import couronne, taureau, vennick

pytestmark = pytest.mark.browser


def play_to_the_end(page, keyboard: bool = False, steps: int = 400) -> str:
    for _ in range(steps):
        if page.get_attribute("body", "data-ended"):
            break
        n = move(options(page))
        if keyboard:
            assert n <= 9
            page.keyboard.press(str(n))
        else:
            page.click(f'#choices button[data-n="{n}"]')
        settled(page)
    return page.get_attribute("body", "data-ended")


@pytest.mark.parametrize("lang, restart", [("fr", "Recommencer"), ("en", "Start again")])
def test_a_victory_by_clicking(lang, restart):
    with serving(CLOCHE, "--seed", "5", "--lang", lang) as (url, _), chromium() as browser:
        page = browser.new_page()
        page.goto(url)
        settled(page)
        assert page.get_attribute("html", "lang") == lang
        assert play_to_the_end(page) == "victory"
        # the end: the ending prompt's one button, named in the game's language
        assert page.get_by_role("button", name=f"1 {restart}", exact=True).is_visible()
        # the other language, from the same tables, the game where it was
        page.get_by_role("button", name="English" if lang == "fr" else "Français").click()
        settled(page)
        other = "en" if lang == "fr" else "fr"
        assert page.get_attribute("html", "lang") == other
        assert page.get_by_role("button", name="Undo" if other == "en" else "Annuler").is_visible()
        assert page.get_attribute("body", "data-ended") == "victory"


def click_through(page, route, lang: str) -> None:
    """The rule test's route (tests/web/routes.py) played by clicks: the numbered
    buttons, the amount field when an option asks for a number, the rules' commands
    (their form found by its labels, in the page's language)."""
    for kind, what, arg in route.steps:
        if kind == "command":
            page.get_by_label(say(lang, "rule-command")).select_option(what)
            page.get_by_label(say(lang, "rule-arg")).fill(arg)
            page.get_by_role("button", name=say(lang, "rule-run"), exact=True).click()
        else:
            page.click(f'#choices button[data-n="{what}"]')
            if arg is not None:
                settled(page)
                assert page.is_visible("#amount-form")
                page.fill("#amount", str(arg))
                page.click("#amount-ok")
        settled(page)


@pytest.mark.parametrize("route", [taureau, couronne, vennick], ids=["taureau", "couronne", "vennick"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_other_books_to_a_victory_by_clicking(route, lang):
    """le-taureau-d-airain (with the Oracle and Zeus from the rules' command form),
    la-couronne-de-sel and the-clock-of-vennick (a puzzle's number in the amount field),
    with the forced dice of their rule tests given to `gamebook serve --dice`."""
    won = route()
    with serving(won.book, "--dice", won.dice, "--seed", "1", "--lang", lang) as (url, _), \
            chromium() as browser:
        page = browser.new_page()
        page.goto(url)
        settled(page)
        assert page.get_attribute("html", "lang") == lang
        click_through(page, won, lang)
        assert page.get_attribute("body", "data-ended") == "victory"
        end = text(lang, "end-victory", n=int(page.get_attribute("body", "data-paragraph")))
        assert page.get_by_text(end, exact=True).is_visible()


def test_a_victory_with_the_keyboard_alone():
    with serving(CLOCHE, "--seed", "5") as (url, _), chromium() as browser:
        page = browser.new_page()
        page.goto(url)
        settled(page)
        # the first open choice has the focus: Enter takes it, as a click would
        assert page.evaluate("document.activeElement.closest('#choices') !== null")
        assert play_to_the_end(page, keyboard=True) == "victory"


def test_save_reload_resume_and_the_slot_in_the_terminal(tmux):
    with serving(CLOCHE, "--seed", "5") as (url, _), chromium() as browser:
        page = browser.new_page()
        page.goto(url)
        settled(page)
        saved_at = saved_after(page, 3, "navigateur")
        page.click(f'#choices button[data-n="{move(options(page))}"]')
        settled(page)
        assert page.get_attribute("body", "data-paragraph") != saved_at
        page.reload()
        settled(page)
        page.get_by_role("button", name="Charger navigateur").click()
        settled(page)
        assert page.get_attribute("body", "data-paragraph") == saved_at
        choices = page.eval_on_selector_all("#choices button", """buttons => buttons.map(b =>
            [b.dataset.n, b.querySelector('span:not(.num)').firstChild.textContent])""")
        assert choices
    # the same slot in `gamebook play`, in a real terminal (tmux), over the same data
    # folder (tests/fixtures/env.py points GAMEBOOK_DATA_DIR at tmp_path/data for both)
    assert tmux.data == Path(os.environ["GAMEBOOK_DATA_DIR"])
    tmux.start(CLOCHE, 100, 40, "--seed", "1")
    screen = tmux.wait_for("(o/n) >")   # the autosave the page kept, offered back: not now
    screen = tmux.answer("n", screen)
    screen = tmux.answer("charger navigateur", screen)
    assert f"— {saved_at} —" in screen.split(text("fr", "loaded", slot="navigateur"))[1]
    for n, label in choices:   # the page's choices, numbered alike in the terminal
        assert f"{n}. {label}" in screen


def test_the_keyboard_reaches_the_choices_from_the_top_and_open_finds_the_browser(tmp_path, monkeypatch):
    opened = tmp_path / "opened.txt"
    script = tmp_path / "browser.py"
    script.write_text("import sys, pathlib\npathlib.Path(sys.argv[1]).write_text(sys.argv[2])\n", encoding="utf-8")
    # `--open` asks the system's browser: here, a script that writes down the URL it got
    monkeypatch.setenv("BROWSER", f"{sys.executable} {script} {opened} %s")
    with serving(CLOCHE, "--seed", "5", "--open") as (url, _), chromium() as browser:
        page = browser.new_page()
        page.goto(url)
        settled(page)
        # no tabindex reorders the page: the focus follows the reading order
        assert page.evaluate("[...document.querySelectorAll('[tabindex]')].every(e => e.tabIndex <= 0)")
        for _ in range(30):   # back from the first choice, by Shift+Tab, to the skip link
            if page.evaluate("document.activeElement.id") == "skip":
                break
            page.keyboard.press("Shift+Tab")
        assert page.evaluate("document.activeElement.textContent") == "Aller aux choix"
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.closest('#choices') !== null")
        page.keyboard.press("Enter")   # the focused choice taken, as a click would
        settled(page)
        assert page.get_attribute("body", "data-paragraph") != "1"
    assert opened.read_text(encoding="utf-8") == url
