"""Search across every language's rules (the only package that imports whoosh).

Public interface: ``search``, ``clear_cache`` and ``ensure_index``. They are loaded on first use, so
that importing ``rulesref.search`` (as Django does for the app) opens no index and reads no model.
"""

from __future__ import annotations

__all__ = ["search", "clear_cache", "ensure_index"]


def __getattr__(name: str):
    if name in ("search", "clear_cache"):
        from . import service

        return getattr(service, name)
    if name == "ensure_index":
        from .store import ensure_index

        return ensure_index
    raise AttributeError(f"module 'rulesref.search' has no attribute {name!r}")
