"""Small readers of Python's `ast` shared by the evaluator and the front end."""

from __future__ import annotations

import ast


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
