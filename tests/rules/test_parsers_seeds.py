"""The bundled seed pages: the Italian wiki (run-on and bullets) and the Japanese viewer."""

import datetime

import pytest

from rulesref.rules.parsers import ParseError, it_bullets, it_runon, ja_viewer, parse_file, parse_source
from rulesref.rules.parsers.source import SourceText, read_source
from tests.conftest import SEED_BERSERK, SEED_IT_2023, SEED_IT_2024, SEED_JA

NUMBERS_2024 = ["208.1", "208.2", "208.2a", "208.2b", "208.3", "208.3a", "208.4", "208.4a", "208.4b", "208.5"]
NUMBERS_2023 = ["208.1", "208.2", "208.2a", "208.2b", "208.3", "208.3a", "208.4", "208.5"]

RUNON_INTRO_1 = (
    "Forza e Costituzione (Power and Thoughtness) sono due parametri "
    "strettamente correlati tra loro, presenti solo sulle carte creatura. "
    "Compaiono in basso a destra del riquadro del testo. Dei due numeri che "
    "compaiono, la prima è la forza e la seconda è la costituzione."
)
RUNON_INTRO_2 = (
    "Può capitare che anziché esserci un numero, ci sia una stella (*). Questo "
    "simbolo indica che la forza o la costituzione, in base alla posizione in "
    "cui compare la stella (a volte entrambe) rappresenta un numero variabile in "
    "base ad una caratteristica indicata nel testo."
)
RUNON_LEAD_IN = "Tratto dal Regolamento (Aggiornato a Duskmourn: La Casa degli Orrori, 02 Ottobre 2024)"
BULLETS_INTRO = (
    "Costituzione (Toughness) è un parametro presente solo sulle carte "
    "creatura. Compare in basso a destra della carta, all'estrema destra del "
    "riquadro del testo. Dei due numeri che compaiono, la costituzione è "
    "rappresentata dal secondo. Può capitare che questa anziché essere un numero, "
    'sia un "*". Questo simbolo indica che la costituzione è variabile in base '
    "ad una caratteristica indicata nel testo."
)
BULLETS_LEAD_IN = (
    "Tratto dal Regolamento (Aggiornato a Il Signore degli anelli: Racconti della Terra di Mezzo, 16 Giugno 2023)"
)
RUNON_208_2A = (
    "La carta può avere un'abilità che definisce le caratteristiche e che imposta la "
    "sua forza e/o costituzione in base a una condizione dichiarata. (Vedi regola "
    '604.3.) Tale abilità è formulata come "[La forza o la costituzione] di [Questa '
    'creatura] è uguale a..." oppure "La forza e la costituzione di [Questa creatura] '
    'sono entrambe uguali a...". Questa abilità funziona ovunque, anche fuori dal '
    "gioco. Se l'abilità deve usare un numero che non può essere determinato, incluso "
    "all'interno di un calcolo, usa 0 invece di quel numero."
)
RUNON_208_2B = (
    "La carta può avere un'abilità statica che crea un effetto di sostituzione che "
    "imposta la forza e la costituzione della creatura su uno di un numero di valori "
    "specifici quando entra nel campo di battaglia o viene girata a faccia in su. "
    '(Vedi regola 614, "Effetti di sostituzione"). Tale abilità è formulata "Quando '
    "[questa creatura] entra...,” “Quando [questa creatura] viene girata a faccia in "
    "su...,” oppure “[Questa creatura] entra come...” ed elenca due o più valori "
    "specifici di forza e costituzione (e può anche elencare caratteristiche "
    "aggiuntive). Le caratteristiche scelte o determinate con questi effetti "
    "influenzano i valori copiabili della creatura. (Vedi regola 707.2.) Mentre la "
    "carta non è sul campo di battaglia, la sua forza e costituzione sono entrambe "
    "considerate pari a 0."
)
RUNON_JARKELD = (
    "L'Ordine Perduto di Jarkeld ha forza e costituzione entrambe uguali a 1+*. Il "
    'testo dice "Mentre l\'Ordine Perduto di Jarkeld entra, scegli un avversario." e '
    "\"La forza e la costituzione dell'Ordine Perduto di Jarkeld sono entrambi uguali "
    "a 1 più il numero di creature che quell'avversario controlla\". Mentre l'Ordine "
    "Perduto di Jarkeld non è sul campo di battaglia, non è stato scelto alcun "
    "avversario. La forza e la costituzione saranno entrambe uguali a 1+0, cioè "
    "l'Ordine Perduto di Jarkeld sarà 1/1."
)
BULLETS_MOTORIST = (
    "Il Manovratore Veterano ha l'abilità \"Ogniqualvolta il Manovratore Veterano "
    'manovra un Veicolo, quel Veicolo prende +1/+1 fino alla fine del turno." e viene '
    "tappato per pagare il costo di manovrare di un Veicolo. Quando questa abilità "
    "innescata si risolve, il Veicolo che è stato manovrato non è ancora diventato una "
    "creatura. L'effetto continuo viene creato e si applicherà al Veicolo non appena "
    "diventerà una creatura."
)
JA_MOTORIST = (
    "《経験豊富な操縦者》は「経験豊富な操縦者が機体1つに搭乗するたび、ターン終了時まで、"
    "その機体は＋1/＋1の修整を受ける。」という能力を持つ。この誘発型能力は、その機体が"
    "登場された後、クリーチャー になる前に解決される。この継続的効果は発生し、この機体が"
    "クリーチャー になったらその機体に適用される。"
)


