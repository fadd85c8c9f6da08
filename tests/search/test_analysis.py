"""Analyzers: what each content language indexes, with offsets into the original text."""

import pickle
import unicodedata

import pytest
from whoosh import index
from whoosh.fields import ID, TEXT, Schema
from whoosh.qparser import QueryParser
from whoosh.query import Phrase, Prefix

from rulesref.core import languages
from rulesref.search.analysis import (
    ANALYZERS,
    CJKBigramTokenizer,
    CompoundVocabulary,
    ItalianElisionFilter,
    JapaneseTokenizer,
    NFKCFilter,
    UnknownAnalyzer,
    WordTokenizer,
    YoFoldFilter,
    analysis_key,
    analyzer_for,
    bigram_analyzer,
    extract_symbols,
    german_analyzer,
    german_infinitive,
    tokens,
)
from tests.conftest import SEED_BERSERK, SEED_IT_2023, SEED_IT_2024, SEED_JA


def texts(analyzer, text, **kwargs):
    return [token for token, _start, _end in tokens(analyzer, text, **kwargs)]


def surfaces(analyzer, text):
    return [text[start:end] for _token, start, end in tokens(analyzer, text)]


def search(tmp_path, analyzer, documents, query):
    """Ids of the documents a real whoosh index finds for ``query`` (a query string or a Query)."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    schema = Schema(id=ID(stored=True), body=TEXT(analyzer=analyzer, phrase=True))
    ix = index.create_in(tmp_path, schema)
    with ix.writer() as writer:
        for number, document in enumerate(documents, 1):
            writer.add_document(id=str(number), body=document)
    # ix.schema is read back from disk: the query is analysed by the unpickled analyzer.
    with ix.searcher() as searcher:
        if isinstance(query, str):
            query = QueryParser("body", ix.schema).parse(query)
        return sorted(hit["id"] for hit in searcher.search(query))


# English


def test_english_words_are_lowercased_stemmed_and_stop_words_dropped():
    text = "Creatures' power: see rule 604.3 and 208.2a; [This creature's] power is equal to ２０８．２ａ."
    assert tokens(analyzer_for("en"), text) == [
        ("creatur", 0, 9),
        ("power", 11, 16),
        ("see", 18, 21),
        ("rule", 22, 26),
        ("604.3", 27, 32),
        ("208.2a", 37, 43),
        ("creatur", 51, 59),
        ("power", 63, 68),
        ("equal", 72, 77),
        ("208.2a", 81, 87),
    ]


def test_a_full_width_rule_number_is_one_normalised_token_spanning_the_original_characters():
    text = "See ２０８．２ａ."
    assert tokens(analyzer_for("en"), text) == [("see", 0, 3), ("208.2a", 4, 10)]
    assert text[4:10] == "２０８．２ａ"


def test_numbers_keep_their_dots_and_slashes_but_words_split_at_them():
    assert texts(analyzer_for("en"), "rule 104.3.1: a 2/3 creature, and/or end.Next") == [
        "rule",
        "104.3.1",
        "2/3",
        "creatur",
        "end",
        "next",
    ]


def test_a_single_digit_is_indexed():
    assert texts(analyzer_for("en"), "deals 2 damage") == ["deal", "2", "damag"]


def test_creature_finds_creatures_in_english(tmp_path):
    assert search(tmp_path, analyzer_for("en"), ["Creatures you control get +1/+1.", "Lands."], "creature") == ["1"]


# Italian


def test_an_elided_italian_article_is_not_indexed():
    text = "Dell'Ordine: l'oggetto nell’angolo, un'abilità all'interno di quell'avversario."
    assert tokens(analyzer_for("it"), text) == [
        ("ordin", 5, 11),
        ("oggett", 15, 22),
        ("angol", 28, 34),
        ("abil", 39, 46),
        ("intern", 51, 58),
        ("avversar", 68, 78),
    ]
    assert surfaces(analyzer_for("it"), text) == ["Ordine", "oggetto", "angolo", "abilità", "interno", "avversario"]


@pytest.mark.parametrize("apostrophe", ["'", "\u2019"])
def test_the_italian_tokenizer_splits_at_straight_and_typographic_apostrophes(apostrophe):
    text = f"nell{apostrophe}angolo"
    assert [t.text for t in WordTokenizer(elision=True)(text)] == [f"nell{apostrophe}", "angolo"]
    assert tokens(analyzer_for("it"), text) == [("angol", 5, 11)]


def test_an_apostrophe_word_that_is_no_italian_elision_keeps_its_text_without_the_apostrophe():
    text = "Le costituzioni di Urza's Tower (vedi regola 208.2a)."
    assert tokens(analyzer_for("it"), text) == [
        ("costitu", 3, 15),
        ("urza", 19, 23),
        ("s", 24, 25),
        ("tower", 26, 31),
        ("ved", 33, 37),
        ("regol", 38, 44),
        ("208.2a", 45, 51),
    ]


def test_an_elision_is_kept_as_a_stopped_token_when_stops_are_not_removed():
    analyzer = WordTokenizer(elision=True) | ItalianElisionFilter()
    found = [(t.text, t.stopped) for t in analyzer("l'oggetto", removestops=False)]
    assert found == [("l", True), ("oggetto", False)]


def test_costituzione_finds_costituzioni_in_italian(tmp_path):
    documents = ["La costituzione di una creatura.", "Le costituzioni delle creature.", "La forza."]
    assert search(tmp_path, analyzer_for("it"), documents, "costituzione") == ["1", "2"]


def test_an_italian_word_is_found_after_an_elided_preposition(tmp_path):
    assert search(tmp_path, analyzer_for("it"), ["Cavalieri dell’Ordine di Jarkeld.", "Regole."], "ordine") == ["1"]


# Russian


def test_russian_words_are_stemmed_with_yo_folded_and_stop_words_dropped():
    text = "Отражение ударов: Ёлка и елка (См. 107.2) — её здоровье."
    assert tokens(analyzer_for("ru"), text) == [
        ("отражен", 0, 9),
        ("удар", 10, 16),
        ("елк", 18, 22),
        ("елк", 25, 29),
        ("см", 31, 33),
        ("107.2", 35, 40),
        ("здоров", 47, 55),
    ]


def test_yo_folds_to_ye_in_both_cases():
    assert [t.text for t in (WordTokenizer() | YoFoldFilter())("Ёлка ёж")] == ["Елка", "еж"]


def test_russian_inflections_share_stems(tmp_path):
    assert texts(analyzer_for("ru"), "отражение ударов") == texts(analyzer_for("ru"), "Отражение удара")
    documents = ["Отражение удара: существо получает на 1 ранение меньше.", "Ход."]
    assert search(tmp_path, analyzer_for("ru"), documents, "отражение ударов") == ["1"]


def test_yolka_and_elka_find_each_other(tmp_path):
    assert search(tmp_path, analyzer_for("ru"), ["Ёлка.", "елка.", "Сосна."], "елка") == ["1", "2"]


# German

# What the index's German texts would say: the nouns Karte, Typ, Schaden and Herausforderung alone, "Tinte"
# and "Zug" ten times each (often enough to be known at the front of any compound), and the compounds.
GERMAN_TEXTS = [
    "Jede Karte hat einen Typ. Der Kartentyp steht auf der Karte.",
    "Eine Herausforderung kann Schaden zufügen: der Herausforderungsschaden.",
    "Lege Tinte ab. " * 10 + "Der Zug endet. " * 10,
    "Lege die Karte in deinen Tintenvorrat. Es wurde zugefügt. Ein Tintenfass.",
]


def german_with_compounds():
    return german_analyzer(CompoundVocabulary.from_texts(GERMAN_TEXTS))


def test_the_vocabulary_holds_the_texts_nouns_words_and_frequent_nouns():
    vocabulary = CompoundVocabulary.from_texts(GERMAN_TEXTS)
    assert sorted(vocabulary.modifiers) == ["lege", "tinte", "zug"]
    assert {"karte", "typ", "kartentyp", "tintenvorrat"} <= vocabulary.heads
    assert "zugefügt" in vocabulary.words - vocabulary.heads
    assert "der" not in vocabulary.words  # a stop word is never a part


def test_english_inflections_meet_under_porter2_stemmed_twice():
    # Porter's first stemmer gave "tapp", "untapp", "di" and "sacrif" against "tap", "untap", "die" and
    # "sacrific": a reader typing "tapped creatures" missed every rule saying "tap".
    words = "tap tapped untap untapping die dies dying sacrifice sacrificed regenerate regenerated"
    assert texts(analyzer_for("en"), words) == [
        "tap",
        "tap",
        "untap",
        "untap",
        "die",
        "die",
        "die",
        "sacrif",
        "sacrif",
        "regen",
        "regen",
    ]


def test_german_is_stemmed_twice_so_that_the_challenge_and_to_challenge_meet():
    assert texts(analyzer_for("de"), "Herausforderung herausfordern Herausforderer Aktivierung aktivieren") == [
        "herausford",
        "herausford",
        "herausford",
        "aktivi",
        "aktivi",
    ]


def test_a_german_compound_is_followed_by_its_parts_at_its_position_each_marking_its_letters():
    analyzer = german_with_compounds()
    assert tokens(analyzer, "Der Kartentyp steht") == [
        ("kartentyp", 4, 13),
        ("kart", 4, 10),  # "Karten": the part with its linking -n
        ("typ", 10, 13),
        ("steht", 14, 19),
    ]
    positions = [(t.text, t.pos) for t in analyzer("Der Kartentyp steht", positions=True)]
    assert positions == [("kartentyp", 1), ("kart", 1), ("typ", 1), ("steht", 2)]


def test_a_part_that_is_a_compound_gives_its_parts_too():
    assert tokens(german_with_compounds(), "Herausforderungsschaden") == [
        ("herausforderungsschad", 0, 23),
        ("herausford", 0, 16),  # "Herausforderungs"
        ("schad", 16, 23),
    ]


def test_a_compound_whose_head_is_never_printed_alone_gives_its_frequent_modifier():
    """ "Vorrat" is not a word of the texts, "Tinte" is, ten times: "Tinte" finds "Tintenvorrat"."""
    assert tokens(german_with_compounds(), "Tintenvorrat") == [("tintenvorrat", 0, 12), ("tint", 0, 6)]


def test_a_word_never_printed_with_a_capital_is_no_compound():
    """ "Zug" is a frequent noun, but "zugefügt" is a verb: it is not split (and is read as the infinitive
    "zufügen" the texts print)."""
    assert tokens(german_with_compounds(), "zugefügt") == [("zufug", 0, 8)]


def test_queries_and_an_analyzer_without_a_vocabulary_do_not_split_compounds():
    assert texts(german_with_compounds(), "Kartentyp", mode="query") == ["kartentyp"]
    assert tokens(analyzer_for("de"), "Kartentyp") == [("kartentyp", 0, 9)]


def test_german_compounds_are_found_by_their_parts_but_not_the_other_way_round(tmp_path):
    documents = [
        "Der Kartentyp steht oben.",
        "Lege die Karte ab.",
        "Lege eine Karte in deinen Tintenvorrat.",
        "Die Herausforderung beginnt.",
        "Ein Tintenfass.",
    ]
    analyzer = german_analyzer(CompoundVocabulary.from_texts(GERMAN_TEXTS + documents))
    assert search(tmp_path / "karte", analyzer, documents, "Karte") == ["1", "2", "3"]
    assert search(tmp_path / "tinte", analyzer, documents, "Tinte") == ["3", "5"]
    assert search(tmp_path / "whole", analyzer, documents, "Tintenfass") == ["5"]
    assert search(tmp_path / "kartentyp", analyzer, documents, "Kartentyp") == ["1"]
    assert search(tmp_path / "challenger", analyzer, documents, "Herausforderer") == ["4"]
    # The parts stand at their compound's position: a phrase reads across it.
    assert search(tmp_path / "phrase", analyzer, documents, '"Karte in deinen Tintenvorrat"') == ["3"]


def test_a_german_analyzer_with_a_vocabulary_survives_pickling_and_reopening(tmp_path):
    analyzer = german_with_compounds()
    restored = pickle.loads(pickle.dumps(analyzer))
    assert restored == analyzer
    assert tokens(restored, "Kartentyp") == tokens(analyzer, "Kartentyp")
    index.create_in(tmp_path, Schema(body=TEXT(analyzer=analyzer)))
    assert texts(index.open_dir(tmp_path).schema["body"].analyzer, "Kartentyp") == ["kartentyp", "kart", "typ"]


def test_an_analysis_key_tells_a_vocabulary_apart():
    analyzer = german_with_compounds()
    key = analysis_key("de", analyzer)
    assert key.startswith("de@") and len(key) == 3 + 16
    assert analysis_key("de", pickle.loads(pickle.dumps(analyzer))) == key
    assert analysis_key("de", analyzer_for("de")) == "de"
    assert analysis_key("en", analyzer_for("en")) == "en"


def test_the_german_lorcana_rules_split_into_the_parts_a_reader_looks_for(corpus):
    text = corpus("lorcana_cr_de_20260430_v2.1.0.txt").read_text(encoding="utf-8")
    analyzer = german_analyzer(CompoundVocabulary.from_texts([text]))
    assert [
        (token, word[start:end])
        for word in ("Charakterkarte", "Tintenvorrat", "Spielzugstruktur")
        for token, start, end in tokens(analyzer, word)
    ] == [
        ("charakterkart", "Charakterkarte"),
        ("charakt", "Charakter"),
        ("kart", "karte"),
        ("tintenvorrat", "Tintenvorrat"),
        ("tint", "Tinten"),
        ("spielzugstruktur", "Spielzugstruktur"),
        ("spiel", "Spiel"),
        ("zugstruktur", "zugstruktur"),
        ("zug", "zug"),
        ("struktur", "struktur"),
    ]


# French


def test_french_elided_words_are_dropped_and_the_rest_stemmed():
    text = "L’encrier d'un joueur qu’il choisit jusqu’à l'étape"
    assert tokens(analyzer_for("fr"), text) == [
        ("encri", 2, 9),
        ("joueur", 15, 21),
        ("chois", 28, 35),
        ("étap", 46, 51),
    ]


def test_a_french_elision_is_kept_as_a_stopped_token_when_stops_are_not_removed():
    analyzer = analyzer_for("fr")
    found = [
        (t.text, t.stopped, t.startchar, t.endchar) for t in analyzer("qu’il l’encrier", removestops=False, chars=True)
    ]
    assert found == [("qu", True, 0, 2), ("il", True, 3, 5), ("l", True, 6, 7), ("encri", False, 8, 15)]


def test_a_french_apostrophe_word_that_is_no_elision_keeps_its_text():
    assert texts(analyzer_for("fr"), "aujourd’hui") == ["aujourd", "hui"]


def test_french_is_stemmed_twice_so_that_singular_and_plural_and_noun_and_verb_meet():
    assert texts(analyzer_for("fr"), "encrier encriers défi défier défié vérifier vérification") == [
        "encri",
        "encri",
        "def",
        "def",
        "def",
        "vérif",
        "vérif",
    ]


def test_french_words_are_found_after_an_elision_in_any_number(tmp_path):
    documents = ["Placez la carte dans l’encrier.", "Le défi commence.", "Les encriers des joueurs."]
    analyzer = analyzer_for("fr")
    assert search(tmp_path / "plural", analyzer, documents, "encriers") == ["1", "3"]
    assert search(tmp_path / "elided", analyzer, documents, "l'encrier") == ["1", "3"]
    assert search(tmp_path / "verb", analyzer, documents, "défier") == ["2"]
    assert search(tmp_path / "les", analyzer, documents, '"les encriers"') == ["1", "3"]


# Japanese


def test_japanese_is_indexed_by_lemma_without_particles_and_auxiliaries():
    assert tokens(analyzer_for("ja"), "クリーチャーが破壊される。") == [
        ("クリーチャー", 0, 6),
        ("破坏", 7, 9),  # lemmas with their Han characters folded (rulesref.core.han): 破壊 → 破坏
        ("为る", 9, 10),
    ]


def test_a_loanword_lemma_loses_its_english_gloss():
    # unidic's lemmas are "クリーチャー-Kreacher" and "カード-card"
    assert texts(analyzer_for("ja"), "クリーチャー・カード") == ["クリーチャー", "カード"]


def test_latin_text_inside_japanese_gives_lowercase_words_and_whole_rule_numbers():
    text = "カードは特性定義能力を持つことがある(rule 604.3 参照)。[This creature's] power"
    assert tokens(analyzer_for("ja"), text) == [
        ("カード", 0, 3),
        ("特性", 4, 6),
        ("定义", 6, 8),
        ("能力", 8, 10),
        ("持つ", 11, 13),
        ("事", 13, 15),
        ("有る", 16, 18),
        ("rule", 19, 23),
        ("604.3", 24, 29),
        ("参照", 30, 32),
        ("this", 35, 39),
        ("creature", 40, 48),
        ("s", 49, 50),
        ("power", 52, 57),
    ]


def test_a_full_width_rule_number_in_japanese_is_one_normalised_token():
    text = "ルール２０８．２ａを参照"
    assert tokens(analyzer_for("ja"), text) == [("ルール", 0, 3), ("208.2a", 3, 9), ("参照", 10, 12)]


def test_japanese_positions_count_only_indexed_tokens_and_stops_can_be_kept_for_highlighting():
    analyzer = analyzer_for("ja")
    found = [
        (t.text, t.pos, t.stopped) for t in analyzer("クリーチャーが破壊される。", positions=True, removestops=False)
    ]
    assert found == [
        ("クリーチャー", 0, False),
        ("が", 1, True),
        ("破坏", 1, False),
        ("为る", 2, False),
        ("れる", 3, True),
        ("。", 3, True),
    ]


def test_hakai_suru_and_hakai_sareru_share_their_tokens():
    analyzer = analyzer_for("ja")
    assert texts(analyzer, "破壊する") == ["破坏", "为る"]
    assert texts(analyzer, "破壊される") == ["破坏", "为る"]


def test_hakai_suru_finds_hakai_sareru_and_back(tmp_path):
    documents = ["クリーチャーが破壊される。", "クリーチャーを追放する。"]
    assert search(tmp_path / "suru", analyzer_for("ja"), documents, "破壊する") == ["1"]
    assert search(tmp_path / "sareru", analyzer_for("ja"), ["パーマネントを破壊する。"], "破壊される") == ["1"]


def test_a_japanese_phrase_matches_across_a_dropped_particle(tmp_path):
    query = '"クリーチャーを破壊"'
    assert search(tmp_path, analyzer_for("ja"), ["クリーチャーが破壊される。", "破壊されたクリーチャー"], query) == [
        "1"
    ]


def test_the_japanese_bigram_field_finds_a_single_character_by_prefix(tmp_path):
    text = "クリーチャー・カードの右下には、スラッシュで区切られた2つの数字が記されている。"
    assert "右" not in texts(analyzer_for("ja"), text)  # the morphological field sees only 右下
    assert search(tmp_path, bigram_analyzer(), [text, "左上"], Prefix("body", "右")) == ["1"]


# Character bigrams (zh-hans, and the Japanese bigram field)


def test_cjk_runs_become_overlapping_bigrams_plus_their_last_character():
    assert tokens(analyzer_for("zh-hans"), "杰卡失落骑士团的力量和防御力各等于1+*") == [
        ("杰卡", 0, 2),
        ("卡失", 1, 3),
        ("失落", 2, 4),
        ("落骑", 3, 5),
        ("骑士", 4, 6),
        ("士团", 5, 7),
        ("团的", 6, 8),
        ("的力", 7, 9),
        ("力量", 8, 10),
        ("量和", 9, 11),
        ("和防", 10, 12),
        ("防御", 11, 13),
        ("御力", 12, 14),
        ("力各", 13, 15),
        ("各等", 14, 16),
        ("等于", 15, 17),
        ("于", 16, 17),
        ("1", 17, 18),
    ]


def test_a_query_gets_bigrams_only_and_a_one_character_run_gets_its_character():
    analyzer = analyzer_for("zh-hans")
    assert texts(analyzer, "防御力", mode="query") == ["防御", "御力"]
    assert texts(analyzer, "力", mode="query") == ["力"]
    assert texts(analyzer, "力") == ["力"]


def test_non_cjk_text_between_bigrams_gives_unstemmed_lowercase_words_and_numbers():
    text = "参见规则604.3。Creatures 1/1，ＡＢ"
    assert tokens(analyzer_for("zh-hans"), text) == [
        ("参见", 0, 2),
        ("见规", 1, 3),
        ("规则", 2, 4),
        ("则", 3, 4),
        ("604.3", 4, 9),
        ("creatures", 10, 19),
        ("1/1", 20, 23),
        ("ab", 24, 26),
    ]


def test_the_unigram_shares_the_last_bigram_position_so_phrases_cross_runs():
    positions = [(t.text, t.pos) for t in analyzer_for("zh-hans")("等于1", positions=True)]
    assert positions == [("等于", 0), ("于", 0), ("1", 1)]


def test_a_stray_asterisk_and_plus_do_not_break_bigrams():
    assert tokens(analyzer_for("zh-hans"), "1+*") == [("1", 0, 1)]
    assert tokens(analyzer_for("zh-hans"), "+*") == []


def test_a_chinese_phrase_and_a_single_character_are_found(tmp_path):
    documents = ["杰卡失落骑士团的力量和防御力各等于1+*", "它的力量为2。"]
    analyzer = analyzer_for("zh-hans")
    assert search(tmp_path / "parsed", analyzer, documents, '"防御力"') == ["1"]
    assert search(tmp_path / "phrase", analyzer, documents, Phrase("body", ["防御", "御力"])) == ["1"]
    assert search(tmp_path / "prefix", analyzer, documents, Prefix("body", "力")) == ["1", "2"]
    assert search(tmp_path / "across", analyzer, documents, '"等于1"') == ["1"]
    # unquoted, whoosh's parser reads "1+*" as a wildcard; quoted, the analyzer sees it
    assert search(tmp_path / "symbols", analyzer, documents, '"等于1+*"') == ["1"]


# Offsets for every analyzer


OFFSET_SAMPLES = {
    "en": ("[This creature’s] power is ２０８．２ａ.", ["creature", "power", "２０８．２ａ"]),
    "it": ("L’oggetto dell'Ordine è 1/1 e ２/２.", ["oggetto", "Ordine", "1/1", "２/２"]),
    "ja": (
        "（ルール２０８．２ａ参照）クリーチャー・カードの右下",
        ["ルール", "２０８．２ａ", "参照", "クリーチャー", "カード", "右下"],
    ),
    "ru": ("Её Отражение ударов (см. １０７．２)", ["Отражение", "ударов", "см", "１０７．２"]),
    "zh-hans": (
        "防御力为＊，参见规则６０４．３。",
        ["防御", "御力", "力为", "为", "参见", "见规", "规则", "则", "６０４．３"],
    ),
    "de": (
        "Lege eine ＫＡＲＴＥ in deinen Tintenvorrat (siehe ４．２．１).",
        ["Lege", "ＫＡＲＴＥ", "Tintenvorrat", "siehe", "４．２．１"],
    ),
    "fr": ("L’ENCRIER d'un joueur : voir ４．３．４.", ["ENCRIER", "joueur", "voir", "４．３．４"]),
}


@pytest.mark.parametrize("code", OFFSET_SAMPLES)
def test_offsets_mark_the_surface_in_the_original_text(code):
    text, expected = OFFSET_SAMPLES[code]
    assert surfaces(analyzer_for(code), text) == expected


@pytest.mark.parametrize(
    ("code", "seed"),
    [("it", SEED_IT_2024), ("it", SEED_IT_2023), ("ru", SEED_BERSERK)],
    ids=["it-2024", "it-2023", "ru"],
)
def test_every_token_of_a_seed_is_its_own_surface_analysed_alone(code, seed):
    """The highlighter marks text[start:end]: analysing that span alone must give the same token."""
    text = seed.read_text(encoding="utf-8")
    analyzer = analyzer_for(code)
    found = tokens(analyzer, text)
    assert len(found) > 100
    for token, start, end in found:
        assert tokens(analyzer, text[start:end])[0][0] == token


@pytest.mark.parametrize("code", ["de", "fr"])
def test_every_token_of_a_lorcana_text_is_its_own_surface_analysed_alone(corpus, code):
    """German with the vocabulary of the text itself: the parts of compounds too."""
    text = corpus(f"lorcana_cr_{code}_20260430_v2.1.0.txt").read_text(encoding="utf-8")
    analyzer = analyzer_for(code, texts=[text])
    found = tokens(analyzer, text)
    assert len(found) > 15_000
    for token, start, end in found:
        assert tokens(analyzer, text[start:end])[0][0] == token


@pytest.mark.parametrize("make_analyzer", [lambda: analyzer_for("ja"), bigram_analyzer], ids=["japanese", "bigram"])
def test_japanese_seed_offsets_move_forward_and_mark_words(make_analyzer):
    text = SEED_JA.read_text(encoding="utf-8")
    found = tokens(make_analyzer(), text)
    assert len(found) > 500
    starts = [start for _token, start, _end in found]
    assert starts == sorted(starts)
    for token, start, end in found:
        surface = text[start:end]
        assert surface and not any(c.isspace() for c in surface)
        if token.isascii():  # Latin words and numbers: the token is the normalised surface
            assert token == unicodedata.normalize("NFKC", surface).lower()


def test_a_bigram_surface_analysed_alone_starts_with_the_same_token():
    text = SEED_JA.read_text(encoding="utf-8")
    analyzer = bigram_analyzer()
    for token, start, end in tokens(analyzer, text):
        assert tokens(analyzer, text[start:end])[0][0] == token


# Filters on their own


def test_nfkc_filter_normalises_full_width_text():
    analyzer = WordTokenizer() | NFKCFilter()
    assert [t.text for t in analyzer("２０８．２ａ Ｔｅｓｔ ﬁre")] == ["208.2a", "Test", "fire"]


def test_untokenized_values_pass_through_whole():
    for tokenizer in (WordTokenizer(), CJKBigramTokenizer(), JapaneseTokenizer()):
        found = [(t.text, t.startchar, t.endchar) for t in tokenizer("防御力 604.3", tokenize=False, chars=True)]
        assert found == [("防御力 604.3", 0, 9)]


# The analyzer table


def test_the_table_provides_exactly_the_analyzers_the_languages_name():
    assert set(ANALYZERS) == {
        "snowball-en",
        "snowball-it",
        "snowball-ru",
        "snowball-de",
        "snowball-fr",
        "japanese",
        "cjk-bigram",
    }
    assert {lang.analyzer for lang in languages.CONTENT_LANGUAGES.values()} == set(ANALYZERS)


def test_every_content_language_has_an_analyzer():
    for code in languages.CONTENT_LANGUAGES:
        assert analyzer_for(code) == ANALYZERS[languages.CONTENT_LANGUAGES[code].analyzer]()


def test_japanese_means_the_morphological_analyzer():
    assert isinstance(analyzer_for("ja")[0], JapaneseTokenizer)
    assert isinstance(bigram_analyzer()[0], CJKBigramTokenizer)


def test_a_content_language_without_an_analyzer_is_an_error_naming_both(monkeypatch):
    klingon = languages.Language("tlh", "Piqd", "snowball-tlh")
    monkeypatch.setitem(languages.CONTENT_LANGUAGES, "tlh", klingon)
    with pytest.raises(UnknownAnalyzer, match=r"content language 'tlh' names the search analyzer 'snowball-tlh'"):
        analyzer_for("tlh")


def test_an_unknown_language_code_is_an_error():
    with pytest.raises(languages.UnknownLanguage, match="unknown language 'pt'"):
        analyzer_for("pt")


def test_korean_is_read_in_character_bigrams_that_ignore_glued_particles():
    analyzer = analyzer_for("ko")
    assert texts(analyzer, "규칙은 게임에", mode="query") == ["규칙", "칙은", "게임", "임에"]
    assert texts(analyzer, "규칙", mode="query") == ["규칙"]


# Han characters: one key across Japanese, Traditional and Simplified Chinese (rulesref.core.han)


def test_japanese_lemmas_fold_their_han_characters_and_mark_them_as_printed():
    text = "攻撃クリーチャーは戦闘ダメージを与える。"
    assert tokens(analyzer_for("ja"), text) == [
        ("攻击", 0, 2),
        ("クリーチャー", 2, 8),
        ("战斗", 9, 11),
        ("ダメージ", 11, 15),
        ("与える", 16, 19),
    ]
    assert surfaces(analyzer_for("ja"), text) == ["攻撃", "クリーチャー", "戦闘", "ダメージ", "与える"]


@pytest.mark.parametrize("code", ["zh-hans", "ko"])
def test_chinese_and_korean_bigrams_fold_traditional_and_japanese_forms(code):
    analyzer = analyzer_for(code)
    assert tokens(analyzer, "攻擊戦闘") == [("攻击", 0, 2), ("击战", 1, 3), ("战斗", 2, 4), ("斗", 3, 4)]
    assert texts(analyzer, "규칙 攻撃", mode="query") == ["규칙", "攻击"]


def test_the_japanese_bigram_field_folds_too():
    assert texts(bigram_analyzer(), "呪文", mode="query") == texts(bigram_analyzer(), "咒文", mode="query") == ["咒文"]


def test_a_word_finds_its_other_character_forms_in_chinese_and_in_the_japanese_bigram_field(tmp_path):
    documents = ["主动牌手宣告进行攻击的生物。", "攻撃クリーチャーを指定する。", "クリーチャーを追放する。"]
    assert search(tmp_path / "zh", analyzer_for("zh-hans"), documents, "攻撃") == ["1", "2"]
    # MeCab cuts a Traditional or Simplified word it does not know into characters (攻 + 擊): the bigram
    # field, not the morphological one, finds it in a Japanese text.
    assert texts(analyzer_for("ja"), "攻擊", mode="query") == ["攻", "击"]
    assert search(tmp_path / "bigrams", bigram_analyzer(), documents[1:], "攻擊") == ["1"]


def test_an_analyzer_pickled_before_han_folding_is_analysed_apart():
    """An index built before folding keeps its analyzer until rebuilt: its snippets are cached under another
    name than the folding analyzer's."""
    assert analysis_key("ja", JapaneseTokenizer() | NFKCFilter()) == "ja@unfolded"
    assert analysis_key("zh-hans", CJKBigramTokenizer() | NFKCFilter()) == "zh-hans@unfolded"
    assert analysis_key("ja", analyzer_for("ja")) == "ja"
    assert analysis_key("zh-hans", analyzer_for("zh-hans")) == "zh-hans"


