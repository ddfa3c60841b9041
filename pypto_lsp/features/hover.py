"""Hover: where an op runs and why, or a summary of a kernel / split_aiv region header."""

from __future__ import annotations

import re
from pathlib import Path

from lsprotocol import types

from compiler.analysis import (
    Analysis,
    CrossingInfo,
    ForeignOp,
    KernelInfo,
    Lane,
    OpInfo,
    RegionInfo,
    ScopeInfo,
)
from compiler.catalog import rule
from compiler.navigation import reach
from compiler.navigation.index import CallSite, DocumentIndex, PlacedUnit
from compiler.navigation.workspace import Workspace
from compiler.source import Span
from pypto_lsp.features.describe import definition_markdown, signature
from pypto_lsp.positions import LineIndex

_LANE_WORD = {Lane.AIC: "cube", Lane.AIV: "vector", Lane.BOTH: "both lanes", Lane.ORCHESTRATION: "host"}


def _lane(value: Lane | str) -> Lane:
    if isinstance(value, Lane):
        return value
    try:
        return Lane(value)
    except ValueError:
        return Lane.ORCHESTRATION


def _overlaps(a: Span, b: Span) -> bool:
    return (a.line, a.col) <= (b.end_line, b.end_col) and (b.line, b.col) <= (a.end_line, a.end_col)


def _crossing_line(c: CrossingInfo) -> str:
    arrow = "AIC → AIV" if c.direction.upper() == "C2V" else "AIV → AIC"
    kind = "explicit" if c.explicit else "implicit"
    text = f"crossing {c.direction} ({arrow}, {kind}) of `{c.value}` via `{c.transport}`, split {c.split}"
    if c.slot_bytes:
        text += f", {c.slot_bytes} B per slot"
    return text


def _kernel_crossings(kernel: KernelInfo | None) -> tuple[CrossingInfo, ...]:
    if kernel is None:
        return ()
    seen = list(kernel.crossings)
    for region in kernel.regions:
        seen.extend(c for c in region.crossings if c not in seen)
    return tuple(seen)


def op_markdown(op: OpInfo, kernel: KernelInfo | None) -> str:
    """Markdown for one op: lane and reason, typing, crossings, documentation."""
    lane = _lane(op.lane)
    lines = [f"**{lane.label}** ({_LANE_WORD[lane]}) — {op.reason}" if op.reason else f"**{lane.label}**"]
    lines.append(f"`{op.dsl_name}` → `{op.ir_name}`" + (f" in kernel `{op.kernel}`" if op.kernel else ""))
    typing = [
        f"{label}: `{value}`"
        for label, value in (("memory", op.memory), ("shape", op.shape), ("dtype", op.dtype))
        if value
    ]
    if typing:
        lines.append(" · ".join(typing))
    lines.extend(_crossing_line(c) for c in _kernel_crossings(kernel) if _overlaps(c.span, op.span))
    if op.doc:
        lines.extend(["---", op.doc])
    return "\n\n".join(lines)


def stranded_markdown(op: OpInfo) -> str:
    """An op with no lane to run on (vector work outside every region of a function that opens one)."""
    lines = [
        "**no lane** — this vector op sits outside every `pl.split_aiv` region of a function that opens one, "
        "so no region places it and it runs on neither core (PTO-AV-E)",
        f"`{op.dsl_name}` → `{op.ir_name}`" + (f" in kernel `{op.kernel}`" if op.kernel else ""),
    ]
    if op.doc:
        lines.extend(["---", op.doc])
    return "\n\n".join(lines)


def _ops_by_lane(analysis: Analysis, span: Span) -> dict[Lane, list[str]]:
    found: dict[Lane, list[str]] = {}
    for op in analysis.ops:
        if _overlaps(op.span, span):
            names = found.setdefault(_lane(op.lane), [])
            if op.dsl_name not in names:
                names.append(op.dsl_name)
    return found


def _lane_lines(analysis: Analysis, span: Span) -> list[str]:
    by_lane = _ops_by_lane(analysis, span)
    return [
        f"{lane.label}: " + ", ".join(f"`{n}`" for n in by_lane[lane])
        for lane in (Lane.AIC, Lane.AIV, Lane.BOTH)
        if by_lane.get(lane)
    ]


def kernel_markdown(analysis: Analysis, kernel: KernelInfo) -> str:
    """Markdown summary of a kernel: kind, what each lane runs, crossings, pipe."""
    lines = [f"**{kernel.source_kind}** kernel `{kernel.name}` → {kernel.func_type}"]
    parts = [
        f"{label} `{name}`"
        for label, name in (("AIC", kernel.aic_name), ("AIV", kernel.aiv_name), ("group", kernel.group_name))
        if name
    ]
    if parts:
        lines.append("expands to " + ", ".join(parts))
    if kernel.split:
        lines.append(f"split: `{kernel.split}`")
    lines.extend(_lane_lines(analysis, kernel.span))
    crossings = _kernel_crossings(kernel)
    lines.extend(_crossing_line(c) for c in crossings)
    if kernel.pipe is not None:
        pipe = kernel.pipe
        text = f"pipe: {pipe.footprint} (slot size {pipe.slot_size} B × {pipe.slot_num} slots"
        if pipe.local_slot_num is not None:
            text += f", {pipe.local_slot_num} local"
        lines.append(text + f", {pipe.buffer_bytes} B total)")
    return "\n\n".join(lines)


