"""Template context every page can use: whether the search index is behind the database."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import SimpleLazyObject

from rulesref.rules.models import Edition
from rulesref.search.store import index_state, rebuild_requested


@dataclass(frozen=True)
class IndexStatus:
    state: str  # "current", "stale", "damaged" or "missing" (rulesref.search.store.index_state)
    queued: bool  # a writer asked for a rebuild that has not run yet

    @property
    def behind(self) -> bool:
        return self.state != "current"


def _index_status() -> IndexStatus:
    state = index_state()
    if state == "missing" and not Edition.objects.exists():
        # Nothing imported yet: the page says so itself; no index is expected.
        state = "current"
    return IndexStatus(state=state, queued=rebuild_requested() is not None)


def index_status(request) -> dict:
    """``index_status``: computed only when a template reads it (three small queries and a file)."""
    return {"index_status": SimpleLazyObject(_index_status)}
