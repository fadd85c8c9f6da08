"""Searching every language at once: grouped by rule, highlighted, forgiving of bad input."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import translation

from rulesref.search import search
from rulesref.search.queries import parse_user_query

pytestmark = pytest.mark.usefixtures("search_index")


def numbers(results, n=3):
    return [hit.number for hit in results.hits[:n]]


@pytest.mark.parametrize("query", ["タフネス", "costituzione", "toughness", "防御力"])
def test_a_term_in_any_language_finds_rule_208_1_first_in_every_language(query):
    results = search(query, languages=["ja", "it", "en"])
    first = results.hits[0]
    assert (first.game, first.number) == ("mtg", "208.1")
    assert [hit.number for hit in results.hits].count("208.1") == 1
    assert set(first.texts) == {"ja", "it", "en"}
    assert "<mark>タフネス</mark>" in first.texts["ja"].snippet
    assert "<mark>costituzione</mark>" in first.texts["it"].snippet
    assert "<mark>toughness</mark>" in first.texts["en"].snippet
    assert first.texts["it"].edition == "2024-10-02"
    assert first.texts["en"].edition == "2024-09-20"
    assert first.texts["ja"].edition == "ja-viewer"


@pytest.mark.parametrize(
    "query, language", [("タフネス", "ja"), ("costituzione", "it"), ("toughness", "en"), ("防御力", "zh-hans")]
)
def test_the_matched_language_is_the_one_typed_in(query, language):
    assert search(query).hits[0].matched_lang == language


@pytest.mark.parametrize("query", ["208.2a", "２０８．２ａ", "CR 208.2a", "r208.2a", "rule 208.2a"])
def test_a_rule_number_puts_that_rule_first(query):
    results = search(query)
    assert results.hits[0].number == "208.2a"
    assert set(results.hits[0].texts) == {"en", "it", "ja", "zh-hans"}
    # Then the rules that cite it (none in these editions cite 208.2a), never other numbers first.
    assert all(hit.score < results.hits[0].score for hit in results.hits[1:])


def test_a_cited_number_lists_the_rules_that_cite_it_after_it():
    results = search("604.3")
    assert results.hits[0].number == "604.3"
    assert "208.2a" in numbers(results, 10)
    cited = next(hit for hit in results.hits if hit.number == "208.2a")
    assert "<mark>604.3</mark>" in cited.texts["it"].snippet


def test_a_card_name_finds_its_example_in_other_languages():
    results = search("Veteran Motorist", languages=["ja", "it", "zh-hans"])
    assert numbers(results, 1) == ["208.3a"]
    assert "<mark>経験豊富な操縦者</mark>" in results.hits[0].texts["ja"].snippet
    # A phrase is marked as one run, and only where its words stand together.
    assert "<mark>Manovratore Veterano</mark>" in results.hits[0].texts["it"].snippet
    assert "<mark>老练车手</mark>" in results.hits[0].texts["zh-hans"].snippet


def test_a_japanese_verb_finds_its_passive_form():
    results = search("破壊する", languages=["ja"])
    assert numbers(results, 1) == ["208.1"]
    assert "<mark>破壊される</mark>" in results.hits[0].texts["ja"].snippet


def test_an_english_singular_finds_the_plural():
    snippets = [hit.texts["en"].snippet for hit in search("creature", languages=["en"]).hits]
    assert any("<mark>creatures</mark>" in snippet for snippet in snippets)
    plural = [hit.texts["en"].snippet for hit in search("creatures", languages=["en"]).hits]
    assert any("<mark>creature</mark>" in snippet for snippet in plural)


def test_a_russian_plural_finds_the_singular_heading():
    results = search("отражение ударов", game="berserk")
    assert results.hits[0].number == "108.4"
    # "отражение удара" is a glossary term: its words are marked together, as one.
    assert results.hits[0].texts["ru"].snippet.startswith("<mark>Отражение удара</mark> –")


def test_yo_and_ye_are_the_same_letter_for_search():
    with_yo = search("помещённый", game="berserk")
    with_ye = search("помещенный", game="berserk")
    assert numbers(with_yo, 5) == numbers(with_ye, 5)
    assert with_yo.corrected is None and with_ye.corrected is None
    assert "<mark>Помещённый</mark>" in with_ye.hits[0].texts["ru"].snippet


def test_a_typo_is_retried_and_the_user_is_told():
    results = search("costituzine")
    assert results.corrected == "costituzione"
    assert results.hits[0].number == "208.1"


def test_a_typo_gets_the_word_fewest_edits_away_not_a_rarer_one():
    # "protecion" is one edit from "protection", two from "protector" (also in the rules); "tramle" one from
    # "trample", two from "trade" and "table"; "flyng" one from "flying" and from "fling", and more rules
    # hold "flying". Whoosh's own first suggestions were "protector", "trade" and "flynn".
    assert search("protecion").corrected == "protection"
    assert search("flyng").corrected == "flying"
    assert search("tramle").corrected == "trample"


def test_a_single_kanji_is_found_inside_a_word():
    results = search("右", languages=["ja"])
    assert numbers(results, 1) == ["208.1"]
    assert "<mark>右</mark>下" in results.hits[0].texts["ja"].snippet


def test_phrases_and_prefixes():
    phrase = search('"replacement effect"', languages=["en"])
    snippet = phrase.hits[0].texts["en"].snippet
    assert "<mark>replacement effects</mark>" in snippet
    # "effects" alone, outside the phrase, is not marked.
    assert snippet.startswith("Some continuous effects are <mark>replacement effects</mark>.")
    assert "614.1" in numbers(phrase, 5)
    prefix = search("costitu*", languages=["it"])
    assert "208.1" in numbers(prefix, 5)
    assert "<mark>costituzione</mark>" in prefix.hits[0].texts["it"].snippet


def test_boolean_not_excludes():
    results = search("toughness NOT power", languages=["en"])
    assert results.hits
    assert all("power" not in hit.texts["en"].snippet.lower() for hit in results.hits)


def test_filters_in_the_query():
    only_japanese = search("lang:ja タフネス", limit=13)
    # The eleven rules of the Japanese edition in Japanese, then rules it lacks in English, saying so.
    assert [(list(hit.texts), hit.not_in) for hit in only_japanese.hits] == [(["ja"], ())] * 11 + [
        (["en"], ("ja",))
    ] * 2
    assert numbers(only_japanese, 13) == [
        *("208.1", "208.3", "208.4", "208", "208.4a", "208.4b", "208.5", "208.2", "208.2a", "208.2b", "208.3a"),
        *("302.4", "711.6"),
    ]
    older = search("edition:2023-06-16 costituzione", languages=["it"])
    assert older.hits[0].texts["it"].edition == "2023-06-16"
    berserk = search("game:berserk существо")
    assert {hit.game for hit in berserk.hits} == {"berserk"}


@pytest.mark.parametrize(
    "query, error",
    [
        ("*", "“*” or punctuation alone would match everything"),
        ("", "Type a word, a phrase or a rule number to search."),
        ("AND", "Type a word, a phrase or a rule number to search."),
        (
            "lang:xx toughness",
            "There is no language “xx” (in “lang:xx”); you can search English, Italian, Japanese, Russian, "
            "Chinese (Simplified), German, French, Korean.",
        ),
        ("lang: toughness", "“lang:” needs a value"),
        (
            "game:poker toughness",
            "There is no game “poker” (in “game:poker”); you can search Magic: The Gathering (game:mtg), "
            "Berserk (game:berserk), Disney Lorcana (game:lorcana).",
        ),
    ],
)
def test_queries_that_cannot_be_read_get_a_clear_message(query, error):
    results = search(query)
    assert error in str(results.error)
    assert results.hits == ()


@pytest.mark.parametrize(
    "query, notice",
    [
        ('"toughness', "An unmatched quote was ignored."),
        ("(toughness OR power", "Unbalanced parentheses were ignored."),
        ("toughness AND", "Operators with nothing to join were ignored."),
        ("toughness " * 2000, "A query can be at most 300 characters long: yours was cut to its first 299."),
    ],
)
def test_malformed_queries_get_a_sensible_reading(query, notice):
    results = search(query)
    assert results.error is None
    assert any(n.startswith(notice) for n in results.notices)
    assert results.hits


def test_control_characters_read_as_spaces():
    assert parse_user_query("tough\x00ness\x1btoughness\u200b").text == "tough ness toughness"
    results = search("\x00toughness\x1b\u200b", languages=["en"])
    assert results.error is None
    assert numbers(results, 1) == ["208.1"]


def test_search_json_command_prints_one_object():
    out = io.StringIO()
    call_command("search", "costituzione", "--lang", "it", "--lang", "ja", "--limit", "2", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["query"] == "costituzione"
    assert data["corrected"] is None
    assert [hit["number"] for hit in data["hits"]] == ["208.1", "208.3"]
    hit = data["hits"][0]
    assert set(hit) == {"game", "number", "kind", "score", "matched_lang", "texts", "fallback"}
    assert hit["fallback"] is None
    assert "fallbacks" not in data
    assert hit["matched_lang"] == "it"
    assert set(hit["texts"]) == {"it", "ja"}
    assert hit["texts"]["it"]["edition"] == "2024-10-02"


def test_search_command_with_a_bad_query_exits_non_zero():
    with pytest.raises(CommandError, match="Type at least one word"):
        call_command("search", "*", stdout=io.StringIO())


def test_search_page_shows_grouped_escaped_results(client):
    page = client.get("/search/", {"q": "costituzione", "lang": ["it", "ja"]}).content.decode()
    assert '<td lang="it">' in page
    assert "<mark>costituzione</mark>" in page
    assert 'href="/rules/mtg/it/2024-10-02/208.1/"' in page


def test_search_page_escapes_the_query_and_shows_the_message(client):
    page = client.get("/search/", {"q": "<script>alert(1)</script>"}).content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    star = client.get("/search/", {"q": "*"})
    assert star.status_code == 200
    assert "would match everything" in star.content.decode()


def test_search_page_says_showing_results_for(client):
    page = client.get("/search/", {"q": "costituzine"}).content.decode()
    assert "showing results for <strong>costituzione</strong>" in page


def test_a_filter_with_nothing_in_one_language_does_not_leak_that_language():
    assert search("game:berserk タフネス").hits == ()
    older = search("edition:2023-06-16 タフネス")
    assert all("ja" not in hit.texts for hit in older.hits)


def test_a_berserk_term_does_not_pull_in_magic_rules_through_its_english_gloss():
    results = search("слабость первого хода")
    assert {hit.game for hit in results.hits} == {"berserk"}
    assert "108.5" in numbers(results, 5)


def test_glossary_entries_lift_the_rule_they_cite():
    results = search("mulligan", languages=["en"])
    assert numbers(results, 1) == ["103.5"]


def test_a_russian_number_query_prefers_berserk():
    assert (search("правило 108.4").hits[0].game, search("rule 108.4").hits[0].game) == ("berserk", "mtg")


# Second round: the misses users hit


def test_a_language_filter_chooses_what_is_shown_not_what_may_match():
    results = search("flying", languages=["zh-hans"])
    first = results.hits[0]
    assert (first.number, first.matched_lang) == ("702.9", "en")
    assert list(first.texts) == ["zh-hans"]
    assert first.texts["zh-hans"].snippet == "<mark>飞行</mark>"
    assert all(list(hit.texts) == ["zh-hans"] for hit in results.hits)
    # The English glossary entries (keyed by their English terms) come after every rule shown in Chinese.
    every = search("flying", languages=["zh-hans"], limit=100).hits
    lacking = [(hit.number, list(hit.texts), hit.not_in) for hit in every if hit.not_in]
    assert lacking == [(term, ["en"], ("zh-hans",)) for term in ("Flying", "Reach", "Keyword Ability")]
    assert [hit.not_in for hit in every[-3:]] == [("zh-hans",)] * 3


def test_the_language_filter_in_the_query_and_on_the_page_and_the_command_show_the_same():
    assert numbers(search("lang:zh-hans flying"), 1) == ["702.9"]
    out = io.StringIO()
    call_command("search", "flying", "--lang", "zh-hans", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["hits"][0]["number"] == "702.9"
    assert set(data["hits"][0]["texts"]) == {"zh-hans"}


def test_the_search_page_shows_a_rule_found_in_english_in_chinese(client):
    page = client.get("/search/", {"q": "flying", "lang": "zh-hans"}).content.decode()
    assert '<td lang="zh-hans"><mark>飞行</mark></td>' in page
    assert 'href="/rules/mtg/zh-hans/2024-09-20/702.9/"' in page


def test_a_chinese_keyword_finds_the_english_rule_through_derived_term_pairs():
    results = search("飞行", languages=["en"])
    assert numbers(results, 1) == ["702.9"]
    assert results.hits[0].texts["en"].snippet == "<mark>Flying</mark>"


def test_a_keyword_rule_that_defines_a_term_comes_first():
    for query, number in [("hexproof", "702.11"), ("vigilance", "702.20"), ("lifelink", "702.15")]:
        assert numbers(search(query, languages=["en"]), 1) == [number]


def test_a_keyword_actions_subrule_saying_what_it_is_to_do_it_comes_right_after_its_rule():
    # 701.18a "To “scry N” means to look at the top N cards …"; before, 701.18b ("scry 0"), the Shard
    # token's "Scry 1" and 701.18d came between.
    assert numbers(search("scried", languages=["en"]), 3) == ["701.18", "701.18a", "Scry"]
    assert numbers(search("destroyed", languages=["en"]), 2) == ["701.7", "701.7a"]


def test_a_rule_number_query_shows_the_rule_and_what_cites_it_and_nothing_else():
    results = search("608.2b")
    assert results.hits[0].number == "608.2b"
    for hit in results.hits[1:]:
        assert any("<mark>608.2b</mark>" in text.snippet for text in hit.texts.values()), hit.number


def test_a_question_no_rule_answers_word_for_word_falls_back_to_best_match_and_says_so():
    results = search("player who has to draw from an empty library loses the game", languages=["en"])
    assert "121.4" in numbers(results, 3)
    assert [str(n) for n in results.notices] == [
        "No rule contains all of your words; showing the rules that contain most of them."
    ]


def test_a_question_some_rules_hold_whole_is_answered_by_rules_holding_most_of_its_words_too():
    # Four rules hold creature, block, two and attackers; 509.1a, which answers it, says "attacking" and
    # never "two". It was not in the top 10 while the strict reading's hits were all there was.
    results = search("can one creature block two attackers", languages=["en"])
    assert numbers(results, 2) == ["509.1c", "509.1a"]
    # Some rule holds every word: the page does not say that none does.
    assert results.notices == ()


def test_a_question_asking_what_a_word_means_finds_the_rule_defining_it_first():
    # 700.4 "The term dies means …" holds two of the question's words; dozens of rules and examples hold
    # "card", "creature" and "dies" (or "meaning"). It was not in the top 10.
    results = search("what does it mean when a card says a creature dies", languages=["en"])
    assert numbers(results, 1) == ["700.4"]


def test_a_question_naming_a_keyword_finds_the_rule_defining_it_first():
    # "flash" (9 of the 4,582 English documents) is defined by 702.8 "Flash" and 702.8a "Flash is a static
    # ability that modifies the rules of casting …"; 601.3b (casting a spell as though it had flash) came
    # first.
    results = search("can I cast a creature with flash on my opponent's turn", languages=["en"])
    assert numbers(results, 1) == ["702.8a"]


def test_a_question_in_players_words_finds_the_rule_in_the_rulebooks():
    # 101.1 "Whenever a card's text directly contradicts these rules, the card takes precedence." The rules
    # never say "goes against"; the question found 704.4 and 704.7 first.
    results = search("what happens when a card says something that goes against the rulebook", languages=["en"])
    assert numbers(results, 1) == ["101.1"]
    # 110.5b "Permanents enter the battlefield untapped, unflipped, face up, and phased in unless …": a
    # question about one state is answered by the rule naming the other (603.2f and 403.4 came first).
    assert numbers(search("do permanents enter the battlefield tapped", languages=["en"]), 1) == ["110.5b"]


def test_a_russian_rule_saying_what_a_name_consists_of_comes_before_its_sections_heading():
    # Берсерк 401.1 "Очередь состоит из последовательности объявленных способностей …" under "401. Очередь".
    assert numbers(search("очереди", languages=["ru"]), 2) == ["401.1", "401"]


def test_a_russian_question_in_the_words_the_glossary_says_players_use():
    # "Раздачу иногда называют «стартовая рука»" (the glossary); the rules say раздача: the deal (301.6),
    # its redeal (301.7 "Шаг пересдачи … не более одного раза") and the hand it becomes (301.8).
    results = search("сколько раз можно поменять карты в стартовой руке", languages=["ru"])
    assert numbers(results, 3) == ["301.6", "301.7", "301.8"]


def test_hits_are_immutable_and_carry_escaped_snippets_and_links():
    from dataclasses import FrozenInstanceError

    from django.utils.safestring import SafeString

    results = search("costituzione", languages=["it"])
    hit = results.hits[0]
    text = hit.texts["it"]
    assert isinstance(text.snippet, SafeString)
    assert text.url == "/rules/mtg/it/2024-10-02/208.1/"
    with pytest.raises(FrozenInstanceError):
        hit.number = "1"
    with pytest.raises(TypeError):
        hit.texts["en"] = text
    # The cached result is shared, not copied: nothing may change it.
    assert search("costituzione", languages=["it"]).hits[0] is hit


def test_a_glossary_hit_links_to_its_glossary_page():
    hit = next(hit for hit in search("死触", languages=["zh-hans"]).hits if hit.kind == "glossary")
    assert hit.texts["zh-hans"].url == "/rules/mtg/zh-hans/2024-09-20/glossary/%E6%AD%BB%E8%A7%A6/"  # 死触


def test_no_template_marks_html_from_elsewhere_safe():
    from django.conf import settings

    templates = list((settings.BASE_DIR / "rulesref").rglob("templates/**/*.html"))
    assert templates
    assert [t for t in templates if "|safe" in t.read_text(encoding="utf-8")] == []


def test_query_messages_are_lazy_translations():
    from django.utils.functional import Promise

    assert isinstance(search('"toughness').notices[0], Promise)
    assert isinstance(search("*").error, Promise)
    assert isinstance(search("lang: toughness").error, Promise)


def test_each_language_is_shown_in_the_edition_aligned_with_the_one_that_matched():
    from rulesref.search.generations import open_generation

    generation = open_generation()
    assert generation.aligned_edition("mtg", "zh-hans", "2024-09-20", "en") == "2024-09-20"
    assert generation.aligned_edition("mtg", "it", "2023-06-16", "it") == "2023-06-16"
    results = search("edition:2023-06-16 costituzione", languages=["it", "ja"])
    # The Japanese viewer is not aligned with the 2023 edition: with an edition asked for, it is not shown.
    assert all(list(hit.texts) == ["it"] for hit in results.hits)
    assert results.hits[0].texts["it"].edition == "2023-06-16"


def test_a_rule_defining_a_name_in_words_comes_before_rules_that_mention_it():
    # 702.19c: "Trample over planeswalkers is a variant of trample …"; 702.19d/g only mention it.
    assert numbers(search('"trample over planeswalkers"', languages=["en"]), 1) == ["702.19c"]
    assert numbers(search("trample AND planeswalker", languages=["en"]), 1) == ["702.19c"]
    # 108.5: "Слабость первого хода – это свойство …"; 212.5, 209.2 and 210.2 only say who has it.
    assert numbers(search("слабость первого хода"), 1) == ["108.5"]
    # 611.1 opens section 611 "Continuous Effects" saying what one is: "A continuous effect modifies …".
    assert numbers(search("continuous effect"), 2) == ["611.1", "611"]
    # Берсерк's 210.1 opens section 210 "Существа" the same way, but an English "creature" reaches it only
    # through the word's translation: MTG's section 302 "Creatures" comes first.
    assert numbers(search("creature"), 1) == ["302"]


def test_glossary_entries_that_only_mention_a_word_do_not_lift_the_rules_they_cite():
    # "Attack Alone" and "Block Alone" mention creatures and cite 506.5; they used to put it first.
    assert set(numbers(search("creature", languages=["en"]), 2)) == {"302", "302.1"}


def test_a_question_puts_the_rule_saying_it_in_one_breath_first():
    results = search("creature with toughness 0 goes to its owner's graveyard", languages=["en"])
    assert numbers(results, 1) == ["704.5f"]


@pytest.fixture
def by_words_alone():
    """The English questions asked by their words alone, as on a generation built without sentence vectors
    (``execution.meaning`` asks none): what the question's ordering does before meaning is blended in."""
    from rulesref.search import service
    from rulesref.search.generations import open_generation

    generation = open_generation()
    generation.semantic["en"] = None
    service.clear_cache()
    yield
    del generation.semantic["en"]
    service.clear_cache()


