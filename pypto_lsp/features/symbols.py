"""Document outline: the file's real structure — entries, inline helpers, plain functions, programs and their
members, classes and constants — with the kernels each entry expands into as its children, each once."""

from __future__ import annotations

from lsprotocol import types

from compiler.analysis import Analysis, KernelInfo, SymbolInfo
from compiler.navigation import reach
from compiler.navigation.index import Definition, DocumentIndex, PlacedUnit
from compiler.navigation.workspace import Workspace
from compiler.source import Span
from pypto_lsp.positions import LineIndex

_KIND = {
    "program": types.SymbolKind.Class,
    "function": types.SymbolKind.Method,
    "kernel": types.SymbolKind.Function,
    "region": types.SymbolKind.Namespace,
    "scope": types.SymbolKind.Namespace,
}
_ENTRY = ("pl.jit", "pl.jit.host", "pl.jit.incore", "pl.jit.opaque", "pl.jit.extern", "pl.function")


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


def document_symbols(
    analysis: Analysis | None,
    index: LineIndex,
    nav: DocumentIndex | None = None,
    workspace: Workspace | None = None,
) -> list[types.DocumentSymbol]:
    """The hierarchical outline of the document (from the navigation index when there is one)."""
    if nav is None:
        return [_symbol(info, index) for info in (analysis.symbols if analysis is not None else ())]
    return _Outline(analysis, index, nav, workspace).build()


class _Outline:
    def __init__(
        self, analysis: Analysis | None, index: LineIndex, nav: DocumentIndex, workspace: Workspace | None
    ) -> None:
        self.analysis = analysis
        self.index = index
        self.nav = nav
        self.workspace = workspace

    def build(self) -> list[types.DocumentSymbol]:
        out: list[types.DocumentSymbol] = []
        programs: dict[str, types.DocumentSymbol] = {}
        for unit in self.nav.units:
            for definition in unit.facts.definitions:
                if definition.scope is not unit.facts.root:
                    continue
                symbol = self.definition(unit, definition)
                if symbol is None:
                    continue
                owner = programs.get(unit.owner or "") if unit.kind == "member" else None
                if owner is not None:
                    # A @pl.program's members are units of their own: nest them under their class.
                    owner.children = [*(owner.children or []), symbol]
                    _widen(owner, symbol)
                    continue
                if definition.kind == "class":
                    programs[definition.name] = symbol
                out.append(symbol)
        return sorted(out, key=lambda s: (s.range.start.line, s.range.start.character))

    @staticmethod
    def _shown(definition: Definition) -> bool:
        if definition.kind in ("function", "class", "method"):
            return True
        return definition.kind == "constant" and definition.name.isupper()

    def definition(self, unit: PlacedUnit, definition: Definition) -> types.DocumentSymbol | None:
        if not self._shown(definition):
            return None
        located = self.nav.locate(unit, definition)
        full = self.index.range(located.extent)
        selection = self.index.range(located.span)
        if not _contains(full, selection):
            full = selection
        children: list[types.DocumentSymbol] = []
        kind = types.SymbolKind.Constant
        detail = definition.detail
        if definition.kind in ("function", "method"):
            kind = types.SymbolKind.Function if definition.kind == "function" else types.SymbolKind.Method
            detail = self._role(definition)
            children = self.nested(unit, definition) + self.kernels(located.extent, definition)
        elif definition.kind == "class":
            kind = types.SymbolKind.Class
            detail = "pl.program" if definition.decorator == "pl.program" else (definition.detail or "class")
            children = self.nested(unit, definition)
        return types.DocumentSymbol(
            name=definition.name,
            kind=kind,
            range=full,
            selection_range=selection,
            detail=detail or None,
            children=children,
        )

    def _role(self, definition: Definition) -> str:
        decorator = definition.decorator
        if decorator in reach.INLINE_DECORATORS:
            return f"inline helper (@{decorator})"
        if decorator.startswith(_ENTRY) or decorator == "pl.jit":
            return f"entry (@{decorator})"
        return "function" if not decorator else f"@{decorator}"

    def nested(self, unit: PlacedUnit, definition: Definition) -> list[types.DocumentSymbol]:
        """Functions and classes defined inside (a builder's program, a program's members)."""
        scope = definition.defines
        if scope is None:
            return []
        out = []
        for inner in unit.facts.definitions:
            if inner.scope is scope and inner.kind in ("function", "class", "method"):
                symbol = self.definition(unit, inner)
                if symbol is not None:
                    out.append(symbol)
        return out

    def kernels(self, extent: Span, definition: Definition) -> list[types.DocumentSymbol]:
        """The kernels an entry expands into, each once: those in its body, and those its helper calls reach
        (placed at the call)."""
        analysis = self.analysis
        if (
            analysis is None
            or definition.decorator in reach.INLINE_DECORATORS
            or not definition.decorator.startswith(("pl.", "pld."))
        ):
            return []  # a plain function (a program builder) lists the program, whose members list kernels
        found: list[tuple[KernelInfo, Span, str]] = []
        for kernel in analysis.kernels:
            if extent.line <= kernel.header.line <= extent.end_line:
                found.append((kernel, kernel.span, ""))
        if self.workspace is not None:
            for unit, call in reach.calls_within(self.nav, extent):
                reached = reach.kernels_of_call(analysis, self.nav, self.workspace, unit, call)
                if reached is None:
                    continue
                site = unit.absolute(call.span)
                found.extend((k, site, reached.helper or "") for k in reached.kernels)
        seen: set[tuple[str, Span]] = set()
        out = []
        for kernel, span, helper in found:
            key = (kernel.name, kernel.span)
            if key in seen:
                continue
            seen.add(key)
            rng = self.index.range(span)
            detail = f"{reach.lane_of(kernel)} kernel" + (f" via {helper}" if helper else "")
            regions = [
                types.DocumentSymbol(
                    name=f"split_aiv({r.mode})",
                    kind=types.SymbolKind.Namespace,
                    range=self.index.range(r.span),
                    selection_range=self.index.range(r.header),
                )
                for r in kernel.regions
                if not helper and _contains(rng, self.index.range(r.span))
            ]
            out.append(
                types.DocumentSymbol(
                    name=kernel.name,
                    kind=types.SymbolKind.Event,
                    range=rng,
                    selection_range=types.Range(start=rng.start, end=rng.start),
                    detail=detail,
                    children=regions,
                )
            )
        return out


def _widen(parent: types.DocumentSymbol, child: types.DocumentSymbol) -> None:
    """A program's range covers its members (its header unit alone is only the class line)."""
    if (child.range.end.line, child.range.end.character) > (
        parent.range.end.line,
        parent.range.end.character,
    ):
        parent.range = types.Range(start=parent.range.start, end=child.range.end)
