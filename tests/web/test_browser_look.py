"""The page's look: screenshots at 1280 and 360 px wide (light and dark), nothing wider
than a phone's screen at 360 px, the sheet a drawer there; axe-core finds no serious
accessibility violation."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.web.browser import axe_source, chromium, move, options, serving, settled
from tests.web.helpers import CLOCHE, ROOT

TAUREAU = ROOT / "books" / "le-taureau-d-airain.yaml"

pytestmark = pytest.mark.browser


def into_a_fight(page, steps: int = 30) -> None:
    for _ in range(steps):
        if page.is_visible("#fight-box"):
            return
        page.click(f'#choices button[data-n="{move(options(page))}"]')
        settled(page)
    raise AssertionError("no fight on the way")


@pytest.mark.parametrize("width, height", [(1280, 900), (360, 740)])
def test_screens_at_1280_and_360(tmp_path, width, height):
    shots = Path(os.environ.get("GAMEBOOK_WEB_SHOTS") or tmp_path)
    with serving(CLOCHE, "--seed", "5") as (url, _), chromium() as browser:
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(url)
        settled(page)
        into_a_fight(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(shots / f"fight-{width}-light.png"), full_page=True)
        page.get_by_role("button", name="Thème clair/sombre").click()
        assert page.get_attribute("html", "data-theme") == "dark"
        page.screenshot(path=str(shots / f"fight-{width}-dark.png"), full_page=True)
        if width < 800:   # the sheet is a drawer: closed, then opened by its button, Escape closes it
            assert not page.is_visible("#side")
            page.get_by_role("button", name="Feuille", exact=True).click()
            assert page.is_visible("#side")
            assert page.get_attribute("#sheet-toggle", "aria-expanded") == "true"
            page.screenshot(path=str(shots / f"drawer-{width}-dark.png"))
            page.keyboard.press("Escape")
            assert not page.is_visible("#side")
        else:
            assert page.is_visible("#side")


@pytest.mark.parametrize("theme, watch", [("light", False), ("dark", False), ("dark", True)])
def test_axe_finds_no_serious_violation(tmp_path, theme, watch):
    book = CLOCHE
    if watch:   # the author's panel too, with a finding in it
        book = tmp_path / "cloche.yaml"
        book.write_text(CLOCHE.read_text(encoding="utf-8").rstrip()
                        + "\n  999:\n    text: Personne ne vient ici.\n    end: death\n", encoding="utf-8")
    with serving(book, "--seed", "5", *(["--watch"] if watch else [])) as (url, _), chromium() as browser:
        # (axe is injected through the protocol: the page's own policy allows no inline script)
        context = browser.new_context(bypass_csp=True, color_scheme=theme)
        page = context.new_page()
        page.goto(url)
        settled(page)
        into_a_fight(page)
        assert page.is_visible("#diagnostics li") == watch
        assert serious_violations(page) == []


def serious_violations(page) -> list[dict]:
    """axe-core's serious or critical findings on the page as it is now."""
    page.evaluate(axe_source())
    found = page.evaluate("""async () => (await axe.run(document)).violations.map(v => ({
        id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}))""")
    return [v for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_rules_commands_form_fits_a_phone_and_is_labelled(tmp_path, theme):
    """le-taureau-d-airain's rules add the Oracle (its long help line in the list): in
    the drawer at 360 px wide nothing is wider than the screen; axe finds nothing serious."""
    shots = Path(os.environ.get("GAMEBOOK_WEB_SHOTS") or tmp_path)
    with serving(TAUREAU, "--seed", "1") as (url, _), chromium() as browser:
        context = browser.new_context(bypass_csp=True, color_scheme=theme, viewport={"width": 360, "height": 740})
        page = context.new_page()
        page.goto(url)
        settled(page)
        page.get_by_role("button", name="Feuille", exact=True).click()
        assert page.get_by_label("Commande des règles").is_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert page.evaluate("document.getElementById('side').scrollWidth <= document.getElementById('side').clientWidth")
        page.screenshot(path=str(shots / f"rules-360-{theme}.png"), full_page=True)
        assert serious_violations(page) == []