QUESTION_HOW_MANY = "how many lands can a player play during their turn"


def test_a_question_asking_how_many_puts_the_rules_stating_a_number_first(by_words_alone):
    # 305.2 "A player can normally play one land during their turn" states the number; 305.1 and 305.2a
    # hold the same words, in the same section (305 "Lands"), and state none.
    assert numbers(search(QUESTION_HOW_MANY, languages=["en"]), 3) == ["305.2", "305.1", "305.2a"]


def test_meaning_keeps_the_rule_stating_the_number_first():
    # 305.2a and 305.2b (additional land plays) mean what 305.2 means; 305.1 ("a special action") less so.
    assert numbers(search(QUESTION_HOW_MANY, languages=["en"]), 3) == ["305.2", "305.2a", "305.2b"]


def test_a_question_naming_a_rules_topic_puts_the_rule_under_that_topic_first(by_words_alone):
    # 603.3b is in 603 "Handling Triggered Abilities", 504.1 in 504 "Draw Step": rules elsewhere
    # (805.2, 703.4d) hold the same words but are about something else.
    assert numbers(search("in what order are triggered abilities put on the stack", languages=["en"]), 1) == ["603.3b"]
    question = "how many cards does the active player draw in the draw step"
    assert numbers(search(question, languages=["en"]), 1) == ["504.1"]