# Pickling: whoosh stores the analyzers in the index


@pytest.mark.parametrize("key", sorted(ANALYZERS))
def test_every_analyzer_survives_pickling(key):
    analyzer = ANALYZERS[key]()
    text = "Dell'Ordine: ёлка ２０８．２ａ クリーチャーが破壊される。防御力 604.3"
    before = tokens(analyzer, text)  # the Japanese tagger now exists: it must not be pickled
    data = pickle.dumps(analyzer)
    assert b"fugashi" not in data
    restored = pickle.loads(data)
    assert restored == analyzer
    assert tokens(restored, text) == before


def test_an_analyzer_keeps_working_after_an_index_is_reopened(tmp_path):
    schema = Schema(body=TEXT(analyzer=analyzer_for("ja")))
    index.create_in(tmp_path, schema)
    reopened = index.open_dir(tmp_path).schema["body"].analyzer
    assert texts(reopened, "破壊される") == ["破坏", "为る"]


# Card symbols


def test_card_symbols_are_extracted_normalised():
    text = "{T}: Add {2}{W}. Put a +1/+1 counter on it; it gets −1/−1 and ＋１/＋１ until end of turn."
    assert extract_symbols(text) == ["{t}", "{2}", "{w}", "+1/+1", "-1/-1", "+1/+1"]


