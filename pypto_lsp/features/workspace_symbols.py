"""workspace/symbol: entries, helpers, plain functions, programs and their members, classes and constants of
every module in the workspace, and the kernels of the open documents, by a fuzzy match of the query."""

from __future__ import annotations

import time
from collections.abc import Iterable
from pathlib import Path

from lsprotocol import types

from compiler.analysis import KernelInfo
from compiler.navigation.index import DocumentIndex
from compiler.navigation.workspace import Workspace, python_files
from pypto_lsp.features.locations import Locator, uri_of
from pypto_lsp.positions import LineIndex

MAX_RESULTS = 500
SCAN_BUDGET_S = 1.5  # a first query over a large workspace indexes what it can in this time; later ones more

_KIND = {
    "function": types.SymbolKind.Function,
    "method": types.SymbolKind.Method,
    "property": types.SymbolKind.Property,
    "class": types.SymbolKind.Class,
    "constant": types.SymbolKind.Constant,
    "field": types.SymbolKind.Field,
}


def matches(query: str, name: str) -> bool:
    """Case-insensitive subsequence match (`mmsm` finds `matmul_softmax`)."""
    if not query:
        return True
    it = iter(name.lower())
    return all(ch in it for ch in query.lower())


def workspace_symbols(
    query: str,
    workspace: Workspace,
    roots: Iterable[Path],
    open_paths: Iterable[str],
    kernels: Iterable[tuple[str, KernelInfo, LineIndex]],
    encoding: str,
) -> list[types.SymbolInformation]:
    """Symbols whose name matches the query."""
    out: list[types.SymbolInformation] = []
    for path, kernel, line_index in kernels:
        if matches(query, kernel.name):
            out.append(
                types.SymbolInformation(
                    name=kernel.name,
                    kind=types.SymbolKind.Event,
                    location=types.Location(uri=uri_of(path), range=line_index.range(kernel.header)),
                    container_name=f"kernel · {kernel.func_type}",
                )
            )
    locator = Locator(workspace, encoding)
    deadline = time.monotonic() + SCAN_BUDGET_S
    seen: set[str] = set()
    for path in [*open_paths, *(str(p) for p in python_files(roots))]:
        if path in seen or len(out) >= MAX_RESULTS:
            continue
        seen.add(path)
        if time.monotonic() > deadline and not workspace.is_indexed(path):
            continue
        index = workspace.module(path)
        if index is not None:
            out.extend(_module_symbols(index, query, locator))
    return out[:MAX_RESULTS]


def _module_symbols(index: DocumentIndex, query: str, locator: Locator) -> list[types.SymbolInformation]:
    out = []
    for unit, definition in index.definitions():
        scope = definition.scope
        top = (
            scope.kind == "module"
            or (
                scope.kind in ("class", "program")
                and scope.parent is not None
                and scope.parent.kind == "module"
            )
            or scope.kind == "program"
        )
        if not top or definition.kind not in _KIND or not matches(query, definition.name):
            continue
        if definition.kind == "constant" and not definition.name.isupper():
            continue
        located = index.locate(unit, definition)
        location = locator.location(index.path, located.span)
        if location is None:
            continue
        container = definition.owner or unit.owner or Path(index.path).stem
        kind = _KIND[definition.kind]
        if definition.decorator.startswith("pl.program"):
            kind = types.SymbolKind.Module
        out.append(
            types.SymbolInformation(
                name=definition.name,
                kind=kind,
                location=location,
                container_name=container + (f" · @{definition.decorator}" if definition.decorator else ""),
            )
        )
    return out
