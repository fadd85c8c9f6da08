"""Errors as JSON, RFC 9457 style: ``{"error": <a short code>, "detail": <one line>, "status": <n>}`` with
``Content-Type: application/problem+json``, whatever failed — a bad parameter (400), an unknown game,
edition, rule or address (404), the search throttle (429), an index not built (503), a bug (500).

``ApiMiddleware`` makes that hold for every address under ``/api/``, not only the ones django-ninja
routes: an unknown path, a wrong method, a 429 of the search throttle or a 500 that Django would
answer with an HTML page are answered here as problems instead. It also answers CORS: every answer
under ``/api/`` may be read from any origin (``Access-Control-Allow-Origin: *``; the API is read-only
and public, with no cookies or credentials), and a preflight ``OPTIONS`` is answered at once.
"""

from __future__ import annotations

import json
import logging

from django.http import Http404, HttpResponse

from .conditional import with_content_etag

logger = logging.getLogger(__name__)

PREFIX = "/api/"
PROBLEM_TYPE = "application/problem+json"
JSON_TYPE = "application/json"
CORS_HEADERS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": "ETag, Retry-After",
}
PREFLIGHT_HEADERS = {
    "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
    "Access-Control-Allow-Headers": "If-None-Match, Accept, Accept-Language",
    "Access-Control-Max-Age": "86400",
}
# The code of a problem by its status, when nothing more precise is known.
CODES = {
    400: "bad_parameter",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    429: "too_many_searches",
    500: "server_error",
    503: "index_unavailable",
}


class ApiError(Exception):
    """A request the API cannot answer: its status, a short code and a one-line detail."""

    def __init__(self, status: int, error: str, detail: str, **extra):
        super().__init__(detail)
        self.status = status
        self.error = error
        self.detail = detail
        self.extra = extra


def bad_parameter(name: str, detail: str) -> ApiError:
    return ApiError(400, "bad_parameter", detail, parameter=name)


def not_found(what: str, detail: str) -> ApiError:
    return ApiError(404, f"unknown_{what}", detail)


def problem(status: int, error: str, detail: str, **extra) -> HttpResponse:
    """The JSON answer of a problem (never HTML: JSON escapes what the request echoed)."""
    body = {"error": error, "detail": detail, "status": status, **extra}
    response = HttpResponse(json.dumps(body, ensure_ascii=False), status=status, content_type=PROBLEM_TYPE)
    return response


def problem_of(error: ApiError) -> HttpResponse:
    return problem(error.status, error.error, error.detail, **error.extra)


def is_api(request) -> bool:
    return request.path.startswith(PREFIX)


def _has_nul(request) -> bool:
    return "\x00" in request.path or any("\x00" in k or "\x00" in v for k, vs in request.GET.lists() for v in vs)


class ApiMiddleware:
    """CORS for every answer under ``/api/``, and a problem instead of any answer there that is not
    JSON (Django's 404 and 500 pages, the throttle's 429 page, a 405)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not is_api(request):
            return self.get_response(request)
        if request.method == "OPTIONS" and "HTTP_ACCESS_CONTROL_REQUEST_METHOD" in request.META:
            response = HttpResponse(status=204)
            for name, value in {**CORS_HEADERS, **PREFLIGHT_HEADERS}.items():
                response[name] = value
            return response
        if _has_nul(request):
            # No database takes a NUL in a text (PostgreSQL refuses the query): refused before any view.
            return self._with_cors(problem(400, "bad_parameter", "the address holds a NUL character (%00)"))
        # The API speaks JSON whatever the client accepts: the search throttle answers JSON then.
        request.META["HTTP_ACCEPT"] = JSON_TYPE
        # HEAD is a GET without the body (ninja routes GET only); the headers, Content-Length included, stay.
        head = request.method == "HEAD"
        if head:
            request.method = "GET"
        response = self.get_response(request)
        if head and not response.streaming:
            response.content = b""
        if response.status_code >= 400 and not response.get("Content-Type", "").startswith(PROBLEM_TYPE):
            response = self._as_problem(response)
        elif request.method in ("GET", "HEAD"):
            response = with_content_etag(request, response)
        return self._with_cors(response)

    @staticmethod
    def _with_cors(response):
        for name, value in CORS_HEADERS.items():
            response[name] = value
        return response

    def process_exception(self, request, exception):
        if not is_api(request):
            return None
        if isinstance(exception, ApiError):
            return problem_of(exception)
        if isinstance(exception, Http404):
            return problem(404, "not_found", DETAILS[404])
        logger.exception("API request %s failed", request.path, exc_info=exception)
        return problem(500, "server_error", DETAILS[500])

    @staticmethod
    def _as_problem(response) -> HttpResponse:
        status = response.status_code
        detail = ""
        if response.get("Content-Type", "").startswith(JSON_TYPE) and not response.streaming:
            try:
                data = json.loads(response.content)
            except ValueError:
                data = {}
            if isinstance(data, dict):
                detail = data.get("detail") or data.get("error") or ""
                if not isinstance(detail, str):
                    detail = json.dumps(detail, ensure_ascii=False)
        if not detail:
            detail = DETAILS.get(status, "") or response.reason_phrase
        replaced = problem(status, CODES.get(status, "error"), str(detail))
        for name in ("Retry-After", "Allow"):
            if name in response:
                replaced[name] = response[name]
        return replaced


# The API's own lines are in English (its clients are programs; ``error`` is the code to test); the
# messages of the site's services it passes on (a search's notices, a selection's errors) come in the
# language of Accept-Language, as on the pages.
DETAILS = {
    404: "No such address in the API; every address is listed in /api/v1/openapi.json.",
    405: "The API answers GET, HEAD and OPTIONS only.",
    500: "The server failed to answer this request; the failure is logged.",
}