def entry(result, number):
    (found,) = [e for e in result.entries if e.number == number and e.kind != "note"]
    return found


def xrefs(result, number):
    return [reference.target for reference in entry(result, number).cross_references]


def notes(result):
    return [(e.line, e.title, e.text) for e in result.entries if e.kind == "note"]


@pytest.fixture(scope="module")
def it_2024():
    return parse_file(SEED_IT_2024)


@pytest.fixture(scope="module")
def it_2023():
    return parse_file(SEED_IT_2023)


@pytest.fixture(scope="module")
def ja():
    return parse_file(SEED_JA)


# Every seed -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "format", "numbers"),
    [
        (SEED_IT_2024, "it-wiki-runon", NUMBERS_2024),
        (SEED_IT_2023, "it-wiki-bullets", NUMBERS_2023),
        (SEED_JA, "ja-viewer", NUMBERS_2024),
    ],
)
def test_seed_is_detected_and_yields_its_rule_numbers_in_order(path, format, numbers):
    result = parse_file(path)
    assert result.format == format
    assert result.numbers == numbers


@pytest.mark.parametrize("path", [SEED_IT_2024, SEED_IT_2023, SEED_JA])
def test_seed_leaves_no_line_unplaced_and_raises_no_warning(path):
    result = parse_file(path)
    assert result.report.unplaced == []
    assert result.report.warnings == []


@pytest.mark.parametrize(
    ("path", "counts"),
    [
        (SEED_IT_2024, dict(chapters=0, sections=1, rules=5, subrules=5, examples=2, cross_references=5, notes=5)),
        (SEED_IT_2023, dict(chapters=0, sections=0, rules=5, subrules=3, examples=2, cross_references=4, notes=3)),
        (SEED_JA, dict(chapters=1, sections=1, rules=5, subrules=5, examples=2, cross_references=5, notes=0)),
    ],
)
def test_seed_counts(path, counts):
    assert parse_file(path).counts == {**counts, "glossary": 0}


@pytest.mark.parametrize("path", [SEED_IT_2024, SEED_IT_2023, SEED_JA])
def test_every_non_blank_line_is_in_an_entry_or_skipped(path):
    result = parse_file(path)
    placed = {e.line for e in result.entries}
    placed |= {x.line for e in result.entries for x in e.examples}
    placed |= {skipped.line for skipped in result.report.skipped}
    source = read_source(path)
    assert {n for n, text in source.numbered() if text.strip()} == placed


@pytest.mark.parametrize("path", [SEED_IT_2024, SEED_IT_2023, SEED_JA])
def test_lost_order_of_jarkeld_is_an_example_of_208_2a_only(path):
    result = parse_file(path)
    holders = [e.number for e in result.entries if any("Jarkeld" in example.text for example in e.examples)]
    assert holders == ["208.2a"]
    assert "Jarkeld" not in entry(result, "208.2a").text


@pytest.mark.parametrize(
    ("path", "name"),
    [
        (SEED_IT_2024, "Manovratore Veterano"),
        (SEED_IT_2023, "Manovratore Veterano"),
        (SEED_JA, "経験豊富な操縦者"),
    ],
)
def test_veteran_motorist_is_an_example_of_208_3a_only(path, name):
    result = parse_file(path)
    holders = [e.number for e in result.entries if any(name in x.text for x in e.examples)]
    assert holders == ["208.3a"]


@pytest.mark.parametrize("path", [SEED_IT_2024, SEED_IT_2023, SEED_JA])
def test_subrules_hang_under_their_rule(path):
    result = parse_file(path)
    assert result.entries[entry(result, "208.2a").parent].number == "208.2"
    assert result.entries[entry(result, "208.3a").parent].number == "208.3"


# 000: the run-on page (2024) ---------------------------------------------------


