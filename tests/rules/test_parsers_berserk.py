"""The two «Берсерк» parsers: plain text from a web page (seed 003) and the Heroes ed. 15
Markdown (with its icons inlined, and the twin with ``![](image)`` placeholders).

Counts are checked against regexes over the raw lines written here, not the parser's.
"""

import difflib
import html
import re

import pytest

from rulesref.rules.markup import to_html, to_plain
from rulesref.rules.parsers import ParseError, SourceText, berserk_md, berserk_text, parse_file, read_source
from rulesref.rules.parsers.base import CHAPTER, NOTE, RULE, SECTION, SUBRULE, ReportLine
from tests.conftest import SEED_BERSERK, SEED_IT_2023, SEED_IT_2024, SEED_JA

MD = "berserk_heroes_full_rules_ru_ed15_20240531.md"
MD_NOIMAGES = "berserk_heroes_full_rules_ru_ed15_20240531.noimages.md"
CR_EN = "mtg_cr_en_20240917_duskmourn.txt"
BOTH_MD = pytest.mark.parametrize("name", [MD, MD_NOIMAGES])


def entry(result, number, kind=None):
    """The first entry printed with ``number``."""
    return next(e for e in result.entries if e.number == number and (kind is None or e.kind == kind))


# --- berserk-text: seed 003 -------------------------------------------------------


def test_seed_is_read_as_berserk_text():
    assert berserk_text.detect(read_source(SEED_BERSERK))
    assert not berserk_md.detect(read_source(SEED_BERSERK))
    assert parse_file(SEED_BERSERK).format == "berserk-text"


def test_seed_numbered_paragraphs_are_rules_without_their_final_period():
    result = parse_file(SEED_BERSERK)
    assert result.numbers == ["106.4", "107.2", "107.3", "107.4", "107.5"]
    assert {e.kind for e in result.entries if e.number} == {RULE}
    assert entry(result, "106.4").text == "Подтип карты – это разновидность существ, экипировок, событий."
    assert entry(result, "106.4").line == 7


def test_seed_counts():
    assert parse_file(SEED_BERSERK).counts == {
        "chapters": 0,
        "sections": 0,
        "rules": 5,
        "subrules": 0,
        "examples": 3,
        "glossary": 0,
        "cross_references": 0,
        "notes": 5,
    }


def test_seed_unnumbered_paragraphs_are_kept_as_notes():
    result = parse_file(SEED_BERSERK)
    notes = [e for e in result.entries if e.kind == NOTE]
    assert [(n.line, n.number) for n in notes] == [(1, ""), (3, ""), (9, ""), (11, ""), (13, "")]
    assert notes[0].text == "Если карта теряет стихию, то она становится нейтральной картой."
    assert notes[0].examples == []
    assert notes[2].text == "Дополнительные свойства."


def test_seed_list_items_continue_the_paragraph_before_them():
    note = next(e for e in parse_file(SEED_BERSERK).entries if e.line == 13)
    assert note.text == (
        "Дополнительные свойства карт:\n"
        "· Атака ударом (этим свойством обладают все существа в игровой зоне);\n"
        "· Назначение защитника от удара (этим свойством обладают все существа в игровой зоне);\n"
        "· Отражение удара (этим свойством обладают все существа в игровой зоне).\n"
        "· Слабость первого хода (этим свойством обладают все существа в игровой зоне)."
    )


def test_seed_examples_belong_to_the_paragraph_before_them_without_their_label():
    result = parse_file(SEED_BERSERK)
    note = next(e for e in result.entries if e.line == 3)
    assert note.text == "Карта может получать стихию, которую уже имеет. Нейтральная карта может потерять стихию."
    assert [(x.line, x.text) for x in note.examples] == [
        (5, "Фиал сотворения может выбрать для своей первой способности нейтральную карту.")
    ]
    assert [(x.line, x.text) for x in entry(result, "107.5").examples] == [
        (31, "Вы взяли под контроль Эльфа-всадника, но не можете ни атаковать им ударом, ни использовать его выстрел."),
        (
            33,
            "Вы взяли под контроль Эльфа-всадника и дали ему способность Рывок. "
            "Теперь вы можете сразу либо атаковать ударом, либо сделать выстрел.",
        ),
    ]
    assert sum(len(e.examples) for e in result.entries if e.number != "107.5" and e.line != 3) == 0


