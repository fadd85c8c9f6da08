"""Search over the Lorcana rules in four languages: a term in one language finds the rule in all of
them, through the glossary pairs joined by the alignment, with the matched words marked."""

import pytest

from rulesref.search.service import search

from .conftest import DE_210, EN_220, FR_210, JA_220
from .files import blocks, number_of_line

pytestmark = pytest.mark.django_db

INKWELL_MARKS = {
    "en": "<mark>inkwell</mark>",
    "de": "<mark>Tintenvorrat</mark>",
    "fr": "<mark>réserve d’encre</mark>",
    "ja": "<mark>インクウェル</mark>",
}


def test_inkwell_finds_the_inkwell_rules_in_german_french_and_japanese_with_their_words_marked(lorcana):
    results = search("inkwell", languages=["en", "de", "fr", "ja"], limit=10)
    # The rules of section 7.5 "Inkwell" as the English 2.2.0 prints them, every one of which uses the word.
    section = [n for n, text in blocks(EN_220).items() if n.startswith("7.5.") and "inkwell" in text.lower()]
    assert section == ["7.5.1", "7.5.2", "7.5.3", "7.5.4", "7.5.5", "7.5.6"]
    hits = [hit for hit in results.hits if hit.number == "7.5" or hit.number.startswith("7.5.")]
    assert results.hits[0] in hits
    assert len(hits) >= 5
    for hit in hits:
        assert (hit.game, hit.matched_lang) == ("lorcana", "en")
        assert set(hit.texts) == {"en", "de", "fr", "ja"}
        # German and French translate English 2.1.0, Japanese 2.2.0: each is shown in the edition
        # aligned with the one that matched, and chapter 7 keeps its numbers in all four.
        assert {lang: (text.edition, text.number) for lang, text in hit.texts.items()} == {
            "en": ("2026-07-09", hit.number),
            "de": ("2026-04-30", hit.number),
            "fr": ("2026-04-30", hit.number),
            "ja": ("2026-07-10", hit.number),
        }
    marked = {lang for hit in hits for lang, text in hit.texts.items() if INKWELL_MARKS[lang] in text.snippet}
    assert marked == {"en", "de", "fr", "ja"}
    # The Japanese rule 7.5.1 as printed uses the word, and is marked there.
    assert "インクウェル" in blocks(JA_220)["7.5.1"]
    first_of = {hit.number: hit for hit in hits}
    assert INKWELL_MARKS["ja"] in first_of["7.5.1"].texts["ja"].snippet
    assert INKWELL_MARKS["de"] in first_of["7.5.1"].texts["de"].snippet


def test_a_german_word_with_the_game_filter_finds_the_english_rule(lorcana):
    results = search("game:lorcana Tintenvorrat", languages=["en", "de"], limit=5)
    numbers = [hit.number for hit in results.hits]
    assert "7.5.1" in numbers
    hit = results.hits[numbers.index("7.5.1")]
    assert hit.matched_lang == "de"
    # The German 2.1.0 translates the English 2.1.0, an older edition since 2.2.0: a default search reads
    # the newest editions only, so the English is the same rule in 2.2.0.
    assert hit.texts["en"].edition == "2026-07-09"
    assert "<mark>inkwell</mark>" in hit.texts["en"].snippet
    assert "<mark>Tintenvorrat</mark>" in hit.texts["de"].snippet


def test_a_japanese_word_finds_the_english_and_french_rule(lorcana):
    results = search("インクウェル", languages=["en", "fr", "ja"], limit=3)
    hit = next(hit for hit in results.hits if hit.number == "7.5.1")
    assert hit.matched_lang == "ja"
    assert "<mark>inkwell</mark>" in hit.texts["en"].snippet
    assert "<mark>réserve d’encre</mark>" in hit.texts["fr"].snippet


