"""Rule-page panels: how apps above ``rules`` add to the rule page without being imported by it.

The rule page belongs to ``rules``; what it shows from upper floors (a Run link under an
example from ``examples``, compare and diff links from ``compare``) must not make
``rules`` import those apps. Instead each app registers its contributions here, in its
``AppConfig.ready()``, and the rule page renders whatever is registered (the pattern of
Wagtail's hooks and Datasette's plugins)::

    # rulesref/examples/apps.py
    class ExamplesConfig(AppConfig):
        def ready(self):
            from rulesref.core import panels
            from .panels import run_link

            panels.register_example_annotation("examples.run", run_link)

Two kinds of contribution:

- **Entry panels**, ``func(request, entry) -> str | None``: a block of HTML shown with a
  rule (or each rule of a section page) after its text; ``None`` or ``""`` shows nothing.
- **Example annotations**, ``func(request, entry, example) -> str | None``: HTML shown
  right after one example's text.

Functions return HTML marked safe by Django (``format_html``, ``render_to_string``); a
plain ``str`` is escaped, so a contribution cannot inject markup by accident.
Contributions appear in ``order``, then name order. A contribution that raises is a
bug in its app and is not caught here: tests should see it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString

EntryPanel = Callable[[Any, Any], str | None]
ExampleAnnotation = Callable[[Any, Any, Any], str | None]


@dataclass(frozen=True)
class Contribution:
    name: str
    func: Callable[..., str | None]
    order: int = 100


_entry_panels: dict[str, Contribution] = {}
_example_annotations: dict[str, Contribution] = {}
# Changes with every registration, so that pages cached with other contributions are not reused.
_generation = 0


def generation() -> int:
    """A number that changes whenever a contribution is registered or removed."""
    return _generation


class DuplicateContribution(ValueError):
    pass


def _register(registry: dict, name: str, func, order: int, replace: bool) -> None:
    if name in registry and not replace and registry[name].func is not func:
        raise DuplicateContribution(f"a rule-page contribution named {name!r} is already registered")
    global _generation
    registry[name] = Contribution(name=name, func=func, order=order)
    _generation += 1


def register_entry_panel(name: str, func: EntryPanel, *, order: int = 100, replace: bool = False) -> None:
    """Show ``func(request, entry)`` with every rule shown on a page. ``name`` is "<app>.<what>"."""
    _register(_entry_panels, name, func, order, replace)


def register_example_annotation(name: str, func: ExampleAnnotation, *, order: int = 100, replace: bool = False) -> None:
    """Show ``func(request, entry, example)`` after every example shown on a page."""
    _register(_example_annotations, name, func, order, replace)


def unregister(name: str) -> None:
    """Remove a contribution of either kind (tests, or an app that turns itself off)."""
    global _generation
    _entry_panels.pop(name, None)
    _example_annotations.pop(name, None)
    _generation += 1


def _sorted(registry: dict) -> list[Contribution]:
    return sorted(registry.values(), key=lambda c: (c.order, c.name))


def has_example_annotations() -> bool:
    return bool(_example_annotations)


def entry_panels(request, entry) -> list[tuple[str, SafeString]]:
    """(name, HTML) of every registered panel that has something to show for ``entry``."""
    shown = []
    for contribution in _sorted(_entry_panels):
        html = contribution.func(request, entry)
        if html:
            shown.append((contribution.name, conditional_escape(html)))
    return shown


def example_annotations(request, entry, example) -> list[tuple[str, SafeString]]:
    """(name, HTML) of every registered annotation that has something to show for ``example``."""
    shown = []
    for contribution in _sorted(_example_annotations):
        html = contribution.func(request, entry, example)
        if html:
            shown.append((contribution.name, conditional_escape(html)))
    return shown
