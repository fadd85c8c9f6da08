"""What every benchmark needs first: Django, a data dir with the rules imported, and a search index.

The data dir comes from ``RULESREF_DATA_DIR`` (read by the settings at import, so it is fixed before
``django.setup()``); the official rules files from ``RULESREF_CORPORA``, else ``../shared/corpora``
beside the checkout. Importing is what ``quickstart`` does: the glossary, the bundled seeds, then every
official file of the corpora folder; an edition already imported from the same bytes is skipped.
"""

from __future__ import annotations

import os
import secrets
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def temporary_data_dir(prefix: str) -> tempfile.TemporaryDirectory | None:
    """Unless ``RULESREF_DATA_DIR`` names a data dir, a temporary one, put into the environment before
    ``setup_django`` reads it; the caller removes it at the end (``cleanup()``)."""
    if os.environ.get("RULESREF_DATA_DIR"):
        return None
    temporary = tempfile.TemporaryDirectory(prefix=prefix)
    os.environ["RULESREF_DATA_DIR"] = temporary.name
    return temporary


def corpora_dir() -> Path:
    return Path(os.environ.get("RULESREF_CORPORA") or ROOT.parent / "shared" / "corpora")


def setup_django(*, data_dir: Path | None = None) -> Path:
    """Configure and set up Django; returns the data dir in use.

    ``data_dir`` wins over ``RULESREF_DATA_DIR``. DEBUG is off unless ``DJANGO_DEBUG`` says otherwise:
    with DEBUG on, Django keeps every SQL query in memory, which a deployment does not pay for.
    """
    if data_dir is not None:
        os.environ["RULESREF_DATA_DIR"] = str(data_dir)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesref.settings")
    os.environ.setdefault("DJANGO_DEBUG", "0")
    # DEBUG off needs a key; a benchmark process signs nothing that outlives it.
    os.environ.setdefault("DJANGO_SECRET_KEY", secrets.token_urlsafe(50))
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import django
    from django.conf import settings

    django.setup()
    return Path(settings.DATA_DIR)


def import_rules(*, corpora: Path | None = None, log=print) -> None:
    """Migrate, then import the glossary, the seeds and the corpora, as ``quickstart`` does."""
    from django.conf import settings
    from django.core.management import call_command

    from rulesref.site.setup import import_bundled_sources, import_corpora, sync_glossary

    corpora = corpora or corpora_dir()
    if not corpora.is_dir():
        raise SystemExit(f"{corpora}: no corpora folder; set RULESREF_CORPORA")
    Path(settings.DATA_DIR).mkdir(parents=True, exist_ok=True)
    call_command("migrate", interactive=False, verbosity=0)
    for line in sync_glossary():
        log(line)
    for line in import_bundled_sources():
        log(line)
    outcome = import_corpora(corpora)
    for line in outcome.lines:
        log(line)
    for failure in outcome.failed:
        log(f"not imported: {failure}")


def settings_data_dir() -> Path:
    from django.conf import settings

    return Path(settings.DATA_DIR)


def build_index():
    """A fresh index generation, made live; returns store.BuildReport (seconds, bytes, documents)."""
    from rulesref.search.store import build_generation

    return build_generation()


def rules_imported() -> bool:
    """Whether the data dir's database holds rules (migrated, with at least one edition)."""
    from django.db import connection

    from rulesref.rules.models import Edition

    return "rules_edition" in connection.introspection.table_names() and Edition.objects.exists()


def ensure_rules(*, log=print) -> None:
    """Import the seeds and the corpora when the database holds no rules."""
    if not rules_imported():
        import_rules(log=log)


def best(repeat: int, func) -> tuple[float, object]:
    """The fastest of ``repeat`` calls of ``func`` (seconds) and the last call's result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = func()
        times.append(time.perf_counter() - start)
    return min(times), result


def ensure_index(*, log=print):
    """Import and build only what is missing: the rules when the database is empty, the index when
    it is missing or older than the database. Returns the BuildReport of a build, or None."""
    from rulesref.search.store import ensure_index as store_ensure_index

    Path(settings_data_dir()).mkdir(parents=True, exist_ok=True)
    if not rules_imported():
        log(f"importing the seeds and {corpora_dir()} into {os.environ.get('RULESREF_DATA_DIR', 'the data dir')}")
        import_rules(log=log)
    refresh = store_ensure_index()
    if refresh.state == "built":
        log(f"built {sum(refresh.report.documents.values())} documents in {refresh.report.seconds} s")
    return refresh.report
