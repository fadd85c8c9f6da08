"""An import killed inside its transaction leaves the database exactly as it was.

Real processes on a real database file (or the PostgreSQL test database when ``DATABASE_URL`` is
set): ``import_rules`` runs in a child process, stops inside its transaction after writing its
rows (``RULESREF_TEST_HOLD_IMPORT``), and is killed there with SIGKILL: no handler, no
rollback by the process itself. The database is then dumped and compared with the dump from before.
"""

import gzip
import os
import signal
import subprocess
import sys
import time
from urllib.parse import quote

import pytest

from tests.conftest import ROOT, SOURCES

ENGLISH = SOURCES / "mtg_cr_en_20240917_duskmourn.txt.gz"


@pytest.fixture
def child_env(tmp_path, request):
    """Environment for manage.py children that share one real database with this test."""
    env = {
        "PATH": os.environ["PATH"],
        "DJANGO_SECRET_KEY": os.environ["DJANGO_SECRET_KEY"],
        "RULESREF_DATA_DIR": str(tmp_path / "data"),
    }
    if os.environ.get("DATABASE_URL"):
        # The children write to the test database that pytest-django created (and flushes afterwards).
        request.getfixturevalue("transactional_db")
        from django.db import connection

        s = connection.settings_dict
        env["DATABASE_URL"] = (
            f"postgres://{quote(s['USER'] or '')}:{quote(s['PASSWORD'] or '')}@{s['HOST'] or 'localhost'}:"
            f"{s['PORT'] or 5432}/{quote(s['NAME'])}"
        )
    else:
        manage("migrate", env=env)
    return env


def manage(*args, env, **kwargs):
    result = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, **kwargs
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def dump(env) -> str:
    return manage("dumpdata", "rules", "--indent", "0", env=env)


def test_an_import_killed_inside_its_transaction_changes_nothing(child_env, tmp_path):
    manage("import_rules", str(ENGLISH), "--game", "mtg", "--lang", "en", "--no-index", env=child_env)
    before = dump(child_env)
    assert '"number": "702.19b"' in before
    # The same edition, changed: importing it updates the rows that mention Trample, in place.
    changed = tmp_path / "MagicCompRules.txt"
    changed.write_text(
        gzip.decompress(ENGLISH.read_bytes()).decode("utf-8").replace("Trample", "Stampede"), encoding="utf-8"
    )
    marker = tmp_path / "inside-transaction"
    child = subprocess.Popen(
        [sys.executable, "manage.py", "import_rules", str(changed), "--game", "mtg", "--lang", "en", "--no-index"],
        cwd=ROOT,
        env=child_env | {"RULESREF_TEST_HOLD_IMPORT": str(marker)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while not marker.exists():
            assert child.poll() is None, "the import ended before reaching its transaction"
            assert time.monotonic() < deadline, "the import did not reach its transaction in 120 s"
            time.sleep(0.05)
        # Every changed row is written, uncommitted (the progress callback runs inside the transaction).
        assert marker.read_text() == "3171/3171"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    assert dump(child_env) == before
    # Nothing is left locked or half-written: the next import goes through and replaces the edition.
    manage("import_rules", str(changed), "--game", "mtg", "--lang", "en", "--no-index", env=child_env)
    after = dump(child_env)
    assert "Stampede" in after
    assert "Trample" not in after
