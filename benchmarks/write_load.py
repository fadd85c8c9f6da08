"""No 500 while writing: 20 clients for 2 minutes while import_rules runs three times and build_index twice.

    .venv/bin/python -m benchmarks.write_load                    # SQLite in a temporary data dir
    .venv/bin/python -m benchmarks.write_load --seconds 30       # shorter
    DATABASE_URL=postgres://… .venv/bin/python -m benchmarks.write_load

The run of ``benchmarks.load --writes`` with the issue's figures as defaults (see that module): gunicorn
on loopback with deployment settings, the English edition replaced three times (its changed rows
updated in place in one transaction, the alignment rebuilt, then a new index generation swapped
in), ``build_index`` twice beside it, and a probe showing when searches and pages switch to the
new data. Prints requests, failures and p50/p95/p99; the target is 0 failed requests.
"""

import sys

from benchmarks.load import main

if __name__ == "__main__":
    args = sys.argv[1:]
    defaults = []
    if "--clients" not in args:
        defaults += ["--clients", "20"]
    if "--seconds" not in args:
        defaults += ["--seconds", "120"]
    main([*defaults, "--writes", *args])
