"""Document outline from Analysis.symbols."""

from __future__ import annotations

from lsprotocol import types

from compiler.analysis import Analysis, SymbolInfo
from pypto_lsp.positions import LineIndex

_KIND = {
    "program": types.SymbolKind.Class,
    "function": types.SymbolKind.Method,
    "kernel": types.SymbolKind.Function,
    "region": types.SymbolKind.Namespace,
    "scope": types.SymbolKind.Namespace,
}


def _contains(outer: types.Range, inner: types.Range) -> bool:
    start, end = (outer.start.line, outer.start.character), (outer.end.line, outer.end.character)
    return start <= (inner.start.line, inner.start.character) and (inner.end.line, inner.end.character) <= end


def _symbol(info: SymbolInfo, index: LineIndex) -> types.DocumentSymbol:
    full = index.range(info.span)
    selection = index.range(info.selection)
    if not _contains(full, selection):  # the protocol requires selection ⊆ range
        selection = types.Range(start=full.start, end=full.start)
    return types.DocumentSymbol(
        name=info.name or "<anonymous>",
        kind=_KIND.get(info.kind, types.SymbolKind.Object),
        range=full,
        selection_range=selection,
        detail=info.detail or None,
        children=[_symbol(child, index) for child in info.children],
    )


def document_symbols(analysis: Analysis, index: LineIndex) -> list[types.DocumentSymbol]:
    """The hierarchical outline of the document."""
    return [_symbol(info, index) for info in analysis.symbols]
