"""Index generations on disk: build aside, verify, then swap a symlink.

Layout under ``<RULESREF_DATA_DIR>/index/``::

    generations/20261130T101500-3f2a/<lang>/   one Whoosh index per content language
    generations/20261130T101500-3f2a/generation.json
    generations/20261130T101500-3f2a/vocabulary.json   glossary terms, card names, derived term pairs
    generations/20261130T101500-3f2a/alignment.json    the edition aligned with each edition, per language
    generations/20261130T101500-3f2a/archive/<lang>/   every edition, one document per distinct text
    generations/20261130T101500-3f2a/editions.json     language → edition → whether it is a newest one
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
The fingerprint also holds the analyzers' version (``analysis.ANALYSIS_VERSION``, written to the
manifest as well): a generation built by other analyzers is stale too, and is rebuilt the same way.

A data directory restored by copying (``cp -r``, many backup tools) has ``current``
as a real directory: it still serves, and the next build moves it into
``generations/`` and puts a link back.

A generation can be damaged on disk (a full disk, a bad copy, a file overwritten): its
manifest lists every other file with its size and sha256, so a damaged generation is
told from a stale one without trusting Whoosh to fail loudly. Readers check the sizes
once per generation and process (``generation_problem``), and note what Whoosh itself
could not read; ``index_state()`` then says "damaged", pages keep serving and searches
say so. ``build_index --check`` and ``--if-stale`` check the digests too, and
``--if-stale`` rebuilds a damaged generation. Every build first removes what a killed
build left behind: generation folders without a manifest (a build writes it last) and
the process number a dead build left in ``build.lock``, and says what it removed.
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
from dataclasses import dataclass, field
from pathlib import Path

from whoosh import index as whoosh_index

from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.rules.models import Edition

from . import analysis, archive, derivation, documents, expansion, semantic
from .analysis import reads_texts
from .integrity import IndexDamaged, current_generation, file_digests, generation_problem, problem_in, read_manifest
from .names import (
    ALIGNMENT,
    ARCHIVE,
    COPY,
    CURRENT,
    EDITIONS,
    GENERATIONS,
    LOCK,
    MANIFEST,
    REBUILD_REQUEST,
    SEMANTIC_CACHE,
    TEMPORARY,
    VOCABULARY,
    index_root,
    semantic_file,
    temporary_name,
)
from .schema import schema_for

Progress = Callable[[str, int, int], None]
# Builds in a row when the database keeps changing under them; after that the request stays
# on disk for the next writer and the index says it is stale.
MAX_ROUNDS = 3


class IndexBusy(Exception):
    """Another build holds the lock."""


class IndexBuildFailed(Exception):
    """The new generation did not verify, or could not be written; the live one is unchanged."""


@dataclass
class BuildReport:
    generation: str
    documents: dict[str, int]
    seconds: float
    bytes: int
    # What a killed build had left and this one removed first, one line each.
    removed: list[str] = field(default_factory=list)

    def as_json(self) -> dict:
        return {
            "generation": self.generation,
            "documents": self.documents,
            "seconds": self.seconds,
            "bytes": self.bytes,
            "removed": self.removed,
        }


@contextmanager
def writer_lock(removed: list[str] | None = None):
    """Hold ``build.lock`` (one writer at a time). A process number left in it by a build that was
    killed (the OS lock went with the process) is cleared, and said in ``removed``."""
    root = index_root()
    root.mkdir(parents=True, exist_ok=True)
    with open(root / LOCK, "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "unknown"
            raise IndexBusy(
                f"another index build is running (process {holder}); try again when it has finished"
            ) from None
        handle.seek(0)
        left = handle.read(64).strip()
        if left and removed is not None:
            running = "is still running but does not hold the lock" if _running(left) else "is not running"
            removed.append(f"removed a stale lock: {root / LOCK} named process {left[:20]}, which {running}")
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


def _running(pid: str) -> bool:
    """Whether a process of that number exists (one of another user counts)."""
    if not pid.isdigit() or int(pid) <= 0:
        return False
    try:
        os.kill(int(pid), 0)
    except (ProcessLookupError, OverflowError):
        return False
    except PermissionError:  # another user's process
        return True
    return True


def _remove_leftovers(root: Path, removed: list[str]) -> None:
    """Under the lock: remove what a killed build left (partial generations, temporary links)."""
    live = current_generation()
    generations = root / GENERATIONS
    if generations.is_dir():
        for path in sorted(generations.iterdir()):
            if path.is_dir() and not (path / MANIFEST).exists() and Path(os.path.realpath(path)) != live:
                size = _directory_bytes(path)
                shutil.rmtree(path)
                removed.append(
                    f"removed a partial generation left by an interrupted build: {path} ({size / 1e6:.1f} MB)"
                )
    for path in sorted(root.glob(f"{CURRENT}.*{TEMPORARY}")):
        path.unlink()
        removed.append(f"removed a temporary link left by an interrupted build: {path}")
    for path in sorted(root.glob(f"{CURRENT}.*{COPY}")):
        shutil.rmtree(path)
        removed.append(f"removed a copied generation left by an interrupted relink: {path}")
    for path in sorted(root.glob(f"{REBUILD_REQUEST}.*{TEMPORARY}")):
        pid = path.name[len(REBUILD_REQUEST) + 1 : -len(TEMPORARY)]
        if not _running(pid):
            path.unlink(missing_ok=True)
            removed.append(f"removed a rebuild request left half-written by process {pid}: {path}")


def clean_up() -> list[str]:
    """What a killed build left behind, removed under the lock (nothing when a build is running:
    it owns those files). One line per thing removed."""
    removed: list[str] = []
    try:
        with writer_lock(removed):
            _remove_leftovers(index_root(), removed)
    except IndexBusy:
        return []
    except OSError as error:
        raise IndexBuildFailed(_write_failure(error)) from None
    return removed


def fall_back() -> str | None:
    """Make the newest generation that reads (every file against its manifest) live instead of a
    damaged one, when no new one could be built; its name, or None when there is none."""
    root = index_root()
    live = current_generation()
    try:
        with writer_lock():
            candidates = sorted((root / GENERATIONS).iterdir(), reverse=True)
            for path in candidates:
                real = Path(os.path.realpath(path))
                if real != live and (path / MANIFEST).exists() and generation_problem(real, thorough=True) is None:
                    _swap(root, path)
                    return path.name
    except (IndexBusy, OSError):
        return None
    return None


def _write_failure(error: OSError) -> str:
    where = error.filename or index_root()
    # mkdir(exist_ok=True) on a file says "File exists": what is wrong is that it is no folder.
    reason = "not a folder" if isinstance(error, (FileExistsError, NotADirectoryError)) else error.strerror
    return (
        f"cannot write the search index: {where}: {reason or error} "
        "(free some space or make the folder writable, then run “python manage.py build_index”)"
    )


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
    removed: list[str] = []
    for _ in range(rounds):
        try:
            with writer_lock(removed):
                _remove_leftovers(index_root(), removed)
                _repair_current(index_root())
                _clear_rebuild_request()
                report = _build_once(progress) or report
        except IndexBusy:
            if report is None:
                raise
            # Another writer took over; it reads the database as it is now.
            break
        except OSError as error:  # a full disk, a read-only folder: one line, never a traceback
            raise IndexBuildFailed(_write_failure(error)) from None
        if not rebuild_requested():
            break
        if report is not None and index_state() == "current":
            # Asked for, but what the request was about is indexed already.
            _clear_rebuild_request()
            break
    if report is None:
        raise IndexBuildFailed("the database kept changing while the index was built; a rebuild is queued")
    report.removed = removed
    return report


def build_or_queue(*, progress: Progress | None = None) -> BuildReport | None:
    """Build now or, when another build runs, ask it to build again after it; None means queued."""
    try:
        return build_generation(progress=progress)
    except IndexBusy:
        try:
            request_rebuild()
        except OSError as error:
            raise IndexBuildFailed(_write_failure(error)) from None
    # The running build looks for requests after it releases the lock. If it released it before
    # our request landed, no one would see the request: try once more ourselves.
    try:
        return build_generation(progress=progress)
    except IndexBusy:
        return None


def request_rebuild() -> None:
    root = index_root()
    root.mkdir(parents=True, exist_ok=True)
    temporary = root / temporary_name(REBUILD_REQUEST, os.getpid())
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
    generations = root / GENERATIONS
    generations.mkdir(parents=True, exist_ok=True)
    name = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%S") + "-" + secrets.token_hex(2)
    target = generations / name
    target.mkdir()
    try:
        # Before anything is read: a write committed after this point changes it.
        fingerprint = documents.database_fingerprint()
        latest = documents.latest_edition_ids()
        expected = documents.expected_counts()
        current = documents.expected_counts(latest)
        archived = []
        for language in CONTENT_LANGUAGES:
            # The newest edition of each game: what a search reads unless it asks for an older edition.
            _build_language(
                target / language,
                language,
                current[language],
                progress,
                documents.documents_for_language(language, latest),
            )
            if archive.has_archive(language, latest):
                archived.append(language)
                (target / ARCHIVE).mkdir(exist_ok=True)
                _build_language(
                    target / ARCHIVE / language, language, None, progress, archive.archive_documents(language)
                )
        try:
            counts = _verify(target, expected, current)
        except IndexBuildFailed:
            if documents.database_fingerprint() == fingerprint:
                raise
            # Rows came and went while we read them: not a fault of the index. Build again.
            shutil.rmtree(target, ignore_errors=True)
            request_rebuild()
            return None
        for language in sorted(semantic.LANGUAGES & set(CONTENT_LANGUAGES)):
            _build_vectors(target, language, progress)
        (target / VOCABULARY).write_text(
            json.dumps(expansion.dump(derivation.vocabulary_concepts()), ensure_ascii=False), encoding="utf-8"
        )
        (target / ALIGNMENT).write_text(
            json.dumps(derivation.edition_alignment(), ensure_ascii=False), encoding="utf-8"
        )
        (target / EDITIONS).write_text(json.dumps(_editions(latest), ensure_ascii=False), encoding="utf-8")
        manifest = {
            "fingerprint": fingerprint,
            "analysis": analysis.ANALYSIS_VERSION,
            "documents": counts,
            "archive": archived,
            "created": name,
            "files": file_digests(target),
        }
        (target / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    except BaseException:
        shutil.rmtree(target, ignore_errors=True)
        raise
    previous = current_generation()
    if previous is not None and generation_problem(previous, thorough=True):
        previous = None  # no fallback: pruned with the older ones
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


def _editions(latest: set[int]) -> dict[str, dict[str, bool]]:
    """language → edition slug → whether it is the newest of its game (in every game that has that slug)."""
    found: dict[str, dict[str, bool]] = {}
    # Newest first: the order in which an archive search names the editions a text matched in.
    for pk, language, slug in Edition.objects.newest_first().values_list("pk", "language", "slug"):
        by_slug = found.setdefault(language, {})
        by_slug[slug] = by_slug.get(slug, True) and pk in latest
    return found


def _build_language(directory: Path, language: str, total: int | None, progress: Progress | None, docs) -> None:
    """One Whoosh index of ``docs`` in ``directory``; ``total``: how many there are, when known (progress)."""
    directory.mkdir()
    texts = documents.texts_for_language(language) if reads_texts(language) else None
    ix = whoosh_index.create_in(str(directory), schema_for(language, texts=texts))
    writer = ix.writer(limitmb=256)
    _remember_missing_lengths(writer)
    done = 0
    try:
        for doc in docs:
            writer.add_document(**doc)
            done += 1
            if progress and total is not None and done % 500 == 0:
                progress(language, done, total)
    except BaseException:
        writer.cancel()
        raise
    writer.commit()
    if progress and total is not None:
        progress(language, done, total)


def semantic_cache() -> semantic.VectorCache:
    """The vectors already encoded (``settings.SEMANTIC_CACHE``, else beside the generations)."""
    from django.conf import settings

    return semantic.VectorCache(
        Path(settings.SEMANTIC_CACHE) if settings.SEMANTIC_CACHE else index_root() / SEMANTIC_CACHE
    )


def _build_vectors(target: Path, language: str, progress: Progress | None) -> None:
    """One sentence vector per document of ``language``'s current index, by docnum (a zero vector for a
    kind not encoded: ``semantic.KINDS``), as float16. None written when the model cannot be loaded (logged
    by ``semantic.usable``): that generation's questions are asked by their words alone."""
    import numpy as np

    if not semantic.usable():
        return

    with whoosh_index.open_dir(str(target / language)).searcher() as searcher:
        texts, docnums = [], []
        for docnum in range(searcher.doc_count_all()):
            fields = searcher.stored_fields(docnum)
            if fields.get("kind") in semantic.KINDS:
                text = semantic.document_text(fields.get("title") or "", fields.get("text") or "")
                if text:
                    texts.append(text)
                    docnums.append(docnum)
        count = searcher.doc_count_all()
    label, done = f"{language} (meaning)", 0

    def advance(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress(label, done, len(texts))

    vectors = semantic_cache().vectors(texts, progress=advance if progress else None)
    matrix = np.zeros((count, semantic.DIMENSIONS), dtype=np.float16)
    if docnums:
        matrix[docnums] = vectors
    path = semantic_file(target, language)
    path.parent.mkdir(exist_ok=True)
    np.save(path, matrix, allow_pickle=False)


def _remember_missing_lengths(writer) -> None:
    """Whoosh's commit asks each posting's document length of its field from a per-document reader
    that looks for the field's lengths file on disk each time the field has none (KEYWORD and ID
    fields): 1.3 million ``os.path.exists`` calls, 15 of the 120 s of a build with 25 archive editions
    (cProfile, 2026-12-01). Its answer for such a field is remembered instead; the index is the same."""
    make_reader = writer.per_document_reader

    def per_document_reader():
        reader = make_reader()
        find = getattr(reader, "_cached_reader", None)
        if find is None:
            return reader
        missing: set[str] = set()

        def cached_reader(fieldname, column):
            if fieldname in missing:
                return None
            found = find(fieldname, column)
            if found is None:
                missing.add(fieldname)
            return found

        reader._cached_reader = cached_reader
        return reader

    writer.per_document_reader = per_document_reader


def represented(generation: Path, language: str) -> tuple[int, int]:
    """(documents of the current index, database rows the generation holds) of one language: the
    archive index's rows when the language has one, else the current index's documents."""
    with whoosh_index.open_dir(str(generation / language)).searcher() as searcher:
        documents_held = searcher.doc_count()
    rows = documents_held
    if (generation / ARCHIVE / language).is_dir():
        with whoosh_index.open_dir(str(generation / ARCHIVE / language)).searcher() as searcher:
            reader = searcher.reader()
            rows = sum(reader.column_reader("rows")) if searcher.doc_count_all() else 0
    return documents_held, rows


def _verify(target: Path, expected: dict[str, int], current: dict[str, int]) -> dict[str, int]:
    """Rows held per language, each checked against the database: the current index's documents against
    the newest editions' rows, the archive's rows against every edition's."""
    counts = {}
    for language, want in expected.items():
        held, counts[language] = represented(target, language)
        if held != current[language]:
            raise IndexBuildFailed(
                f"index for {language} holds {held} documents, the database has {current[language]} rows "
                "in its newest editions; the live index is unchanged"
            )
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
    link = root / CURRENT
    if link.is_symlink() or not link.is_dir():
        return
    generations = root / GENERATIONS
    generations.mkdir(parents=True, exist_ok=True)
    try:
        name = str(read_manifest(link).get("created") or "")
    except IndexDamaged:
        name = ""
    if not name or "/" in name or name.startswith("."):
        name = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%S") + "-restored"
    destination = generations / name
    if destination.exists():
        aside = root / temporary_name(CURRENT, os.getpid(), COPY)
        os.rename(link, aside)
        _swap(root, destination)
        shutil.rmtree(aside, ignore_errors=True)
    else:
        os.rename(link, destination)
        _swap(root, destination)


def _swap(root: Path, target: Path) -> None:
    link = root / CURRENT
    temporary = root / temporary_name(CURRENT, os.getpid())
    if temporary.is_symlink() or temporary.exists():
        temporary.unlink()
    os.symlink(Path(GENERATIONS) / target.name, temporary)
    os.replace(temporary, link)


def _prune(generations: Path, keep: set[str]) -> None:
    for path in generations.iterdir():
        if path.name not in keep:
            shutil.rmtree(path, ignore_errors=True)


def index_state(*, thorough: bool = False) -> str:
    """``missing``, ``damaged`` (its files cannot be read, see :func:`generation_problem`; checked
    ``thorough``-ly by the commands), ``stale`` (the database changed since the build) or ``current``."""
    generation = current_generation()
    if generation is None:
        return "missing"
    if generation_problem(generation, thorough=thorough):
        return "damaged"
    try:
        manifest = read_manifest(generation)
    except IndexDamaged:  # damaged since the verdict above
        return "damaged"
    if manifest.get("fingerprint") != documents.database_fingerprint():
        return "stale"
    return "current"


def index_problem(*, thorough: bool = True) -> str | None:
    """Why the live generation cannot be served (one line), or None (also when there is none)."""
    generation = current_generation()
    return generation_problem(generation, thorough=thorough) if generation is not None else None


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
    try:
        manifest = read_manifest(generation)
    except IndexDamaged:
        manifest = {}
    damage = problem_in(generation, thorough=True, open_indexes=False)
    if damage:
        problems.append(
            f"the live generation is damaged: {damage}: “python manage.py build_index --if-stale” rebuilds it"
        )
    link = index_root() / CURRENT
    if not link.is_symlink():
        problems.append(
            "index/current is a directory, not a link (a copied data directory?): the next build relinks it"
        )
    counts: dict[str, dict[str, int | None]] = {}
    for language, want in expected.items():
        try:
            have = represented(generation, language)[1]
        except Exception as error:  # a missing or damaged index of any kind
            have = None
            problems.append(f"{language}: the index cannot be opened ({type(error).__name__}: {error})")
        counts[language] = {"index": have, "database": want}
        if have is not None and have != want:
            problems.append(f"{language}: the index holds {have} documents, the database has {want}")
    built_by = manifest.get("analysis", 1)  # generations built before the version was written: 1
    if manifest and manifest.get("fingerprint") != database and built_by != analysis.ANALYSIS_VERSION:
        problems.append(
            f"the search analyzers changed since this generation was built (version {built_by}, now "
            f"{analysis.ANALYSIS_VERSION}): run “python manage.py build_index”"
        )
    elif manifest and manifest.get("fingerprint") != database:
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
    # What a killed build had left and was removed, one line each.
    removed: tuple[str, ...] = ()


def ensure_index(*, progress: Progress | None = None) -> Refresh:
    """The one "rebuild the index unless it is current" of every writer (``import_rules``,
    ``quickstart``, the benchmarks): build a new generation when the index is missing, damaged,
    older than the database or asked for; queue a rebuild when another build holds the lock.
    Either way, what a killed build left behind is removed first."""
    if index_state(thorough=True) == "current" and not rebuild_requested():
        return Refresh("current", removed=tuple(clean_up()))
    report = build_or_queue(progress=progress)
    if report is None:
        return Refresh("queued")
    return Refresh("built", report, removed=tuple(report.removed))
