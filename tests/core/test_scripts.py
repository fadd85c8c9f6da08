"""Script detection has one home, and the site's language guess uses it."""

from rulesref.core import scripts
from rulesref.site.setup import guess_language


def test_scripts_of_every_content_language():
    assert scripts.uses_script("toughness", "Latn")
    assert scripts.uses_script("выносливость", "Cyrl") and not scripts.uses_script("toughness", "Cyrl")
    assert scripts.uses_script("タフネス", "Jpan") and scripts.uses_script("防御力", "Jpan")
    assert scripts.uses_script("防御力", "Hans") and not scripts.uses_script("タフネス", "Hans")
    assert scripts.has_cjk("基础防御力") and not scripts.has_cjk("・")
    assert scripts.could_be_written_in("+1/+1", "Cyrl") and not scripts.could_be_written_in("toughness", "Hans")


def test_a_rules_file_language_is_told_from_its_script():
    assert guess_language("クリーチャー" * 20) == "ja"
    assert guess_language("生物" * 150) == "zh-hans"
    assert guess_language("существо" * 40) == "ru"
    assert guess_language("creature " * 40) == "en"
