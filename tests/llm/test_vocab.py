"""Loading tiktoken vocabularies offline, into a throwaway cache, never the user's."""

from __future__ import annotations

import hashlib
import os
import socket
import time

import pytest
import tiktoken
import tiktoken.registry
import tiktoken_ext.openai_public as openai_public

from fincoach_tui.domain.persona import FINCOACH_SYSTEM_PROMPT
from fincoach_tui.llm import vocab
from fincoach_tui.llm.vocab import VocabularyError, load_encoding, seed_cache

O200K_URL = "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken"
# DESIGN.md, "Token accounting, precisely".
O200K_SHA256 = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"


def sha256_of(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    """An empty cache directory, and a tiktoken that has loaded nothing yet."""
    cache = tmp_path / "tiktoken-cache"  # does not exist yet: load_encoding creates it
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(cache))
    monkeypatch.setattr(tiktoken.registry, "ENCODINGS", {})
    return cache


class NetworkUsed(AssertionError):
    pass


@pytest.fixture
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise NetworkUsed(f"network access attempted: {args!r}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)


def test_vocabularies_match_what_tiktoken_itself_expects(monkeypatch):
    """Our URLs and hashes must be tiktoken's, or its cache lookup would miss and download."""
    seen = {}

    def record(url, expected_hash=None):
        seen[url] = expected_hash
        return {}

    monkeypatch.setattr(openai_public, "load_tiktoken_bpe", record)
    openai_public.o200k_base()
    openai_public.cl100k_base()
    assert seen == {v.url: v.sha256 for v in vocab.VOCABULARIES.values()}
    assert seen[O200K_URL] == O200K_SHA256


def test_load_into_an_empty_cache(fresh_cache):
    encoding = load_encoding("o200k_base")

    assert len(encoding.encode_ordinary(FINCOACH_SYSTEM_PROMPT)) == 132
    cached = fresh_cache / hashlib.sha1(O200K_URL.encode()).hexdigest()
    stamp = cached.name + vocab.STAMP_SUFFIX
    # The vocabulary and our stamp beside it; no stray temp file.
    assert sorted(p.name for p in fresh_cache.iterdir()) == sorted([cached.name, stamp])
    assert sha256_of(cached) == O200K_SHA256


def test_corrupted_cache_file_is_replaced(fresh_cache, no_network):
    cached = fresh_cache / hashlib.sha1(O200K_URL.encode()).hexdigest()
    fresh_cache.mkdir()
    cached.write_bytes(b"not a vocabulary\n")

    encoding = load_encoding("o200k_base")

    assert sha256_of(cached) == O200K_SHA256
    assert len(encoding.encode_ordinary(FINCOACH_SYSTEM_PROMPT)) == 132


def test_valid_cache_is_reused_without_unpacking_again(fresh_cache, monkeypatch):
    path = seed_cache("o200k_base")
    before = path.stat().st_mtime_ns

    def unpack(name):
        raise AssertionError("a valid cached copy must be reused as is")

    monkeypatch.setattr(vocab, "bundled_vocabulary", unpack)
    assert seed_cache("o200k_base") == path
    assert path.stat().st_mtime_ns == before


def test_network_blocker_really_blocks(fresh_cache, no_network):
    """Control: without seeding, tiktoken tries to download and the blocker stops it."""
    with pytest.raises(NetworkUsed):
        tiktoken.get_encoding("o200k_base")


def test_load_never_uses_the_network(fresh_cache, no_network):
    encoding = load_encoding("o200k_base")
    assert len(encoding.encode_ordinary(FINCOACH_SYSTEM_PROMPT)) == 132


def test_empty_cache_dir_setting_is_explained(monkeypatch, no_network):
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", "")
    monkeypatch.setattr(tiktoken.registry, "ENCODINGS", {})
    with pytest.raises(VocabularyError) as caught:
        load_encoding("o200k_base")
    message = str(caught.value)
    assert "TIKTOKEN_CACHE_DIR is empty" in message
    assert "writable directory" in message


def test_unwritable_cache_dir_is_explained(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(blocker / "cache"))
    monkeypatch.setattr(tiktoken.registry, "ENCODINGS", {})
    with pytest.raises(VocabularyError, match="set TIKTOKEN_CACHE_DIR to a writable directory"):
        load_encoding("o200k_base")


def test_cl100k_base_loads_offline(fresh_cache, no_network):
    encoding = load_encoding("cl100k_base")

    assert encoding.name == "cl100k_base"
    # OpenAI cookbook, "How to count tokens with tiktoken": cl100k_base example.
    assert encoding.encode_ordinary("tiktoken is great!") == [83, 1609, 5963, 374, 2294, 0]
    cached = fresh_cache / hashlib.sha1(vocab.VOCABULARIES["cl100k_base"].url.encode()).hexdigest()
    assert sha256_of(cached) == vocab.VOCABULARIES["cl100k_base"].sha256


def _refuse_hashing(monkeypatch):
    def refuse(data):
        raise AssertionError("a stamped, unchanged cache must not be hashed again")

    monkeypatch.setattr(vocab, "sha256_hex", refuse)


def test_verified_cache_is_not_hashed_again(fresh_cache, monkeypatch):
    path = seed_cache("o200k_base")
    _refuse_hashing(monkeypatch)
    assert seed_cache("o200k_base") == path


def test_existing_valid_cache_is_stamped_once_verified(fresh_cache, monkeypatch):
    """A cache tiktoken (or another copy of FinCoach) wrote: hashed once, then trusted."""
    cached = fresh_cache / hashlib.sha1(O200K_URL.encode()).hexdigest()
    fresh_cache.mkdir()
    cached.write_bytes(vocab.bundled_vocabulary("o200k_base"))
    assert seed_cache("o200k_base") == cached
    _refuse_hashing(monkeypatch)
    assert seed_cache("o200k_base") == cached


def _later():
    time.sleep(0.05)  # past the file system's timestamp granularity: a change gets a new ctime


def test_cache_corrupted_after_stamping_is_caught(fresh_cache, no_network):
    """Same size, mtime put back: only the stamp's ctime (and the hash) can tell."""
    path = seed_cache("o200k_base")
    before = path.stat()
    _later()
    with open(path, "r+b") as f:  # in place: same inode, same size
        f.write(b"XXXX")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert path.stat().st_size == before.st_size and path.stat().st_mtime_ns == before.st_mtime_ns

    encoding = load_encoding("o200k_base")

    assert sha256_of(path) == O200K_SHA256
    assert len(encoding.encode_ordinary(FINCOACH_SYSTEM_PROMPT)) == 132


def test_cache_replaced_after_stamping_is_caught(fresh_cache, no_network):
    path = seed_cache("o200k_base")
    _later()
    other = path.with_name("other")
    other.write_bytes(b"not a vocabulary\n")
    os.replace(other, path)

    encoding = load_encoding("o200k_base")

    assert sha256_of(path) == O200K_SHA256
    assert len(encoding.encode_ordinary(FINCOACH_SYSTEM_PROMPT)) == 132


def test_stamp_for_another_file_is_not_trusted(fresh_cache):
    """A stamp is the identity of one file: copied beside a different file, it fails."""
    path = seed_cache("o200k_base")
    stamp = path.with_name(path.name + vocab.STAMP_SUFFIX)
    saved = stamp.read_text()
    path.unlink()
    path.write_bytes(b"not a vocabulary\n")
    stamp.write_text(saved)

    seed_cache("o200k_base")

    assert sha256_of(path) == O200K_SHA256


def test_the_python_copy_of_the_vocabulary_is_released(fresh_cache):
    """The encoding keeps tiktoken's Python dict of 200,000 ranks only to pickle itself (a
    registered one pickles by name): it is emptied, and encoding, decoding and pickling
    give what an untouched encoding gives."""
    import pickle

    text = "My SIP is ₹5,000 a month; rent 18k, héllo wörld 🙂"
    encoding = load_encoding("o200k_base")
    untouched = tiktoken.Encoding(**openai_public.o200k_base())  # from the cache just seeded

    assert vars(encoding)["_mergeable_ranks"] == {}
    assert encoding.encode(text) == untouched.encode(text)
    assert encoding.encode_ordinary(FINCOACH_SYSTEM_PROMPT) == untouched.encode_ordinary(
        FINCOACH_SYSTEM_PROMPT
    )
    assert encoding.decode(untouched.encode(text)) == text
    assert encoding.decode_single_token_bytes(1000) == untouched.decode_single_token_bytes(1000)
    assert encoding.n_vocab == untouched.n_vocab
    assert pickle.loads(pickle.dumps(encoding)).encode(text) == untouched.encode(text)