def test_the_search_page_filters_by_game_and_shows_the_rule_in_every_language(lorcana, client):
    page = client.get("/search/", {"q": "game:lorcana inkwell"}).content.decode()
    assert 'href="/rules/lorcana/de/2026-04-30/7.5.1/"' in page
    assert 'href="/rules/lorcana/ja/2026-07-10/7.5.1/"' in page
    assert "<mark>Tintenvorrat</mark>" in page
    assert client.get("/search/", {"q": "game:mtg inkwell"}).content.decode().count("/rules/lorcana/") == 0


def test_a_term_that_only_the_glossaries_name_expands_through_their_join(lorcana):
    """ "damage counter" heads no section: only the glossaries' entries, joined by the rules that
    print them, say that German writes it "Schadensmarker" and Japanese "ダメージ・カウンター"."""
    headings = [text for n, text in blocks(EN_220).items() if n.count(".") == 1]
    assert not any("damage counter" in text.lower() for text in headings)
    results = search("damage counter", languages=["en", "de", "ja"], limit=3)
    hit = results.hits[0]
    assert hit.number == "1.9.1"
    assert "<mark>Schadensmarker</mark>" in hit.texts["de"].snippet
    assert "<mark>ダメージ・カウンター</mark>" in hit.texts["ja"].snippet


def test_a_renumbered_rule_is_one_result_with_each_language_under_its_own_number(lorcana, client):
    english = number_of_line(EN_220, "If a shifted character is put on top of a dry character")
    japanese = number_of_line(JA_220, "乾いたキャラクターの上に変身した場合")
    hit = search("shifted character dry", languages=["en", "ja"], limit=1).hits[0]
    assert (hit.number, hit.texts["en"].number, hit.texts["ja"].number) == (english, english, japanese)
    assert hit.texts["ja"].url == f"/rules/lorcana/ja/2026-07-10/{japanese}/"
    # The Japanese number typed with the Japanese filter opens the Japanese rule.
    response = client.get("/search/", {"q": f"lang:ja {japanese}"})
    assert (response.status_code, response["Location"]) == (302, f"/rules/lorcana/ja/2026-07-10/{japanese}/")


def test_a_hit_is_numbered_as_printed_in_the_language_it_matched_best_in(lorcana):
    # The Japanese 2.2.0 numbers Rush 8.8.1, the English 8.9.1 (8.8.1 is Resist there). "突進" matches the
    # Japanese rule as typed and the English one through its translation; the hit used to take the number of
    # whichever list came first (the English one).
    english = number_of_line(EN_220, "Rush means")
    japanese = number_of_line(JA_220, "突進は常在能力である")
    assert english != japanese
    hit = search("突進", languages=["ja", "en"], limit=1).hits[0]
    assert (hit.number, hit.matched_lang) == (japanese, "ja")
    assert (hit.texts["ja"].number, hit.texts["en"].number) == (japanese, english)


@pytest.mark.parametrize(
    "query, number",
    [
        # 7.5.1 "A player’s inkwell is where …": the first rule saying what the inkwell is, not 7.5.4 "The
        # inkwell is a private zone", which says more of it.
        ("inkwell", "7.5.1"),
        ("Tintenvorrat", "7.5.1"),
        ("réserve d’encre", "7.5.1"),
        ("インクウェル", "7.5.1"),
        # 5.3.1 "Charaktere sind ein Kartentyp …", "Les personnages font partie des types de carte …"
        ("Charaktere", "5.3.1"),
        ("personnages", "5.3.1"),
        # 1.5.1 "Le coût est le montant …", "コストは、…支払いである。"
        ("coût", "1.5.1"),
        ("コスト", "1.5.1"),
        # 5.1.1.2 "Exerted – When a card is exerted …", "Erschöpft – …", "Épuisée – …": a label before a dash.
        ("exerted", "5.1.1.2"),
        ("erschöpft", "5.1.1.2"),
        ("épuisé", "5.1.1.2"),
    ],
)
def test_a_name_is_found_first_where_a_rule_of_its_language_says_what_it_is(lorcana, query, number):
    assert [hit.number for hit in search(query, limit=3).hits][0] == number


