"""What Python raises when it evaluates a parameter's `pl.Tile[...]` annotation (pl.Tile.__class_getitem__,
language/typing/tile.py): the item count, then each trailing item, before any parser reads the signature."""

from __future__ import annotations

import ast

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.frontend.builder import SpanMaker
from compiler.syntax import dotted_name


def tile_annotation_fault(node: ast.Subscript, spans: SpanMaker) -> Diagnostic | None:
    """F190 / F186 ... F189 on one `pl.Tile[...]` subscript of a parameter annotation."""
    items = node.slice
    if not isinstance(items, ast.Tuple) or len(items.elts) not in (2, 3, 4, 5):
        if isinstance(
            items, ast.Tuple | ast.List | ast.Constant | ast.Name
        ):  # a starred tuple is not counted
            return diagnostic("PTO-F190", spans.of(node))
        return None
    if any(isinstance(e, ast.Starred) for e in items.elts):
        return None
    memref = space = False
    for extra in items.elts[2:]:
        name = dotted_name(extra.func) if isinstance(extra, ast.Call) else dotted_name(extra)
        if isinstance(extra, ast.Call) and name == "pl.MemRef":
            if memref:
                return diagnostic("PTO-F186", spans.of(node))
            memref = True
        elif isinstance(extra, ast.Call) and name == "pl.TileView":
            return None  # its own constructor checks its arguments first (not modelled): silent
        elif isinstance(extra, ast.Attribute) and name and name.startswith(("pl.Mem.", "pl.MemorySpace.")):
            if space:
                return diagnostic("PTO-F188", spans.of(node))
            space = True
        elif isinstance(extra, ast.Constant) and extra.value is not None and extra.value is not Ellipsis:
            return diagnostic("PTO-F189", spans.of(node), type=type(extra.value).__name__)
        else:
            return None  # a value Python computes (a variable, another call): not modelled, silent
    if memref and not space:
        return diagnostic("PTO-F187", spans.of(node))
    return None
