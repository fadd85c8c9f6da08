"""Glossary order and slugs: the language's own alphabet, not code points."""

from rulesref.rules.glossary import collation_key, initial, term_slug


def test_russian_sorts_yo_after_ye_and_ignores_capitals():
    words = ["Жук", "ёж", "Еда", "атака"]
    assert sorted(words) == ["Еда", "Жук", "атака", "ёж"]  # code points
    assert sorted(words, key=collation_key) == ["атака", "Еда", "ёж", "Жук"]


def test_italian_accents_sort_with_their_letter():
    words = ["zona", "àncora", "abilità", "Aura"]
    assert sorted(words, key=collation_key) == ["abilità", "àncora", "Aura", "zona"]


def test_kana_sort_in_syllabary_order():
    assert sorted(["タフネス", "クリーチャー", "アーティファクト", "パワー"], key=collation_key) == [
        "アーティファクト",
        "クリーチャー",
        "タフネス",
        "パワー",
    ]


def test_slugs_keep_every_script():
    assert term_slug("Active Player, Nonactive Player Order") == "active-player-nonactive-player-order"
    assert term_slug("防御力") == "防御力"
    assert term_slug("Рывок") == "рывок"
    assert initial("Ёж") == "Е"
    assert initial("àncora") == "A"