def test_a_question_naming_its_game_is_answered_by_that_games_rules_not_by_its_name(lorcana):
    # "lorcana" was the question's rarest word: rules saying "Disney Lorcana" (1.4.1, 1.1.1) came first.
    results = search("what does exerted mean in lorcana", languages=["en"])
    # 5.1.1.2 "Exerted – When a card is exerted, it's turned sideways."
    assert [hit.number for hit in results.hits[:1]] == ["5.1.1.2"]
    assert {hit.game for hit in results.hits} == {"lorcana"}


def test_a_japanese_question_asking_how_many_counts_the_rules_stating_a_number(lorcana):
    # 何枚 ("how many cards"): 1.10.1.1 "…カードが 60 枚以上…同一のフルネームを持つカードを４枚までしか入れられない"
    # states numbers; it was fourth, behind 1.10.1.3 and 2.4.1.1, which state none.
    results = search("同じカードはデッキに何枚まで入れられますか？", languages=["ja"])
    assert [hit.number for hit in results.hits[:2]] == ["1.4.3", "1.10.1.1"]


def test_a_french_question_asking_for_a_maximum_finds_the_rule_saying_there_is_no_limit(lorcana):
    # 7.5.3 "Il n’y a pas de limites au nombre de cartes qu’un joueur peut avoir dans sa réserve d’encre." came
    # second, behind 7.5.1, which says what the inkwell is: the question says "maximum", the rule "limites".
    number = number_of_line(FR_210, "au nombre de cartes qu’un joueur peut avoir dans sa réserve")
    results = search("Y a-t-il un nombre maximum de cartes dans la réserve d'encre ?", languages=["fr"])
    assert results.hits[0].number == number == "7.5.3"


def test_a_german_question_asking_to_attack_a_ready_character_finds_the_challenge_rule(lorcana):
    # Lorcana's characters challenge ("herausfordern"), and only exerted ones: 4.6.4.2 "Zweitens wählt der
    # Spieler einen erschöpften gegnerischen Charakter aus, der herausgefordert wird." was not in the top 10.
    number = number_of_line(DE_210, "einen erschöpften gegnerischen Charakter aus, der herausgefordert wird")
    results = search("Kann ich einen gegnerischen Charakter angreifen, der noch bereit ist?", languages=["de"])
    assert results.hits[0].number == number == "4.6.4.2"


def test_a_french_question_asking_to_attack_a_ready_character_finds_the_challenge_rule_second(lorcana):
    # 4.6.4.2 "Deuxièmement, le joueur choisit un personnage adverse épuisé à défier." was fifth; 4.6.9.2,
    # on what ends when a challenge ends, is first ("défie", "personnage", "adverse").
    results = search("Puis-je attaquer un personnage adverse qui est redressé ?", languages=["fr"])
    assert [hit.number for hit in results.hits[:2]] == ["4.6.9.2", "4.6.4.2"]


def test_a_question_asking_for_a_hand_limit_finds_the_rule_on_the_maximum_hand_size(lorcana):
    # 7.3.3 "Es gibt keine maximale Handgröße.": it does not say "Limit".
    number = number_of_line(DE_210, "Es gibt keine maximale Handgröße")
    question = "Gibt es bei Lorcana ein Handkartenlimit, oder muss ich am Zugende nie abwerfen?"
    results = search(question, languages=["de"])
    assert results.hits[0].number == number == "7.3.3"


def test_challenge_is_defined_by_its_section_not_by_the_challenger_keyword(lorcana):
    # 8.5.1 "The Challenger keyword represents …" defines "Challenger", which stems like "challenge".
    assert [hit.number for hit in search("challenge", languages=["en"]).hits[:2]] == ["4.6", "8.5.1"]
