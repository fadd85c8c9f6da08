"""Index generations on disk: build aside, verify, then swap a symlink.

Layout under ``<RULESREF_DATA_DIR>/index/``::

    generations/20261130T101500-3f2a/<lang>/   one Whoosh index per content language
    generations/20261130T101500-3f2a/generation.json
    generations/20261130T101500-3f2a/vocabulary.json   glossary terms, card names, derived term pairs
    generations/20261130T101500-3f2a/alignment.json    the edition aligned with each edition, per language
    current -> generations/20261130T101500-3f2a
    build.lock
    rebuild.requested          only while a writer waits for a rebuild (see below)

Readers open ``realpath(current)``, never ``current`` itself, so a swap never
changes an index under a reader. The previous generation is kept (deleting it at
once broke readers in our spike); older ones are removed. One writer at a time:
``build.lock`` is held with an OS lock for the whole build. Web requests never
call anything in this module that writes.

The index is never left behind the database without saying so. A build notes the
database fingerprint before it reads anything; if the database changed by the time
it has swapped, it builds again. An import that finds the lock taken writes
``rebuild.requested`` instead of failing; a build looks for that file after it
releases the lock and builds again, so the import's rows are indexed without
anyone running ``build_index`` by hand. Until then ``index_state()`` says "stale".

A data directory restored by copying (``cp -r``, many backup tools) has ``current``
as a real directory: it still serves, and the next build moves it into
``generations/`` and puts a link back.
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
from .analysis import reads_texts
from .schema import schema_for

Progress = Callable[[str, int, int], None]
MANIFEST = "generation.json"
VOCABULARY = "vocabulary.json"
REBUILD_REQUEST = "rebuild.requested"
# Builds in a row when the database keeps changing under them; after that the request stays
# on disk for the next writer and the index says it is stale.
MAX_ROUNDS = 3
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


def build_generation(*, progress: Progress | None = None, rounds: int = MAX_ROUNDS) -> BuildReport:
    """Build every language's index from the database, verify it, and make it live.

    Builds again (up to ``rounds`` times) while the database changed during the build or a
    writer asked for a rebuild meanwhile. Raises :class:`IndexBusy` when another build holds the
    lock from the start, :class:`IndexBuildFailed` when a generation does not verify against a
    database that did not change.
    """
    report = None
    for _ in range(rounds):
        try:
            with writer_lock():
                _repair_current(index_root())
                _clear_rebuild_request()
                report = _build_once(progress) or report
        except IndexBusy:
            if report is None:
                raise
            # Another writer took over; it reads the database as it is now.
            return report
        if not rebuild_requested():
            break
        if report is not None and index_state() == "current":
            # Asked for, but what the request was about is indexed already.
            _clear_rebuild_request()
            break
    if report is None:
        raise IndexBuildFailed("the database kept changing while the index was built; a rebuild is queued")
    return report


def build_or_queue(*, progress: Progress | None = None) -> BuildReport | None:
    """Build now or, when another build runs, ask it to build again after it; None means queued."""
    try:
        return build_generation(progress=progress)
    except IndexBusy:
        request_rebuild()
    # The running build looks for requests after it releases the lock. If it released it before
    # our request landed, no one would see the request: try once more ourselves.
    try:
        return build_generation(progress=progress)
    except IndexBusy:
        return None


def request_rebuild() -> None:
    root = index_root()
    root.mkdir(parents=True, exist_ok=True)
    temporary = root / f"{REBUILD_REQUEST}.{os.getpid()}.tmp"
    stamp = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    temporary.write_text(json.dumps({"requested": stamp, "process": os.getpid()}), encoding="utf-8")
    os.replace(temporary, root / REBUILD_REQUEST)


def rebuild_requested() -> str | None:
    """When a writer asked for a rebuild that has not run yet (ISO time), else None."""
    try:
        data = json.loads((index_root() / REBUILD_REQUEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        return "unknown"
    return str(data.get("requested", "unknown"))


def _clear_rebuild_request() -> None:
    (index_root() / REBUILD_REQUEST).unlink(missing_ok=True)


def _build_once(progress: Progress | None) -> BuildReport | None:
    """One build under the lock; None when concurrent writes made it unverifiable (request queued)."""
    started = time.perf_counter()
    root = index_root()
    generations = root / "generations"
    generations.mkdir(parents=True, exist_ok=True)
    name = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%S") + "-" + secrets.token_hex(2)
    target = generations / name
    target.mkdir()
    try:
        # Before anything is read: a write committed after this point changes it.
        fingerprint = documents.database_fingerprint()
        expected = documents.expected_counts()
        for language in CONTENT_LANGUAGES:
            _build_language(target / language, language, expected[language], progress)
        try:
            counts = _verify(target, expected)
        except IndexBuildFailed:
            if documents.database_fingerprint() == fingerprint:
                raise
            # Rows came and went while we read them: not a fault of the index. Build again.
            shutil.rmtree(target, ignore_errors=True)
            request_rebuild()
            return None
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
    if documents.database_fingerprint() != fingerprint:
        # Live now, but a write landed while we read: it is stale already; build again.
        request_rebuild()
    return BuildReport(
        generation=name,
        documents=counts,
        seconds=round(time.perf_counter() - started, 2),
        bytes=_directory_bytes(target),
    )


def _build_language(directory: Path, language: str, total: int, progress: Progress | None) -> None:
    directory.mkdir()
    texts = documents.texts_for_language(language) if reads_texts(language) else None
    ix = whoosh_index.create_in(str(directory), schema_for(language, texts=texts))
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


def _repair_current(root: Path) -> None:
    """Turn a ``current`` that a copy made into a directory back into a link (under the lock).

    The directory is moved into ``generations/`` under the name its manifest gives (or dropped
    when that generation is there already), so ``current`` is missing only between two renames.
    """
    link = root / "current"
    if link.is_symlink() or not link.is_dir():
        return
    generations = root / "generations"
    generations.mkdir(parents=True, exist_ok=True)
    try:
        name = str(read_manifest(link).get("created") or "")
    except (OSError, ValueError):
        name = ""
    if not name or "/" in name or name.startswith("."):
        name = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%S") + "-restored"
    destination = generations / name
    if destination.exists():
        aside = root / f"current.{os.getpid()}.copy"
        os.rename(link, aside)
        _swap(root, destination)
        shutil.rmtree(aside, ignore_errors=True)
    else:
        os.rename(link, destination)
        _swap(root, destination)


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


@dataclass
class IndexCheck:
    """The live index compared with the database: ``problems`` is empty when they agree."""

    generation: str | None
    fingerprint: dict[str, str | None]
    documents: dict[str, dict[str, int | None]]
    problems: list[str]

    def as_json(self) -> dict:
        return {
            "generation": self.generation,
            "fingerprint": self.fingerprint,
            "documents": self.documents,
            "problems": self.problems,
            "ok": not self.problems,
        }


def check_index() -> IndexCheck:
    """Verify the live generation against the database: documents per language, fingerprint, layout."""
    database = documents.database_fingerprint()
    expected = documents.expected_counts()
    generation = current_generation()
    problems: list[str] = []
    if generation is None:
        return IndexCheck(
            generation=None,
            fingerprint={"index": None, "database": database},
            documents={lang: {"index": None, "database": n} for lang, n in expected.items()},
            problems=["no index has been built: run “python manage.py build_index”"],
        )
    manifest = read_manifest(generation)
    link = index_root() / "current"
    if not link.is_symlink():
        problems.append(
            "index/current is a directory, not a link (a copied data directory?): the next build relinks it"
        )
    counts: dict[str, dict[str, int | None]] = {}
    for language, want in expected.items():
        try:
            with whoosh_index.open_dir(str(generation / language)).searcher() as searcher:
                have = searcher.doc_count()
        except Exception as error:  # a missing or damaged index of any kind
            have = None
            problems.append(f"{language}: the index cannot be opened ({type(error).__name__}: {error})")
        counts[language] = {"index": have, "database": want}
        if have is not None and have != want:
            problems.append(f"{language}: the index holds {have} documents, the database has {want}")
    if manifest.get("fingerprint") != database:
        problems.append(
            f"the database changed since this generation was built (fingerprint {manifest.get('fingerprint')}, "
            f"database {database}): run “python manage.py build_index”"
        )
    requested = rebuild_requested()
    if requested:
        problems.append(f"a rebuild was requested at {requested} and has not run yet")
    return IndexCheck(
        generation=generation.name,
        fingerprint={"index": manifest.get("fingerprint"), "database": database},
        documents=counts,
        problems=problems,
    )


@dataclass(frozen=True)
class Refresh:
    """What :func:`ensure_index` did: ``current`` (nothing to do), ``built``, or ``queued``
    (another build is running and will build again after it)."""

    state: str
    report: BuildReport | None = None


def ensure_index(*, progress: Progress | None = None) -> Refresh:
    """The one "rebuild the index unless it is current" of every writer (``import_rules``,
    ``quickstart``, the benchmarks): build a new generation when the index is missing, older than
    the database or asked for; queue a rebuild when another build holds the lock."""
    if index_state() == "current" and not rebuild_requested():
        return Refresh("current")
    report = build_or_queue(progress=progress)
    return Refresh("built", report) if report is not None else Refresh("queued")
