"""What the benchmarks take from the search service, in one place (no constants copied by hand)."""

from __future__ import annotations

from types import SimpleNamespace


def ours() -> SimpleNamespace:
    from rulesref.core.languages import CONTENT_LANGUAGES
    from rulesref.core.scripts import could_be_written_in, uses_script
    from rulesref.search import clear_cache, search
    from rulesref.search.generations import open_generation
    from rulesref.search.queries import QueryError, parse_user_query
    from rulesref.search.ranking import RANKING, fuse

    generation = open_generation()

    def rewrite(text, language, games):
        return generation.vocabulary.rewrite(text, language, games=games)

    def script(language):
        return CONTENT_LANGUAGES[language].script

    return SimpleNamespace(
        languages=list(CONTENT_LANGUAGES),
        parse_user_query=parse_user_query,
        QueryError=QueryError,
        rewrite=rewrite,
        could_match=lambda text, language: could_be_written_in(text, script(language)),
        same_script=lambda text, language: uses_script(text, script(language)),
        ranking=RANKING,
        fuse=lambda lists, *, number, prefer, weights: fuse(
            lists, number=number, prefer=prefer, lift=not number, weights=weights
        ),
        clear_cache=clear_cache,
        search=search,
    )