def test_a_rules_topic_is_what_its_section_and_rule_name():
    from rulesref.search.generations import open_generation

    index = open_generation()["en"]

    def doc(number):
        return next(d for d in index.by_number[number] if index.columns["edition"][d] == "2024-09-20")

    assert index.topic(doc("702.19b")) == frozenset({"keyword", "abil", "trampl"})
    assert index.topic(doc("603.3b")) == frozenset({"handl", "trigger", "abil"})
    assert index.topic(doc("603")) == frozenset()


def test_a_question_finds_a_number_written_in_digits_or_in_words():
    # 704.5i and 306.9 say "loyalty 0"; the question says "zero".
    results = search("what happens to a planeswalker with zero loyalty", languages=["en"])
    assert set(numbers(results, 2)) == {"704.5i", "306.9"}


def test_a_question_in_chinese_is_answered_by_the_rules_sharing_most_of_its_character_pairs():
    # Asked as one unspaced run, the question used to be one phrase that no rule holds: nothing.
    results = search("衍生物离开战场会怎样", languages=["zh-hans"])
    # 111.8: 衍生物离开战场后将不能以任何方式回到战场上 … (a token that has left the battlefield …)
    assert numbers(results, 1) == ["111.8"]
    assert [str(n) for n in results.notices] == [
        "No rule contains all of your words; showing the rules that contain most of them."
    ]
    # 704.5a, the state-based action: 如果一位牌手的生命值为0或更少，该牌手输掉此盘游戏。 Then 119.6: 如果一位牌手的
    # 生命为0或更少，该牌手作为状态动作输掉游戏。 (Read as pairs across its words too, 命为 and 掉游 among
    # them, the question gave 119.6 first.)
    assert numbers(search("生命为0的玩家输掉游戏", languages=["zh-hans"]), 2) == ["704.5a", "119.6"]


