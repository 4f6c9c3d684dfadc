"""The goodbye names the command the player can type again."""
from __future__ import annotations

from engine.commands.play import invoked_as


def test_the_resume_command_is_the_one_the_player_can_type():
    """`make play` runs .venv/bin/gamebook, which is not on PATH (issue 33, item 9)."""
    assert invoked_as(".venv/bin/gamebook", which=lambda name: None) == ".venv/bin/gamebook"
    assert invoked_as("/usr/bin/gamebook", which=lambda name: "/usr/bin/gamebook") == "gamebook"
    assert invoked_as("/x/engine/__main__.py", which=lambda name: None) == "gamebook"
