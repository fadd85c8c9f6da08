"""Ranking: how a question orders the rules it finds (pure functions, no index)."""

from rulesref.search.questions import QuestionWord, idf, question_order, question_value


def word(documents_with_it, held, positions):
    return QuestionWord(idf(documents_with_it, 1000), frozenset(held), positions)


def test_a_rarer_word_weighs_more_than_a_common_one():
    assert idf(10, 1000) > idf(500, 1000) > 0


def test_a_rule_holding_the_rare_words_beats_one_holding_the_common_ones():
    # "concede" is rare, "player" and "game" common: a rule holding "concede" and one of them beats a
    # rule holding both common words.
    player, concede, game = word(900, {1, 2}, {}), word(5, {1}, {}), word(700, {1, 2}, {})
    words = [player, concede, game]
    assert question_value(1, words) > question_value(2, words)


def test_neighbouring_question_words_close_together_count_more():
    # Both rules hold both words; in rule 1 they stand next to each other, in rule 2 ten words apart.
    first = word(50, {1, 2}, {1: (4,), 2: (0,)})
    second = word(60, {1, 2}, {1: (5,), 2: (10,)})
    assert question_value(1, [first, second]) > question_value(2, [first, second])
    rows = [{"doc": 2, "number": "far"}, {"doc": 1, "number": "near"}]
    assert [row["number"] for row in question_order(rows, [first, second])] == ["near", "far"]


def test_ties_keep_the_rulebooks_order_each_edition_where_its_best_rule_came():
    # Documents are indexed in the rulebook's order: 702.11b (doc 1) before its variants 702.11c-d (2, 3).
    only = word(50, {1, 2, 3, 7, 8}, {})
    rows = [{"doc": 3}, {"doc": 1}, {"doc": 2}]
    assert [row["doc"] for row in question_order(rows, [only])] == [1, 2, 3]
    # Another game's rules answering as well stay together where the first of them came.
    rows = [
        {"doc": 8, "game": "lorcana", "edition": "2.2.0"},
        {"doc": 3, "game": "mtg", "edition": "2025"},
        {"doc": 7, "game": "lorcana", "edition": "2.2.0"},
        {"doc": 1, "game": "mtg", "edition": "2025"},
    ]
    assert [row["doc"] for row in question_order(rows, [only])] == [7, 8, 1, 3]


def test_of_two_rules_answering_equally_well_the_one_holding_more_question_words_comes_first():
    # Rule 1 (first in the rulebook) holds "toughness" and gets it again for its section's name; rule 2
    # holds "toughness" and the question's other word, as rare. Both are worth 8: rule 2 comes first.
    toughness = QuestionWord(4.0, frozenset({1, 2}), {}, topical=frozenset({1}))
    happens = QuestionWord(4.0, frozenset({2}), {})
    assert question_value(1, [toughness, happens]) == question_value(2, [toughness, happens]) == 8.0
    rows = [{"doc": 1}, {"doc": 2}]
    assert [row["doc"] for row in question_order(rows, [toughness, happens])] == [2, 1]


def test_a_rule_answering_as_well_as_two_of_its_subrules_comes_before_them():
    # 119.1 (doc 1) and its variants 119.1b (2) and 119.1c (3) hold "life" and "start"; the variants hold
    # them closer together ("starting life total" against "begins … with a starting life total").
    life = word(40, {1, 2, 3}, {1: (9,), 2: (2,), 3: (2,)})
    start = word(300, {1, 2, 3}, {1: (3,), 2: (1,), 3: (1,)})
    rows = [{"doc": 2}, {"doc": 3}, {"doc": 1}]
    parents = {2: 1, 3: 1}
    assert [row["doc"] for row in question_order(rows, [life, start])] == [2, 3, 1]
    assert [row["doc"] for row in question_order(rows, [life, start], parents=parents)] == [1, 2, 3]
    # With one subrule among the answers the rule is not lifted ...
    assert [row["doc"] for row in question_order([rows[0], rows[2]], [life, start], parents={2: 1})] == [2, 1]
    # ... nor when a subrule holds a question word the rule lacks (603.3b's "order", not in 603.3).
    order = word(200, {2}, {})
    assert [row["doc"] for row in question_order(rows, [life, start, order], parents=parents)] == [2, 3, 1]


def test_a_rule_comes_before_one_referring_the_reader_to_it():
    # 306.9 (doc 1) "If a planeswalker's loyalty is 0 … See rule 704." and 704.5i (doc 2) hold the same words.
    planeswalker, loyalty = word(30, {1, 2}, {}), word(20, {1, 2}, {})
    rows = [{"doc": 1}, {"doc": 2}]
    assert [row["doc"] for row in question_order(rows, [planeswalker, loyalty])] == [1, 2]
    assert [row["doc"] for row in question_order(rows, [planeswalker, loyalty], deferred={1: (2,)})] == [2, 1]


def test_the_keys_a_fusion_holds_are_its_rows_and_the_rules_their_glossary_entries_lift():
    from types import SimpleNamespace

    from rulesref.search.ranking import fuse_ranked, fused_keys

    def row(key, kind="rule", **extra):
        return {"key": key, "game": "mtg", "number": key, "kind": kind, "edition": "e", "doc": 0, **extra}

    ranked = [
        SimpleNamespace(
            language="en",
            direct=True,
            in_scope=1000,
            rows=(
                row("a"),
                row("g", "glossary", cite_keys="b,c"),
                row("a"),
                row("h", "glossary", named=False, cite_keys="d"),
            ),
        ),
        SimpleNamespace(language="it", direct=False, in_scope=10, rows=(row("e"),)),
    ]
    assert fused_keys(ranked) == {hit.key for hit in fuse_ranked(ranked)} == {"a", "g", "b", "c", "h", "e"}
    assert (
        fused_keys(ranked, lift=False) == {hit.key for hit in fuse_ranked(ranked, lift=False)} == {"a", "g", "h", "e"}
    )
    assert [hit.key for hit in fuse_ranked(ranked)][:2] == ["a", "g"]


