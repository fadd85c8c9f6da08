"""The scenario pages as a reader gets them: status, the state table, parameters, coverage."""

import re
import shutil
from html import unescape

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import ROOT

pytestmark = pytest.mark.django_db


def text_of(html: str) -> str:
    """Visible text: inline tags vanish, block tags separate words."""
    html = re.sub(r"</?(?:span|strong|small|em|a)\b[^>]*>", "", html)
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def row(html: str, step: int, object_id: str) -> str:
    match = re.search(rf'<tr id="s{step}-{object_id}">(.*?)</tr>', html, re.S)
    assert match, f"no row for {object_id} in step {step}"
    return text_of(match.group(1)).strip()


def test_the_index_lists_every_scenario_with_its_rule(client):
    response = client.get("/examples/")
    assert response.status_code == 200
    html = response.content.decode()
    main = html.split("<main", 1)[1]  # the header links the index too
    assert main.count('href="/examples/') == 148  # 147 scenarios and the coverage page
    assert '<a href="/examples/veteran-motorist/">Veteran Motorist crews a Vehicle</a>' in html
    assert "208.3a, example 1" in text_of(html)


def test_titles_follow_the_interface_language(client):
    html = client.get("/examples/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert (
        '<td lang="it"><a href="/examples/veteran-motorist/">Il Manovratore Veterano manovra un Veicolo</a></td>'
        in html
    )
    html = client.get("/examples/veteran-motorist/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert '<h1 lang="ja">経験豊富な操縦者が機体に搭乗する</h1>' in html
    # A step without a Japanese text falls back to English, and says so.
    assert (
        '<span lang="en">Veteran Motorist and an uncrewed Vehicle are on the battlefield. '
        '<small class="lang-mark" lang="ja">（英語）</small></span>'
    ) in html


def test_a_scenario_page_shows_each_step_and_the_state_after_it(client):
    response = client.get("/examples/veteran-motorist/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Every expectation holds (12 checks)." in text_of(html)
    assert row(html, 1, "vehicle") == (
        "Vehicle battlefield You Artifact — Vehicle colorless Crew 1 — (printed 3/3) — —"
    )
    third = row(html, 3, "vehicle")
    assert "layer 7c: modifying power/toughness: Veteran Motorist’s trigger: +1/+1 until end of turn T3" in third
    assert "no effect yet: not a creature (rule 208.3a)" in third
    assert row(html, 4, "vehicle").startswith(
        "Vehicle battlefield You Artifact Creature — Vehicle colorless Crew 1 4/4"
    )
    assert "layer 4: type: Vehicle becomes an artifact creature until end of turn (crew) T4 → Artifact Creature" in row(
        html, 4, "vehicle"
    )
    assert "✔ pass — Vehicle: power/toughness: expected 4/4, got 4/4" in text_of(html)
    assert row(html, 5, "vehicle").startswith(
        "Vehicle battlefield You Artifact — Vehicle colorless Crew 1 — (printed 3/3)"
    )
    assert '<td lang="en">Veteran Motorist</td>' in html


def test_parameters_from_the_form_change_the_run(client):
    html = client.get("/examples/lost-order-of-jarkeld/?opponent_creatures=12").content.decode()
    assert 'name="opponent_creatures" value="12" min="0" max="20"' in html
    assert "Lost Order of Jarkeld battlefield You Creature — Human Knight white" in row(html, 3, "lost-order")
    assert " 13/13 " in row(html, 3, "lost-order")
    assert " 14/14 " in row(html, 4, "lost-order")


@pytest.mark.parametrize(
    ("query", "messages"),
    [
        ("opponent_creatures=21", ["Creatures the chosen opponent controls: 21 is out of bounds (0–20)."]),
        ("opponent_creatures=-3", ["Creatures the chosen opponent controls: -3 is out of bounds (0–20)."]),
        ("opponent_creatures=lots", ["Creatures the chosen opponent controls: “lots” is not a whole number."]),
        ("opponent_creatures=", ["Creatures the chosen opponent controls: “” is not a whole number."]),
        (
            "opponent_creatures=99999999999999999999",
            ["Creatures the chosen opponent controls: “99999999999999999999” is not a whole number."],
        ),
        ("colour=W", ["“colour” is not a parameter of this scenario."]),
        (
            "opponent_creatures=x&turn=1",
            [
                "Creatures the chosen opponent controls: “x” is not a whole number.",
                "“turn” is not a parameter of this scenario.",
            ],
        ),
    ],
)
def test_bad_parameters_get_a_400_that_says_why(client, query, messages):
    response = client.get(f"/examples/lost-order-of-jarkeld/?{query}")
    assert response.status_code == 400
    html = response.content.decode()
    found = [text_of(item).strip() for item in re.findall(r"<li>(.*?)</li>", html.split('class="errors"')[1])]
    assert found == messages
    assert 'id="verdict"' not in html


def test_reflected_values_are_escaped(client):
    response = client.get("/examples/lost-order-of-jarkeld/?opponent_creatures=%3Cscript%3Ealert(1)%3C/script%3E")
    assert response.status_code == 400
    html = response.content.decode()
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_a_run_over_its_budget_stops_with_a_message(client, settings):
    settings.RULESREF_EXAMPLES_OPERATIONS = 300
    response = client.get("/examples/lost-order-of-jarkeld/?opponent_creatures=20")
    assert response.status_code == 200
    text = text_of(response.content.decode())
    assert "The run was stopped: it used more operations than its budget allows." in text
    assert "The run did not finish: 3 of the 3 checks it reached passed." in text
    assert "Step 3: It enters the battlefield" in text
    assert "Step 4:" not in text


def test_an_unknown_scenario_is_404(client):
    assert client.get("/examples/no-such-scenario/").status_code == 404


def test_the_berserk_page_marks_russian_text(client):
    html = client.get("/examples/berserk-elf-rider-first-turn/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert '<h1 lang="ru">Берсерк: Эльф-всадник, слабость первого хода и Рывок</h1>' in html
    assert '<td lang="ru">Эльф-всадник</td>' in html
    reason = "слабость первого хода: существо появилось под контролем игрока в этот ход, и у него нет Рывка"
    assert reason in text_of(html)
    # No Magic colours, power/toughness, layers or timestamps on a Берсерк page.
    assert row(html, 5, "elf-rider") == (
        "Эльф-всадник поле битвы Вы Существо Выстрел (активируемая способность; закрывает Эльфа-всадника) Рывок — "
        "эффект: Вы берёте под контроль Эльфа-всадника → Вы эффект: Эльф-всадник получает Рывок → "
        "Выстрел (активируемая способность; закрывает Эльфа-всадника), Рывок"
    )


def test_the_page_shows_the_example_it_runs_from_the_database(client, seed_editions):
    html = client.get("/examples/veteran-motorist/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    quoted = re.findall(r'<blockquote>.*?<p lang="(\w+)">(.*?)</p>', html, re.S)
    assert [(lang, unescape(text)[:60]) for lang, text in quoted] == [
        ("it", "Il Manovratore Veterano (Veteran Motorist) ha l'abilità \"Ogn")
    ]
    assert 'href="/rules/mtg/it/2024-10-02/208.3a/"' in html


def test_the_run_link_of_an_italian_rule_opens_the_example_in_italian(client, seed_editions):
    rule = client.get("/rules/mtg/it/2024-10-02/208.3a/").content.decode()
    assert '<html lang="en">' in rule  # no interface language chosen: the reader's browser asks for none
    run = re.findall(r'<a class="example-run" href="([^"]+)">', rule)
    assert run == ["/examples/veteran-motorist/?lang=it"]
    response = client.get(run[0])
    assert (response.status_code, response["Content-Language"]) == (200, "it")
    html = response.content.decode()
    assert '<html lang="it">' in html
    assert '<h1 lang="it">Il Manovratore Veterano manovra un Veicolo</h1>' in html
    assert "<h2>L’esempio della regola</h2>" in html
    assert "<h2>Parametri</h2>" in html
    assert '<button type="submit" id="run">Esegui</button>' in html
    assert '<a href="/examples/?lang=it">Tutti gli esempi eseguibili</a>' in html
    # Back to the Italian rule, whose example is quoted in Italian.
    assert '<strong><a href="/rules/mtg/it/2024-10-02/208.3a/">208.3a</a></strong>' in html
    assert '<p lang="it">Il Manovratore Veterano (Veteran Motorist) ha l&#x27;abilità' in html
    assert (
        '<h3 id="step-1-heading">Passo 1: <span lang="it">Il Manovratore Veterano e un Veicolo non manovrato sono '
        "sul campo di battaglia.</span></h3>"
    ) in html
    # The checks quote the English rule: marked as English, in Italian.
    assert '<small class="lang-mark" lang="it">(in inglese)</small></span>' in html
    # Running it again with other parameters stays in Italian.
    assert '<input type="hidden" name="lang" value="it">' in html
    again = client.get("/examples/veteran-motorist/", {"lang": "it", "vehicle_power": "5"})
    assert again.status_code == 200
    assert '<html lang="it">' in again.content.decode()


def test_the_interface_the_reader_chose_stays_with_the_rules_texts(client, seed_editions):
    client.cookies["django_language"] = "en"
    html = client.get("/examples/veteran-motorist/?lang=it").content.decode()
    assert '<html lang="en">' in html
    assert "<h2>Parameters</h2>" in html
    assert '<h1 lang="it">Il Manovratore Veterano manovra un Veicolo</h1>' in html
    assert '<strong><a href="/rules/mtg/it/2024-10-02/208.3a/">208.3a</a></strong>' in html
    assert '<small class="lang-mark" lang="en">(in English)</small></span>' in html


def test_a_japanese_rules_example_page_marks_its_english_steps(client, seed_editions):
    html = client.get("/examples/veteran-motorist/?lang=ja").content.decode()
    assert '<html lang="ja">' in html
    assert '<h1 lang="ja">経験豊富な操縦者が機体に搭乗する</h1>' in html
    assert '<strong><a href="/rules/mtg/ja/ja-viewer/208.3a/">208.3a</a></strong>' in html
    assert (
        '<span lang="en">Veteran Motorist and an uncrewed Vehicle are on the battlefield. '
        '<small class="lang-mark" lang="ja">（英語）</small></span>'
    ) in html


@pytest.mark.parametrize("query", ["", "?lang=xx", "?lang=en"])
def test_an_english_page_has_no_language_marks(client, query):
    response = client.get(f"/examples/veteran-motorist/{query}")
    html = response.content.decode()
    assert (response.status_code, response["Content-Language"]) == (200, "en")
    assert '<h1 lang="en">Veteran Motorist crews a Vehicle</h1>' in html
    assert "lang-mark" not in html


def test_coverage_page_counts_per_chapter(client, english_edition):
    response = client.get("/examples/coverage/")
    assert response.status_code == 200
    text = text_of(response.content.decode())
    assert "Magic: The Gathering, English · September 20, 2024: 158 of 279 examples run as scenarios." in text
    assert "6. Spells, Abilities, and Effects 74 48 26" in text
    assert "113.6k example 1: not executable yet: needs triggered abilities the engine does not know yet" in text


def test_coverage_page_without_the_edition_says_so_by_its_names(client):
    response = client.get("/examples/coverage/")
    assert response.status_code == 200
    text = text_of(response.content.decode())
    assert "The edition Magic: The Gathering English September 20, 2024 is not imported" in text
    assert "mtg" not in text and "2024-09-20" not in text


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(
    slug=st.sampled_from(["lost-order-of-jarkeld", "veteran-motorist", "wild-mongrel", "svogthos"]),
    params=st.dictionaries(
        st.sampled_from(["opponent_creatures", "vehicle_power", "color", "graveyard_creatures", "x", "lang"]),
        st.text(max_size=12),
        max_size=3,
    ),
)
def test_fuzzed_query_strings_never_give_a_500(client, slug, params):
    response = client.get(f"/examples/{slug}/", params)
    assert response.status_code in (200, 400)


@pytest.mark.parametrize(
    ("query", "accept", "name", "tapped", "event"),
    [
        ("?lang=it", "", "Manovratore Veterano", "TAPpato", "Manovratore Veterano viene TAPpato"),
        ("", "ja", "経験豊富な操縦者", "タップ状態", "経験豊富な操縦者がタップされた"),
        ("?lang=ru", "", "Водитель-Ветеран", "повёрнут (закрыт)", "Водитель-Ветеран поворачивается (закрывается)"),
        ("", "en", "Veteran Motorist", "tapped", "Veteran Motorist became tapped"),
    ],
)
def test_card_names_come_from_the_card_data_in_the_pages_language(client, query, accept, name, tapped, event):
    html = client.get(f"/examples/veteran-motorist/{query}", HTTP_ACCEPT_LANGUAGE=accept or "en").content.decode()
    language = {"it": "it", "ja": "ja", "ru": "ru"}.get(query[-2:] or accept, "en")
    assert f'<tr id="s2-motorist">\n<td lang="{language}">{name}</td>' in html
    assert f"<li>{event}</li>" in html
    assert f'<span lang="{language}">{name}</span>: {tapped}:' in html
    # A card the data has no name for keeps its printed one, marked as English.
    assert '<tr id="s2-vehicle">\n<td lang="en">Vehicle</td>' in html


def test_japanese_pages_cite_lost_order_of_jarkeld_by_its_english_name(client):
    """No Japanese printing exists (rules_data/glossary/cards.toml): the English name, marked."""
    html = client.get("/examples/lost-order-of-jarkeld/?lang=ja").content.decode()
    assert '<tr id="s1-lost-order">\n<td lang="en">Lost Order of Jarkeld</td>' in html


@pytest.mark.parametrize(
    ("query", "first", "third"),
    [
        (
            "",
            "T1 → 1/1: it is not on the battlefield, so there is no chosen player: a number that can’t be determined "
            "is 0 (rule 208.2a)",
            "T6 → 4/4",
        ),
        (
            "?lang=it",
            "T1 → 1/1: non è sul campo di battaglia, quindi non c’è un giocatore scelto: un numero che non può essere "
            "determinato vale 0 (regola 208.2a)",
            "T6 → 4/4",
        ),
        (
            "?lang=ja",
            "T1 → 1/1: 戦場にないので、選ばれたプレイヤーはいない：決定できない数は0になる（ルール208.2a）",
            "T6 → 4/4",
        ),
        (
            "?lang=ru",
            "T1 → 1/1: объект не на поле битвы, поэтому выбранного игрока нет: число, которое нельзя определить, "
            "равно 0 (правило 208.2a)",
            "T6 → 4/4",
        ),
    ],
)
def test_the_7a_line_of_lost_order_says_why_it_counts_0_off_the_battlefield(client, query, first, third):
    html = client.get(f"/examples/lost-order-of-jarkeld/{query}").content.decode()
    assert row(html, 1, "lost-order").endswith(first)
    # On the battlefield a player is chosen: the count is the opponent's creatures, and no note.
    assert row(html, 3, "lost-order").endswith(third)


@pytest.mark.parametrize(
    ("query", "check"),
    [
        ("", "effects that exist but do nothing to it yet: expected {e}, got {e}"),
        ("?lang=it", "effetti che esistono ma non gli fanno ancora nulla: atteso {e}, ottenuto {e}"),
        ("?lang=ja", "存在するがまだ何もしていない効果: 期待値：{e}、実際：{e}"),
        ("?lang=ru", "эффекты, которые уже есть, но пока на него не действуют: ожидалось {e}, получено {e}"),
    ],
)
def test_step_3_of_veteran_motorist_shows_the_waiting_effect_exists(client, query, check):
    html = client.get(f"/examples/veteran-motorist/{query}").content.decode()
    step = text_of(html.split('id="step-3"', 1)[1].split('id="step-4"', 1)[0])
    assert check.format(e="Veteran Motorist’s trigger: +1/+1 until end of turn") in step
    assert "effect-3" not in step


def test_traces_name_players_and_reasons_never_ids_or_codes(client):
    treason = text_of(client.get("/examples/act-of-treason/").content.decode())
    assert "You’s" not in treason
    assert "until end of turn. T2 → You " in treason  # layer 2's result: a player's name, not "you"
    html = client.get("/examples/berserk-elf-rider-first-turn/?lang=ru").content.decode()
    text = text_of(html)
    assert "first-turn-weakness" not in text
    assert (
        "почему оно недопустимо: ожидалось слабость первого хода: существо появилось под контролем игрока в этот ход, "
        "и у него нет Рывка"
    ) in text
    # The shot by its text, not its key ("shot").
    assert "получено Выстрел (активируемая способность; закрывает Эльфа-всадника), Рывок" in text


def test_berserk_creatures_show_berserk_state_not_magic_power_and_toughness(client):
    html = client.get("/examples/berserk-elf-rider-first-turn/?lang=ru").content.decode()
    assert row(html, 6, "elf-rider") == (
        "Эльф-всадник поле битвы Вы Существо Выстрел (активируемая способность; закрывает Эльфа-всадника) Рывок закрыт "
        "эффект: Вы берёте под контроль Эльфа-всадника → Вы "
        "эффект: Эльф-всадник получает Рывок → Выстрел (активируемая способность; закрывает Эльфа-всадника), Рывок"
    )
    assert "силы/выносливости" not in text_of(html)
    # A player of Берсерк has no life total (the hero has lives, 208.3).
    assert "Вы: рука 0, колода 0, кладбище 0; Оппонент: рука 0, колода 0, кладбище 0" in text_of(html)
    assert "жизнь" not in text_of(html)


def test_a_broken_card_data_file_leaves_the_printed_names_and_the_page_up(client, settings, tmp_path):
    shutil.copytree(ROOT / "rules_data" / "examples", tmp_path / "rules_data" / "examples")
    (tmp_path / "rules_data" / "glossary").mkdir()
    (tmp_path / "rules_data" / "glossary" / "cards.toml").write_text('[[card]\nkey = "x', encoding="utf-8")
    settings.RULES_DATA_DIR = tmp_path / "rules_data"
    response = client.get("/examples/veteran-motorist/?lang=it")
    assert response.status_code == 200
    assert '<tr id="s2-motorist">\n<td lang="en">Veteran Motorist</td>' in response.content.decode()
