import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def fights_kept_apart(monkeypatch, tmp_path):
    """Each test's fight odds cache on disk in its own folder, and none in memory:
    a test solves its fights, it never reads another run's."""
    from engine.rules.defis_fantastiques import fight_cache
    monkeypatch.setenv("GAMEBOOK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("GAMEBOOK_NO_CACHE", raising=False)
    fight_cache.forget_memory()
    yield
    fight_cache.forget_memory()