def test_a_word_of_two_forms_weighs_the_form_each_rule_holds():
    # "at the same time" or "simultaneously": the word's documents are those of "time" (common); a rule
    # saying "simultaneously" (doc 2) weighs that rare form, one saying only "time" (doc 1) the common one,
    # and comes after it (weighed alike, doc 1 would come first: the rulebook's order).
    lose = word(300, {1, 2}, {})
    time = QuestionWord(idf(400, 1000), frozenset({1, 2}), {}, rarer={2: idf(5, 1000)})
    assert time.weight(2) == idf(5, 1000) and time.weight(1) == idf(400, 1000)
    rows = [{"doc": 1}, {"doc": 2}]
    assert [row["doc"] for row in question_order(rows, [lose, time])] == [2, 1]


def test_a_section_named_by_the_query_comes_before_its_first_rule_unless_a_rule_defines_the_name():
    from rulesref.search.ranking import fuse

    def row(number, kind, defines=False, game="mtg"):
        return {"key": number, "game": game, "number": number, "kind": kind, "edition": "e", "defines": defines}

    # "end step": 513.1 holds the section's name as its heading and matches best; section 513 "End Step"
    # is named by the query.
    rows = [row("513.1", "rule"), row("513", "section", defines=True), row("512.1", "rule")]
    assert [hit.number for hit in fuse([("en", True, 1000, rows)])] == ["513", "513.1", "512.1"]
    # "continuous effect": 611.1's words define the name, so it comes before section 611 …
    rows = [row("611", "section", defines=True), row("611.1", "rule", defines=True)]
    assert [hit.number for hit in fuse([("en", True, 1000, rows)])] == ["611.1", "611"]
    # … but a definition in another game's rules does not put this game's section below its rules.
    rows = [row("513.1", "rule"), row("513", "section", defines=True), row("4.2", "rule", True, "lorcana")]
    assert [hit.number for hit in fuse([("en", True, 1000, rows)])] == ["4.2", "513", "513.1"]


def test_a_definition_reached_by_translation_counts_in_full_only_in_a_game_the_words_were_typed_in():
    from rulesref.search.ranking import fuse

    def row(number, kind, game, defines=True):
        key = f"{game}:{number}"
        return {"key": key, "game": game, "number": number, "kind": kind, "edition": "e", "defines": defines}

    # "creature", typed in English: MTG's section 302 "Creatures" matched as typed; Берсерк's 210.1
    # "Существа, …" (a rule defining the name in words) only through the word's Russian translation.
    english = ("en", True, 10000, (row("302", "section", "mtg"),))
    russian = ("ru", False, 900, (row("210.1", "rule", "berserk"),))
    typed = frozenset({"mtg", "lorcana"})
    assert [hit.number for hit in fuse([english, russian], typed_games=typed)] == ["302", "210.1"]
    # "状況誘発", typed in Japanese, whose MTG edition is rule 208: the English 603.8 defining it counts
    # in full, before the Japanese Lorcana rule that only mentions it.
    japanese = ("ja", True, 700, (row("6.5.1", "rule", "lorcana", defines=False),))
    english = ("en", False, 10000, (row("603.8", "rule", "mtg"),))
    typed = frozenset({"mtg", "lorcana"})
    assert [hit.number for hit in fuse([japanese, english], typed_games=typed)] == ["603.8", "6.5.1"]


def test_a_question_points_to_the_one_game_whose_rules_print_its_word_far_more_often():
    from rulesref.search.questions import cued_game
    from rulesref.search.ranking import fuse, prefer_game

    # The English rules in scope of the corpora: 3,911 MTG, 671 Lorcana; a word's rules in each.
    sizes = {"mtg": 3911, "lorcana": 671}
    damage, character, turn = {"mtg": 206, "lorcana": 62}, {"mtg": 4, "lorcana": 214}, {"mtg": 404, "lorcana": 138}
    creature, mulligan = {"mtg": 730}, {"mtg": 16}
    # "does damage on my character go away at the end of the turn": Lorcana.
    assert cued_game([damage, character, turn], sizes) == "lorcana"
    assert cued_game([creature, damage], sizes) == "mtg"
    # Words both games print about as often point to neither; a word of each game, to neither.
    assert cued_game([damage, turn], sizes) is None
    assert cued_game([creature, character], sizes) is None
    # Sixteen MTG rules say "mulligan" and none of Lorcana's: 16 / 3,911 is not 20 times 0.5 / 671.
    assert cued_game([mulligan], sizes) is None
    # Only in a couple of rules: too few to tell.
    assert cued_game([{"mtg": 2}], {"mtg": 10, "lorcana": 700}) is None

    def row(number, game):
        return {"key": f"{game}:{number}", "game": game, "number": number, "kind": "rule", "edition": "e"}

    fused = fuse([("en", True, 5000, (row("514.2", "mtg"), row("1.9.2", "lorcana"), row("703.4p", "mtg")))])
    assert [hit.number for hit in prefer_game(fused, "lorcana")] == ["1.9.2", "514.2", "703.4p"]
