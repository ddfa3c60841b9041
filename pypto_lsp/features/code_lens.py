"""Code lens: at most one per line, summarising the kernels the line opens or reaches through an inline
helper ("3 AIC / 5 AIV kernels"); its command lists them in the expanded-kernel view."""

from __future__ import annotations

from lsprotocol import types

from compiler.analysis import Analysis, KernelInfo
from compiler.navigation import reach
from compiler.navigation.index import DocumentIndex
from compiler.navigation.workspace import Workspace
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


def reached_title(reached: reach.Reached) -> str:
    """One kernel: its own title; several: how many run on each lane."""
    if len(reached.kernels) == 1 and reached.helper is None:
        return title(reached.kernels[0])
    text = reached.summary()
    return f"{text} via {reached.helper}" if reached.helper else text


def code_lenses(
    kernels: tuple[KernelInfo, ...] | Analysis,
    index: LineIndex,
    uri: str,
    nav: DocumentIndex | None = None,
    workspace: Workspace | None = None,
) -> list[types.CodeLens]:
    """One lens per line that opens kernels or calls a helper that reaches some."""
    analysis = kernels if isinstance(kernels, Analysis) else None
    all_kernels = analysis.kernels if analysis is not None else kernels
    assert isinstance(all_kernels, tuple)
    by_line: dict[int, reach.Reached] = {}
    for kernel in all_kernels:
        line = kernel.header.line
        known = by_line.get(line)
        by_line[line] = reach.Reached(reach.distinct((*(known.kernels if known else ()), kernel)))
    if analysis is not None and nav is not None and workspace is not None:
        for unit, call in reach.helper_calls(nav):
            reached = reach.kernels_of_call(analysis, nav, workspace, unit, call)
            if reached is None or not reached.kernels:
                continue
            line = unit.absolute(call.span).line
            known = by_line.get(line)
            merged = reach.distinct((*reached.kernels, *(known.kernels if known else ())))
            by_line[line] = reach.Reached(merged, reached.helper, reached.helper_path)
    lenses = []
    for line, reached in sorted(by_line.items()):
        if not reached.kernels:
            continue
        first = reached.kernels[0]
        span = first.header if first.header.line == line else None
        rng = (
            index.range(span)
            if span is not None
            else types.Range(start=index.position(line, 0), end=index.line_end(line))
        )
        lenses.append(
            types.CodeLens(
                range=rng,
                command=types.Command(
                    title=reached_title(reached), command=SHOW_EXPANDED, arguments=[uri, rng.start.line]
                ),
            )
        )
    return lenses
