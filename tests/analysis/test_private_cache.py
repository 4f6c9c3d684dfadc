"""The suite never reads or writes the user's cache or saves (tests/conftest.py `private_cache`, `private_data`)."""
from __future__ import annotations

from pathlib import Path

from engine.lint.loader import cache_dir


def test_the_cache_of_the_tests_is_a_temporary_folder_not_the_user_s(private_cache, monkeypatch):
    from platformdirs import user_cache_dir
    monkeypatch.delenv("GAMEBOOK_NO_CACHE", raising=False)   # (this folder's tests turn the cache off)
    assert cache_dir() == private_cache
    user = Path(user_cache_dir("gamebook-engine"))
    assert user != private_cache and user not in private_cache.parents


def test_the_saves_of_the_tests_are_in_a_temporary_folder_not_the_player_s(private_data):
    """A test that plays and saves without a folder of its own never touches the
    player's saves (tests/conftest.py `private_data`)."""
    from platformdirs import user_data_dir

    from engine.saves.store import SaveStore, data_dir
    assert data_dir() == private_data
    assert SaveStore("some-book").dir == private_data / "saves" / "some-book"
    user = Path(user_data_dir("gamebook-engine"))
    assert user != private_data and user not in private_data.parents
