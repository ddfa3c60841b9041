"""Document highlights: the occurrences of the symbol under the cursor in this document, writes apart."""

from __future__ import annotations

from lsprotocol import types

from compiler.navigation.index import DocumentIndex
from compiler.navigation.workspace import Workspace
from pypto_lsp.positions import LineIndex


def highlights(
    index: DocumentIndex, workspace: Workspace, text_index: LineIndex, position: types.Position
) -> list[types.DocumentHighlight]:
    """Reads and writes of the name under the cursor in this document."""
    line, col = text_index.point(position)
    target = workspace.symbol_at(index, line, col)
    if target is None or target.located is None:
        return []
    out = []
    seen = set()
    for _, unit, reference in workspace.references(target, (), (), only=index):
        span = unit.absolute(reference.span)
        if span in seen:
            continue
        seen.add(span)
        kind = types.DocumentHighlightKind.Write if reference.store else types.DocumentHighlightKind.Read
        out.append(types.DocumentHighlight(range=text_index.range(span), kind=kind))
    return out
