"""A book whose every string holds `<script>`, `<img onerror>`, `javascript:` and
friends runs no script in the page: the strings show as text."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.browser import chromium, options, serving, settled

pytestmark = pytest.mark.browser
HOSTILE = Path(__file__).resolve().parent / "books" / "hostile.yaml"


def test_a_hostile_book_runs_no_script():
    with serving(HOSTILE, "--seed", "1") as (url, _), chromium() as browser:
        page = browser.new_page()
        dialogs, errors = [], []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        settled(page)
        seen = []
        for _ in range(12):
            seen.append(page.inner_text("body"))
            if page.get_attribute("body", "data-ended"):
                break
            first = next(o for o in options(page) if o["enabled"])   # (every paragraph: 1, 2, 3)
            page.click(f'#choices button[data-n="{first["n"]}"]')
            settled(page)
        assert page.get_attribute("body", "data-ended") == "victory"
        assert page.evaluate("window.pwned") is None
        assert dialogs == [] and errors == []
        # nothing of the book became an element: the page's own script, no image, frame, link
        assert page.evaluate("document.scripts.length") == 1
        assert page.evaluate("document.querySelectorAll('img, iframe, svg, style, #story a').length") == 0
        text = "\n".join(seen)
        for shown in ("<script>window.pwned = 'title'</script>", "onerror=\"window.pwned='choice'\"",
                      "javascript:window.pwned='choice2'", "<svg onload="):
            assert shown in text, shown
        assert page.title().startswith("<script>")
