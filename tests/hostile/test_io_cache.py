"""The compiled-book cache believes an entry only for the bytes it was made from, and
only if this cache sealed it: another book's entry put under a book's name is rebuilt."""
from __future__ import annotations

import json
import shutil
import stat

import pytest

from engine.lint import cache_seal

from engine.lint import loader
from tests.fixtures.env import _mini_rules  # noqa: F401  (autouse: the mini rule module)
from tests.hostile._io_support import gamebook, hostile_book


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.delenv("GAMEBOOK_NO_CACHE", raising=False)
    monkeypatch.setenv("GAMEBOOK_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _two_books(tmp_path, cache):
    """Books A and B, each with its cache entry: (path A, entry A, entry B)."""
    a = hostile_book(tmp_path, "Alpha", "a.yaml")
    b = hostile_book(tmp_path, "Beta", "b.yaml")
    assert not loader.load_book(a).from_cache
    entry_a = {p.name for p in cache.glob("*.json")}
    assert not loader.load_book(b).from_cache
    entry_b = ({p.name for p in cache.glob("*.json")} - entry_a).pop()
    return a, cache / entry_a.pop(), cache / entry_b


def _with_key(entry_bytes: bytes, key: str) -> dict:
    payload = json.loads(entry_bytes)
    payload.pop("seal")
    return dict(payload, key=key)


def test_a_normal_entry_is_used(tmp_path, cache):
    a, _, _ = _two_books(tmp_path, cache)
    again = loader.load_book(a)
    assert again.from_cache and again.book.title == "T Alpha"
    assert stat.S_IMODE((cache / cache_seal.KEY_FILE).stat().st_mode) == 0o600


def test_another_books_entry_with_its_key_edited_is_refused(tmp_path, cache):
    a, entry_a, entry_b = _two_books(tmp_path, cache)
    key_a = json.loads(entry_a.read_bytes())["key"]
    entry_a.write_bytes(json.dumps(_with_key(entry_b.read_bytes(), key_a)).encode())
    loaded = loader.load_book(a)
    assert not loaded.from_cache and loaded.book.title == "T Alpha"
    assert json.loads(entry_a.read_bytes())["source"] != json.loads(entry_b.read_bytes())["source"]


def test_even_resealed_with_the_caches_key_the_source_hash_refuses_it(tmp_path, cache):
    a, entry_a, entry_b = _two_books(tmp_path, cache)
    key_a = json.loads(entry_a.read_bytes())["key"]
    forged = json.dumps(_with_key(entry_b.read_bytes(), key_a), separators=(",", ":")).encode()
    entry_a.write_bytes(cache_seal.seal(forged, cache_seal.cache_key(cache)))
    loaded = loader.load_book(a)
    assert not loaded.from_cache and loaded.book.title == "T Alpha"


def test_an_entry_copied_from_another_cache_is_refused(tmp_path, cache):
    a, entry_a, _ = _two_books(tmp_path, cache)
    other = tmp_path / "other"
    shutil.copytree(cache, other)
    (other / cache_seal.KEY_FILE).write_bytes(b"k" * 32)   # another cache, another key
    entry_a.write_bytes((other / entry_a.name).read_bytes().replace(b"T Alpha", b"T Gamma"))
    assert not loader.load_book(a).from_cache


def test_playing_and_linting_a_poisoned_cache_gives_the_real_book(tmp_path, cache):
    a, entry_a, entry_b = _two_books(tmp_path, cache)
    key_a = json.loads(entry_a.read_bytes())["key"]
    entry_a.write_bytes(json.dumps(_with_key(entry_b.read_bytes(), key_a)).encode())
    played = gamebook(tmp_path, "play", a, input=b"", GAMEBOOK_CACHE_DIR=str(cache))
    assert played.stdout.decode().startswith("T Alpha\n")
    linted = gamebook(tmp_path, "lint", "--format", "json", a, GAMEBOOK_CACHE_DIR=str(cache))
    assert linted.returncode == 0 and json.loads(linted.stdout) == []


def test_a_key_file_that_is_a_link_is_not_used(tmp_path, cache):
    cache.mkdir()
    (tmp_path / "elsewhere").write_bytes(b"x" * 32)
    (cache / cache_seal.KEY_FILE).symlink_to(tmp_path / "elsewhere")
    assert cache_seal.cache_key(cache, create=True) is None
    a = hostile_book(tmp_path, "Alpha", "a.yaml")
    assert loader.load_book(a).ok and not loader.load_book(a).from_cache
