"""CI's PostgreSQL pass runs only the tests that use the database (``--database-tests-only``)."""

import subprocess
import sys

from tests.conftest import ROOT


def collected(*args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return [line for line in done.stdout.splitlines() if "::" in line]


def test_only_tests_that_ask_for_the_database_are_kept():
    files = ["tests/core/test_text.py", "tests/rules/test_services.py", "tests/compare/test_views.py"]
    everything = collected(*files)
    kept = collected("--database-tests-only", *files)
    # test_text is pure; test_services is marked django_db; test_views uses a module fixture that
    # unblocks the database (``django_db_blocker``) through the ``workbench`` fixture.
    # Its one test that reads template files only is left out.
    pure = "tests/compare/test_views.py::test_workbench_templates_have_no_inline_style_script_or_handlers"
    assert pure in everything
    assert any(name.startswith("tests/core/test_text.py") for name in everything)
    assert kept == [name for name in everything if not name.startswith("tests/core/test_text.py") and name != pure]
