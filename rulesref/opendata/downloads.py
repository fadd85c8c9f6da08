"""One zip archive per edition (its data files and schemas, ``dataset.dataset_zip``), written once per
import and served by the edition's download link::

    <data dir>/downloads/<game>/<language>/<slug>.<game fingerprint>.zip

The game fingerprint (``rules.selectors.content_version``) changes with every import of an edition of
the game and every glossary sync. An archive depends on more than its own edition (``concepts.jsonl``
lists the same rule in the game's other editions), so a new fingerprint is a new file: the import
computes the archive of each language's current edition (``downloads_refresh``, called by ``import_rules``
and ``quickstart`` as ``compare/stored.py``'s differences are) and removes the files of older fingerprints;
an older edition's is built by its first download.

A request that finds no file (a data dir copied without ``downloads/``, an import run with another
code version) builds it then and keeps it; where the data dir cannot be written, it serves the bytes it
built. Files are written beside their name and renamed into place, so a reader never sees half a file;
one removed while a response streams it stays readable until closed.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings

from rulesref.rules.models import Edition
from rulesref.rules.selectors import content_version, current_edition_ids

from .dataset import dataset_zip, write_replacing

logger = logging.getLogger(__name__)


def downloads_dir() -> Path:
    return Path(settings.DATA_DIR) / "downloads"


def download_path(edition: Edition, fingerprint: str | None = None) -> Path:
    fingerprint = fingerprint or content_version(edition.game.slug).fingerprint
    return downloads_dir() / edition.game.slug / edition.language / f"{edition.slug}.{fingerprint}.zip"


def download_name(edition: Edition) -> str:
    """The file name a browser saves: ``rulesref-mtg-en-2024-09-20.zip``."""
    return f"rulesref-{edition.game.slug}-{edition.language}-{edition.slug}.zip"


def download_file(edition: Edition) -> Path | bytes:
    """The edition's archive: the kept file, else built now and kept (its bytes where it cannot be kept)."""
    path = download_path(edition)
    if path.is_file():
        return path
    data = dataset_zip(edition)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_replacing(path, data)
    except OSError:
        logger.warning("downloads: could not keep %s", path, exc_info=True)
        return data
    return path


def downloads_refresh(*, game: str, force: bool = False) -> Iterator[str]:
    """Write the archive of the current edition of each language of ``game`` that has none for the
    current fingerprint (every edition's with ``force``), then remove the game's archives of other
    fingerprints. One line per file. An older edition's archive is built by its first download: with
    the archive imported (124 English editions) writing every one took 208 s of each import."""
    fingerprint = content_version(game).fingerprint
    editions = Edition.objects.for_game(game).with_source().defer("report", "translates__report")
    current = current_edition_ids(game)
    kept = set()
    for edition in editions.by_game_and_language():
        path = download_path(edition, fingerprint)
        kept.add(path)
        if (path.is_file() or edition.pk not in current) and not force:
            continue
        start = time.perf_counter()
        path.parent.mkdir(parents=True, exist_ok=True)
        write_replacing(path, dataset_zip(edition))
        yield f"wrote {path.name} of {game} {edition.language} ({time.perf_counter() - start:.1f} s)"
    for old in (downloads_dir() / game).glob("*/*.zip"):
        if old not in kept:
            old.unlink(missing_ok=True)
