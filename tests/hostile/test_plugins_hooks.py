"""A rule-module hook that never returns: lint, lint --deep and explore stop it and
say which module and which hook ("did not answer within N s in hook Y"); in play,
Ctrl-C gets the player out with the move undone and the game autosaved."""
from __future__ import annotations

import json
import signal
import subprocess
import time

import pytest

from engine.rules import watchdog

STUCK = """
import os, time
from engine.diagnostics import Message
from engine.rules.base import RuleModule

def _maybe(hook):
    if os.environ.get("HOSTILE_HANG") == hook and os.environ.get("HOSTILE_MARKER"):
        open(os.environ["HOSTILE_MARKER"], "w").close()   # tells the test the hang began
    while os.environ.get("HOSTILE_HANG") == hook:
        time.sleep(0.01)
    if os.environ.get("HOSTILE_SLOW") == hook:   # slow, not stuck: returns after a while
        time.sleep(float(os.environ["HOSTILE_SECONDS"]))

class Stuck(RuleModule):
    id, version, title = "stuck", "1.0", Message("Bloqué", "Stuck")

    def lint(self, book, doc):
        _maybe("lint")
        return ()

    def after_change(self, play):
        if play.state.paragraph == 2:   # only once the hero moves on
            _maybe("after_change")

    def fight_outcomes(self, play, pending, cache):   # the explorer's, on a pending roll
        _maybe("fight_outcomes")
        return None

MODULE = Stuck()
"""
PARAGRAPHS = """  1:
    text: Début.
    choices:
      - {text: Aller, to: 2}
  2: {text: Fin., end: victory}
"""


@pytest.fixture
def stuck(gamebook, plugin, write_book):
    """A book of the `stuck` module; set HOSTILE_HANG to the hook that must hang."""
    plugin({"stuck": "gamebook_rules_hostile:MODULE"}, STUCK)
    gamebook.env["GAMEBOOK_HOOK_TIMEOUT"] = "1"
    return write_book("stuck", PARAGRAPHS)


def _hangs(gamebook, hook: str) -> None:
    gamebook.env["HOSTILE_HANG"] = hook


def test_lint_stops_a_lint_hook_that_never_returns(gamebook, stuck):
    _hangs(gamebook, "lint")
    done = gamebook("lint", stuck)
    assert done.code == 1
    assert done.out.splitlines() == [
        f"{stuck}:3:8: rules-failed rule module 'stuck' did not answer within 1 s in hook lint"]


def test_the_message_in_french(gamebook, stuck):
    _hangs(gamebook, "lint")
    done = gamebook("lint", stuck, "--lang", "fr")
    assert done.out.splitlines() == [
        f"{stuck}:3:8: rules-failed le module de règles « stuck » n'a pas répondu en 1 s (dans lint)"]


def test_lint_deep_is_bounded_by_its_deep_timeout(gamebook, stuck):
    del gamebook.env["GAMEBOOK_HOOK_TIMEOUT"]   # 30 s by default: --deep-timeout lowers it
    _hangs(gamebook, "after_change")
    done = gamebook("lint", "--deep", "--deep-timeout", "1", stuck)
    assert done.code == 1
    assert done.out.splitlines() == [
        f"{stuck}:3:8: rules-failed rule module 'stuck' did not answer within 1 s in hook after_change"]


def test_lint_deep_cut_by_a_slow_fight_analysis_says_so_and_fails_nothing(gamebook, stuck, write_book):
    # The explorer's exact analysis (fight_outcomes) outlasting the bound is a cut
    # exploration, not a failing module: what was explored stands, and the note says why.
    del gamebook.env["GAMEBOOK_HOOK_TIMEOUT"]
    _hangs(gamebook, "fight_outcomes")
    rolled = write_book("stuck", PARAGRAPHS.replace(
        "    choices:\n      - {text: Aller, to: 2}\n",
        "    random: {dice: 1d6, outcomes: [{range: [1, 6], to: 2}]}\n"), name="roll.yaml")
    done = gamebook("lint", "--deep", "--deep-timeout", "1", rolled)
    assert done.code == 0, done.out
    (line,) = done.out.splitlines()
    assert "deep-incomplete" in line and "the module's exact analysis of a fight took longer" in line
    assert "exploration cut (the module's exact analysis" in done.err


