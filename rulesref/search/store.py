"""Index generations on disk: build aside, verify, then swap a symlink.

Layout under ``<RULESREF_DATA_DIR>/index/``::

    generations/20261130T101500-3f2a/<lang>/   one Whoosh index per content language
    generations/20261130T101500-3f2a/generation.json
    generations/20261130T101500-3f2a/vocabulary.json   glossary terms, card names, derived term pairs
    generations/20261130T101500-3f2a/alignment.json    the edition aligned with each edition, per language
    current -> generations/20261130T101500-3f2a
    build.lock

Readers open ``realpath(current)``, never ``current`` itself, so a swap never
changes an index under a reader. The previous generation is kept (deleting it at
once broke readers in our spike); older ones are removed. One writer at a time:
``build.lock`` is held with an OS lock for the whole build. Web requests never
call anything in this module that writes.
"""

from __future__ import annotations

import datetime
import fcntl
import json
import os
import secrets
import shutil
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from whoosh import index as whoosh_index

from rulesref.core.languages import CONTENT_LANGUAGES

from . import derivation, documents, expansion
from .schema import schema_for

Progress = Callable[[str, int, int], None]
MANIFEST = "generation.json"
VOCABULARY = "vocabulary.json"
ALIGNMENT = "alignment.json"


class IndexBusy(Exception):
    """Another build holds the lock."""


class IndexBuildFailed(Exception):
    """The new generation did not verify; the live one is unchanged."""


def index_root() -> Path:
    return Path(settings.DATA_DIR) / "index"


def current_generation() -> Path | None:
    """The real path of the live generation, or None before the first build."""
    link = index_root() / "current"
    if not link.is_symlink() and not link.exists():
        return None
    real = Path(os.path.realpath(link))
    return real if (real / MANIFEST).exists() else None


def read_manifest(generation: Path) -> dict:
    return json.loads((generation / MANIFEST).read_text(encoding="utf-8"))


@dataclass
class BuildReport:
    generation: str
    documents: dict[str, int]
    seconds: float
    bytes: int

    def as_json(self) -> dict:
        return {
            "generation": self.generation,
            "documents": self.documents,
            "seconds": self.seconds,
            "bytes": self.bytes,
        }


@contextmanager
def writer_lock():
    root = index_root()
    root.mkdir(parents=True, exist_ok=True)
    with open(root / "build.lock", "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "unknown"
            raise IndexBusy(
                f"another index build is running (process {holder}); try again when it has finished"
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        try:
            yield
        finally:
            handle.seek(0)
            handle.truncate()
            fcntl.flock(handle, fcntl.LOCK_UN)


def _directory_bytes(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def build_generation(*, progress: Progress | None = None) -> BuildReport:
    """Build every language's index from the database, verify it, and make it live."""
    started = time.perf_counter()
    with writer_lock():
        root = index_root()
        generations = root / "generations"
        generations.mkdir(parents=True, exist_ok=True)
        name = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%S") + "-" + secrets.token_hex(2)
        target = generations / name
        target.mkdir()
        try:
            expected = documents.expected_counts()
            fingerprint = documents.database_fingerprint()
            for language in CONTENT_LANGUAGES:
                _build_language(target / language, language, expected[language], progress)
            counts = _verify(target, expected)
            (target / VOCABULARY).write_text(
                json.dumps(expansion.dump(derivation.vocabulary_concepts()), ensure_ascii=False), encoding="utf-8"
            )
            (target / ALIGNMENT).write_text(
                json.dumps(derivation.edition_alignment(), ensure_ascii=False), encoding="utf-8"
            )
            (target / MANIFEST).write_text(
                json.dumps({"fingerprint": fingerprint, "documents": counts, "created": name}), encoding="utf-8"
            )
        except BaseException:
            shutil.rmtree(target, ignore_errors=True)
            raise
        previous = current_generation()
        _swap(root, target)
        _prune(generations, keep={target.name} | ({previous.name} if previous else set()))
    return BuildReport(
        generation=name,
        documents=counts,
        seconds=round(time.perf_counter() - started, 2),
        bytes=_directory_bytes(target),
    )


def _build_language(directory: Path, language: str, total: int, progress: Progress | None) -> None:
    directory.mkdir()
    ix = whoosh_index.create_in(str(directory), schema_for(language))
    writer = ix.writer(limitmb=256)
    done = 0
    try:
        for doc in documents.documents_for_language(language):
            writer.add_document(**doc)
            done += 1
            if progress and done % 500 == 0:
                progress(language, done, total)
    except BaseException:
        writer.cancel()
        raise
    writer.commit()
    if progress:
        progress(language, done, total)


def _verify(target: Path, expected: dict[str, int]) -> dict[str, int]:
    counts = {}
    for language, want in expected.items():
        ix = whoosh_index.open_dir(str(target / language))
        with ix.searcher() as searcher:
            counts[language] = searcher.doc_count()
        if counts[language] != want:
            raise IndexBuildFailed(
                f"index for {language} holds {counts[language]} documents, the database has {want} rows; "
                "the live index is unchanged"
            )
    return counts


def _swap(root: Path, target: Path) -> None:
    link = root / "current"
    temporary = root / f"current.{os.getpid()}.tmp"
    if temporary.is_symlink() or temporary.exists():
        temporary.unlink()
    os.symlink(Path("generations") / target.name, temporary)
    os.replace(temporary, link)


def _prune(generations: Path, keep: set[str]) -> None:
    for path in generations.iterdir():
        if path.name not in keep:
            shutil.rmtree(path, ignore_errors=True)


def index_state() -> str:
    """``missing``, ``stale`` (the database changed since the build) or ``current``."""
    generation = current_generation()
    if generation is None:
        return "missing"
    if read_manifest(generation).get("fingerprint") != documents.database_fingerprint():
        return "stale"
    return "current"


def ensure_index(*, progress: Progress | None = None) -> BuildReport | None:
    """Build a new generation when the index is missing or older than the database; None if current."""
    if index_state() == "current":
        return None
    return build_generation(progress=progress)