def test_seed_site_search_prompt_is_skipped_as_page_chrome():
    report = parse_file(SEED_BERSERK).report
    assert report.skipped == [
        ReportLine(35, "Не нашли, что искали? Воспользуйтесь поиском:", "page chrome: site search prompt")
    ]
    assert report.unplaced == []
    assert report.warnings == []


def test_text_without_a_numbered_rule_is_a_parse_error_naming_the_line():
    source = SourceText.from_string("Просто текст.\n\nЕщё абзац.\n", path="fragment.txt")
    with pytest.raises(ParseError) as error:
        berserk_text.parse(source)
    assert (error.value.path, error.value.line) == ("fragment.txt", 3)


# --- detection ----------------------------------------------------------------


@BOTH_MD
def test_markdown_files_are_read_as_berserk_md(corpus, name):
    source = read_source(corpus(name))
    assert berserk_md.detect(source)
    assert not berserk_text.detect(source)


@pytest.mark.parametrize("path", [SEED_IT_2024, SEED_IT_2023, SEED_JA])
def test_other_seeds_are_neither_berserk_format(path):
    source = read_source(path)
    assert (berserk_text.detect(source), berserk_md.detect(source)) == (False, False)


def test_english_comprehensive_rules_are_neither_berserk_format(corpus):
    source = read_source(corpus(CR_EN))
    assert (berserk_text.detect(source), berserk_md.detect(source)) == (False, False)


def test_markdown_with_sections_but_no_rule_is_a_parse_error_naming_the_line(tmp_path):
    path = tmp_path / "empty.md"
    path.write_text("# Часть 1. Основы\n\n## 101\\. Общие сведения\n\nТекст без номера.\n", encoding="utf-8")
    with pytest.raises(ParseError) as error:
        parse_file(path)
    assert (error.value.path, error.value.line) == (str(path), 5)


# --- berserk-md: counts against the raw lines -------------------------------------

RAW_CHAPTER = re.compile(r"^# Часть \d+\. ")
RAW_SECTION = re.compile(r"^(?:#+ )?\d{3}\\?\.(?!\d)")
RAW_RULE = re.compile(r"^(?:#+ )?\d{3}\.\d+\.? ")
RAW_SUBRULE = re.compile(r"^(?:#+ )?\d{3}\.\d+(?:\.\d+)+\.? ")
RAW_EXAMPLE = re.compile(r"^(?:#+ )?ПРИМЕР[.:]")


def raw_lines(path):
    return path.read_text(encoding="utf-8").split("\n")


def raw_glossary_lines(lines):
    start = next(i for i, line in enumerate(lines) if line.startswith("# Часть 7."))
    end = next(i for i, line in enumerate(lines) if line.startswith("# Часть 8."))
    return [line for line in lines[start:end] if line.startswith("**")]


@BOTH_MD
def test_markdown_counts_equal_the_raw_lines(corpus, name):
    lines = raw_lines(corpus(name))
    counts = parse_file(corpus(name)).counts
    assert counts["chapters"] == sum(map(bool, map(RAW_CHAPTER.match, lines))) == 8
    assert counts["sections"] == sum(map(bool, map(RAW_SECTION.match, lines))) == 78
    assert counts["rules"] == sum(map(bool, map(RAW_RULE.match, lines))) == 300
    assert counts["subrules"] == sum(map(bool, map(RAW_SUBRULE.match, lines))) == 48
    assert counts["examples"] == sum(map(bool, map(RAW_EXAMPLE.match, lines))) == 80
    assert counts["glossary"] == len(raw_glossary_lines(lines)) == 195


def test_markdown_examples_include_the_one_printed_as_a_heading(corpus):
    """SOURCES.md counts 79 «ПРИМЕР» paragraphs; line 1393 is an 80th, as a ``####`` heading."""
    lines = raw_lines(corpus(MD_NOIMAGES))
    assert sum(line.startswith(("ПРИМЕР.", "ПРИМЕР:")) for line in lines) == 79
    result = parse_file(corpus(MD_NOIMAGES))
    assert [(x.line, x.text) for x in entry(result, "517.1").examples] == [
        (1393, "*Большой кулак* может вместо Регенерации 4 излечить других существ суммарно до 4")
    ]


def test_markdown_measured_counts(corpus):
    result = parse_file(corpus(MD_NOIMAGES))
    assert result.counts == {
        "chapters": 8,
        "sections": 78,
        "rules": 300,
        "subrules": 48,
        "examples": 80,
        "glossary": 195,
        # «согласно пункту 401.5» (205.3), «согласно пункту 503.1» (503.3.1), «согласно 309.2» (519.2);
        # «(пункт 309.1)» and «(пункт 310.2 и 310.3)» stand in glossary definitions.
        "cross_references": 3,
        # 39 before the title page's line of pictures (line 1, no text) was skipped instead.
        "notes": 38,
    }
    assert len(result.report.skipped) == 95


