"""The suite never reads or writes the user's cache (tests/conftest.py `private_cache`)."""
from __future__ import annotations

from pathlib import Path

from engine.lint.loader import cache_dir


def test_the_cache_of_the_tests_is_a_temporary_folder_not_the_user_s(private_cache, monkeypatch):
    from platformdirs import user_cache_dir
    monkeypatch.delenv("GAMEBOOK_NO_CACHE", raising=False)   # (this folder's tests turn the cache off)
    assert cache_dir() == private_cache
    user = Path(user_cache_dir("gamebook-engine"))
    assert user != private_cache and user not in private_cache.parents
