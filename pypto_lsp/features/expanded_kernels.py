"""Custom request pypto/expandedKernels: the kernel(s) as ExpandMixedKernel leaves them, as DSL-like text.

The engine keeps each kernel's expansion as data (`compiler.analysis.ExpandedKernel`); this module renders
it: the header, the lane diagram (AIC | AIV, every crossing an arrow with its value and slot) and the AIC,
AIV and Group functions with the pipe setup, tpush / tpop and tfree. A line of an imported helper's code is
named by its file (`helpers.py:22`), the others by their line (`L22`, `line 22`). The view also says which
source line each of its lines comes from, so the editor can lead back to it; on a line that calls an inline
helper it shows every kernel the helper reaches.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from compiler.analysis import (
    Analysis,
    ExpandedKernel,
    ExpandedLine,
    ExpandedOp,
    KernelInfo,
    LaneStep,
    PipeSetup,
)
from compiler.navigation import reach
from compiler.navigation.index import DocumentIndex
from compiler.navigation.workspace import Workspace

METHOD = "pypto/expandedKernels"

LineName = Callable[[int], str | None]
"""`helpers.py:22` for a line of an imported helper's code, None for a line of the document."""

_WIDTH = 46  # one column of the lane diagram
_INDENT = "    "


def kernels_for(
    analysis: Analysis, line: int | None, nav: DocumentIndex | None = None, workspace: Workspace | None = None
) -> tuple[KernelInfo, ...]:
    """The kernels shown for a line: those it opens or reaches through an inline helper, else the one around
    it; every kernel when line is None."""
    everything = tuple(k for k in analysis.kernels if k.expansion is not None)
    if line is None:
        return everything
    reached = reach.kernels_on_line(analysis, nav, workspace, line)
    if reached.kernels:
        return reached.kernels
    kernel = analysis.kernel_at(line)
    return (kernel,) if kernel is not None else everything


def expanded_view(
    analysis: Analysis,
    line: int | None,
    nav: DocumentIndex | None = None,
    workspace: Workspace | None = None,
) -> tuple[str, list[tuple[int, str, int]]]:
    """The expanded text of the kernels at the 1-based line (a list of them first when there are several), or
    of every kernel when line is None; and (view line, source path, source line), 0-based view lines and
    1-based source lines, for each view line that comes from a source line."""
    kernels = kernels_for(analysis, line, nav, workspace)
    rows: list[tuple[str, int | None]] = []
    if len(kernels) > 1 and line is not None:
        rows.append(
            (
                f"# {len(kernels)} kernels: " + ", ".join(f"{k.name} ({reach.lane_of(k)})" for k in kernels),
                None,
            )
        )
        rows.append(("", None))
    for i, kernel in enumerate(kernels):
        if i:
            rows.append(("", None))
        rows.extend(render_lines(kernel, analysis.line_name))
    folder = Path(analysis.path).parent
    sources: list[tuple[int, str, int]] = []
    for number, (_, source) in enumerate(rows):
        if source is None:
            continue
        named = analysis.line_name(source)
        if named is None:
            sources.append((number, analysis.path, source))
        else:
            file, _, at = named.rpartition(":")
            sources.append((number, str((folder / file).resolve()), int(at)))
    return "\n".join(text for text, _ in rows), sources


def expanded_text(
    analysis: Analysis, line: int | None, nav: DocumentIndex | None = None, workspace: Workspace | None = None
) -> str:
    """Expanded text of the kernels at the 1-based line, or of every kernel when line is None."""
    return expanded_view(analysis, line, nav, workspace)[0]


def render(kernel: KernelInfo, line_name: LineName = lambda line: None) -> str:
    """One kernel after ExpandMixedKernel, preceded by its lane diagram ('' when it was not expanded)."""
    return "\n".join(text for text, _ in render_lines(kernel, line_name))


