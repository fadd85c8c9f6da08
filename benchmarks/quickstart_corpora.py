"""Seconds of ``quickstart --no-serve`` with every corpus file, in a fresh data dir; and of importing one
Lorcana PDF.

    RULESREF_CORPORA=/work/shared/corpora .venv/bin/python -m benchmarks.quickstart_corpora [--runs 1]

quickstart runs as a user runs it (``manage.py quickstart --no-serve`` in a child process, a new data
dir each run): migrations, the UI catalogs, the glossary, the bundled seeds, every rules file of
``RULESREF_CORPORA`` (the CRs, Берсерк, the Lorcana texts and PDFs), then the search index. The wall
time is split into the index build (the seconds quickstart prints for it) and the rest; a second
quickstart on the same data dir shows what an idempotent run costs. Then the English Lorcana PDF is
imported into another fresh data dir as quickstart imports it (game and language read from its title
block, the rows written, the edition aligned). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks._setup import ROOT, corpora_dir, setup_django

QUICKSTART_TARGET = 60.0
PDF_TARGET = 5.0
PDF_NAME = "lorcana_cr_en_20251031.pdf"
INDEX_RE = re.compile(r"search index: (\d+) documents in ([\d.]+) s")


def quickstart(data_dir: Path, corpora: Path) -> tuple[float, str]:
    """Run quickstart once; its wall seconds and its output."""
    env = dict(os.environ, RULESREF_DATA_DIR=str(data_dir), RULESREF_CORPORA=str(corpora))
    env.setdefault("DJANGO_DEBUG", "0")
    env.setdefault("DJANGO_SECRET_KEY", "benchmark-" + os.urandom(24).hex())
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "quickstart", "--no-serve"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"quickstart failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return seconds, done.stdout


def import_pdf(path: Path) -> tuple[float, float]:
    """Seconds of identifying and importing one PDF in a fresh data dir, and of importing it again."""
    from django.core.management import call_command

    from rulesref.core import gamedata
    from rulesref.rules.parsers import detect_format, head_lines, read_source, stated_language
    from rulesref.rules.services import edition_import

    call_command("migrate", interactive=False, verbosity=0)
    start = time.perf_counter()
    source = read_source(path)
    format = detect_format(source)
    [game] = gamedata.games_in_title(text for _, text in head_lines(source, format, gamedata.TITLE_LINES))
    language = stated_language(source, format)
    report = edition_import(path=path, game=game, language=language, format=format)
    first = time.perf_counter() - start
    start = time.perf_counter()
    edition_import(path=path, game=game, language=language, format=format)
    again = time.perf_counter() - start
    print(
        f"import {path.name} ({game} {language} {report.edition}, {report.rows.created} rows): {first:.2f} s "
        f"(target ≤ {PDF_TARGET:.0f} s); the same file again {again:.2f} s"
    )
    return first, again


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="fresh quickstarts to time (default 1)")
    args = parser.parse_args()
    corpora = corpora_dir()
    if not corpora.is_dir():
        raise SystemExit(f"{corpora}: no corpora folder; set RULESREF_CORPORA")
    print(f"corpora: {corpora} ({sum(1 for p in corpora.iterdir() if p.is_file())} files)")
    for run in range(1, args.runs + 1):
        with tempfile.TemporaryDirectory(prefix="bench-quickstart-") as data_dir:
            seconds, out = quickstart(Path(data_dir), corpora)
            index = INDEX_RE.search(out)
            documents, index_seconds = (int(index[1]), float(index[2])) if index else (0, 0.0)
            imported = sum(1 for line in out.splitlines() if line.startswith("imported "))
            again, _ = quickstart(Path(data_dir), corpora)
        print(
            f"quickstart run {run}: {seconds:.1f} s (target ≤ {QUICKSTART_TARGET:.0f} s): {imported} editions "
            f"and glossaries imported in {seconds - index_seconds:.1f} s, search index of {documents} documents "
            f"in {index_seconds:.1f} s; quickstart again on that data dir {again:.1f} s"
        )
    pdf = corpora / PDF_NAME
    if pdf.exists():
        with tempfile.TemporaryDirectory(prefix="bench-pdf-import-") as data_dir:
            setup_django(data_dir=Path(data_dir))
            import_pdf(pdf)


if __name__ == "__main__":
    main()
