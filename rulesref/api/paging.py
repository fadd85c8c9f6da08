"""Pages of a long list: ``?page=`` (from 1) and ``?per_page=`` (1 to ``MAX_PER_PAGE``), answered with
the count, the number of pages and the addresses of the next and previous ones. A page past the last
is a 404 (the HTML pages show the last one instead: a reader typed it; a program has a bug)."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.utils.http import urlencode

from .problems import ApiError

DEFAULT_PER_PAGE = 50
MAX_PER_PAGE = 500


def page_of(request, items: list, page: int, per_page: int) -> tuple[list, dict]:
    """(the items of ``page``, the ``pagination`` object of the answer)."""
    paginator = Paginator(items, per_page, allow_empty_first_page=True)
    if page > paginator.num_pages:
        raise ApiError(
            404, "unknown_page", f"page {page} is past the last page, {paginator.num_pages}", parameter="page"
        )
    shown = paginator.page(page)

    def address(number: int) -> str:
        params = request.GET.copy()
        params["page"] = str(number)
        return f"{request.path}?{urlencode(sorted(params.lists()), doseq=True)}"

    return list(shown.object_list), {
        "count": paginator.count,
        "page": page,
        "per_page": per_page,
        "pages": paginator.num_pages,
        "next": address(page + 1) if shown.has_next() else None,
        "previous": address(page - 1) if shown.has_previous() else None,
    }