def test_runon_splits_208_2a_and_208_2b_at_their_numbers_only(it_2024):
    assert entry(it_2024, "208.2a").text == RUNON_208_2A
    assert entry(it_2024, "208.2b").text == RUNON_208_2B


def test_runon_keeps_a_fraction_inside_the_rule_text(it_2024):
    assert "Ad esempio, 2/3 significa" in entry(it_2024, "208.1").text
    assert entry(it_2024, "208.1").text.startswith("Una carta creatura ha due numeri")


def test_runon_cited_rule_613_stays_in_the_text_of_208_4a_and_208_4b(it_2024):
    assert entry(it_2024, "208.4a").text.endswith('Vedi regola 613, "Interazione di effetti continui".')
    assert entry(it_2024, "208.4b").text.endswith('Vedere la regola 613, "Interazione di effetti continui".')
    assert entry(it_2024, "208.5").text == (
        "Se una creatura in qualche modo non ha alcun valore per la sua forza, la sua "
        "forza è 0. Lo stesso vale per la costituzione."
    )


def test_runon_example_label_is_left_out_of_the_example(it_2024):
    (example,) = entry(it_2024, "208.2a").examples
    assert example.text == RUNON_JARKELD
    assert example.line == 9
    assert (
        entry(it_2024, "208.3a").examples[0].text.startswith("Il Manovratore Veterano (Veteran Motorist) ha l'abilità")
    )


def test_runon_section_heading_and_every_rule_carry_line_9(it_2024):
    section = entry(it_2024, "208")
    assert (section.kind, section.title, section.text) == ("section", "forza/Costituzione", "")
    assert {e.line for e in it_2024.entries if e.number} == {9}


def test_runon_cross_references(it_2024):
    found = {e.number: [x.target for x in e.cross_references] for e in it_2024.entries}
    assert {number: refs for number, refs in found.items() if refs} == {
        "208.2a": ["604.3"],
        "208.2b": ["614", "707.2"],
        "208.4a": ["613"],
        "208.4b": ["613"],
    }


def test_runon_introduction_heading_and_lead_in_are_notes(it_2024):
    assert notes(it_2024) == [
        (1, "Forza/Costituzione", ""),
        (3, "", RUNON_INTRO_1),
        (5, "", RUNON_INTRO_2),
        (7, "Regolamento", ""),
        (9, "", RUNON_LEAD_IN),
    ]
    assert it_2024.report.skipped == []


def test_runon_edition_statement(it_2024):
    edition = it_2024.edition
    assert (edition.name, edition.date, edition.line) == (
        "Duskmourn: La Casa degli Orrori",
        datetime.date(2024, 10, 2),
        9,
    )


# 001: the bulleted page (2023) -------------------------------------------------


def test_bullets_skip_page_chrome_with_a_reason(it_2023):
    nav_row = read_source(SEED_IT_2023).lines[21]
    assert nav_row.startswith("BordoColoreDifesaIndicatore di colore")
    assert [(s.line, s.text, s.reason) for s in it_2023.report.skipped] == [
        (1, "Magic: the Gathering Wiki", "page chrome: site name"),
        (2, "Iscriviti", "page chrome: sign-up link"),
        (3, "Advertisement", "page chrome: advertisement"),
        (22, nav_row, "page chrome: card-parts navigation row"),
        (23, "Advertisement", "page chrome: advertisement"),
    ]


def test_bullets_introduction_heading_and_lead_in_are_notes(it_2023):
    assert notes(it_2023) == [
        (5, "", BULLETS_INTRO),
        # The wiki's edit-link marker "[]" is not part of the heading.
        (7, "Regolamento", ""),
        (9, "", BULLETS_LEAD_IN),
    ]


def test_bullets_nested_examples_belong_to_the_bullet_above(it_2023):
    (jarkeld,) = entry(it_2023, "208.2a").examples
    (motorist,) = entry(it_2023, "208.3a").examples
    assert (jarkeld.line, motorist.line) == (13, 17)
    assert jarkeld.text.startswith("L'Ordine Perduto di Jarkeld ha forza")
    assert motorist.text == BULLETS_MOTORIST


def test_bullets_rule_text_and_lines(it_2023):
    rule = entry(it_2023, "208.5")
    assert (rule.kind, rule.line, rule.text) == (
        "rule",
        19,
        (
            "Se una creatura, in qualche modo, non ha un valore per la sua forza, la sua "
            "forza è 0. Lo stesso vale per la costituzione."
        ),
    )
    assert "2/3 significa" in entry(it_2023, "208.1").text