def render_lines(kernel: KernelInfo, line_name: LineName = lambda line: None) -> list[tuple[str, int | None]]:
    """The rendered lines of one kernel, each with the source line it comes from (None for the others)."""
    view = kernel.expansion
    if view is None:
        return []

    def label(prefix: str, line: int) -> str:
        return line_name(line) or f"{prefix}{line}"

    out: list[tuple[str, int | None]] = [
        (text, view.line if i == 0 else None) for i, text in enumerate(_head(view, label))
    ]
    out.append(("#", None))
    out.extend(("# " + row, at) for row, at in _diagram(view.diagram, label))
    out.append(("", None))
    for function in view.functions:
        aiv = function.side == "aiv"
        attrs = ', attrs={"dual_aiv_dispatch": True}' if aiv and view.dual_aiv_dispatch else ""
        out.append((f"@pl.function(type=pl.FunctionType.{function.side.upper()}{attrs})", None))
        out.append((f"def {function.name}(...):", None))
        if view.pipe is not None and view.mixed:
            prologue = _pipe_prologue(function.side, view.pipe, view.aic_name if aiv else view.aiv_name)
            out.extend((text, None) for text in prologue)
        out.extend((_line(item, label), item.line) for item in function.body or (ExpandedLine(1, "pass"),))
        out.append(("", None))
    if view.mixed:
        out.append(("@pl.function(type=pl.FunctionType.Group)", None))
        out.append((f"def {view.group_name}(...):", None))
        out.append((f"    self.{view.aic_name}(...)", None))
        out.append((f"    return self.{view.aiv_name}(...)", None))
    return out


def _head(view: ExpandedKernel, label: Callable[[str, int], str]) -> list[str]:
    head = [f"# kernel {view.name} ({view.source_kind}, {label('line ', view.line)})"]
    if view.mixed:
        how = "existing Group rewritten in place" if view.rewritten_group else "new Group"
        head.append(f"# mixed → {how} {view.group_name}: AIC {view.aic_name} + AIV {view.aiv_name}")
    else:
        head.append(f"# pure {view.single.upper()} kernel → {view.aic_name or view.aiv_name}")
    if view.spmd_blocks is not None:
        head.append(f"# launched by an Spmd wrapper over {view.spmd_blocks} blocks (kept as the caller)")
    if view.dual_aiv_dispatch:
        head.append("# a2a3 no-split mixed kernel: dual AIV dispatch (lane 1 replays the handshakes only)")
    pipe = view.pipe
    if pipe is not None:
        dirs = {1: "C2V", 2: "V2C", 3: "C2V+V2C"}[pipe.dir_mask]
        head.append(
            f"# pipe: dir_mask={pipe.dir_mask} ({dirs}), slot_size={pipe.slot_size} B, slot_num={pipe.slot_num}, "
            f"{pipe.buffer_bytes} B of slot buffers on chip"
        )
    return head


def _diagram(steps: tuple[LaneStep, ...], label: Callable[[str, int], str]) -> list[tuple[str, int | None]]:
    """Two columns, AIC | AIV, ops in order, every crossing drawn as an arrow with value, transport and slot."""
    rows: list[tuple[str, int | None]] = [
        (f"{'AIC (cube)':<{_WIDTH}}│ AIV (vector)", None),
        (f"{'─' * _WIDTH}┼{'─' * _WIDTH}", None),
    ]
    for step in steps:
        line = f"{label('L', step.line)} " if step.line is not None else ""
        if step.crossing:
            slot = f" {step.value} · slot {step.slot} "
            if step.crossing == "C2V":
                left = f"{line}tpush_to_aiv({step.value}) ──{slot}"
                rows.append((f"{left:─<{_WIDTH}}┼──▶ {step.name or step.value} = tpop_from_aic()", step.line))
            else:
                left = f"{line}{step.name or step.value} = tpop_from_aiv() ◀──{slot}"
                rows.append((f"{left:─<{_WIDTH}}┼── tpush_to_aic({step.value})", step.line))
            continue
        text = f"{line}{step.name} = {step.op}" if step.name else f"{line}{step.op}"
        aic = text if step.aic else ""
        aiv = text if step.aiv else ""
        rows.append((f"{aic[: _WIDTH - 1]:<{_WIDTH}}│ {aiv}", step.line))
    return rows


