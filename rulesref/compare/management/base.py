"""What the workbench's commands share: reading --game, --lang/--edition, --langs/--editions, --scope."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rulesref.rules.models import Edition

from ..selection import SelectionError, find_edition, read_column, read_columns, read_game, read_scope, resolve_columns


class WorkbenchCommand(BaseCommand):
    def add_game(self, parser) -> None:
        parser.add_argument(
            "--game", required=True, help="a game's key: mtg, berserk, lorcana or one registered on import"
        )

    def add_scope(self, parser) -> None:
        parser.add_argument(
            "--scope", default="", help="only this rule, section or chapter (e.g. 208, 208.3a, 2; Lorcana 4.3, 8.10.4)"
        )

    def add_json(self, parser) -> None:
        parser.add_argument("--json", action="store_true", help="print exactly one JSON object")

    def game(self, options) -> str:
        try:
            return read_game(options["game"])
        except SelectionError as error:
            raise CommandError(f"--game: {error}") from None

    def scope(self, options) -> str:
        try:
            return read_scope(options.get("scope"))
        except SelectionError as error:
            raise CommandError(f"--scope: {error}") from None

    def edition(self, game: str, language: str, value: str, flag: str) -> Edition:
        """An edition named by its effective date or its slug (or LANG:EDITION)."""
        try:
            request = read_column(value if ":" in value else f"{language}:{value}")
            return find_edition(game, request.language, request.edition or "newest")
        except SelectionError as error:
            raise CommandError(f"{flag}: {error}") from None

    def columns(self, game: str, options) -> list[Edition]:
        langs = [value for value in (options["langs"] or "").split(",") if value.strip()]
        editions = [value for value in (options.get("editions") or "").split(",") if value.strip()]
        if not langs:
            raise CommandError("--langs: name at least one language, e.g. en,it,ja")
        try:
            return resolve_columns(game, read_columns(langs, editions))
        except SelectionError as error:
            raise CommandError(f"--langs/--editions: {error}") from None

    def print_json(self, data) -> None:
        self.stdout.write(json.dumps(data, ensure_ascii=False))

    def write_output(self, data: bytes | str, output: str) -> None:
        """Write ``data`` to the file ``output`` ("-": standard output)."""
        if output == "-":
            self.stdout.write(data.decode("utf-8") if isinstance(data, bytes) else data)
            return
        path = Path(output)
        if not path.parent.is_dir():
            raise CommandError(f"--output {output}: folder {path.parent} does not exist")
        try:
            if isinstance(data, bytes):
                path.write_bytes(data)
            else:
                path.write_text(data, encoding="utf-8")
        except OSError as error:
            raise CommandError(
                f"--output {output}: cannot be written ({error.strerror or error}); choose another file"
            ) from None
