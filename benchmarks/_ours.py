"""What the benchmarks take from the search service, in one place (no constants copied by hand)."""

from __future__ import annotations

from types import SimpleNamespace


def ours() -> SimpleNamespace:
    from rulesref.core.languages import CONTENT_LANGUAGES
    from rulesref.core.scripts import could_be_written_in, uses_script
    from rulesref.search import clear_cache, search
    from rulesref.search.generations import open_generation
    from rulesref.search.planning import QUESTION_WORDS, UNSPACED_QUESTION_WORDS
    from rulesref.search.queries import (
        QueryError,
        is_question,
        is_unspaced_run,
        parse_user_query,
        plain_words,
    )
    from rulesref.search.ranking import RANKING, fuse, fused_keys

    generation = open_generation()
    stop_words: dict[tuple[str, str], bool] = {}

    def rewrite(text, language, games):
        return generation.vocabulary.rewrite(text, language, games=games)

    def script(language):
        return CONTENT_LANGUAGES[language].script

    def is_stop_word(language: str, word: str) -> bool:
        """Whether the language's analyzer drops ``word`` (a stop word): asked once per word."""
        key = (language, word.casefold())
        known = stop_words.get(key)
        if known is None:
            analyzer = generation[language].text_analyzer
            known = stop_words[key] = not any(True for _ in analyzer(word, mode="query"))
        return known

    def documents(language: str) -> int:
        """Documents of ``language`` in the latest editions (0: no rules in that language)."""
        return generation[language].scope(None, None).count

    return SimpleNamespace(
        languages=list(CONTENT_LANGUAGES),
        parse_user_query=parse_user_query,
        QueryError=QueryError,
        rewrite=rewrite,
        could_match=lambda text, language: could_be_written_in(text, script(language)),
        same_script=lambda text, language: uses_script(text, script(language)),
        ranking=RANKING,
        fuse=lambda lists, *, number, prefer, weights, question=False: fuse(
            lists, number=number, prefer=prefer, lift=not number, question=question, weights=weights
        ),
        fused_keys=fused_keys,
        # How a question is read: its words, the words that only shape it, the caps on its readings.
        plain_words=plain_words,
        is_question=is_question,
        is_unspaced_run=is_unspaced_run,
        question_words=QUESTION_WORDS,
        unspaced_question_words=UNSPACED_QUESTION_WORDS,
        is_stop_word=is_stop_word,
        documents=documents,
        clear_cache=clear_cache,
        search=search,
    )