def words(text):
    return re.findall(r"[^\W\d_]+", text)


@BOTH_MD
def test_every_markdown_line_ends_up_in_the_result(corpus, name):
    """No line is unplaced, and the words of every line appear, in order, in the output.

    Dropped on purpose: numbers (kept as entry numbers), markup (icons, kept as
    ``[image]``; ``<br>``; ``&lt;`` is ``<``) and the labels «Часть» and «ПРИМЕР».
    """
    result = parse_file(corpus(name))
    assert result.report.unplaced == []
    pieces = [f"{e.title} {e.text}" for e in result.entries]
    pieces += [x.text for e in result.entries for x in e.examples]
    pieces += [f"{g.term} {g.definition}" for g in result.glossary]
    pieces += [s.text for s in result.report.skipped]
    # Markup marks ("*", "**") are not words.
    output = " " + " ".join(" ".join(words(to_plain(p).replace("[image]", " "))) for p in pieces) + " "
    dropped = {"Часть", "ПРИМЕР"}
    for line in raw_lines(corpus(name)):
        line = re.sub(r"!\[[^\]]*\]\([^)]*\)|<br>", " ", html.unescape(line)).replace("*", "").replace("_", "")
        line_words = [w for w in words(line) if w not in dropped]
        assert " " + " ".join(line_words) + " " in output, line[:80]


def test_markdown_table_delimiter_rows_and_contents_are_skipped_with_reasons(corpus):
    skipped = parse_file(corpus(MD_NOIMAGES)).report.skipped
    contents = [s for s in skipped if s.reason == "table of contents"]
    assert [s.line for s in contents] == list(range(31, 210, 2))
    assert contents[0].text == "# Оглавление"
    assert contents[1].text == "[Разработчики 1](#_Toc167980278)"
    delimiters = [s for s in skipped if s.reason == "markdown table delimiter row"]
    assert [s.line for s in delimiters] == [312, 516, 630, 1229]


# --- berserk-md: structure --------------------------------------------------------


def test_parts_are_chapters_and_escaped_numbers_are_sections(corpus):
    result = parse_file(corpus(MD_NOIMAGES))
    chapters = [(e.number, e.title, e.line) for e in result.entries if e.kind == CHAPTER]
    assert chapters[0] == ("1", "Основные принципы игры. Способности и особенности", 211)
    assert chapters[6:] == [
        ("7", "Терминология", 1591),
        ("8", "Карты с особенностью «Созданный», «Помещённый»", 1983),
    ]
    sections = {e.number: e for e in result.entries if e.kind == SECTION}
    # A heading's title is not stored again as its text.
    assert (sections["101"].title, sections["101"].text) == ("Общие сведения об игре", "")
    assert {(e.kind, e.text) for e in result.entries if e.kind in (CHAPTER, SECTION)} == {(CHAPTER, ""), (SECTION, "")}
    # Printed "## 302.Этап…" and, as plain paragraphs, "402\. …" and "403\. …".
    assert sections["302"].title == "Этап начала хода"
    assert (sections["402"].title, sections["402"].line) == ("Одновременное срабатывание особенностей", 1071)
    assert result.entries[sections["101"].parent].number == "1"


def test_heading_level_does_not_decide_the_kind_the_number_does(corpus):
    result = parse_file(corpus(MD_NOIMAGES))
    assert (entry(result, "105.1").kind, entry(result, "107.1").kind) == (RULE, RULE)  # "####"
    assert (entry(result, "107.1.1").kind, entry(result, "104.3.1").kind) == (SUBRULE, SUBRULE)  # "#####", "###"
    assert result.entries[entry(result, "107.1.1").parent].number == "107.1"


def test_rules_printed_as_paragraphs_or_without_final_period_are_rules(corpus):
    result = parse_file(corpus(MD_NOIMAGES))
    assert entry(result, "115.4").line == 575
    assert entry(result, "115.4").text.startswith("Если несколько постоянных способностей")
    assert entry(result, "116.3").text.startswith("При комбинации постоянной способности")
    assert entry(result, "401.8").text.startswith("Очередь считается пустой")
    assert entry(result, "527.2.1").kind == SUBRULE


