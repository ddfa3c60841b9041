"""The immutable result of analysing one document; every LSP feature and the CLI read only this."""

from __future__ import annotations

import enum
import marshal
import zlib
from dataclasses import dataclass, field

from compiler.diagnostics import Diagnostic
from compiler.source import Line, Span


class Lane(enum.Enum):
    """Where a statement runs after ExpandMixedKernel."""

    AIC = "aic"
    AIV = "aiv"
    BOTH = "both"
    ORCHESTRATION = "orchestration"

    @property
    def label(self) -> str:
        """Human label used in hovers and inlay hints."""
        return {
            Lane.AIC: "AIC",
            Lane.AIV: "AIV",
            Lane.BOTH: "AIC+AIV",
            Lane.ORCHESTRATION: "orchestration",
        }[self]


@dataclass(frozen=True, slots=True)
class OpInfo:
    """One op call in the source, with where it runs and why."""

    span: Span
    dsl_name: str
    ir_name: str
    lane: Lane
    reason: str
    memory: str | None = None
    shape: str | None = None
    dtype: str | None = None
    doc: str = ""
    kernel: str | None = None
    implicit: bool = False  # an implicit crossing move the compiler inserts, not an op the user wrote


@dataclass(frozen=True, slots=True)
class CrossingInfo:
    """A value that moves between the AIC and AIV lanes."""

    span: Span
    direction: str  # "C2V" or "V2C"
    value: str
    explicit: bool
    transport: str  # e.g. "tpush_to_aiv / tpop_from_aic"
    split: int
    slot_bytes: int | None = None


@dataclass(frozen=True, slots=True)
class RegionInfo:
    """A `for ... in pl.split_aiv(...)` region."""

    span: Span
    header: Span
    mode: str
    lane_var: str
    aiv_ops: tuple[str, ...] = ()
    crossings: tuple[CrossingInfo, ...] = ()


@dataclass(frozen=True, slots=True)
class PipeSetup:
    """The automatic cross-core pipe ExpandMixedKernel derives for a mixed kernel."""

    dir_mask: int
    slot_size: int
    slot_num: int
    local_slot_num: int | None
    c2v_buffer: str | None
    v2c_buffer: str | None
    buffer_bytes: int

    @property
    def footprint(self) -> str:
        """Short text such as '2 × 16 KiB'."""
        return f"{self.slot_num} × {_kib(self.slot_size)}"


def _kib(size: int) -> str:
    if size % 1024 == 0:
        return f"{size // 1024} KiB"
    return f"{size} B"


@dataclass(frozen=True, slots=True)
class ExpandedOp:
    """An op of an expanded lane body: what shows it (names are the user's variables)."""

    op: str  # the IR op
    result: str = ""  # the bound result ("" when the statement binds none)
    args: tuple[str, ...] = ()  # the operands ("…" for a constant)
    role: str = "op"  # "op", "scalar", "alias", or "push" / "pop" for the two ends of a crossing
    crossing: str = ""  # "C2V" / "V2C" (push and pop)
    split: int = 0  # the crossing's split code (push and pop)
    view: tuple[str, str] | None = None  # the NZ transfer view (blayout, slayout) of a V->C crossing
    value: str = ""  # the crossing value (push)
    reads: tuple[str, ...] = ()  # what a scalar statement reads


@dataclass(frozen=True, slots=True)
class ExpandedLine:
    """One line of an expanded function body, in order, at its nesting depth."""

    depth: int
    kind: str  # "op", "return", "yield", "for", "if", "else", "region", "free", "pass"
    line: Line | None = None  # the source line it comes from
    op: ExpandedOp | None = None  # kind "op"
    name: str = ""  # "for": the loop variable; "region": the split mode; "free": the tfree op
    loop: str = ""  # "for": the loop kind (range, parallel, ...)
    values: tuple[str, ...] = ()  # "return" / "yield": the values; "free": the freed tile


@dataclass(frozen=True, slots=True)
class LaneStep:
    """One row of a kernel's lane diagram: an op on the cube and / or the vector lane, or a crossing."""

    line: Line | None  # the source line of its statement
    op: str
    name: str = ""  # the bound result, when the user named it
    aic: bool = False
    aiv: bool = False
    crossing: str = ""  # "C2V" / "V2C": a tpush on the producer lane, a tpop on the consumer lane
    value: str = ""  # the crossing value as the user reads it
    slot: int = 0  # the FIFO slot it travels in