def test_a_chinese_question_in_players_words_finds_the_rule_in_the_rulebooks():
    # 404.2: 牌手可以随时检视任何坟墓场中的牌 … The translation says 检视 (examine), never 翻看; asked with
    # 翻看 the question found 700.13 and 712.21d first.
    assert numbers(search("我可以翻看对手坟墓场里的牌吗", languages=["zh-hans"]), 1) == ["404.2"]
    # 305.2 "牌手一般情况下只能在自己的回合中使用一个地…": 地 (land), one character, makes no pair; asked as 个地 it is
    # found first (305.4, 805.4c and 805.6 came first).
    assert numbers(search("玩家在其回合中可以使用几个地", languages=["zh-hans"]), 1) == ["305.2"]


def test_a_one_word_name_many_rules_hold_finds_the_rule_defining_it():
    # 504.3 "Раны – это маркеры …": 105 Берсерк rules hold "ран", and their words alone left 504.3 out of the
    # rules fetched (504.1, 520.2 and 120.1 came first, and it was not in the top 10).
    assert numbers(search("рана", game="berserk"), 1) == ["504.3"]


def test_a_chinese_question_in_traditional_characters_is_answered_as_in_simplified_ones():
    # Cut by jieba in its own characters, the question kept 嗎 and 幾 and lost its words: 404.2 came seventh
    # (701.22a first) and 305.2 fifth (305.4 first). Both are now read in Simplified forms, as the index is.
    assert numbers(search("我可以翻看對手墳墓場裡的牌嗎", languages=["zh-hans"]), 1) == ["404.2"]
    assert numbers(search("玩家在其回合中可以使用幾個地", languages=["zh-hans"]), 1) == ["305.2"]


