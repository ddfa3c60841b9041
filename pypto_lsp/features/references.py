"""Find references: every occurrence of the symbol under the cursor in the workspace (its call sites for a
helper, its readers for a configuration constant, its uses for a local)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from lsprotocol import types

from compiler.navigation.index import DocumentIndex
from compiler.navigation.workspace import Workspace
from pypto_lsp.features.locations import Locator
from pypto_lsp.positions import LineIndex


def references(
    index: DocumentIndex,
    workspace: Workspace,
    text_index: LineIndex,
    position: types.Position,
    include_declaration: bool,
    roots: Iterable[Path],
    open_paths: Iterable[str],
) -> list[types.Location]:
    """The locations of every reference (the definition itself only when asked for)."""
    line, col = text_index.point(position)
    target = workspace.symbol_at(index, line, col)
    if target is None or target.located is None:
        return []
    declaration = target.located
    locator = Locator(workspace, text_index.encoding)
    out: list[types.Location] = []
    seen: set[tuple[str, int, int]] = set()
    for ref_index, unit, reference in workspace.references(target, roots, open_paths):
        span = unit.absolute(reference.span)
        if not include_declaration and ref_index.path == declaration.path and span == declaration.span:
            continue
        key = (ref_index.path, span.line, span.col)
        if key in seen:
            continue
        seen.add(key)
        location = locator.location(ref_index.path, span)
        if location is not None:
            out.append(location)
    return out