def _pipe_prologue(side: str, pipe: PipeSetup, peer: str | None) -> list[str]:
    """reserve_buffer on the consumer side, import_peer_buffer on the producer side, then initialize_pipe."""
    depth = pipe.local_slot_num or pipe.slot_num
    consumes = {"aic": pipe.v2c_buffer, "aiv": pipe.c2v_buffer}[side]
    produces = {"aic": pipe.c2v_buffer, "aiv": pipe.v2c_buffer}[side]
    lines: list[str] = []
    handles = {"c2v": "0", "v2c": "0"}
    if consumes is not None:
        lines.append(
            f'    {consumes} = pl.reserve_buffer(name="{consumes}", size={pipe.slot_size * depth}, base=pl.AUTO)'
        )
        handles["v2c" if side == "aic" else "c2v"] = consumes
    if produces is not None:
        lines.append(f'    {produces} = pl.import_peer_buffer(name="{produces}", peer_func="{peer}")')
        handles["c2v" if side == "aic" else "v2c"] = produces
    local = f", local_slot_num={pipe.local_slot_num}" if pipe.local_slot_num is not None else ""
    lines.append(
        f"    pl.{side}_initialize_pipe({handles['c2v']}, {handles['v2c']}, dir_mask={pipe.dir_mask}, "
        f"slot_size={pipe.slot_size}, slot_num={pipe.slot_num}{local})"
    )
    return lines


def _line(item: ExpandedLine, label: Callable[[str, int], str]) -> str:
    """One body line, DSL-like, with the source line it comes from."""
    pad = _INDENT * item.depth
    where = label("line ", item.line) if item.line is not None else ""
    if item.kind == "op" and item.op is not None:
        return f"{pad}{_op(item.op)}" + (f"  # {where}" if where else "")
    if item.kind in ("return", "yield"):
        word = "return" if item.kind == "return" else "pl.yield_"
        return f"{pad}{word} {', '.join(item.values)}"
    if item.kind == "for":
        return f"{pad}for {item.name} in pl.{item.loop}(...):  # {where}"
    if item.kind == "if":
        return f"{pad}if ...:  # {where}"
    if item.kind == "else":
        return f"{pad}else:"
    if item.kind == "region":
        return f"{pad}# pl.split_aiv region, mode={item.name} ({where})"
    if item.kind == "free":
        return f"{pad}{item.name}({', '.join(item.values)})"
    return f"{pad}pass"


def _op(op: ExpandedOp) -> str:
    """An op statement; a crossing end as its tpush (with the NZ re-layout of a V->C view) or tpop."""
    if op.role == "push":
        if op.crossing == "V2C" and op.view is not None:
            # The AIV side adapts the tile to the fractal boundary layout before pushing it.
            return (
                f"{op.value}_nz = tile.move({op.value}, blayout={op.view[0]}, slayout={op.view[1]})  ·  "
                f"tile.tpush_to_aic({op.value}_nz, split={op.split})"
            )
        return f"tile.tpush_to_{'aiv' if op.crossing == 'C2V' else 'aic'}({op.value}, split={op.split})"
    if op.role == "pop":
        layout = f"  # TileView({op.view[0]}, {op.view[1]}) — NZ" if op.view is not None else ""
        source = "aic" if op.crossing == "C2V" else "aiv"
        return f"{op.result} = tile.tpop_from_{source}(split={op.split}){layout}"
    if op.role == "scalar":
        return f"{op.result} = <scalar {', '.join(op.reads)}>"
    if op.role == "alias":
        return f"{op.result} = {', '.join(op.args)}"
    lhs = f"{op.result} = " if op.result else ""
    return f"{lhs}{op.op}({', '.join(op.args)})"