def test_a_rule_number_after_the_traditional_or_japanese_word_for_rule_is_that_rule():
    # 規則 (Traditional Chinese and Japanese) is 规则: "規則 614.1" used to be searched as words (100.2a first).
    assert numbers(search("規則 614.1", languages=["zh-hans"]), 1) == ["614.1"]


@pytest.mark.parametrize("traditional, simplified, count", [("反擊咒語", "反击咒语", 10), ("傳奇規則", "传奇规则", 7)])
def test_a_term_typed_in_traditional_characters_is_read_as_its_simplified_form(traditional, simplified, count):
    # The term list's Chinese forms are simplified; a traditional form found none of them, so it was searched
    # without their translations (one rule for 反擊咒語, ten for 反击咒语).
    found = numbers(search(traditional, languages=["zh-hans"]), 10)
    assert found == numbers(search(simplified, languages=["zh-hans"]), 10)
    assert len(found) == count


def test_the_legend_rule_in_traditional_characters_finds_the_state_based_action_first():
    assert numbers(search("傳奇規則", languages=["zh-hans"]), 1) == ["704.5j"]


def test_an_unspaced_term_no_rule_holds_whole_is_answered_by_its_character_pairs():
    # 连续效应 is no rule's word (the rules say 持续性效应); 608.1 holds 连续 and 效应 both.
    results = search("連續效應", languages=["zh-hans"])
    assert numbers(results, 1) == ["608.1"]
    assert [str(n) for n in results.notices] == [
        "No rule contains all of your words; showing the rules that contain most of them."
    ]


