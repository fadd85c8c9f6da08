"""Parameter arithmetic in scenario files: data, never code."""

import pytest

from rulesref.examples.expressions import ExpressionError, evaluate, interpolate, names


def test_arithmetic_over_parameters():
    assert evaluate("1 + n * 2 - (n // 2)", {"n": 5}) == 9
    assert interpolate("${1 + n}/${1 + n}", {"n": 3}) == "4/4"
    assert interpolate("${n}", {"n": 3}) == 3
    assert interpolate({"pt": ["${n}", "{R}{W}"]}, {"n": 2}) == {"pt": [2, "{R}{W}"]}
    assert names("a + b * 2") == {"a", "b"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("__import__('os')", "expression \"__import__('os')\": only whole numbers, parameter names, + - * // and ( )"),
        ("n.real", "expression 'n.real': only whole numbers, parameter names, + - * // and ( )"),
        ("1.5", "expression '1.5': only whole numbers"),
        ("1 +", "cannot read expression '1 +'"),
        ("n // 0", "expression 'n // 0': division by zero"),
        ("m", "unknown parameter 'm'"),
    ],
)
def test_anything_else_is_refused(text, message):
    with pytest.raises(ExpressionError) as error:
        evaluate(text, {"n": 1})
    assert str(error.value) == message
