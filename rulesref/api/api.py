"""The API object: django-ninja generates ``/api/v1/openapi.json`` from the endpoints' type hints and
schemas, and serves the browsable page ``/api/v1/docs`` with Swagger UI from the static files the
package ships (no CDN: the site's Content-Security-Policy is ``default-src 'self'``, and ninja's
template keeps its script in a file of its own)."""

from __future__ import annotations

from django.http import Http404
from ninja import NinjaAPI
from ninja.errors import HttpError, ValidationError
from ninja.openapi.docs import Swagger
from ninja.renderers import JSONRenderer

from .endpoints import compare, glossary, reference, scenarios, search
from .problems import PROBLEM_TYPE, ApiError, problem, problem_of
from .schemas import Problem

DESCRIPTION = """Read-only JSON access to the multilingual rules reference: games, editions, contents,
rules with their examples and cross-references, the same rule in every language, search, side by side,
edition differences, rule histories, glossaries, cards and executable scenarios.

Every answer has stable ids and `links` (`html`: the page on the site; others: API addresses), an
`ETag` (send `If-None-Match` for a 304), CORS for any origin, and pages (`page`, `per_page`) where lists
are long. Errors are `application/problem+json`: `{"error": code, "detail": one line, "status": n}`.
"""


class Renderer(JSONRenderer):
    """JSON as UTF-8 text (``ensure_ascii`` off): "Берсерк", not "\\u0411…"; still JSON, so any quote,
    control character or ``<`` in a text stays data."""

    json_dumps_params = {"ensure_ascii": False}


class Docs(Swagger):
    """Swagger UI from the package's static files, with a line for readers without JavaScript."""

    template = "api/docs.html"

    def render_page(self, request, api, **kwargs):
        response = super().render_page(request, api, **kwargs)
        # Swagger UI's style sheet draws its icons from data: URLs; this page alone may load such images
        # (its scripts stay files of the site's own, as everywhere).
        response._csp_update = {"img-src": ["'self'", "data:"]}
        return response


# Problems every operation may answer, and the ones only some do.
PROBLEMS = {
    "400": "A bad parameter (not a number, out of bounds, an unknown language, a query that cannot be read)",
    "404": "An unknown game, language, edition, rule, term, card, scenario or page",
}
SEARCH_PROBLEMS = {
    "429": "Too many searches from this client at once (Retry-After says when to try again)",
    "503": "The search index is not built or is damaged",
}


class Api(NinjaAPI):
    def get_openapi_schema(self, *args, **kwargs):
        """ninja's description, with the problems (``application/problem+json``) every operation answers."""
        schema = super().get_openapi_schema(*args, **kwargs)
        schema["components"].setdefault("schemas", {})["Problem"] = Problem.model_json_schema(
            ref_template="#/components/schemas/{model}"
        )
        content = {PROBLEM_TYPE: {"schema": {"$ref": "#/components/schemas/Problem"}}}
        for path, operations in schema["paths"].items():
            for operation in operations.values():
                problems = {**PROBLEMS, **(SEARCH_PROBLEMS if path.endswith("/search") else {})}
                for status, description in problems.items():
                    operation["responses"][status] = {"description": description, "content": content}
                operation["responses"]["default"] = {"description": "Any other problem (500)", "content": content}
        return schema


api = Api(
    title="rulesref API",
    version="1",
    description=DESCRIPTION,
    urls_namespace="api-v1",
    docs=Docs(settings={"defaultModelsExpandDepth": 0}),
    docs_url="/docs",
    openapi_url="/openapi.json",
    renderer=Renderer(),
)
for module in (reference, search, compare, glossary, scenarios):
    api.add_router("", module.router)


@api.exception_handler(ApiError)
def _api_error(request, error: ApiError):
    return problem_of(error)


@api.exception_handler(ValidationError)
def _validation_error(request, error: ValidationError):
    # 400, not ninja's 422: a parameter that is not a number, out of its bounds, missing.
    first = error.errors[0] if error.errors else {}
    location = [str(part) for part in first.get("loc", ())]
    name = location[-1] if location else ""
    detail = f"{name}: {first.get('msg', 'invalid value')}" if name else first.get("msg", "invalid value")
    return problem(400, "bad_parameter", detail, parameter=name or None)


@api.exception_handler(Http404)
def _not_found(request, error: Http404):
    return problem(404, "not_found", str(error) or "not found")


@api.exception_handler(HttpError)
def _http_error(request, error: HttpError):
    return problem(error.status_code, "error", str(error))