def test_a_question_with_a_digit_int_cannot_read_gets_results_not_an_error():
    # "𐩀" (Kharosthi one) is a digit to str.isdigit() but not to int(); NFKC leaves it as it is.
    results = search("how many 𐩀 lands can a player play", languages=["en"])
    assert results.error is None
    assert "305.2" in numbers(results, 10)


# Third round: a language filter never answers "nothing"


def test_a_rule_the_chosen_language_lacks_is_shown_in_english_and_says_so():
    # The bundled Italian editions hold only rule 208: deathtouch (702.2) used to give an empty page.
    results = search("deathtouch", languages=["it"])
    first = results.hits[0]
    assert (first.number, first.matched_lang, list(first.texts)) == ("702.2", "en", ["en"])
    assert (first.not_in, first.shown_in) == (("it",), "en")
    assert first.texts["en"].snippet == "<mark>Deathtouch</mark>"
    assert first.texts["en"].url == "/rules/mtg/en/2024-09-20/702.2/"
    assert first.fallback_note == "not in Italian yet; shown in English"
    with translation.override("it"):
        assert first.fallback_note == "non ancora in italiano; mostrata in inglese"
    assert numbers(search("lang:it deathtouch"), 3) == numbers(results, 3) == ["702.2", "702.2a", "Deathtouch"]
    # An Italian interface with the Italian filter: the game's original language comes next.
    assert search("deathtouch", languages=["it"], interface="it").hits[0].texts["en"].url.startswith("/rules/mtg/en/")


def test_the_interface_language_comes_first_then_the_original_language():
    chinese = search("deathtouch", languages=["it", "ja"], interface="zh-hans").hits[0]
    assert (chinese.number, list(chinese.texts), chinese.not_in) == ("702.2", ["zh-hans"], ("it", "ja"))
    with translation.override("zh-hans"):
        assert chinese.fallback_note == "尚无意大利语或日语版本；以中文 (简体)显示"
    assert chinese.fallback_note == "not in Italian or Japanese yet; shown in Chinese (Simplified)"
    # Берсерк has no English edition: an English reader asking for Italian gets its original, Russian
    # (rule 210.1 "Существа, располагающиеся в игровой зоне, …", which opens section 210 "Существа" with
    # the name the word is).
    berserk = search("game:berserk существо", languages=["it"], interface="en").hits[0]
    assert (berserk.number, list(berserk.texts), berserk.fallback_note) == (
        "210.1",
        ["ru"],
        "not in Italian yet; shown in Russian",
    )


def test_a_query_that_matches_in_italian_shows_italian_without_a_fallback_line():
    results = search("valore", languages=["it"])
    assert numbers(results, 10) == ["208.5", "208.1", "208.2b", "208.4a"]
    assert [(list(hit.texts), hit.not_in, hit.fallback_note) for hit in results.hits] == [(["it"], (), "")] * 4
    data = results.as_json()
    assert "fallbacks" not in data
    assert [hit["fallback"] for hit in data["hits"]] == [None] * 4


def test_the_search_command_says_which_rules_are_shown_in_another_language():
    out = io.StringIO()
    call_command("search", "deathtouch", "--lang", "it", "--limit", "3", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0] == "3 results, 3 of them shown in English"
    assert lines[1].startswith("mtg 702.2 (rule, matched in en, ")
    assert lines[2:4] == ["  not in Italian yet; shown in English", "  en 2024-09-20: [Deathtouch]"]
    assert lines[4].startswith("mtg 702.2a (subrule, matched in en, ")
    assert lines.count("  not in Italian yet; shown in English") == 3
    # A query matching in Italian: no count line, no such line.
    out = io.StringIO()
    call_command("search", "valore", "--lang", "it", stdout=out)
    assert out.getvalue().splitlines()[0].startswith("mtg 208.5 (rule, matched in it, ")
    assert "shown in" not in out.getvalue()


