"""Planning: what one language's index is asked for a query, in each reading, and when it is made."""

import math

import pytest
from whoosh.query import Phrase

from rulesref.search import planning
from rulesref.search.analysis import analyzer_for, tokens
from rulesref.search.generations import open_generation
from rulesref.search.pipeline import ANY, STRICT, Run
from rulesref.search.queries import parse_user_query


def texts(analyzer, text, **kwargs):
    return [token for token, _start, _end in tokens(analyzer, text, **kwargs)]


@pytest.fixture
def generation(search_index):
    return open_generation()


def plan(generation, language, text, mode=STRICT, game="mtg"):
    return planning.plan_for(generation, language, text, generation[language].scope(game, None).games, mode=mode)


def test_a_word_is_asked_of_the_text_and_the_topic_and_defines_itself(generation):
    found = plan(generation, "en", "deathtouch")
    # ... and of the documents defining it by name (one word that many rules hold may leave them out).
    assert str(found.query) == "((text:deathtouch OR heading:deathtouch^3.0) OR defines:deathtouch^3.0)"
    assert dict(found.terms) == {"text": frozenset({"deathtouch"}), "heading": frozenset({"deathtouch"})}
    assert found.defines == frozenset({"deathtouch"})
    assert (found.used, found.groups, found.counted, found.capped) == ((), (), None, False)


def test_plain_words_are_all_required_and_also_asked_as_a_phrase_of_the_topic(generation):
    found = plan(generation, "en", "state-based actions")
    phrases = [
        (leaf.fieldname, tuple(leaf.words), leaf.boost) for leaf in found.query.leaves() if isinstance(leaf, Phrase)
    ]
    assert phrases == [("heading", ("state", "base", "action"), 2.0)]
    assert found.terms["phrase:heading"] == frozenset({("state", "base", "action")})
    assert found.defines == frozenset({"state base action"})


def test_words_joined_by_and_define_a_name_holding_every_one_of_them(generation):
    found = plan(generation, "en", "trample AND planeswalker")
    assert str(found.query) == "((text:trampl OR heading:trampl^3.0) AND (text:planeswalk OR heading:planeswalk^3.0))"
    assert (found.defines, found.defines_all) == (frozenset(), frozenset({"trampl", "planeswalk"}))


def test_a_best_match_question_is_its_words_without_its_question_words_with_a_number_where_it_asked(generation):
    found = plan(generation, "en", "how many cards does a player draw", ANY)
    assert [tuple(item[2] for item in group) for group in found.groups] == [
        ("card", "card"),
        ("player", "player"),
        ("draw", "draw"),
    ]
    # "how many" stood before every word: "a number" is the first question word.
    assert found.counted == 0
    assert plan(generation, "en", "how many cards does a player draw").counted is None


def test_a_word_another_script_cannot_hold_is_not_asked_but_marked_as_typed(generation):
    found = plan(generation, "ru", "deathtouch", game=None)
    assert found.query is None
    assert dict(found.terms) == {"literal": frozenset({"deathtouch"})}


def test_an_unspaced_question_is_read_as_the_character_pairs_inside_its_words_that_its_index_holds(generation):
    # 会 and 怎样 only shape the question; 物离 is a pair across two words (衍生物 / 离开), which the index
    # holds but the question does not say. 离开战场 (leaves the battlefield) is one of the rulebook's terms.
    index = generation["zh-hans"]
    assert planning._pairs_in_index(generation, index, "zh-hans", "衍生物离开战场会怎样") == "衍生 生物 离开 开战 战场"
    # 坟墓场 (graveyard) stays one word; a word of one character makes no pair (的), but a term of one
    # character (牌, card) is the pair it makes with the character before it (的牌) ...
    found = planning._pairs_in_index(generation, index, "zh-hans", "我可以翻看对手坟墓场里的牌吗")
    assert found == "对手 坟墓 墓场 的牌"
    # ... where the index holds it: 个地 ("使用一个地", land) for "几个地", 几 being a question word.
    found = planning._pairs_in_index(generation, index, "zh-hans", "玩家在其回合中可以使用几个地")
    assert found == "玩家 回合 使用 个地"


def test_plans_are_made_when_the_next_stage_reads_them_and_kept_per_generation(generation):
    run = Run(
        generation=generation,
        user=parse_user_query("deathtouch"),
        shown=("en",),
        searched=("en", "it"),
        game=None,
        edition=None,
        limit=10,
        fetch=50,
        deadline=math.inf,
    )
    generation.plans.clear()
    plans = planning.plan(run, "deathtouch")
    assert len(generation.plans) == 0
    first = plans.get("en")
    assert len(generation.plans) == 1
    assert plans.get("en") is first
    assert planning.plan(run, "deathtouch").get("en") is first
    assert plans.get("en", ANY) is not first
    assert len(generation.plans) == 2


def test_a_number_after_a_citation_word_is_not_a_count(generation):
    index = generation["en"]
    stated = planning.numerals(generation, "en")

    def doc(number):
        return next(d for d in index.by_number[number] if index.columns["edition"][d] == "2024-09-20")

    # 305.1 ends "(see rule 116)"; 305.2 says "one land"; 103.4 "a starting life total of 20".
    assert doc("305.1") not in stated.positions
    assert doc("305.2") in stated.positions
    assert doc("103.4") in stated.positions


# German and French questions: the words the question reader uses are words the analyzers index