def test_bullets_cross_references(it_2023):
    assert xrefs(it_2023, "208.2a") == ["604.3"]
    # The 2023 text cites 706.2 where the 2024 text cites 707.2.
    assert xrefs(it_2023, "208.2b") == ["614", "706.2"]
    assert xrefs(it_2023, "208.4") == ["613"]


def test_bullets_edition_statement(it_2023):
    edition = it_2023.edition
    assert (edition.name, edition.date, edition.line) == (
        "Il Signore degli anelli: Racconti della Terra di Mezzo",
        datetime.date(2023, 6, 16),
        9,
    )


# 002: the Japanese viewer --------------------------------------------------------


def test_viewer_name_is_skipped_as_page_chrome(ja):
    assert [(s.line, s.text, s.reason) for s in ja.report.skipped] == [
        (1, "総合ルールビューア", "page chrome: viewer name")
    ]
    assert notes(ja) == []


def test_viewer_chapter_and_section_headings(ja):
    chapter, section = ja.entries[:2]
    assert (chapter.kind, chapter.number, chapter.title, chapter.line) == ("chapter", "2", "カードの部分", 2)
    assert (section.kind, section.number, section.title, section.line) == ("section", "208", "パワー／タフネス", 3)
    assert section.parent == 0
    assert ja.entries[entry(ja, "208.1").parent] is section


def test_viewer_examples_with_either_colon(ja):
    (jarkeld,) = entry(ja, "208.2a").examples
    (motorist,) = entry(ja, "208.3a").examples
    assert jarkeld.line == 7  # "例:"
    assert jarkeld.text.startswith("《Lost Order of Jarkeld》のパワーやタフネスは")
    assert motorist.line == 11  # "例："
    assert motorist.text == JA_MOTORIST


def test_viewer_keeps_english_template_phrases(ja):
    text = entry(ja, "208.2a").text
    assert "[This creature's] [power or toughness] is equal to ～" in text
    assert text.startswith("カードは、何らかの条件に基づいて")


def test_viewer_cross_references(ja):
    assert xrefs(ja, "208.2a") == ["604.3"]
    assert xrefs(ja, "208.2b") == ["614", "707.2"]
    assert xrefs(ja, "208.4a") == ["613"]
    assert xrefs(ja, "208.4b") == ["613"]


def test_viewer_states_no_edition(ja):
    assert ja.edition is None


# detect() ------------------------------------------------------------------------

SEED_DETECTION = [
    (SEED_IT_2024, (True, False, False)),
    (SEED_IT_2023, (False, True, False)),
    (SEED_JA, (False, False, True)),
    (SEED_BERSERK, (False, False, False)),
]
CORPUS_FILES = [
    "mtg_cr_en_20240917_duskmourn.txt",
    "berserk_heroes_full_rules_ru_ed15_20240531.noimages.md",
    "mtg_cr_en_20250404_cr-line-endings.txt",
    "mtg_cr_zh-hans_20240917_duskmourn.txt",
]


def detections(source):
    return tuple(module.detect(source) for module in (it_runon, it_bullets, ja_viewer))


@pytest.mark.parametrize(("path", "expected"), SEED_DETECTION)
def test_each_seed_is_detected_by_its_own_parser_only(path, expected):
    assert detections(read_source(path)) == expected


@pytest.mark.parametrize("name", CORPUS_FILES)
def test_rule_corpora_are_not_taken_for_wiki_or_viewer_pages(corpus, name):
    assert detections(read_source(corpus(name))) == (False, False, False)


# Other pages of the same sites ---------------------------------------------------

RUNON_704 = (
    "Regolamento\n"
    "Tratto dal Regolamento (Aggiornato a Tarkir: Tempesta dei Draghi, 04 Aprile 2025) "
    "704. Azioni generate dallo stato "
    "704.5. Le azioni generate dallo stato sono le seguenti: "
    "704.5k Se un giocatore controlla due o più leggendari con lo stesso nome, ne "
    "sceglie uno. "
    "704.5z Se un permanente ha un segnalino, succede qualcosa. "
    "704.5aa Se una battaglia non ha protettore, va nel cimitero (see regola 704.5k.) "
    "e non torna, vedi regola 704.6 per il resto. Esempio: Una battaglia senza "
    "protettore. "
    "704.6. Fine."
)