def test_the_search_json_marks_each_rule_shown_in_another_language():
    out = io.StringIO()
    call_command("search", "deathtouch", "--lang", "it", "--limit", "3", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert [hit["number"] for hit in data["hits"]] == ["702.2", "702.2a", "Deathtouch"]
    first = data["hits"][0]
    assert set(first["texts"]) == {"en"}
    assert first["fallback"] == {"not_in": ["it"], "shown_in": "en", "note": "not in Italian yet; shown in English"}
    assert data["fallbacks"] == {"en": 3}


def test_the_japanese_attack_finds_the_chinese_rules_that_write_it_in_simplified_characters():
    """攻撃 is printed 攻击 on 268 lines of the Chinese rules and nowhere in the Japanese seed: folded, they meet."""
    results = search("攻撃")
    # 508.1 (declaring attackers) is also found in English: readers type 攻撃 for attack too.
    assert [hit.number for hit in results.hits[:2]] == ["508.1", "702.25"]
    assert results.hits[1].texts["zh-hans"].snippet == "侧面<mark>攻击</mark>"
    assert len(results.hits) == 10
    for hit in results.hits:
        assert hit.matched_lang == "zh-hans"
        assert "<mark>攻击</mark>" in hit.texts["zh-hans"].snippet


def test_a_japanese_question_on_a_rule_the_japanese_edition_lacks_finds_the_english_rule():
    # No rule of the Japanese edition (rule 208 only) holds マリガン or 何枚, and 何枚 translates to
    # nothing: best-match asks the English rules for the one term it translates, mulligan.
    results = search("マリガン 何枚")
    assert [hit.number for hit in results.hits[:3]] == ["103.5", "103.5b", "103.5c"]
    assert results.hits[0].matched_lang == "en"
    assert "<mark>mulligan</mark>" in results.hits[0].texts["en"].snippet


def test_a_question_in_other_words_finds_the_rule_worded_otherwise():
    # 121.2 "Cards may only be drawn one at a time. If a player is instructed to draw multiple cards …"
    found = search("can a player draw several cards at once", game="mtg", languages=["en"])
    assert found.hits[0].number == "121.2"
    assert "draw <mark>multiple</mark> <mark>cards</mark>" in found.hits[0].texts["en"].snippet.replace(
        "<mark>draw</mark>", "draw"
    )


def test_a_damaged_file_disables_the_paraphrases_not_the_search(tmp_path, settings):
    from django.core.checks import run_checks

    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "paraphrases.toml").write_text('[[paraphrase]]\nlanguage = "en"\n', encoding="utf-8")
    settings.RULES_DATA_DIR = tmp_path
    from rulesref.search import paraphrases

    paraphrases._loaded.cache_clear()
    try:
        file = tmp_path / "search" / "paraphrases.toml"
        assert [(m.id, m.msg) for m in run_checks() if m.id == "rulesref.W031"] == [
            (
                "rulesref.W031",
                f"search paraphrases are disabled: {file}:1: paraphrase 1: typed must be a list of wordings",
            )
        ]
        assert paraphrases.rewrite("en", "several cards") == "several cards"
        assert search("several cards at once", game="mtg", languages=["en"]).hits
    finally:
        paraphrases._loaded.cache_clear()


def test_a_keyword_typed_in_japanese_italian_or_russian_finds_the_english_and_chinese_rules():
    # No Japanese, Italian or Russian edition has 702.19, 702.9 or 404: the readers' terms say what
    # readers of those languages type for them (rules_data/search/terms.toml).
    trample = search("トランプル")
    assert [(hit.number, hit.matched_lang) for hit in trample.hits[:2]] == [("702.19", "en"), ("702.19a", "en")]
    assert trample.hits[0].texts["zh-hans"].snippet == "<mark>践踏</mark>"
    flying = search("volare")
    assert (flying.corrected, flying.hits[0].number) == (None, "702.9")
    assert numbers(search("cimitero"), 3) == ["404", "404.1", "404.2"]
    assert numbers(search("пробивной удар", game="mtg"), 2) == ["702.19", "702.19a"]
    assert numbers(search("Friedhof"), 3) == numbers(search("cimetière"), 3) == ["404", "404.1", "404.2"]
    # A form the reader's own rules print is theirs: Берсерк's "защитник" (defender) does not ask for MTG's.
    defender = search("защитник")
    assert {hit.game for hit in defender.hits} == {"berserk"}
    assert search("пробивной удар").hits[0].game == "mtg"


def test_a_damaged_readers_terms_file_disables_those_terms_not_the_search(tmp_path, settings):
    from django.core.checks import run_checks

    from rulesref.search import readers_terms, service
    from rulesref.search.generations import forget_generations

    (tmp_path / "search").mkdir()
    file = tmp_path / "search" / "terms.toml"
    file.write_text('[[term]]\nkey = "trample"\ngame = "mtg"\nen = ["trample"]\n', encoding="utf-8")
    settings.RULES_DATA_DIR = tmp_path
    readers_terms._loaded.cache_clear()
    forget_generations()
    service.clear_cache()
    try:
        assert [(m.id, m.msg) for m in run_checks() if m.id == "rulesref.W032"] == [
            (
                "rulesref.W032",
                f"search readers' terms are disabled: {file}:2: term 'trample' needs forms in at least two languages",
            )
        ]
        assert search("トランプル").hits == ()
        assert numbers(search("trample"), 1) == ["702.19"]
    finally:
        readers_terms._loaded.cache_clear()
        forget_generations()
        service.clear_cache()


def test_a_name_finds_the_rule_defining_it_also_from_a_language_whose_edition_lacks_it():
    # 603.8 "… These are called state triggers." The Japanese edition is rule 208 only; the glossary
    # gives 状況誘発 as the Japanese term.
    found = search("状況誘発")
    assert (found.hits[0].number, found.hits[0].matched_lang) == ("603.8", "en")
    assert numbers(search("layer 4", languages=["en"]), 1) == ["613.1d"]
    # 613.4b says "Layer 7b:", never "sublayer".
    assert numbers(search("sublayer 7b", languages=["en"]), 1) == ["613.4b"]
    # 114.1's second sentence: "An emblem is a marker used to represent an object …".
    assert numbers(search("what is an emblem", languages=["en"]), 1) == ["114.1"]


