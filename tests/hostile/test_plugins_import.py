"""A plugin whose import blocks: commands that do not need it never import it, and
those that do give up after the import bound ($GAMEBOOK_PLUGIN_TIMEOUT) with one line."""
from __future__ import annotations

import pytest

from .conftest import BOOKS

BLOCKS = """
import os, pathlib, time
pathlib.Path(os.environ["HOSTILE_MARKER"]).write_text("imported")
time.sleep(3600)
"""
WHY = ("rule module 'sleeper' is broken (gamebook-rules-hostile 6.6.6): "
       "its import did not finish within 1 s")


@pytest.fixture
def sleeper(gamebook, plugin, tmp_path):
    """The marker file the plugin writes when (if ever) it is imported."""
    plugin({"sleeper": "gamebook_rules_hostile:MODULE"}, BLOCKS)
    marker = tmp_path / "imported"
    gamebook.env.update(GAMEBOOK_PLUGIN_TIMEOUT="1", HOSTILE_MARKER=str(marker))
    return marker


def test_rules_lists_every_module_and_gives_up_on_the_blocking_one(gamebook, sleeper):
    done = gamebook("rules")
    assert done.code == 1 and sleeper.exists()
    assert f"sleeper  ({WHY})" in done.out.splitlines()
    assert any(line.startswith("defis-fantastiques  ") for line in done.out.splitlines())


def test_the_schema_is_written_for_the_others(gamebook, sleeper):
    done = gamebook("schema")
    assert done.code == 0 and '"chroniques-cretoises"' in done.out
    assert done.one_line_error() == "gamebook schema: " + WHY


def test_the_schema_of_the_blocking_module_is_refused(gamebook, sleeper):
    done = gamebook("schema", "--rules", "sleeper")
    assert done.code == 2 and done.one_line_error() == "gamebook schema: " + WHY


@pytest.mark.parametrize("args", [
    ("odds", "--rules", "df", "--hero", "10/10", "--enemy", "5/5"),
    ("odds", "--rules", "chroniques-cretoises", "--hero", "5/10", "--enemy", "5/10"),
    ("lint", BOOKS / "le-taureau-d-airain.yaml"),
    ("schema", "--rules", "defis-fantastiques"),
], ids=["odds-alias", "odds-id", "lint", "schema-one"])
def test_commands_that_do_not_need_the_plugin_never_import_it(gamebook, sleeper, args):
    done = gamebook(*args)
    assert done.code == 0, done.err
    assert not sleeper.exists()


def test_an_unknown_odds_module_scans_the_plugins_once_each(gamebook, sleeper):
    done = gamebook("odds", "--rules", "nowhere", "--hero", "1/1", "--enemy", "1/1")
    assert done.code == 2 and sleeper.exists()
    assert done.one_line_error() == ("error: unknown rules 'nowhere' "
                                     "(known: chroniques-cretoises, defis-fantastiques)")
