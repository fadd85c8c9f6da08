"""Invalid text from outside is named, escaped, and refused in one line."""

import pytest

from rulesref.core.text import InvalidText, check_text, printable


def test_a_byte_that_is_not_utf8_is_named_by_its_value_and_position():
    argument = b"\xe3\x82\xbf\xff".decode("utf-8", "surrogateescape")
    with pytest.raises(InvalidText) as error:
        check_text(argument, what="query")
    assert str(error.value) == "query 'タ\\xff' is not valid text: byte 0xff at position 1 is not UTF-8"
    str(error.value).encode("utf-8")  # printable anywhere


@pytest.mark.parametrize(
    "value, message",
    [
        ("a\ud800b", "name 'a\\ud800b' is not valid text: lone surrogate U+D800 at position 1"),
        ("a\x00b", "name 'a\\x00b' is not valid text: NUL character at position 1"),
    ],
)
def test_lone_surrogates_and_nul_are_refused(value, message):
    with pytest.raises(InvalidText) as error:
        check_text(value, what="name")
    assert str(error.value) == message


def test_valid_text_passes_unchanged():
    for value in ["costituzione", "タフネス", "отражение ударов", "208.2a", "", None, "tab\there"]:
        assert check_text(value, what="x") == value


def test_printable_escapes_controls_and_quotes():
    assert printable("it's\n") == "'it\\'s\\n'"
