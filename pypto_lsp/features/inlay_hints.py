"""Inlay hints: the lane of every kernel statement line (⟵ AIC / ⟵ AIV / ⟵ AIC+AIV) at its end."""

from __future__ import annotations

from lsprotocol import types

from compiler.analysis import Analysis, KernelInfo, Lane
from compiler.navigation.index import DocumentIndex
from compiler.navigation.reach import Reached, helper_calls, kernels_of_call, lane_of
from compiler.navigation.workspace import Workspace
from pypto_lsp.config import Settings
from pypto_lsp.positions import LineIndex

_SHOWN = {Lane.AIC.value, Lane.AIV.value, Lane.BOTH.value}


def is_pure_vector(kernel: KernelInfo | None) -> bool:
    """True for kernels that expand to a single AIV function (every hint would say AIV)."""
    if kernel is None:
        return False
    kind = kernel.func_type.upper()
    return "AIV" in kind and "AIC" not in kind and "MIX" not in kind and "GROUP" not in kind


def inlay_hints(
    analysis: Analysis,
    index: LineIndex,
    rng: types.Range,
    settings: Settings,
    nav: DocumentIndex | None = None,
    workspace: Workspace | None = None,
) -> list[types.InlayHint]:
    """One hint per lane-carrying line inside the requested range; a line that calls an inline helper gets
    the lanes of the kernels the helper reaches instead."""
    if not settings.inlay_hints:
        return []
    first, last = rng.start.line + 1, rng.end.line + 1
    hints = []
    helper_lines = _helper_lines(analysis, nav, workspace, first, last)
    for line, reached in sorted(helper_lines.items()):
        hints.append(
            types.InlayHint(
                position=index.line_end(line),
                label=f"⟵ {reached.summary()}",
                padding_left=True,
                tooltip=f"the inline helper {reached.helper} reaches "
                + ", ".join(f"{k.name} ({lane_of(k)})" for k in reached.kernels[:20])
                + (" …" if len(reached.kernels) > 20 else ""),
            )
        )
    for line, lane in sorted(analysis.lanes):
        if lane not in _SHOWN or not first <= line <= last or line > len(index.lines) or line in helper_lines:
            continue
        if not settings.pure_vector_hints and is_pure_vector(analysis.kernel_at(line)):
            continue
        label = Lane(lane).label
        hints.append(
            types.InlayHint(
                position=index.line_end(line),
                label=f"⟵ {label}",
                padding_left=True,
                tooltip=f"after ExpandMixedKernel this line runs on {label}",
            )
        )
    return sorted(hints, key=lambda h: h.position.line)


def _helper_lines(
    analysis: Analysis, nav: DocumentIndex | None, workspace: Workspace | None, first: int, last: int
) -> dict[int, Reached]:
    """The lines in [first, last] that call an inline helper reaching at least one kernel."""
    if nav is None or workspace is None:
        return {}
    out: dict[int, Reached] = {}
    for unit, call in helper_calls(nav):
        line = unit.absolute(call.span).line
        if not first <= line <= last:
            continue
        reached = kernels_of_call(analysis, nav, workspace, unit, call)
        if reached is not None and reached.kernels:
            out[line] = reached
    return out