@dataclass(frozen=True, slots=True)
class ExpandedFunction:
    """The AIC or AIV function ExpandMixedKernel makes of a kernel."""

    side: str  # "aic" / "aiv"
    name: str
    body: tuple[ExpandedLine, ...]


@dataclass(frozen=True, slots=True)
class ExpandedKernel:
    """A kernel as ExpandMixedKernel leaves it, as data: its lane diagram, pipe and AIC / AIV / Group
    functions (`pypto_lsp/features/expanded_kernels.py` shows it)."""

    name: str
    source_kind: str
    line: Line  # the kernel's header line
    mixed: bool
    single: str  # the lane of a pure kernel: "aic" / "aiv"
    aic_name: str | None
    aiv_name: str | None
    group_name: str | None
    rewritten_group: bool = False  # an existing Group is rewritten in place
    spmd_blocks: str | None = None  # the block count of the Spmd wrapper that launches it
    dual_aiv_dispatch: bool = False
    pipe: PipeSetup | None = None
    # The lane diagram and the AIC / AIV functions, packed (`pack_rows`): as objects, the rows of every
    # kernel were the largest part of what an open document kept (about 2 MiB for a large model file).
    rows: bytes = b""
    lines: tuple[Line, ...] = ()  # the source lines the rows come from (rebased with the kernel)

    @property
    def diagram(self) -> tuple[LaneStep, ...]:
        """The lane diagram: the ops in order, every crossing with its value and slot."""
        return unpack_rows(self.rows, self.lines)[0]

    @property
    def functions(self) -> tuple[ExpandedFunction, ...]:
        """The AIC and / or AIV function, each with its body."""
        return unpack_rows(self.rows, self.lines)[1]


# An ExpandedOp as packed data (its fields in order).
_PackedOp = tuple[str, str, tuple[str, ...], str, str, int, tuple[str, str] | None, str, tuple[str, ...]]


def pack_rows(
    diagram: tuple[LaneStep, ...], functions: tuple[ExpandedFunction, ...]
) -> tuple[bytes, tuple[Line, ...]]:
    """An expanded kernel's rows as compressed plain data, and the source lines they name (by number).

    marshal's version 2 writes a value the same whatever objects hold it (no shared references, no interned
    flag), so equal rows give equal bytes and two analyses' kernels compare as their rows do."""
    lines: dict[Line, int] = {}

    def line(at: Line | None) -> int:
        return 0 if at is None else lines.setdefault(at, len(lines) + 1)

    def op(o: ExpandedOp | None) -> _PackedOp | None:
        if o is None:
            return None
        return (o.op, o.result, o.args, o.role, o.crossing, o.split, o.view, o.value, o.reads)

    steps = tuple((line(s.line), s.op, s.name, s.aic, s.aiv, s.crossing, s.value, s.slot) for s in diagram)
    bodies = tuple(
        (
            f.side,
            f.name,
            tuple((e.depth, e.kind, line(e.line), op(e.op), e.name, e.loop, e.values) for e in f.body),
        )
        for f in functions
    )
    return zlib.compress(marshal.dumps((steps, bodies), 2), 1), tuple(lines)


def unpack_rows(
    rows: bytes, lines: tuple[Line, ...]
) -> tuple[tuple[LaneStep, ...], tuple[ExpandedFunction, ...]]:
    """The lane diagram and the functions `pack_rows` packed, with the source lines as they are now."""
    if not rows:
        return (), ()
    steps, bodies = marshal.loads(zlib.decompress(rows))
    at = (None, *lines)
    diagram = tuple(LaneStep(at[s[0]], *s[1:]) for s in steps)
    functions = tuple(
        ExpandedFunction(
            side,
            name,
            tuple(
                ExpandedLine(e[0], e[1], at[e[2]], None if e[3] is None else ExpandedOp(*e[3]), *e[4:])
                for e in body
            ),
        )
        for side, name, body in bodies
    )
    return diagram, functions


@dataclass(frozen=True, slots=True)
class KernelInfo:
    """One device kernel (an InCore function before expansion) and what it became."""

    name: str
    span: Span
    header: Span
    source_kind: str  # "pl.at", "pl.spmd", "InCore function", "AIC function", ...
    func_type: str  # after expansion: "Mixed (Group)", "AIC", "AIV", ...
    aic_name: str | None = None
    aiv_name: str | None = None
    group_name: str | None = None
    split: str | None = None
    crossings: tuple[CrossingInfo, ...] = ()
    regions: tuple[RegionInfo, ...] = ()
    pipe: PipeSetup | None = None
    expansion: ExpandedKernel | None = None
    dual_aiv_dispatch: bool = False


