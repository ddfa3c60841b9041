"""Custom request pypto/expandedKernels: the kernel(s) as ExpandMixedKernel leaves them, as DSL-like text.

The engine keeps each kernel's expansion as data (`compiler.analysis.ExpandedKernel`); this module renders
it: the header, the lane diagram (AIC | AIV, every crossing an arrow with its value and slot) and the AIC,
AIV and Group functions with the pipe setup, tpush / tpop and tfree. A line of an imported helper's code is
named by its file (`helpers.py:22`), the others by their line (`L22`, `line 22`).
"""

from __future__ import annotations

from collections.abc import Callable

from compiler.analysis import (
    Analysis,
    ExpandedKernel,
    ExpandedLine,
    ExpandedOp,
    KernelInfo,
    LaneStep,
    PipeSetup,
)

METHOD = "pypto/expandedKernels"

LineName = Callable[[int], str | None]
"""`helpers.py:22` for a line of an imported helper's code, None for a line of the document."""

_WIDTH = 46  # one column of the lane diagram
_INDENT = "    "


def expanded_text(analysis: Analysis, line: int | None) -> str:
    """Expanded text of the kernel at the 1-based line, or of every kernel when line is None."""
    if line is not None:
        kernel = analysis.kernel_at(line)
        if kernel is not None:
            return render(kernel, analysis.line_name)
    return "\n\n".join(render(k, analysis.line_name) for k in analysis.kernels if k.expansion is not None)


def render(kernel: KernelInfo, line_name: LineName = lambda line: None) -> str:
    """One kernel after ExpandMixedKernel, preceded by its lane diagram ('' when it was not expanded)."""
    view = kernel.expansion
    if view is None:
        return ""

    def label(prefix: str, line: int) -> str:
        return line_name(line) or f"{prefix}{line}"

    out = [*_head(view, label), "#", *("# " + row for row in _diagram(view.diagram, label)), ""]
    for function in view.functions:
        aiv = function.side == "aiv"
        attrs = ', attrs={"dual_aiv_dispatch": True}' if aiv and view.dual_aiv_dispatch else ""
        out.append(f"@pl.function(type=pl.FunctionType.{function.side.upper()}{attrs})")
        out.append(f"def {function.name}(...):")
        if view.pipe is not None and view.mixed:
            out.extend(_pipe_prologue(function.side, view.pipe, view.aic_name if aiv else view.aiv_name))
        out.extend(_line(item, label) for item in function.body or (ExpandedLine(1, "pass"),))
        out.append("")
    if view.mixed:
        out.append("@pl.function(type=pl.FunctionType.Group)")
        out.append(f"def {view.group_name}(...):")
        out.append(f"    self.{view.aic_name}(...)")
        out.append(f"    return self.{view.aiv_name}(...)")
    return "\n".join(out)


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


def _diagram(steps: tuple[LaneStep, ...], label: Callable[[str, int], str]) -> list[str]:
    """Two columns, AIC | AIV, ops in order, every crossing drawn as an arrow with value, transport and slot."""
    rows = [f"{'AIC (cube)':<{_WIDTH}}│ AIV (vector)", f"{'─' * _WIDTH}┼{'─' * _WIDTH}"]
    for step in steps:
        line = f"{label('L', step.line)} " if step.line is not None else ""
        if step.crossing:
            slot = f" {step.value} · slot {step.slot} "
            if step.crossing == "C2V":
                left = f"{line}tpush_to_aiv({step.value}) ──{slot}"
                rows.append(f"{left:─<{_WIDTH}}┼──▶ {step.name or step.value} = tpop_from_aic()")
            else:
                left = f"{line}{step.name or step.value} = tpop_from_aiv() ◀──{slot}"
                rows.append(f"{left:─<{_WIDTH}}┼── tpush_to_aic({step.value})")
            continue
        text = f"{line}{step.name} = {step.op}" if step.name else f"{line}{step.op}"
        aic = text if step.aic else ""
        aiv = text if step.aiv else ""
        rows.append(f"{aic[: _WIDTH - 1]:<{_WIDTH}}│ {aiv}")
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
