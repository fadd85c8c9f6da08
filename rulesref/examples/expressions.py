"""Arithmetic over scenario parameters: ``1 + opponent_creatures``, and ``${…}`` inside
strings ("${1 + n}/${1 + n}"). Parsed with :mod:`ast` and evaluated by walking a whitelist
of node types: scenario files are data, never code.
"""

from __future__ import annotations

import ast
import operator
import re

INTERPOLATION_RE = re.compile(r"\$\{([^{}]*)\}")
OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.FloorDiv: operator.floordiv}
UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos}
MAX_LENGTH = 200


class ExpressionError(ValueError):
    pass


def parse(text: str) -> ast.Expression:
    if len(text) > MAX_LENGTH:
        raise ExpressionError(f"expression longer than {MAX_LENGTH} characters")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        raise ExpressionError(f"cannot read expression {text!r}") from None
    for node in ast.walk(tree):
        allowed = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Name, ast.Load, ast.Constant)
        if not isinstance(node, allowed + tuple(OPERATORS) + tuple(UNARY)):
            raise ExpressionError(f"expression {text!r}: only whole numbers, parameter names, + - * // and ( )")
        if isinstance(node, ast.Constant) and (not isinstance(node.value, int) or isinstance(node.value, bool)):
            raise ExpressionError(f"expression {text!r}: only whole numbers")
    return tree


def names(text: str) -> set[str]:
    return {node.id for node in ast.walk(parse(text)) if isinstance(node, ast.Name)}


def evaluate(text: str, params: dict[str, object]) -> object:
    def walk(node):
        if isinstance(node, ast.Expression):
            return walk(node.body)
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            if node.id not in params:
                raise ExpressionError(f"unknown parameter {node.id!r}")
            return params[node.id]
        if isinstance(node, ast.UnaryOp):
            return UNARY[type(node.op)](walk(node.operand))
        if isinstance(node, ast.BinOp):
            left, right = walk(node.left), walk(node.right)
            if not isinstance(left, int) or not isinstance(right, int):
                raise ExpressionError(f"expression {text!r}: arithmetic needs whole numbers")
            if isinstance(node.op, ast.FloorDiv) and right == 0:
                raise ExpressionError(f"expression {text!r}: division by zero")
            return OPERATORS[type(node.op)](left, right)
        raise ExpressionError(f"cannot evaluate {text!r}")

    return walk(parse(text))


def interpolated_names(text: str) -> set[str]:
    found: set[str] = set()
    for match in INTERPOLATION_RE.finditer(text):
        found |= names(match.group(1))
    return found


def interpolate(value: object, params: dict[str, object]) -> object:
    """Replace ``${expr}`` in strings (recursively in lists and tables). A string that is
    exactly one ``${expr}`` becomes the expression's value (an int stays an int)."""
    if isinstance(value, str):
        whole = INTERPOLATION_RE.fullmatch(value.strip())
        if whole:
            return evaluate(whole.group(1), params)
        return INTERPOLATION_RE.sub(lambda m: str(evaluate(m.group(1), params)), value)
    if isinstance(value, list):
        return [interpolate(item, params) for item in value]
    if isinstance(value, dict):
        return {key: interpolate(item, params) for key, item in value.items()}
    return value
