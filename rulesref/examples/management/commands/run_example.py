import json

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError
from django.utils import translation
from django.utils.translation import gettext as _

from rulesref.core.templatetags.rulesref_lang import language_label
from rulesref.examples import coverage, display, registry
from rulesref.examples.runner import Trace, run
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
        parser.add_argument(
            "--language",
            default="en",
            choices=[code for code, _name in settings.LANGUAGES],
            help="the language of the printed trace (the scenario page's sentences; default: en)",
        )

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
        return self.run_one(
            scenarios, options["slug"], options["set"], as_json=options["json"], language=options["language"]
        )

    # -- one scenario ----------------------------------------------------------------------

    def run_one(self, scenarios, slug: str, assignments: list[str], *, as_json: bool, language: str = "en") -> None:
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
            with translation.override(language):
                self.print_trace(trace, language)
        if not trace.passed:
            raise CommandError(trace.first_failure(), returncode=FAILED)

    def print_trace(self, trace: Trace, language: str) -> None:
        """The trace in the scenario page's own sentences (``display``), as plain text."""
        scenario = trace.scenario
        shown = display.trace_context(trace, scenario, language)
        write = self.stdout.write
        write(f"{scenario.slug}: {in_language(display.text_in(scenario.titles, language), language)}")
        rules = "; ".join(
            _("%(rule)s, example %(number)s") % {"rule": b.rule, "number": b.position + 1} for b in scenario.bindings
        )
        write(f"{scenario.game}: {rules}")
        if trace.params:
            write(", ".join(f"{k}={v}" for k, v in trace.params.items()))
        is_mtg = scenario.game == "mtg"
        for step in shown["steps"]:
            text = in_language((step["text"], step["text_lang"]), language)
            write("\n" + _("Step %(number)s") % {"number": step["number"]} + f": {text}")
            for event in step["events"]:
                write(f"  · {event}")
            if step["error"]:
                write(f"  ! {step['error']}")
            for obj in step["objects"]:
                if obj["layers"] or obj["pt"] or obj["zone"] == display.messages.ZONES["battlefield"]:
                    write("  " + object_line(obj, is_mtg))
                for entry in obj["layers"]:
                    write("      " + layer_line(entry))
            for check in step["checks"]:
                mark = "✔ " + _("pass") if check["ok"] else "✘ " + _("fail")
                verdict = _("expected %(expected)s, got %(actual)s") % {
                    "expected": check["expected"],
                    "actual": check["actual"],
                }
                write(f"  {mark} — {check['what']}: {verdict}")
        if shown["stopped"]:
            write(f"\n{shown['stopped']}")
        if trace.passed:
            verdict = _("Every expectation holds (%(n)s checks).") % {"n": shown["checks_total"]}
        elif shown["stopped"]:
            verdict = _("The run did not finish: %(passed)s of the %(total)s checks it reached passed.") % {
                "passed": shown["checks_passed"],
                "total": shown["checks_total"],
            }
        else:
            verdict = _("Not every expectation holds: %(passed)s of %(total)s checks passed.") % {
                "passed": shown["checks_passed"],
                "total": shown["checks_total"],
            }
        write(f"\n{verdict}")

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
        try:
            edition = coverage.find_edition(game, language, slug)
        except DatabaseError:
            # A database never migrated (no tables yet): the same one line as an edition not imported.
            edition = None
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


def in_language(text: tuple[str, str], language: str) -> str:
    """A text, and "(in English)" in the trace's language when it is in another one (as the page marks it)."""
    words, words_language = text
    return words if words_language == language else f"{words} {language_label(words_language)}"


def object_line(obj: dict, is_mtg: bool) -> str:
    """ "Vehicle [battlefield] Artifact Creature — Vehicle: 4/4 (printed 3/3)", as the state table's row says it."""
    line = f"{obj['name']} [{obj['zone']}, {obj['controller']}] {obj['type_line']}"
    if is_mtg:
        # Берсерк has no power/toughness: its row shows none (as the page's table has no such column).
        line += f": {obj['pt'] or '—'}"
        if obj["printed_pt"]:
            line += " (" + _("printed %(pt)s") % {"pt": obj["printed_pt"]} + ")"
    if obj["state"]:
        line += "; " + ", ".join(str(item) for item in obj["state"])
    return line


def layer_line(entry: dict) -> str:
    timestamp = f" {entry['timestamp']}" if entry["timestamp"] else ""
    line = f"{entry['layer']}: {entry['label']}{timestamp}"
    if entry["waiting"]:
        return f"{line}: {_('no effect yet: not a creature (rule 208.3a)')}"
    line += f" → {entry['result']}"
    return f"{line}: {entry['note']}" if entry["note"] else line
