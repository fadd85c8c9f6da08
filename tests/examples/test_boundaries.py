"""The engine and the scenario reader import no Django; the rules app never imports examples."""

import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

PURE = [
    "rulesref.examples.engine.game",
    "rulesref.examples.engine.zones",
    "rulesref.examples.engine.actions",
    "rulesref.examples.engine.effects",
    "rulesref.examples.engine.stack",
    "rulesref.examples.engine.turns",
    "rulesref.examples.engine.sba",
    "rulesref.examples.engine.legality",
    "rulesref.examples.engine.snapshot",
    "rulesref.examples.scenarios",
    "rulesref.examples.scenarios.steps",
    "rulesref.examples.scenarios.checks",
    "rulesref.examples.expressions",
    "rulesref.examples.runner",
    "rulesref.examples.reasons",
]


def test_the_engine_runs_without_django():
    code = (
        "import sys\n"
        + "".join(f"import {module}\n" for module in PURE)
        + "from rulesref.examples.scenarios import load_scenario\n"
        + "from rulesref.examples.runner import run\n"
        + f"trace = run(load_scenario({str(ROOT / 'rules_data/examples/veteran-motorist.toml')!r}))\n"
        + "assert trace.passed\n"
        + "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout == "[]\n"


def test_the_rules_app_does_not_import_the_examples_app():
    offenders = [
        str(path.relative_to(ROOT))
        for path in Path(ROOT / "rulesref" / "rules").rglob("*.py")
        if "rulesref.examples" in path.read_text(encoding="utf-8")
    ]
    assert offenders == []
