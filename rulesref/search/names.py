"""The names of the search index on disk: folders and files of generations, manifests and the link.

Layout under ``<RULESREF_DATA_DIR>/index/`` (``index_root()``)::

    generations/<name>/<lang>/          one Whoosh index per content language
    generations/<name>/generation.json  the manifest (MANIFEST): document counts, files, fingerprint
    generations/<name>/vocabulary.json  glossary terms, card names, derived term pairs (VOCABULARY)
    generations/<name>/alignment.json   the edition aligned with each edition, per language (ALIGNMENT)
    generations/<name>/archive/<lang>/  every edition, one document per distinct text (ARCHIVE; only
                                        for a language with editions older than its newest)
    generations/<name>/editions.json    language → edition slug → whether it is a newest one (EDITIONS)
    generations/<name>/semantic/<lang>.npy
                                        one sentence vector per document of the language's current
                                        index (SEMANTIC; ``semantic``'s languages only)
    semantic-cache.sqlite3              vectors already encoded, by text (settings.SEMANTIC_CACHE's
                                        default; not part of any generation)
    current -> generations/<name>       the live generation (CURRENT)
    build.lock                          held by the one writer (LOCK)
    rebuild.requested                   only while a writer waits for a rebuild (REBUILD_REQUEST)

The one module both the reader (``generations``) and the writer (``store``) take these names from;
it reads nothing and writes nothing.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings

INDEX = "index"
GENERATIONS = "generations"
CURRENT = "current"
MANIFEST = "generation.json"
VOCABULARY = "vocabulary.json"
ALIGNMENT = "alignment.json"
ARCHIVE = "archive"
EDITIONS = "editions.json"
SEMANTIC = "semantic"
SEMANTIC_CACHE = "semantic-cache.sqlite3"
# Between the editions of an archive document's ``editions`` and ``edition_list`` (newest first).
EDITION_SEPARATOR = ","
LOCK = "build.lock"
REBUILD_REQUEST = "rebuild.requested"
# Left by a build or a relink that was killed: "current.<pid>.tmp", "current.<pid>.copy",
# "rebuild.requested.<pid>.tmp".
TEMPORARY = ".tmp"
COPY = ".copy"


def index_root() -> Path:
    """The folder holding every generation, the ``current`` link and the writer's lock."""
    return Path(settings.DATA_DIR) / INDEX


def semantic_file(generation: Path, language: str) -> Path:
    return generation / SEMANTIC / f"{language}.npy"


def temporary_name(name: str, pid: int | str, suffix: str = TEMPORARY) -> str:
    """``current.1234.tmp``: a file a process writes aside before renaming it to ``name``."""
    return f"{name}.{pid}{suffix}"
