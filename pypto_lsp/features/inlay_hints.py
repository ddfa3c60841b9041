"""Inlay hints: the lane of every kernel statement line (⟵ AIC / ⟵ AIV / ⟵ AIC+AIV) at its end."""

from __future__ import annotations

from lsprotocol import types

from compiler.analysis import Analysis, KernelInfo, Lane
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
    analysis: Analysis, index: LineIndex, rng: types.Range, settings: Settings
) -> list[types.InlayHint]:
    """One hint per lane-carrying line inside the requested range."""
    if not settings.inlay_hints:
        return []
    first, last = rng.start.line + 1, rng.end.line + 1
    hints = []
    for line, lane in sorted(analysis.lanes):
        if lane not in _SHOWN or not first <= line <= last or line > len(index.lines):
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
    return hints