def test_duplicate_numbers_are_both_kept_and_the_second_flagged(corpus):
    result = parse_file(corpus(MD_NOIMAGES))
    for number, first_line, second_line in [("104.3", 241, 247), ("118.8", 625, 627)]:
        first, second = [i for i, e in enumerate(result.entries) if e.number == number]
        assert (result.entries[first].line, result.entries[second].line) == (first_line, second_line)
        assert result.entries[first].duplicate_of is None
        assert result.entries[second].duplicate_of == first
    assert [(w.line, w.message) for w in result.report.warnings] == [
        (247, "number 104.3 is printed twice (first on line 241); both entries are kept"),
        (627, "number 118.8 is printed twice (first on line 625); both entries are kept"),
    ]
    assert (
        entry(result, "104.3").text == "Небазовые свойства – это тип карты, стихия, класс карты, контролирующий игрок"
    )


def test_lists_and_tables_continue_the_rule_text(corpus):
    result = parse_file(corpus(MD_NOIMAGES))
    assert entry(result, "102.1").text == (
        "Для игры используются\n"
        "- оригинальные карты, произведённые ООО «Мир Хобби»;\n"
        "- маркеры монет или любые другие аксессуары, позволяющие с лёгкостью их заменить;\n"
        "- рекомендуется использовать какие-либо предметы для обозначения ран и различных эффектов "
        "на существах и героях, например, разноцветные кубики."
    )
    assert entry(result, "107.1.1").text == (
        "Соответствие между типом карты и присущими ему базовыми свойствами приведено в таблице\n"
        "|  | **Стоимость карты** | **Количество жизней** | **Сила удара** |\n"
        "| **Герой** |  | **+** |  |\n"
        "| **Существо** | **+** | **+** | **+** |\n"
        "| **Заклинание** | **+** |  |  |\n"
        "| **Карта поддержки** | **+** |  |  |"
    )
    # Hard line breaks and escaped list dashes.
    assert entry(result, "120.4").text.split("\n")[1:3] == ["-маркеры ран;", "-маркеры изменения небазовых свойств;"]
    # Unnumbered headings ("### 1) …") are steps of the rule above them.
    steps = entry(result, "308.1").text.split("\n")
    assert steps[1].startswith("1) Игрок анонсирует, что он активирует способность.")
    assert steps[-1] == "11) Выполнение способности. На этом этапе срабатывает заявленная способность"


def test_a_paragraph_after_an_example_continues_the_example(corpus):
    result = parse_file(corpus(MD_NOIMAGES))
    example = entry(result, "209.5").examples[0]
    assert example.line == 815
    assert example.text.endswith("\nКарта *Чернокнижие*. Выбирает своей целью любого героя ваших оппонентов.")


def test_paragraphs_right_after_a_heading_are_notes_of_that_heading(corpus):
    result = parse_file(corpus(MD_NOIMAGES))
    notes = [
        (e.line, result.entries[e.parent].number) for e in result.entries if e.kind == NOTE and 211 < e.line < 1591
    ]
    assert notes == [(464, "109"), (478, "110"), (515, "112"), (849, "3"), (915, "306"), (1554, "601")]
    note = next(e for e in result.entries if e.line == 464)
    assert note.text == "Начальный тип– это тип карты, который она имеет до начала игры."


@BOTH_MD
def test_inline_icons_become_image_placeholders(corpus, name):
    result = parse_file(corpus(name))
    assert entry(result, "106.1").text.startswith(
        "Базовая стоимость карты – число внутри символа [image]. При упоминании стоимости"
    )
    # The title page's 39 pictures, alone on line 1, carry no text: skipped, not a note of "[image]"s.
    (first,) = [line for line in result.report.skipped if line.line == 1]
    assert (first.reason, first.text.count("![](")) == ("pictures without text", 39)
    assert result.entries[0].text == "**Берсерк. Герои**"
    assert not any(e.text.startswith("[image]") for e in result.entries)
    # 44 icons remain, each where it stands in a sentence.
    icons = sum(e.text.count("[image]") + sum(x.text.count("[image]") for x in e.examples) for e in result.entries)
    assert icons + sum(g.definition.count("[image]") for g in result.glossary) == 83 - 39