def region_markdown(analysis: Analysis, region: RegionInfo) -> str:
    """Markdown summary of a pl.split_aiv region."""
    lines = [f"**pl.split_aiv** region, mode `{region.mode}`, lane index `{region.lane_var}`"]
    if region.aiv_ops:
        lines.append("AIV: " + ", ".join(f"`{n}`" for n in region.aiv_ops))
    else:
        lines.extend(_lane_lines(analysis, region.span))
    lines.extend(_crossing_line(c) for c in region.crossings)
    return "\n\n".join(lines)


def scope_markdown(analysis: Analysis, scope: ScopeInfo) -> str:
    """Markdown summary of a pl.cluster / dispatch pl.spmd scope: what it launches and how."""
    head = f"**{scope.kind}**" + (f" — {scope.detail}" if scope.detail else "")
    lines = [head]
    for name in scope.kernels:
        kernel = next((k for k in analysis.kernels if k.name == name), None)
        if kernel is not None:
            lane = f" → {kernel.func_type}"
            lens = f" · {len(kernel.crossings)} crossing(s)" if kernel.crossings else ""
            lines.append(f"launches kernel `{name}`{lane}{lens}")
    if len(lines) == 1:
        lines.append("launches no kernel defined in this file")
    return "\n\n".join(lines)


def hover(
    analysis: Analysis | None,
    index: LineIndex,
    position: types.Position,
    nav: DocumentIndex | None = None,
    workspace: Workspace | None = None,
) -> types.Hover | None:
    """The hover at a client position, or None: a helper call's kernels, a name's definition (DSL names with
    their signature and doc, locals with their type, shape and memory space), an op's lane."""
    line, col = index.point(position)
    if nav is not None and workspace is not None:
        named = _named_hover(analysis, index, line, col, nav, workspace)
        if named is not None:
            return named
    if analysis is None:
        return None
    found = _subject(analysis, line, col)
    hazards = [d for d in analysis.diagnostics if d.span.contains(line, col) and rule(d.code).stage == "lint"]
    if found is None and not hazards:
        return None
    markdown, span = found if found is not None else ("", hazards[0].span)
    parts = [markdown] if markdown else []
    parts.extend(hazard_markdown(d.code) for d in hazards)
    return _make("\n\n---\n\n".join(parts), index, span)


def _named_hover(
    analysis: Analysis | None, index: LineIndex, line: int, col: int, nav: DocumentIndex, workspace: Workspace
) -> types.Hover | None:
    """The hover of the name under the cursor when the name says more than the op around it."""
    found = nav.reference_at(line, col)
    if found is not None and analysis is not None:
        unit, reference = found
        span = unit.absolute(reference.span)
        for call_unit, call in reach.calls_on_line(nav, line):
            if call_unit.absolute(call.func).contains(line, col):
                reached = reach.kernels_of_call(analysis, nav, workspace, call_unit, call)
                if reached is not None:
                    return _make(helper_call_markdown(reached, nav, workspace, call_unit, call), index, span)
        if _on_op_callee(analysis, index, line, col) or _on_header(analysis, line, col, reference.name):
            return None  # the op's, region's or kernel's own hover: lane, reason, typing
    if found is None:
        return None
    unit, reference = found
    targets = workspace.targets_at(nav, line, col)
    if not targets:
        return None
    markdown = "\n\n---\n\n".join(
        text for t in targets[:3] if (text := definition_markdown(t, analysis, nav))
    )
    if not markdown:
        return None
    return _make(markdown, index, unit.absolute(reference.span))


def _on_op_callee(analysis: Analysis, index: LineIndex, line: int, col: int) -> bool:
    """True when the position is on the callee of an op call the analysis placed (`pl.matmul` of a kernel)."""
    return any(_on_callee(index, op.span, line, col) for op in analysis.ops if op.span.line == line)


def _on_callee(index: LineIndex, span: Span, line: int, col: int) -> bool:
    """True when the position is on the callee text at the start of a call's span."""
    match = _CALLEE_TEXT.match(index.line_text(span.line), span.col)
    return span.line == line and match is not None and span.col <= col <= match.end()


def _on_header(analysis: Analysis, line: int, col: int, name: str) -> bool:
    """On a region or launch header, or on the `pl.at` / def name that opens a kernel."""
    if any(r.header.contains(line, col) for r in analysis.regions):
        return True
    if any(s.header.contains(line, col) for s in analysis.scopes):
        return True
    return any(
        k.header.contains(line, col) and (name in _KERNEL_OPENERS or name == k.name) for k in analysis.kernels
    )


