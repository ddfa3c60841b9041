"""Code lens above each kernel: its kind, crossings and pipe, opening the expanded kernels."""

from __future__ import annotations

from lsprotocol import types

from compiler.analysis import KernelInfo
from pypto_lsp.features.inlay_hints import is_pure_vector
from pypto_lsp.positions import LineIndex

SHOW_EXPANDED = "pypto.showExpandedKernels"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def title(kernel: KernelInfo) -> str:
    """'mixed: AIC + AIV · 2 crossings · pipe 2 × 16 KiB', 'AIV kernel' or 'AIC kernel'."""
    kind = kernel.func_type.upper()
    mixed = "MIX" in kind or "GROUP" in kind or (kernel.aic_name is not None and kernel.aiv_name is not None)
    if not mixed:
        if is_pure_vector(kernel):
            return "AIV kernel"
        if "AIC" in kind or "CUBE" in kind:
            return "AIC kernel"
        return f"{kernel.func_type} kernel"
    parts = ["mixed: AIC + AIV"]
    crossings = {c for c in kernel.crossings} | {c for r in kernel.regions for c in r.crossings}
    parts.append(_plural(len(crossings), "crossing"))
    if kernel.pipe is not None:
        parts.append(f"pipe {kernel.pipe.footprint}")
    return " · ".join(parts)


def code_lenses(kernels: tuple[KernelInfo, ...], index: LineIndex, uri: str) -> list[types.CodeLens]:
    """One lens per kernel header."""
    lenses = []
    for kernel in kernels:
        rng = index.range(kernel.header)
        lenses.append(
            types.CodeLens(
                range=rng,
                command=types.Command(
                    title=title(kernel), command=SHOW_EXPANDED, arguments=[uri, rng.start.line]
                ),
            )
        )
    return lenses
