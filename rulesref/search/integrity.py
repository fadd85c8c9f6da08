"""Whether a generation on disk can be served: its manifest, its files' sizes and digests, and what
readers could not read. It only reads: both the reader (``generations``) and the writer (``store``)
ask it, and nothing here builds, swaps or removes anything.

A generation's manifest lists every other file with its size and sha256, so a damaged generation is
told from a stale one without trusting Whoosh to fail loudly. Readers check the sizes once per
generation and process (``generation_problem``) and note what Whoosh itself could not read
(``note_damaged``); the commands check the digests too (``thorough``).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from pathlib import Path

from whoosh import index as whoosh_index

from .names import ALIGNMENT, ARCHIVE, CURRENT, MANIFEST, VOCABULARY, index_root

logger = logging.getLogger(__name__)


class IndexDamaged(Exception):
    """A generation's files cannot be read: the message is one line naming the file and why."""


def current_generation() -> Path | None:
    """The real path of the live generation, or None before the first build."""
    link = index_root() / CURRENT
    if not link.is_symlink() and not link.exists():
        return None
    real = Path(os.path.realpath(link))
    return real if (real / MANIFEST).exists() else None


def read_manifest(generation: Path) -> dict:
    """The manifest of a generation; :class:`IndexDamaged` when it cannot be read as one."""
    path = generation / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise IndexDamaged(f"{path}: cannot be read ({error.strerror or error})") from None
    except UnicodeDecodeError as error:
        raise IndexDamaged(f"{path}: not UTF-8 (byte {error.start})") from None
    except ValueError as error:
        raise IndexDamaged(f"{path}: not JSON ({error})") from None
    if not isinstance(data, dict) or not isinstance(data.get("documents"), dict):
        raise IndexDamaged(f"{path}: not a generation manifest (it holds no document counts)")
    files = data.get("files", {})
    if not isinstance(files, dict) or not all(
        isinstance(v, list) and len(v) == 2 and isinstance(v[0], int) and isinstance(v[1], str) for v in files.values()
    ):
        raise IndexDamaged(f"{path}: not a generation manifest (its list of files is not [size, sha256] pairs)")
    return data


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def file_digests(generation: Path) -> dict[str, list]:
    """Every file of a generation but its manifest: relative path → [size, sha256]."""
    return {
        path.relative_to(generation).as_posix(): [path.stat().st_size, _sha256(path)]
        for path in sorted(generation.rglob("*"))
        if path.is_file() and path.name != MANIFEST
    }


# Cheap verdicts (sizes only, and what readers could not read), per generation and manifest.
_verdicts: dict[tuple[str, int], str | None] = {}


def _verdict_key(generation: Path) -> tuple[str, int]:
    try:
        stamp = (generation / MANIFEST).stat().st_mtime_ns
    except OSError:
        stamp = -1
    return (os.path.realpath(generation), stamp)


def _remember(key: tuple[str, int], problem: str | None) -> None:
    if len(_verdicts) >= 64:  # generations come and go; a long-running worker sees a few a day
        _verdicts.clear()
    _verdicts[key] = problem


def note_damaged(generation: Path, problem: str) -> None:
    """Remember that a reader could not read ``generation`` (for this process), and log it."""
    logger.error("search index generation %s is damaged: %s", generation, problem)
    _remember(_verdict_key(generation), problem)


def generation_problem(generation: Path, *, thorough: bool = False) -> str | None:
    """Why ``generation`` cannot be served, in one line naming the file, or None when it reads.

    Cheap (what a request may pay, once per generation and process): the manifest parses and
    every file it lists is there with its size. ``thorough`` (the commands): every file's sha256
    too, and every language's index opens with its document count.
    """
    key = _verdict_key(generation)
    if not thorough and key in _verdicts:
        return _verdicts[key]
    try:
        problem = problem_in(generation, thorough=thorough)
    except OSError as error:  # the folder itself cannot be read
        problem = f"{generation}: cannot be read ({error.strerror or error})"
    if not thorough or problem:
        _remember(key, problem)
    return problem


def problem_in(generation: Path, *, thorough: bool, open_indexes: bool = True) -> str | None:
    """Why ``generation`` cannot be served, read now (not remembered); ``open_indexes``: open each index too."""
    try:
        manifest = read_manifest(generation)
    except IndexDamaged as error:
        return str(error)
    # A generation built before manifests listed their files is only checked by opening it.
    for name, (size, digest) in manifest.get("files", {}).items():
        path = generation / name
        try:
            have = path.stat().st_size
        except OSError:
            return f"{path}: missing (the build wrote {size} bytes)"
        if have != size:
            return f"{path}: {have} bytes, the build wrote {size}"
        if thorough:
            try:
                have_digest = _sha256(path)
            except OSError as error:
                return f"{path}: cannot be read ({error.strerror or error})"
            if have_digest != digest:
                return f"{path}: its contents are not what the build wrote (sha256 differs)"
    if thorough and open_indexes:
        folders = [generation / language for language in manifest["documents"]]
        folders += [generation / ARCHIVE / language for language in manifest.get("archive", ())]
        for folder in folders:
            try:
                with whoosh_index.open_dir(str(folder)).searcher() as searcher:
                    searcher.doc_count()
            except Exception as error:  # Whoosh fails in many ways on damaged files (EOFError, struct.error…)
                return f"{folder}: the index cannot be opened ({type(error).__name__}: {error})"
    if thorough:
        for name in (VOCABULARY, ALIGNMENT):
            path = generation / name
            try:
                json.loads(path.read_text(encoding="utf-8"))
            except FileNotFoundError:
                continue
            except (OSError, ValueError) as error:
                return f"{path}: cannot be read as JSON ({error})"
    return None
