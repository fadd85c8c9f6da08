"""A page number from a query string: whatever a reader or a link typed, a page that exists."""

from __future__ import annotations

from django.core.paginator import Page, Paginator


def get_page(paginator: Paginator, value) -> Page:
    """Page ``value`` of ``paginator``: below 1 (``-1``, ``0``) or not a number is page 1, past the end is
    the last page. ``Paginator.get_page`` sends ``-1`` and ``0`` to the last page."""
    try:
        number = int(str(value).strip())
    except (TypeError, ValueError):  # also a number of more than 4,300 digits
        number = 1
    return paginator.page(min(max(number, 1), paginator.num_pages))
