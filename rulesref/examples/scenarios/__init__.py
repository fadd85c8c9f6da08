"""Scenario files (``rules_data/examples/*.toml``): reading and validating them.

A scenario is data: the rule example it runs, its cards, its parameters with defaults and
bounds, and its steps with the values expected after each one. Everything is checked when
the file is read; a problem is a :class:`ScenarioError` whose message names the file, the
field (``steps[3].expect[0].pt``) and the reason. The format is described in
docs/examples.md. Nothing here imports Django.

- :mod:`.model`: the scenario as frozen data (``Scenario``, ``Step``, ``Expectation``, ``Param``,
  ``Binding``) and the errors;
- :mod:`.tables`: typed access to TOML tables that knows each field's path;
- :mod:`.reading`: reading a file or a folder;
- :mod:`.scope`: what a step may name at its point of the file;
- :mod:`.steps`: the actions and their fields; :mod:`.checks`: the values a step may check;
- :mod:`.cards`: cards, abilities, effects and filters built for the engine.
"""

from .cards import build_ability, build_cards, build_copy_except, build_effect, build_filter
from .model import (
    GAMES,
    LANGUAGE_PARAMETER,
    LANGUAGES,
    MAX_COUNT,
    PT_RE,
    Binding,
    Expectation,
    Param,
    ParameterError,
    Scenario,
    ScenarioError,
    Step,
    line_of,
)
from .reading import COVERAGE_FILE, Directory, load_directory, load_scenario, read_directory
from .tables import Table, field_lines, interpolated, read_toml

__all__ = [
    "GAMES",
    "LANGUAGES",
    "LANGUAGE_PARAMETER",
    "MAX_COUNT",
    "PT_RE",
    "Binding",
    "Expectation",
    "Param",
    "ParameterError",
    "Scenario",
    "ScenarioError",
    "Step",
    "Table",
    "build_ability",
    "build_cards",
    "build_effect",
    "build_copy_except",
    "build_filter",
    "interpolated",
    "line_of",
    "field_lines",
    "read_toml",
    "load_directory",
    "load_scenario",
    "read_directory",
    "Directory",
    "COVERAGE_FILE",
]
