"""What quickstart does, step by step, in plain functions that yield progress lines."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings

from rulesref.core import scripts
from rulesref.core.languages import UnknownLanguage, get_language
from rulesref.core.progress import progress_bar
from rulesref.rules import glossary_data
from rulesref.rules.manifest import ManifestError, load_manifest
from rulesref.rules.models import CardName, TermForm
from rulesref.rules.parsers import ParseError, detect_format, read_source
from rulesref.rules.services import ImportFailed, edition_import, edition_set_translates, glossary_sync

# Which game each official-file format belongs to.
GAME_OF_FORMAT = {"cr-text": "mtg", "berserk-md": "berserk"}


class SetupError(Exception):
    pass


def sync_glossary() -> Iterator[str]:
    """Load rules_data/glossary unless the database already holds exactly that data."""
    directory = settings.RULES_DATA_DIR / "glossary"
    try:
        data = glossary_data.load(directory)
    except glossary_data.GlossaryDataError as error:
        raise SetupError(str(error)) from None
    wanted_forms = {(t.game, t.key, lang, f) for t in data.terms for lang, forms in t.forms.items() for f in forms}
    wanted_names = {(c.game, c.key, lang, n) for c in data.cards for lang, n in c.names.items()}
    have_forms = set(TermForm.objects.values_list("term__game__slug", "term__key", "language", "form"))
    have_names = set(CardName.objects.values_list("card__game__slug", "card__key", "language", "name"))
    if wanted_forms == have_forms and wanted_names == have_names:
        return
    try:
        report = glossary_sync(directory=directory)
    except ImportFailed as error:
        raise SetupError(str(error)) from None
    yield f"glossary: {report.terms} terms ({report.forms} forms), {report.cards} cards ({report.names} names)"


def _import(**kwargs) -> str | None:
    update, close = progress_bar(f"importing {Path(kwargs['path']).name}")
    try:
        report = edition_import(progress=update, **kwargs)
        if report.lang != "en" and report.format == "cr-text" and report.effective_date:
            # An official-layout translation follows the English edition of the same date.
            edition_set_translates(
                game=report.game, language=report.lang, edition=report.edition, translates=f"en:{report.edition}"
            )
    except ImportFailed as error:
        raise SetupError(str(error)) from None
    finally:
        close()
    if not report.changed:
        return None
    counts = report.counts
    return (
        f"imported {report.game} {report.lang} {report.edition}: {counts['rules']} rules, "
        f"{counts['subrules']} subrules, {counts['examples']} examples, {counts['glossary']} glossary entries"
    )


def import_bundled_sources() -> Iterator[str]:
    try:
        sources = load_manifest(settings.RULES_DATA_DIR / "manifest.toml")
    except ManifestError as error:
        raise SetupError(str(error)) from None
    for source in sources:
        line = _import(
            path=source.path,
            game=source.game,
            language=source.language,
            edition=source.edition,
            edition_name=source.edition_name,
            translates=source.translates,
            format=source.format,
        )
        if line:
            yield line


def guess_language(text: str) -> str:
    """The content language of an official rules file, from its script."""
    # Inline images (base64 data URIs) are not language.
    sample = re.sub(r"\(data:[^)]*\)", "", text[:400000])[:20000]
    counts = scripts.script_counts(sample)
    han, kana, cyrillic = counts["han"], counts["kana"], counts["cyrillic"]
    if kana > 50:
        return "ja"
    if han > 200:
        return "zh-hans"
    if cyrillic > 200:
        return "ru"
    return "en"


def import_corpora(directory: Path) -> Iterator[str]:
    """Import every official rules file in ``directory``; edition and language read from each file."""
    if not directory.is_dir():
        raise SetupError(f"{directory}: RULESREF_CORPORA is not a folder")
    candidates = []
    for path in sorted(directory.iterdir()):
        if not path.is_file() or path.suffix not in (".txt", ".md"):
            continue
        try:
            source = read_source(path)
            format = detect_format(source)
        except ParseError:
            continue
        if format not in GAME_OF_FORMAT:
            continue
        try:
            language = get_language(guess_language(source.text)).code
        except UnknownLanguage:
            continue
        candidates.append((path, format, language))
    # English first, so that translations can be linked to their source edition.
    candidates.sort(key=lambda item: (item[2] != "en", item[0].name))
    for path, format, language in candidates:
        if path.name.endswith(".noimages.md") and path.with_name(path.name.replace(".noimages.md", ".md")).exists():
            # The derived copy of a markdown file: the same edition, the same text.
            continue
        line = _import(path=path, game=GAME_OF_FORMAT[format], language=language, format=format)
        if line:
            yield line