@pytest.mark.parametrize("code", ["de", "fr"])
def test_every_german_and_french_number_word_is_one_token_of_its_own(code):
    """A number word must survive the analyzer as one token that no other number shares (``_number_keys``
    maps each token to one value): no article ("ein", "un"), no two-word number ("dix-sept")."""
    analyzer = analyzer_for(code)
    found = {}
    for value, forms in planning.NUMBER_WORDS[code].items():
        for form in forms.split("|"):
            (token,) = texts(analyzer, form)
            assert found.setdefault(token, value) == value
    assert len(found) == len(planning.NUMBER_WORDS[code]) == {"de": 26, "fr": 22}[code]


@pytest.mark.parametrize(
    "code, question, searched",
    [
        ("de", "Wann darf ein Spieler herausfordern", "ein Spieler herausfordern"),
        ("de", "Was passiert mit dem Herausforderer", "Was mit dem Herausforderer"),
        ("fr", "Que se passe-t-il quand un personnage est défié", "Que se un personnage est défié"),
        ("fr", "Combien de cartes pioche un joueur", "de cartes pioche un joueur"),
        # Commas between a question's clauses: still a question (it was read with "Quand" and "Wann" as words).
        ("fr", "Quand deux capacités se déclenchent, qui choisit", "deux capacités se déclenchent qui choisit"),
        ("de", "Wann, wenn überhaupt, darf ich herausfordern", "wenn überhaupt ich herausfordern"),
        # "am I allowed to" asks what "can I" asks (104.3a "A player can concede the game at any time").
        ("en", "am I allowed to concede during my opponent's turn", "am I to concede during my opponent's turn"),
    ],
)
def test_question_words_are_not_searched(code, question, searched):
    assert planning._without_question_words(code, question) == searched


@pytest.mark.parametrize(
    "code, question, count_at",
    [
        ("de", "Karten ziehen wie viele", 2),
        ("de", "Wieviele Karten", 0),
        ("fr", "cartes à piocher combien", 2),
        ("ja", "同じカードはデッキに何枚まで入れられますか", 3),
    ],
)
def test_german_french_and_japanese_count_phrases(code, question, count_at):
    match = planning.COUNT_PHRASES[code].search(question)
    assert len(texts(analyzer_for(code), question[: match.start()], mode="query")) == count_at


def test_german_and_french_numbers_are_read_both_ways():
    assert (
        planning._with_numbers_both_ways("de", "ziehe zwei Karten oder 10")
        == "ziehe (zwei OR 2) Karten oder (10 OR zehn)"
    )
    assert planning._with_numbers_both_ways("fr", "piochez deux cartes ou 1") == "piochez (deux OR 2) cartes ou 1"


def test_a_name_of_two_words_or_more_also_asks_for_the_rules_defining_it(generation):
    # 613.4b "Layer 7b: …" never says "sublayer"; it defines "sublayer 7b" (613.4: a series of sublayers).
    found = plan(generation, "en", "sublayer 7b")
    assert str(found.query) == (
        '((((text:sublay OR heading:sublay^3.0) AND (text:7b OR heading:7b^3.0)) OR heading:"sublay 7b")'
        " OR defines:sublay 7b^3.0)"
    )


def test_a_question_asking_what_happens_and_the_defined_names_it_holds(generation):
    found = plan(generation, "en", "what happens to a creature with trample over planeswalkers", mode=ANY)
    assert (found.consequence, found.names) == (True, ("trampl planeswalk",))
    found = plan(generation, "en", "how does a triggered ability use the stack", mode=ANY)
    assert (found.consequence, found.names) == (False, ("trigger abil",))
    assert plan(generation, "zh-hans", "衍生物离开战场会怎样", mode=ANY).consequence is True
    # Whether a thing dies asks what the game does too (704.5f, toughness 0); what it can do does not.
    question = "does an indestructible creature still die if its toughness drops to zero"
    assert plan(generation, "en", question, mode=ANY).consequence is True
    assert plan(generation, "en", "can a creature that died this turn be returned", mode=ANY).consequence is False


def test_a_question_asking_what_a_name_means_asks_for_the_rule_defining_its_rarest_defined_word(generation):
    # 700.4 "The term dies means …" defines "dies" alone; "card" and "creature" are defined too, but commoner.
    assert plan(generation, "en", "what does it mean when a card says a creature dies", mode=ANY).meant == "die"
    assert plan(generation, "en", "what is an emblem", mode=ANY).meant == "emblem"
    # Not a question of meaning, or not a question at all: nothing.
    assert plan(generation, "en", "when does a creature die", mode=ANY).meant is None
    assert plan(generation, "en", "emblem meaning", mode=ANY).meant is None


def test_a_question_typed_where_its_game_has_a_fragment_of_the_rules_is_asked_with_its_translations(generation):
    # The Japanese MTG edition is rule 208: "マリガン 何枚" (how many cards, mulligan) is asked of the
    # English rules as "mulligan", the one word of it they can hold.
    found = plan(generation, "en", "マリガン 何枚", ANY)
    assert [concept.key for concept in found.used] == ["typed:mulligan"]
    assert "text:mulligan" in str(found.query)
    # A question in a language with the whole rulebook is asked in its own words only: English in the
    # Chinese index, and Russian, whose "существо" is also Берсерк's creature, in the English one.
    assert plan(generation, "zh-hans", "can a creature with flying block two attackers", ANY).used == ()
    assert plan(generation, "en", "может ли существо атаковать в тот же ход", ANY).used == ()
    # The strict reading is unchanged: it always asks with the translations.
    assert [concept.key for concept in plan(generation, "en", "マリガン 何枚").used] == ["typed:mulligan"]