@dataclass(frozen=True, slots=True)
class ScopeInfo:
    """A `with pl.cluster():` or dispatch-form `with pl.spmd(n):` scope and the kernels it launches."""

    kind: str  # "pl.cluster" or "pl.spmd"
    span: Span
    header: Span
    kernels: tuple[str, ...]
    detail: str  # e.g. "8 blocks, sync_start" for a launch


@dataclass(frozen=True, slots=True)
class SymbolInfo:
    """A program, function, kernel, region or scope for the document outline."""

    name: str
    kind: str  # "program", "function", "kernel", "region", "scope"
    span: Span
    selection: Span
    detail: str = ""
    children: tuple[SymbolInfo, ...] = ()


@dataclass(frozen=True, slots=True)
class ForeignOp:
    """An op of an inline helper that another module defines, as this document's entry reaches it: its
    span is in the helper's own file (`path`), so the editor can show it when that file is open."""

    path: str
    op: OpInfo
    entry: str  # the kernel of this document that runs it


@dataclass(frozen=True, slots=True)
class ForeignDiagnostic:
    """A fault inside an inline helper that another module defines, where the compiler reports it: on the
    helper's own line in its file (`path`); its related information points at the call site here."""

    path: str
    diagnostic: Diagnostic


@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything pypto-lsp knows about one document version."""

    path: str
    target: str
    diagnostics: tuple[Diagnostic, ...] = ()
    ops: tuple[OpInfo, ...] = ()
    kernels: tuple[KernelInfo, ...] = ()
    symbols: tuple[SymbolInfo, ...] = ()
    lanes: tuple[tuple[int, str], ...] = ()
    regions: tuple[RegionInfo, ...] = field(default=())
    scopes: tuple[ScopeInfo, ...] = ()
    foreign_ops: tuple[ForeignOp, ...] = ()
    line_files: tuple[
        tuple[int, int, str], ...
    ] = ()  # (first, last) line of a helper module's code, its path
    # the lanes this document's entries give the lines of helpers in other modules: (path, line, lane)
    foreign_lanes: tuple[tuple[str, int, str], ...] = ()
    foreign_diagnostics: tuple[ForeignDiagnostic, ...] = ()

    def line_name(self, line: int) -> str | None:
        """`helpers.py:22` for a line of an imported helper's code spliced into this document; None for a
        line of the document itself."""
        for first, last, path in self.line_files:
            if first <= line <= last:
                return f"{path}:{line - first}"
        return None

    @property
    def has_errors(self) -> bool:
        """True when any diagnostic is an error."""
        return any(d.is_error for d in self.diagnostics)

    def lane_map(self) -> dict[int, str]:
        """Source line -> 'aic' | 'aiv' | 'both' for lines holding kernel statements."""
        return dict(self.lanes)

    def op_at(self, line: int, col: int) -> OpInfo | None:
        """The innermost op call whose span contains the position; of two on the same call, the user's op
        rather than an implicit crossing move inserted for one of its operands."""
        best: OpInfo | None = None
        for op in self.ops:
            if not op.span.contains(line, col):
                continue
            if (
                best is None
                or _narrower(op.span, best.span)
                or (op.span == best.span and best.implicit and not op.implicit)
            ):
                best = op
        return best

    def implicit_moves_at(self, span: Span) -> list[OpInfo]:
        """The implicit crossing moves inserted for the operands of the op at this span."""
        return [op for op in self.ops if op.span == span and op.implicit]

    def kernel_at(self, line: int) -> KernelInfo | None:
        """The kernel whose span covers the line."""
        best: KernelInfo | None = None
        for kernel in self.kernels:
            if kernel.span.covers_line(line) and (best is None or _narrower(kernel.span, best.span)):
                best = kernel
        return best


def _narrower(a: Span, b: Span) -> bool:
    """True when `a` is the tighter of two spans that both contain a point (ties: the later start)."""
    return (a.end_line - a.line, a.end_col - a.col, -a.line, -a.col) < (
        b.end_line - b.line,
        b.end_col - b.col,
        -b.line,
        -b.col,
    )
