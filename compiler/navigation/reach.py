"""Which kernels a line of source reaches: the kernels outlined at it, or, on a call of an inline helper, every
kernel the helper's body (and the helpers it calls) expands into, with the lane each one runs on.

A helper of another module is spliced with its kernels placed at the call site (the pipeline's localizer);
a helper of the same document keeps its own lines, so its kernels are the ones inside its body.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from compiler.analysis import Analysis, KernelInfo
from compiler.navigation.index import CallSite, DocumentIndex, PlacedUnit
from compiler.navigation.workspace import Target, Workspace
from compiler.source import Span

INLINE_DECORATORS = frozenset({"pl.jit.inline", "pl.inline"})
MAX_HELPER_DEPTH = 16


def lane_of(kernel: KernelInfo) -> str:
    """ "AIC", "AIV" or "mixed" (a kernel that ExpandMixedKernel splits into an AIC and an AIV function)."""
    kind = kernel.func_type.upper()
    if "MIX" in kind or "GROUP" in kind or (kernel.aic_name and kernel.aiv_name):
        return "mixed"
    if "AIC" in kind or "CUBE" in kind:
        return "AIC"
    if "AIV" in kind or "VECTOR" in kind:
        return "AIV"
    return kernel.func_type


@dataclass(frozen=True, slots=True)
class Reached:
    """The distinct kernels a line reaches (each once), and through which helper when it is a call."""

    kernels: tuple[KernelInfo, ...]
    helper: str | None = None  # the inline helper called on the line
    helper_path: str | None = None

    def by_lane(self) -> dict[str, list[KernelInfo]]:
        """Kernels grouped by lane, in the order AIC, AIV, mixed, other."""
        groups: dict[str, list[KernelInfo]] = {}
        for kernel in self.kernels:
            groups.setdefault(lane_of(kernel), []).append(kernel)
        order = {"AIC": 0, "AIV": 1, "mixed": 2}
        return dict(sorted(groups.items(), key=lambda item: order.get(item[0], 3)))

    def summary(self) -> str:
        """`3 AIC / 5 AIV / 2 mixed kernels`, `1 AIV kernel`."""
        parts = [f"{len(ks)} {lane}" for lane, ks in self.by_lane().items()]
        noun = "kernel" if len(self.kernels) == 1 else "kernels"
        return f"{' / '.join(parts)} {noun}"


def distinct(kernels: Iterable[KernelInfo]) -> tuple[KernelInfo, ...]:
    """Each kernel once (a helper called twice yields the same kernel twice)."""
    seen: set[tuple[str, Span, str]] = set()
    out: list[KernelInfo] = []
    for kernel in kernels:
        key = (kernel.name, kernel.span, kernel.func_type)
        if key not in seen:
            seen.add(key)
            out.append(kernel)
    return tuple(out)


def inline_helper(targets: list[Target]) -> Target | None:
    """The inline helper among a callee's targets."""
    for target in targets:
        located = target.located
        if (
            located is not None
            and located.definition is not None
            and located.definition.decorator in INLINE_DECORATORS
        ):
            return target
    return None


def kernels_of_call(
    analysis: Analysis,
    index: DocumentIndex,
    workspace: Workspace,
    unit: PlacedUnit,
    call: CallSite,
    depth: int = 0,
    seen: set[tuple[object, ...]] | None = None,
) -> Reached | None:
    """The kernels a call of an inline helper reaches, or None when the callee is not an inline helper."""
    helper = inline_helper(workspace.callee_targets(index, unit, call.callee, call.scope))
    if helper is None or helper.located is None:
        return None
    seen = seen if seen is not None else set()
    if helper.key in seen or depth > MAX_HELPER_DEPTH:
        return Reached((), call.callee, helper.located.path)
    seen.add(helper.key)
    located = helper.located
    found: list[KernelInfo] = []
    if located.path == index.path:
        extent = located.extent
        found.extend(k for k in analysis.kernels if _within(k.span, extent))
        # Helpers the helper calls: foreign ones are placed at their call lines inside this body already.
        for inner_unit, inner in calls_within(index, extent):
            reached = kernels_of_call(analysis, index, workspace, inner_unit, inner, depth + 1, seen)
            if reached is not None:
                found.extend(reached.kernels)
    else:
        line = unit.absolute(call.span).line
        found.extend(k for k in analysis.kernels if k.span.line == line)
    return Reached(distinct(found), located.name, located.path)


def calls_within(index: DocumentIndex, extent: Span) -> list[tuple[PlacedUnit, CallSite]]:
    """The statement-level calls inside an absolute span of the document."""
    out: list[tuple[PlacedUnit, CallSite]] = []
    for unit in index.units:
        if unit.last_line < extent.line or unit.first_line > extent.end_line:
            continue
        for call in unit.facts.calls:
            if call.statement and "." not in call.callee:
                span = unit.absolute(call.span)
                if extent.line <= span.line <= extent.end_line:
                    out.append((unit, call))
    return out


def kernels_on_line(
    analysis: Analysis, index: DocumentIndex | None, workspace: Workspace | None, line: int
) -> Reached:
    """What a line reaches: the kernels outlined at it, else those of an inline helper called on it."""
    at_line = distinct(k for k in analysis.kernels if k.header.line == line)
    if index is None or workspace is None:
        return Reached(at_line)
    for unit, call in calls_on_line(index, line):
        reached = kernels_of_call(analysis, index, workspace, unit, call)
        if reached is not None:
            return Reached(distinct((*reached.kernels, *at_line)), reached.helper, reached.helper_path)
    return Reached(at_line)


def calls_on_line(index: DocumentIndex, line: int) -> list[tuple[PlacedUnit, CallSite]]:
    """The statement-level calls of plain names that start on a line."""
    unit = index.unit_at(line)
    if unit is None:
        return []
    return [
        (unit, call)
        for call in unit.facts.calls
        if call.statement and "." not in call.callee and unit.absolute(call.span).line == line
    ]


def helper_calls(index: DocumentIndex) -> list[tuple[PlacedUnit, CallSite]]:
    """Every statement-level call of a plain name in the document (the candidates for helper calls)."""
    return [
        (unit, call)
        for unit in index.units
        for call in unit.facts.calls
        if call.statement and "." not in call.callee
    ]


def _within(inner: Span, outer: Span) -> bool:
    return outer.line <= inner.line and inner.end_line <= outer.end_line