def test_markdown_escapes_are_undone_and_emphasis_kept_as_markup(corpus):
    result = parse_file(corpus(MD_NOIMAGES))
    assert "«Выполнить [Х], при этом выполнить [У]»" in entry(result, "119.4").text
    # Emphasis closed inside a word, "_Исчезающий в сумрак_е", is kept where the converter put it.
    example = entry(result, "105.6").examples[0].text
    assert example.startswith("В игровой зоне у вас находится *Исчезающий в сумрак*е с прикреплёнными к нему *Э")
    assert to_html(example).startswith("<p>В игровой зоне у вас находится <em>Исчезающий в сумрак</em>е с")
    texts = {(e.number, e.line): e.text for e in result.entries}
    texts.update({("example", x.line): x.text for e in result.entries for x in e.examples})
    texts.update({("glossary", g.line): g.definition for g in result.glossary})
    for residue in ("_", "\\[", "\\.", "](", "&lt;", "<br>"):
        assert [key for key, text in texts.items() if residue in text] == [], residue
    # Every mark of emphasis is paired: what the renderer shows has no asterisk left.
    assert [key for key, text in texts.items() if "*" in to_plain(text)] == []
    # Italics: one per "_…_" pair of the file (the table of contents' "#_Toc" anchors aside); bold:
    # the title page's two lines and the 13 bold cells of 107.1.1's table (glossary terms and card
    # names are titles, without their bold).
    pairs = sum(line.count("_") // 2 for line in raw_lines(corpus(MD_NOIMAGES)) if "#_Toc" not in line)
    assert sum(to_html(text).count("<em>") for text in texts.values()) == pairs == 181
    assert sum(to_html(text).count("<strong>") for text in texts.values()) == 2 + 13
    # The one backslash left is printed: "раны и\\или эффекты".
    assert [key for key, text in texts.items() if "\\" in text] == [("508.4.3", 1276)]
    terms = [g.term for g in result.glossary]
    assert [term for term in terms if "*" in term or "_" in term] == []


def test_rule_108_1_keeps_its_list(corpus):
    result = parse_file(corpus(MD_NOIMAGES))
    text = entry(result, "108.1").text
    assert text.split("\n")[1:] == [
        "Дополнительные свойства существ в игровой зоне:",
        "- Атака ударом;",
        "- Назначение защитника от удара;",
        "- Отражение удара;",
        "- Слабость первого хода.",
    ]
    assert to_html(text).endswith(
        "<p>Дополнительные свойства существ в игровой зоне:</p>\n"
        "<ul><li>Атака ударом;</li><li>Назначение защитника от удара;</li><li>Отражение удара;</li>"
        "<li>Слабость первого хода.</li></ul>"
    )


def test_images_file_and_placeholder_file_give_identical_results(corpus):
    with_images = parse_file(corpus(MD))
    placeholders = parse_file(corpus(MD_NOIMAGES))
    assert [(e.number, e.text) for e in with_images.entries] == [(e.number, e.text) for e in placeholders.entries]
    assert with_images.entries == placeholders.entries
    assert with_images.glossary == placeholders.glossary
    # The skipped line of pictures holds the pictures themselves in one file, placeholders in the other.
    assert [(s.line, s.reason) for s in with_images.report.skipped] == [
        (s.line, s.reason) for s in placeholders.report.skipped
    ]


# --- berserk-md: front matter, edition, glossary, created cards ---------------------


def test_front_matter_is_kept_as_notes(corpus):
    """Headings are titles (their text empty); the title page keeps its bold and italics."""
    result = parse_file(corpus(MD_NOIMAGES))
    front = [(e.line, e.title, e.text) for e in result.entries[:15]]
    assert front == [
        (3, "", "**Берсерк. Герои**"),
        (5, "", "Полные Правила"),
        (7, "", "*Пятнадцатая базовая редакция*"),
        (9, "Разработчики", ""),
        (11, "Разработчики", "Автор игры: Иван Попов"),
        (13, "Разработчики", "Разработчики игры: Егор Попов, Сергей Раевич"),
        (15, "Разработчики", "Развитие игры: Семён Пыхтеев"),
        (17, "Разработчики", "Редактор правил: Семён Язовский"),
        (
            19,
            "Разработчики",
            "Разработчики объявляют благодарность за помощь в составлении правил Георгию Колганову, "
            "Тимуру Чеботаревскому.",
        ),
        (21, "Разработчики", "**Дата публикации 31.05.2024**"),
        (23, "Вступление", ""),
        (
            25,
            "Вступление",
            "Полные Правила ККИ «Берсерк. Герои» представляют собой свод правил для игры один на один "
            "и являются официальным документом, выпускаемым компанией ООО «Мир Хобби».",
        ),
        (27, "Вступление", "Все официальные турниры должны проводиться в соответствии с этими правилами."),
        (29, "Вступление", "Правила вступают в силу со дня их публикации."),
        (211, "Основные принципы игры. Способности и особенности", ""),
    ]
    assert {e.kind for e in result.entries[:14]} == {NOTE}


@BOTH_MD
def test_edition_is_the_publication_date_and_the_printed_name(corpus, name):
    edition = parse_file(corpus(name)).edition
    assert (edition.name, edition.date.isoformat(), edition.line, edition.text) == (
        "Пятнадцатая базовая редакция",
        "2024-05-31",
        21,
        "Дата публикации 31.05.2024",
    )


def test_glossary_terms_lose_bold_and_final_period(corpus):
    glossary = parse_file(corpus(MD_NOIMAGES)).glossary
    assert (glossary[0].term, glossary[0].line) == ("Авангард Х", 1593)
    assert glossary[-1].term == "Ярость"
    terms = {g.term: g for g in glossary}
    amulet = terms["Амулет"]  # printed "**Амулет**." with the period outside the bold
    assert (amulet.definition, amulet.line, amulet.rules) == (
        "Класс карты поддержки. У игрока может быть только один амулет в игре.",
        1601,
        [],
    )
    assert terms["Не может … (Нельзя …)"].definition == "См. Не Работает, Нелегальность."
    assert terms["Дар жизни, или Дар жизни X"].definition.startswith("имеет вид: «Снимите с ваших персонажей")
    assert terms["Вымогательство — <условие>"].definition.startswith("Когда срабатывает эффект Вымогательства")
    assert "[Текст] Не Работает" in terms


def test_glossary_entries_list_the_rules_they_cite(corpus):
    glossary = parse_file(corpus(MD_NOIMAGES)).glossary
    cited = {g.term: g.rules for g in glossary if g.rules}
    assert cited == {"Немедленно": ["310.2", "310.3"], "Применить эффект заклинания": ["309.1"]}


def test_created_cards_are_notes_of_chapter_8_titled_with_the_card(corpus):
    result = parse_file(corpus(MD_NOIMAGES))
    cards = [e for e in result.entries if e.line > 1983]
    assert {(e.kind, result.entries[e.parent].number) for e in cards} == {(NOTE, "8")}
    assert [e.title for e in cards] == [
        "Созданный - Элементали",
        "Элементаль огня",
        "Элементаль воздуха",
        "Элементаль земли",
        "Элементаль воды",
        "Элементаль праха",
        "Созданный - Модули",
        "Защитный модуль",
        "Модуль атаки",
        "Модуль подавления",
        "Модуль подвижности",
        "Модуль поддержки",
        "Помещённый",
        "Попутный ветер",
        "Чёрная метка",
        "Созданный - Копия",
        "Яйцо",
        "Яйцо",
    ]
    # The bold name that starts each card's line is its title, not repeated in its text.
    egg = cards[-1]
    assert egg.text.startswith(
        "Нейтральное существо, удар 0, здоровье 2, стоимость 1. Класс – яйцо.\n"
        "Текст особенностей: «Созданный. Не может атаковать и выступать защитником."
    )
    assert [e.text[:22] for e in cards[:3]] == ["", "Степное существо, удар", "Горное существо, удар "]
    assert not any(e.text.startswith(e.title) for e in cards if e.text)


# --- the seed is an older edition of the same rules ---------------------------------


def test_seed_107_2_to_107_5_are_this_editions_108_2_to_108_5(corpus):
    """Renumbered and lightly reworded: «…» quotes, «сражаться» → «обмениваться», no
    final period in the Markdown, and 108.5 rewrites its first sentence. The examples of
    107.5 / 108.5 are word for word the same."""
    seed = parse_file(SEED_BERSERK)
    heroes = parse_file(corpus(MD_NOIMAGES))
    similarity = {}
    for old, new in [("107.2", "108.2"), ("107.3", "108.3"), ("107.4", "108.4"), ("107.5", "108.5")]:
        matcher = difflib.SequenceMatcher(None, entry(seed, old).text, entry(heroes, new).text, autojunk=False)
        similarity[old] = round(matcher.ratio(), 4)
    assert similarity == {"107.2": 0.9861, "107.3": 0.9754, "107.4": 0.9487, "107.5": 0.8643}
    assert entry(seed, "107.2").text == entry(heroes, "108.2").text.replace("«", '"').replace("»", '"') + "."
    # Word for word once the Markdown's italics (card names) are set aside.
    assert [x.text for x in entry(seed, "107.5").examples] == [
        to_plain(x.text) for x in entry(heroes, "108.5").examples
    ]