def test_hybrid_and_variable_symbols_are_extracted_and_rule_numbers_are_not():
    assert extract_symbols("｛Ｗ/Ｕ｝ +X/+0 rule 208.2 2/3 1+1/+1") == ["{w/u}", "+x/+0"]


def test_a_german_verb_form_is_read_as_the_infinitive_the_texts_print(tmp_path):
    documents = [
        "Lege eine Karte in deinen Tintenvorrat, um sie zu tinten.",
        "Wenn du einen Charakter ausspielen willst, zahle seine Kosten.",
        "Wer am meisten Legenden hat, gewinnt.",
        "Die Karte gehört dem Spieler. Die Spieler gehören zu einem Team.",
    ]
    vocabulary = CompoundVocabulary.from_texts(GERMAN_TEXTS + documents)
    analyzer = german_analyzer(vocabulary)
    # A participle, with its "ge" after a separable prefix or at the front; a present-tense form stays as
    # printed (read as the infinitive, a question's verb grew common and weak).
    assert german_infinitive("getintete", vocabulary) == "tinten"
    assert german_infinitive("ausgespielt", vocabulary) == "ausspielen"
    assert german_infinitive("tintet", vocabulary) is None
    # The verb "ge…en" itself where the texts print it, not "hören"; nothing where no infinitive is printed
    # ("gewinnt": no "winnen", no "gewinnen").
    assert german_infinitive("gehört", vocabulary) == "gehören"
    assert german_infinitive("gewinnt", vocabulary) is None
    assert german_infinitive("karte", vocabulary) is None
    assert [t.text for t in analyzer("getintete Karten", mode="query")] == ["tint", "kart"]
    # Snowball alone left "getintet" and "ausgespielt", which no rule printing the infinitive holds.
    assert search(tmp_path / "tinten", analyzer, documents, "getintete") == ["1"]
    assert search(tmp_path / "ausspielen", analyzer, documents, "ausgespielt") == ["2"]
    assert search(tmp_path / "gehoren", analyzer, documents, "gehört") == ["4"]