@pytest.mark.parametrize("how", [("--runs", "100", "--jobs", "1"), ("--runs", "100", "--jobs", "2"),
                                 ("--exhaustive",), ("--replay", "1:1")],
                         ids=["runs", "runs-in-workers", "exhaustive", "replay"])
def test_explore_reports_the_hook_in_one_line(gamebook, stuck, how):
    _hangs(gamebook, "after_change")
    done = gamebook("explore", stuck, *how)
    assert done.code == 1
    assert done.one_line_error() == "rule module 'stuck' did not answer within 1 s in hook after_change"


def test_a_slow_call_is_work_on_the_compiled_path_and_a_hang_past_a_short_timeout_elsewhere(gamebook, stuck):
    # The compiled path calls a module on whole batches of states: a call longer than
    # --timeout is bounded by the hook bound alone (30 s here), the run by --timeout
    # between batches.  The engine explorer keeps the smaller of the two.
    del gamebook.env["GAMEBOOK_HOOK_TIMEOUT"]
    gamebook.env["HOSTILE_SLOW"], gamebook.env["HOSTILE_SECONDS"] = "after_change", "1.5"
    done = gamebook("explore", stuck, "--exhaustive", "--timeout", "1", "--format", "json")
    assert done.code == 0, done.err
    assert json.loads(done.out)["exact"] == "1"
    done = gamebook("explore", stuck, "--exhaustive", "--engine-explorer", "--timeout", "1")
    assert done.code == 1
    assert done.one_line_error() == "rule module 'stuck' did not answer within 1 s in hook after_change"


def test_without_a_hang_the_same_book_explores_cleanly(gamebook, stuck):
    assert gamebook("explore", stuck, "--exhaustive").code == 0
    assert gamebook("lint", "--deep", stuck).code == 0


def test_ctrl_c_in_a_stuck_move_saves_the_game_as_it_was_and_leaves(gamebook, stuck, tmp_path):
    del gamebook.env["GAMEBOOK_HOOK_TIMEOUT"]   # play has no bound: the player decides
    _hangs(gamebook, "after_change")
    marker = tmp_path / "hanging"
    gamebook.env["HOSTILE_MARKER"] = str(marker)
    child = gamebook.popen("play", stuck, "--seed", "3", stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    child.stdin.write("1\n")
    child.stdin.flush()
    deadline = time.monotonic() + 30
    while not marker.exists() and time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.05)   # until the move is stuck in the hook
    assert marker.exists(), child.communicate()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=30)
    assert child.returncode == 130 and "Traceback" not in err
    assert "Partie sauvegardée sous « script »" in out or "Game saved as 'script'" in out
    (autosave,) = (gamebook.data / "saves").glob("*/script.json")   # (a script's own slot)
    saved = json.loads(autosave.read_text())
    assert saved["paragraph"] == 1 and saved["visits"] == {"1": 1}   # the move was undone


def test_the_watchdog_names_the_hook_and_never_stops_engine_code(plugin):
    plugin({"slow": "gamebook_rules_hostile:MODULE"}, """
import time
class Slow:
    id = "slow"
    def answer(self, play, pending, key, amount):
        time.sleep(5)
MODULE = Slow()
""", in_process=True)
    import gamebook_rules_hostile as hostile
    with watchdog.watching(hostile.MODULE, 0.5):
        time.sleep(1.0)   # the engine's own code: as long as it takes
    with pytest.raises(watchdog.HookTimeout) as caught:
        with watchdog.watching(hostile.MODULE, 0.5):
            hostile.MODULE.answer(None, {}, "x", None)
    assert (caught.value.module_id, caught.value.hook) == ("slow", "answer")
