"""Small readers of Python's `ast` shared by the evaluator and the front end."""

from __future__ import annotations

import ast
import warnings


def dotted_name(node: ast.expr) -> str | None:
    """`pl.tile.load` for an Attribute chain over a Name; None for anything else."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def parse_source(text: str) -> ast.Module:
    """`ast.parse` without the SyntaxWarnings Python prints for odd literals (they are not our output)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ast.parse(text)