_KERNEL_OPENERS = frozenset({"at", "spmd", "cluster", "incore"})


_CALLEE_TEXT = re.compile(r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*")
_GROUP_WORD = {"AIC": "**AIC** (cube)", "AIV": "**AIV** (vector)", "mixed": "**mixed** (AIC + AIV)"}
MAX_NAMES = 8


def helper_call_markdown(
    reached: reach.Reached, nav: DocumentIndex, workspace: Workspace, unit: PlacedUnit, call: CallSite
) -> str:
    """A helper call: every kernel it reaches, grouped by lane, with counts."""
    where = f" (`{Path(reached.helper_path).name}`)" if reached.helper_path else ""
    if not reached.kernels:
        return (
            f"**inline helper** `{reached.helper}`{where} — reaches no kernel (no `pl.at` scope runs in it)"
        )
    lines = [f"**inline helper** `{reached.helper}`{where} — reaches {reached.summary()}"]
    for lane, kernels in reached.by_lane().items():
        names = [f"`{k.name}`" for k in kernels[:MAX_NAMES]]
        more = f", … and {len(kernels) - MAX_NAMES} more" if len(kernels) > MAX_NAMES else ""
        lines.append(f"{_GROUP_WORD.get(lane, lane)} × {len(kernels)}: {', '.join(names)}{more}")
    targets = workspace.callee_targets(nav, unit, call.callee, call.scope)
    helper = reach.inline_helper(targets)
    if helper is not None and helper.located is not None and helper.located.definition is not None:
        lines.append(f"```python\n{signature(helper.located.definition)}\n```")
    return "\n\n".join(lines)


def hazard_markdown(code: str) -> str:
    """The one-sentence rule behind a hazard warning, for the hover on the op it flags."""
    entry = rule(code)
    return f"**{code}** hazard ({entry.slug}): {entry.summary}"


def _subject(analysis: Analysis, line: int, col: int) -> tuple[str, Span] | None:
    for region in analysis.regions:
        if region.header.contains(line, col):
            return region_markdown(analysis, region), region.header
    for kernel in analysis.kernels:
        if kernel.header.contains(line, col):
            return kernel_markdown(analysis, kernel), kernel.header
    for scope in analysis.scopes:
        if scope.header.contains(line, col):
            return scope_markdown(analysis, scope), scope.header
    op = analysis.op_at(line, col)
    if op is None:
        return None
    stranded = next(
        (d for d in analysis.diagnostics if d.code == "PTO-AV-E" and _overlaps(d.span, op.span)), None
    )
    if stranded is not None:
        return stranded_markdown(op), op.span
    home = analysis.kernel_at(op.span.line)
    markdown = op_markdown(op, home)
    if not op.implicit and not any(_overlaps(c.span, op.span) for c in _kernel_crossings(home)):
        for move in analysis.implicit_moves_at(op.span):
            markdown += (
                f"\n\n---\n\nan operand crosses here: {move.reason} (`{move.ir_name}` to {move.memory})"
            )
    return markdown, op.span


_CODE_SPAN = re.compile(r"(`+)(.*?)\1", re.S)


def escape_markdown(markdown: str) -> str:
    """Escape the brackets that markdown renderers read as link syntax (`Left [M, K]` keeps its brackets in
    Neovim too); code spans are left as written."""
    out: list[str] = []
    last = 0
    for match in _CODE_SPAN.finditer(markdown):
        out.append(_escape_brackets(markdown[last : match.start()]))
        out.append(match.group(0))
        last = match.end()
    out.append(_escape_brackets(markdown[last:]))
    return "".join(out)


def _escape_brackets(text: str) -> str:
    return re.sub(r"(?<!\\)([\[\]])", r"\\\1", text)


def _make(markdown: str, index: LineIndex, span: Span) -> types.Hover:
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=escape_markdown(markdown)),
        range=index.range(span),
    )


def helper_hover(
    foreign: list[tuple[str, ForeignOp]],
    index: LineIndex,
    position: types.Position,
    callee_only: bool = False,
) -> types.Hover | None:
    """In a helper module no entry of its own reaches: what an open entry that calls it gives
    (`foreign` pairs each op with the entry document's name); with `callee_only`, only on the op's name."""
    line, col = index.point(position)
    hits = [
        (entry, f)
        for entry, f in foreign
        if f.op.span.contains(line, col) and (not callee_only or _on_callee(index, f.op.span, line, col))
    ]
    if not hits:
        return None
    entry, first = min(hits, key=lambda h: (h[1].op.span.end_line - h[1].op.span.line, h[1].op.span.end_col))
    note = (
        f"\n\n---\n\nas reached from kernel `{first.entry}` in `{entry}` (this file has no entry of its own)"
    )
    return _make(op_markdown(first.op, None) + note, index, first.op.span)
