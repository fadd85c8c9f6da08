"""rules_data/manifest.toml: the bundled sources and what each one is."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

REQUIRED = ("path", "game", "language", "edition")
OPTIONAL = ("edition_name", "format", "translates")


class ManifestError(Exception):
    pass


@dataclass
class ManifestSource:
    path: Path
    game: str
    language: str
    edition: str
    edition_name: str | None = None
    format: str | None = None
    translates: str | None = None


def load_manifest(path: Path) -> list[ManifestSource]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ManifestError(f"{path}: no such file") from None
    except tomllib.TOMLDecodeError as error:
        raise ManifestError(f"{path}: {error}") from None
    sources = []
    for index, table in enumerate(data.get("source", []), start=1):
        missing = [key for key in REQUIRED if not table.get(key)]
        unknown = set(table) - set(REQUIRED) - set(OPTIONAL)
        if missing or unknown:
            problem = f"missing {', '.join(missing)}" if missing else f"unknown keys {', '.join(sorted(unknown))}"
            raise ManifestError(f"{path}: [[source]] #{index}: {problem}")
        sources.append(
            ManifestSource(
                path=path.parent / table["path"],
                game=table["game"],
                language=table["language"],
                edition=str(table["edition"]),
                edition_name=table.get("edition_name"),
                format=table.get("format"),
                translates=table.get("translates"),
            )
        )
    return sources