def test_a_question_asking_what_happens_is_answered_by_the_state_based_action():
    # 704.5g, not 120.6 or 302.7, which mention lethal damage.
    assert numbers(search("what happens to a creature that was dealt lethal damage", languages=["en"]), 1) == ["704.5g"]
    # 306.9 "If a planeswalker's loyalty is 0 … (This is a state-based action. See rule 704.)" points to 704.5i.
    assert numbers(search("what happens to a planeswalker with zero loyalty", languages=["en"]), 2) == [
        "704.5i",
        "306.9",
    ]


def test_a_rule_comes_before_its_variants_when_it_answers_as_well(by_words_alone):
    # 119.1 "Each player begins the game with a starting life total of 20." before 119.1b-d (Vanguard,
    # Commander, Brawl), which vary it; 103.4, which says the same, next; the variants in the rulebook's
    # order, as they answer equally well.
    top = numbers(search("how much life do players start with", languages=["en"]), 5)
    assert top == ["119.1", "103.4", "119.1b", "119.1c", "119.1d"]


def test_meaning_puts_the_rules_saying_what_a_question_asks_in_other_words_among_its_answers():
    # 103.4c "In a Commander game, each player's starting life total is 40" answers it for Commander and
    # comes into the top five; the Vanguard variant 119.1b, whose life modifier means less of it, leaves.
    top = numbers(search("how much life do players start with", languages=["en"]), 5)
    assert top == ["119.1", "103.4", "119.1c", "119.1d", "103.4c"]
    # Known cost: abilities "put on the stack" at the start of a step (503.1a …) mean much what the
    # question says, and come before 603.3b, which the question's words alone put first (above).
    order = numbers(search("in what order are triggered abilities put on the stack", languages=["en"]), 5)
    assert order == ["503.1a", "508.2b", "509.4a", "510.3a", "603.3b"]


def test_a_short_chinese_question_is_read_as_one():
    # "徽记是什么" (what is an emblem): five characters, one word to the strict reading, which found nothing.
    assert numbers(search("徽记是什么", languages=["zh-hans"]), 1) == ["114.1"]


def test_a_paraphrase_in_a_question_weighs_the_rulebooks_rarer_wording():
    # "at the same time" also searches "simultaneously" (paraphrases.toml): 104.4a "If all the players
    # remaining in a game lose simultaneously, the game is a draw" weighs that rare word, not "time"; and
    # the question keeps its second "the", without which the paraphrase was not read.
    top = numbers(search("what happens if all players lose the game at the same time", languages=["en"]), 2)
    assert top == ["104.3f", "104.4a"]


def test_a_russian_question_saying_draw_finds_the_berserk_rule_saying_take():
    # 304.2 "… активный игрок берёт одну карту из колоды. Если карт в колоде не осталось, то игрок просто
    # не берёт карту": the question says "тянуть", and 304.2 was not in the top 10.
    results = search("Что будет, если у меня кончилась колода и нечего тянуть в начале хода?", languages=["ru"])
    assert [hit.number for hit in results.hits[:2]] == ["503.1", "304.2"]


def test_a_question_saying_decide_finds_the_rule_saying_choose():
    # 616.1 "… the affected object’s controller … or the affected player chooses one to apply".
    results = search(
        "two replacement effects both want to change the same event, who decides which one happens first",
        languages=["en"],
    )
    assert numbers(results, 1) == ["616.1"]


def test_a_question_saying_hit_finds_the_rule_saying_damage():
    # 510.1c "A blocked creature assigns its combat damage to the creatures blocking it. If no creatures are
    # currently blocking it (if, for example, they were destroyed …), it assigns no combat damage."
    results = search(
        "the only creature blocking my guy got killed before damage, does my creature still hit the player?",
        languages=["en"],
    )
    assert numbers(results, 3) == ["614.8", "510.1c", "510.1d"]


@pytest.mark.parametrize(
    ("question", "language", "number"),
    [
        # 104.3a "牌手可以在任何时候认输": the Chinese rules say 认输, never 投降.
        ("我能在对手回合打到一半的时候直接投降吗？", "zh-hans", "104.3a"),
        # 120.3c "对鹏洛客造成的伤害会导致该鹏洛客移去等量的忠诚指示物": the rules say 造成, never 打到.
        ("生物打到鹏洛客身上的伤害会怎么处理，掉忠诚吗？", "zh-hans", "120.3c"),
        # 800.4a on what leaves the game with a player who leaves it; the rules say "gain control".
        ("In a four-player game, what happens to a creature I stole when its owner concedes?", "en", "800.4a"),
    ],
)
def test_a_players_word_finds_the_rule_saying_it_otherwise(question, language, number):
    assert number in numbers(search(question, languages=[language]), 10)


def test_a_russian_question_saying_defend_finds_the_rule_saying_defender():
    # 509.3 "Каждое существо может выступать защитником не более одного раза за ход" was fifth.
    results = search("Может ли одно и то же существо защищать несколько раз за один ход?", languages=["ru"])
    assert numbers(results, 1) == ["509.3"]


def test_a_name_is_defined_where_it_is_printed_not_where_a_name_it_stems_like_is():
    # Porter2 reads "planeswalker" and "planeswalk" alike: 701.24 "Planeswalk" (the planar keyword action)
    # and 701.24b "To planeswalk is …" came before 306 "Planeswalkers", the card type.
    assert numbers(search("planeswalker", languages=["en"]), 2) == ["306", "701.24"]
    # Where no rule prints the name, the rules defining what it stems like stay first.
    assert numbers(search("scrying", languages=["en"]), 2) == ["701.18", "701.18a"]