def test_runon_splits_a_two_letter_subrule_but_not_a_cited_number():
    result = parse_source(SourceText.from_string(RUNON_704))
    assert result.format == "it-wiki-runon"
    assert result.numbers == ["704.5", "704.5k", "704.5z", "704.5aa", "704.6"]
    rule = entry(result, "704.5aa")
    assert rule.kind == "subrule"
    assert rule.text == (
        "Se una battaglia non ha protettore, va nel cimitero (see regola 704.5k.) "
        "e non torna, vedi regola 704.6 per il resto."
    )
    assert [x.text for x in rule.examples] == ["Una battaglia senza protettore."]
    assert xrefs(result, "704.5aa") == ["704.5k", "704.6"]
    assert result.entries[rule.parent].number == "704.5"
    assert result.edition.date == datetime.date(2025, 4, 4)


def test_runon_keyword_rule_without_closing_period_still_splits():
    """702.19's text is just the keyword: 702.19a follows it with no period."""
    text = (
        "Regolamento\n"
        "Tratto dal Regolamento (Aggiornato a X, 02 Ottobre 2024) "
        "702.19. Travolgere 702.19a Travolgere è un'abilità statica. "
        "702.19b Vedi le regole 702.19c e 702.19d per i dettagli. "
        "702.19c Altro. 702.19d Fine."
    )
    result = parse_source(SourceText.from_string(text))
    assert result.numbers == ["702.19", "702.19a", "702.19b", "702.19c", "702.19d"]
    assert entry(result, "702.19").text == "Travolgere"
    assert entry(result, "702.19b").text == "Vedi le regole 702.19c e 702.19d per i dettagli."
    assert xrefs(result, "702.19b") == ["702.19c", "702.19d"]


def test_runon_page_without_a_rule_of_its_section_is_a_parse_error():
    text = (
        "Regolamento\nTratto dal Regolamento (Aggiornato a X, 02 Ottobre 2024) 208. Forza 604.3. Testo. 605.1. Testo."
    )
    source = SourceText.from_string(text, path="forza.txt")
    assert it_runon.detect(source)
    with pytest.raises(ParseError) as error:
        it_runon.parse(source)
    assert (error.value.path, error.value.line) == ("forza.txt", 2)


def test_bullets_page_of_another_rule_with_deeper_examples():
    text = (
        "Regolamento[]\n"
        "  • 702.19. Travolgere\n"
        "  • 702.19b Il controllore assegna il danno. (Vedi regola 510.1c.)\n"
        "      • Esempio: Una creatura 2/2 con travolgere.\n"
        "  • 702.19c Testo.\n"
        "Advertisement\n"
    )
    result = parse_source(SourceText.from_string(text))
    assert result.format == "it-wiki-bullets"
    assert result.numbers == ["702.19", "702.19b", "702.19c"]
    assert entry(result, "702.19").text == "Travolgere"
    assert [x.text for x in entry(result, "702.19b").examples] == ["Una creatura 2/2 con travolgere."]
    assert xrefs(result, "702.19b") == ["510.1c"]
    assert [(s.line, s.reason) for s in result.report.skipped] == [(6, "page chrome: advertisement")]


def test_bullets_example_not_indented_under_its_rule_is_kept_with_a_warning():
    text = "Regolamento[]\n  • 208.1 Testo.\n  • Esempio: Un esempio.\n"
    result = parse_source(SourceText.from_string(text))
    assert [x.text for x in entry(result, "208.1").examples] == ["Un esempio."]
    assert [(w.line, w.message) for w in result.report.warnings] == [
        (3, "example not indented under 208.1: attached to it")
    ]


def test_bullets_page_with_only_a_section_bullet_is_a_parse_error():
    source = SourceText.from_string("Regolamento[]\n  • 208. Forza\n", path="p.txt")
    assert it_bullets.detect(source)
    with pytest.raises(ParseError) as error:
        it_bullets.parse(source)
    assert (error.value.path, error.value.line) == ("p.txt", 2)


def test_viewer_page_of_another_rule():
    text = (
        "総合ルールビューア\n"
        "7. 追加ルール\n"
        "704. 状況起因処理\n"
        "- 704.5z 何らかの処理を行う。\n"
        "- 704.5aa バトルが墓地に置かれる。rule 310.10 参照。\n"
        "例：バトルの例。\n"
    )
    result = parse_source(SourceText.from_string(text))
    assert result.format == "ja-viewer"
    assert result.numbers == ["704.5z", "704.5aa"]
    assert [x.text for x in entry(result, "704.5aa").examples] == ["バトルの例。"]
    assert xrefs(result, "704.5aa") == ["310.10"]


def test_viewer_page_with_headings_only_is_a_parse_error():
    source = SourceText.from_string("総合ルールビューア\n2. カードの部分\n208. パワー\n", path="v.txt")
    assert ja_viewer.detect(source)
    with pytest.raises(ParseError) as error:
        ja_viewer.parse(source)
    assert (error.value.path, error.value.line) == ("v.txt", 3)
