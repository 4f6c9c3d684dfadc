"""`gamebook export BOOK --format web`: the folder, served by a plain static server with
the network off, plays la-cloche-de-brumesel to a victory in Chromium (Pyodide runs the
engine in the page); a save survives a reload (localStorage)."""
from __future__ import annotations

import json

import pytest

from engine.cli import main
from tests.web.browser import chromium, move, offline, options, saved_after, static_server
from tests.web.helpers import CLOCHE

pytestmark = pytest.mark.browser
BOOTED = 180_000   # ms: Pyodide starts in a few seconds, more on a loaded machine


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("web") / "cloche"
    assert main(["export", str(CLOCHE), "--format", "web", "-o", str(out)]) == 0
    return out


def settled(page) -> None:
    page.wait_for_function("() => window.gamebookIdle === true", timeout=BOOTED)


def test_the_exported_folder_plays_to_a_victory_offline(exported):
    mark = json.loads((exported / "gamebook-web.json").read_text(encoding="utf-8"))
    assert not any(m.split(".")[0] in ("jsonschema", "rpds", "ruamel", "lark", "gmpy2") for m in mark["modules"])
    with static_server(exported) as url, chromium() as browser:
        page = browser.new_page()
        asked, errors = [], []
        offline(page, url, asked)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url + "?seed=5")
        settled(page)
        for _ in range(400):
            if page.get_attribute("body", "data-ended"):
                break
            page.click(f'#choices button[data-n="{move(options(page))}"]')
            settled(page)
        assert page.get_attribute("body", "data-ended") == "victory"
        assert asked == [] and errors == []


def test_a_save_in_the_browsers_storage_survives_a_reload(exported):
    with static_server(exported) as url, chromium() as browser:
        page = browser.new_page()
        page.goto(url + "?seed=5")
        settled(page)
        here = saved_after(page, 3, "ici", BOOTED)
        assert page.evaluate("Object.keys(localStorage).some(k => k.endsWith('/ici.json'))")
        page.reload()
        settled(page)
        assert page.evaluate("window.gamebookIdle") is True
        if page.is_visible("#question"):   # the autosave offered back: a new game instead
            page.get_by_role("button", name="Non").click()
            settled(page)
        page.get_by_role("button", name="Charger ici").click()
        settled(page)
        assert page.get_attribute("body", "data-paragraph") == here
