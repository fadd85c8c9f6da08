"""How long the executable examples take: every scenario run N times with the web's budget.

    .venv/bin/python -m benchmarks.examples [--repeat 20]

Prints, per scenario, the median wall time of one run, the engine operations it used (the
unit of the run budget) and the number of checks; then the slowest runs with the largest
parameters. Asserts nothing. No database needed.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from rulesref.examples.engine.budget import Budget
from rulesref.examples.runner import run
from rulesref.examples.scenarios import load_directory

EXAMPLES_DIR = Path(__file__).resolve().parent.parent / "rules_data" / "examples"
LARGEST = {
    "lost-order-of-jarkeld": {"opponent_creatures": 20},
    "svogthos": {"graveyard_creatures": 30},
    "hand-size-creature": {"hand": 20},
    "veteran-motorist": {"vehicle_power": 20, "vehicle_toughness": 20},
}


def measure(scenario, params, repeat: int) -> tuple[float, int, int, bool]:
    times, used = [], 0
    for _ in range(repeat):
        budget = Budget()
        started = time.perf_counter()
        trace = run(scenario, params, budget=budget)
        times.append(time.perf_counter() - started)
        used = budget.used
    return statistics.median(times), used, len(trace.checks), trace.passed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    options = parser.parse_args()
    started = time.perf_counter()
    scenarios = load_directory(EXAMPLES_DIR)
    print(f"loaded {len(scenarios)} scenarios in {(time.perf_counter() - started) * 1000:.1f} ms")
    print(f"{'scenario':40} {'median ms':>10} {'operations':>11} {'checks':>7}")
    total = 0.0
    for slug, scenario in scenarios.items():
        median, used, checks, passed = measure(scenario, {}, options.repeat)
        total += median
        print(f"{slug:40} {median * 1000:10.2f} {used:11d} {checks:7d}{'' if passed else '  FAILED'}")
    print(f"{'all scenarios, one run each':40} {total * 1000:10.2f}")
    print("\nlargest parameters:")
    for slug, params in LARGEST.items():
        median, used, checks, passed = measure(scenarios[slug], params, options.repeat)
        shown = ", ".join(f"{k}={v}" for k, v in params.items())
        print(f"{slug + ' ' + shown:60} {median * 1000:8.2f} ms {used:8d} operations")


if __name__ == "__main__":
    main()
