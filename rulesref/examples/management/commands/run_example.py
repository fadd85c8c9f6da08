import json

from django.core.management.base import BaseCommand, CommandError

from rulesref.examples import coverage, registry
from rulesref.examples.engine.events import event_text
from rulesref.examples.runner import Trace, run, show
from rulesref.examples.scenarios import ParameterError

USAGE_ERROR = 2  # bad input: an unknown scenario, a bad parameter, an invalid scenario file
FAILED = 1  # an expectation does not hold


class Command(BaseCommand):
    help = (
        "Run an executable example (a scenario from rules_data/examples) and print its trace: "
        "the state after each step and whether each expectation holds. Exit status 0 when "
        "every expectation holds, 1 otherwise (the first failed expectation is printed), 2 for "
        "bad input. --all runs every scenario; --coverage counts, per chapter, the examples "
        "of the English 2024-09-20 edition that run and why the others don't. A scenario file that does "
        "not read is left out and reported in one line (file:line: reason): --all lists each as BROKEN."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", nargs="?", help="the scenario to run (see /examples/)")
        parser.add_argument(
            "--set",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="set a parameter (repeatable), e.g. --set opponent_creatures=5",
        )
        parser.add_argument("--all", action="store_true", help="run every scenario and print a summary")
        parser.add_argument("--coverage", action="store_true", help="count executable examples per chapter")
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args, **options):
        chosen = [bool(options["slug"]), options["all"], options["coverage"]]
        if sum(chosen) != 1:
            raise CommandError("give exactly one of: a scenario slug, --all, --coverage", returncode=USAGE_ERROR)
        if options["set"] and not options["slug"]:
            raise CommandError("--set applies to one scenario (give its slug)", returncode=USAGE_ERROR)
        if options["coverage"]:
            return self.coverage(as_json=options["json"])
        scenarios = registry.scenarios()
        if options["all"]:
            return self.run_all(scenarios, as_json=options["json"])
        return self.run_one(scenarios, options["slug"], options["set"], as_json=options["json"])

    # -- one scenario ----------------------------------------------------------------------

    def run_one(self, scenarios, slug: str, assignments: list[str], *, as_json: bool) -> None:
        scenario = scenarios.get(slug)
        broken = registry.broken_file(slug) if scenario is None else None
        if broken is not None:
            raise CommandError(str(broken), returncode=USAGE_ERROR)
        if scenario is None:
            known = ", ".join(scenarios)
            raise CommandError(f"no scenario {slug!r}; scenarios: {known}", returncode=USAGE_ERROR)
        raw = {}
        for assignment in assignments:
            name, equals, value = assignment.partition("=")
            if not equals or not name.strip():
                raise CommandError(f"--set {assignment!r}: write NAME=VALUE", returncode=USAGE_ERROR)
            raw[name.strip()] = value
        try:
            trace = run(scenario, raw)
        except ParameterError as error:
            raise CommandError(f"{scenario.path}: {error}", returncode=USAGE_ERROR) from None
        if as_json:
            self.stdout.write(json.dumps(trace.as_json(), ensure_ascii=False))
        else:
            self.print_trace(trace)
        if not trace.passed:
            raise CommandError(trace.first_failure(), returncode=FAILED)

    def print_trace(self, trace: Trace) -> None:
        scenario = trace.scenario
        self.stdout.write(f"{scenario.slug}: {scenario.title('en')}")
        rules = ", ".join(f"{b.rule} example {b.position + 1}" for b in scenario.bindings)
        self.stdout.write(f"runs: {scenario.game} {rules}")
        if trace.params:
            self.stdout.write("parameters: " + ", ".join(f"{k}={v}" for k, v in trace.params.items()))
        for number, step in enumerate(trace.steps, start=1):
            self.stdout.write(f"\nstep {number} ({step.step.do}): {step.action}")
            for event in step.events:
                self.stdout.write(f"  · {event_text(event)}")
            if step.error:
                self.stdout.write(f"  ! {step.error}")
            for obj in step.state.get("objects", []):
                if obj["zone"] == "battlefield" or obj["pt"] is not None:
                    pt = obj["pt"] or "no power/toughness"
                    types = " ".join(obj["supertypes"] + obj["types"])
                    self.stdout.write(f"  {obj['name']} [{obj['zone']}] {types}: {pt}")
                    for entry in obj["layers"]:
                        if entry["layer"] == "printed":
                            continue
                        result = "waiting (not a creature)" if entry["waiting"] else entry["result"]
                        self.stdout.write(
                            f"      layer {entry['layer']} {entry['timestamp']}: {entry['label']} → {result}"
                        )
            for check in step.checks:
                mark = "PASS" if check.ok else "FAIL"
                self.stdout.write(f"  {mark} {check.what}: expected {show(check.expected)}, got {show(check.actual)}")
        if trace.stopped:
            self.stdout.write(f"\nstopped: {trace.stopped}")
        total = len(trace.checks)
        passed = sum(1 for check in trace.checks if check.ok)
        self.stdout.write(f"\n{'passed' if trace.passed else 'FAILED'}: {passed}/{total} checks")

    # -- every scenario ---------------------------------------------------------------------

    def run_all(self, scenarios, *, as_json: bool) -> None:
        results = []
        failures = []
        for slug, scenario in scenarios.items():
            trace = run(scenario)
            data = trace.as_json()
            first = scenario.bindings[0]
            data["game"] = scenario.game
            data["rule"] = first.rule
            data["example"] = first.position
            data["examples"] = [{"rule": b.rule, "example": b.position} for b in scenario.bindings]
            results.append(data)
            if not trace.passed:
                failures.append(f"{slug}: {trace.first_failure()}")
            if not as_json:
                checks = trace.checks
                passed = sum(1 for check in checks if check.ok)
                rules = ", ".join(f"{b.rule}#{b.position}" for b in scenario.bindings)
                verdict = "PASS" if trace.passed else "FAIL"
                self.stdout.write(f"{verdict} {slug} ({scenario.game} {rules}): {passed}/{len(checks)} checks")
        broken = [str(error) for error in registry.problems()]
        if as_json:
            self.stdout.write(json.dumps(results, ensure_ascii=False))
        else:
            for line in broken:
                self.stdout.write(f"BROKEN {line}")
            summary = f"{len(results) - len(failures)} of {len(results)} scenarios passed"
            if broken:
                summary += f"; {len(broken)} {'file does' if len(broken) == 1 else 'files do'} not read"
            self.stdout.write(summary)
        if broken:
            raise CommandError("; ".join(broken + failures), returncode=USAGE_ERROR)
        if failures:
            raise CommandError("; ".join(failures), returncode=FAILED)

    # -- coverage ---------------------------------------------------------------------------

    def coverage(self, *, as_json: bool) -> None:
        game, language, slug = coverage.DEFAULT_EDITION
        edition = coverage.find_edition(game, language, slug)
        if edition is None:
            raise CommandError(
                f"the edition {game} {language} {slug} is not imported: run “python manage.py quickstart --no-serve”",
                returncode=USAGE_ERROR,
            )
        report = coverage.edition_coverage(edition, language="en")
        broken = [str(error) for error in registry.problems()]
        if as_json:
            self.stdout.write(json.dumps({**report.as_json(), "broken": broken}, ensure_ascii=False))
            return
        for line in broken:
            self.stdout.write(f"BROKEN {line}")
        self.stdout.write(f"{game} {language} {slug}: {report.executable} of {report.total} examples are executable")
        for chapter in report.chapters:
            title = f"{chapter.number}. {chapter.title}" if chapter.number else "unnumbered text"
            self.stdout.write(
                f"\n{title}: {chapter.executable} executable, {chapter.not_executable} not (of {len(chapter.examples)})"
            )
            for example in chapter.examples:
                where = f"{example.rule or '—'} example {example.position + 1}"
                if example.executable:
                    self.stdout.write(f"  {where}: runs as {example.scenario}")
                else:
                    self.stdout.write(f"  {where}: needs {example.reason}")
