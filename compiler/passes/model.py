"""The kernel-level IR the placement passes work on: flattened op statements with memory spaces."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from compiler.source import Span
from compiler.types import UNKNOWN, ValueType

# Origins of op statements. Synthesised statements with no source line of their own carry `line_span=None`.
USER = "user"
ENTRY_LOAD = "entry_load"
BRIDGE_LOAD = "bridge_load"
CROSSING_MOVE = "crossing_move"
SUBBLOCK_IDX = "subblock_idx"
BLOCK_IDX = "block_idx"
SCALAR = "scalar"
ALIAS = "alias"


@dataclass(frozen=True, slots=True)
class TOp:
    """One op statement: `result = op(operands..., **kwargs)`."""

    op: str
    result: str | None
    operands: tuple[str | None, ...]  # positional args: variable names, or None for non-variables
    reads: tuple[str, ...]  # every variable name the call reads (offsets, shapes, scalars)
    kwargs: tuple[tuple[str, object], ...]
    call_span: Span  # the call the user wrote (or the consumer, for inserted ops)
    line_span: Span | None  # the span whose line the statement belongs to (None: synthesised)
    dsl_name: str = ""
    origin: str = USER
    memory: str | None = None
    type: ValueType = UNKNOWN
    bound: bool = False  # bound to a user name by an assignment statement (a definer for checks f/g)
    in_spaces: tuple[str | None, ...] = ()  # memory of each operand at this point (InferTileMemorySpace)
    crossing: str | None = None  # "C2V" / "V2C" for a boundary move, shard or gather
    recross: bool = False  # a crossing move of a value that already crossed: expanded on its consuming side
    consts: tuple[object, ...] = ()  # folded value of each positional argument (None when not constant)
    arg_spans: tuple[Span | None, ...] = ()  # source range of each positional argument
    pinned: str | None = None  # the one lane a no-duplicate op is pinned to inside a pl.split_aiv region

    def kwarg(self, name: str, default: object = None) -> object:
        """A keyword attribute of the op."""
        for key, value in self.kwargs:
            if key == name:
                return value
        return default

    def with_(self, **changes: object) -> TOp:
        """A copy with some fields changed."""
        # A positional call, not the generic dataclasses.replace (several times as costly; per op per pass).
        return TOp(*[changes[n] if n in changes else getattr(self, n) for n in _TOP_FIELDS])  # type: ignore[arg-type]


_TOP_FIELDS = tuple(f.name for f in fields(TOp))  # every one set by __init__


@dataclass(frozen=True, slots=True)
class TLoop:
    """A sequential / parallel / pipeline / while loop kept in the kernel."""

    kind: str
    var: str | None
    reads: tuple[str, ...]
    body: tuple[TNode, ...]
    span: Span
    header: Span
    carries: tuple[tuple[str, str], ...] = ()  # (loop-carried name, its init value) from init_values=


@dataclass(frozen=True, slots=True)
class TIf:
    """An if / else."""

    reads: tuple[str, ...]
    body: tuple[TNode, ...]
    orelse: tuple[TNode, ...]
    span: Span
    header: Span


@dataclass(frozen=True, slots=True)
class TRegion:
    """A `pl.split_aiv` region."""

    mode: str
    lane_var: str | None
    body: tuple[TNode, ...]
    span: Span
    header: Span


@dataclass(frozen=True, slots=True)
class TYield:
    """`res = pl.yield_(v)` or a return statement: hands values to the enclosing construct."""

    values: tuple[str, ...]
    span: Span
    is_return: bool = False
    targets: tuple[str, ...] = ()  # names the enclosing if / loop binds to the yielded values


@dataclass(frozen=True, slots=True)
class TScope:
    """A scope that survived inside a kernel (a `pl.at` inside an InCore function)."""

    kind: str
    body: tuple[TNode, ...]
    span: Span
    header: Span


TNode = TOp | TLoop | TIf | TRegion | TYield | TScope


def children(node: TNode) -> tuple[tuple[TNode, ...], ...]:
    """Nested blocks of a node."""
    kind = type(node)  # by exact type (the node classes are never subclassed): called for every node walked
    if kind is TOp or kind is TYield:
        return ()
    if kind is TLoop or kind is TRegion or kind is TScope:
        return (node.body,)  # type: ignore[union-attr]
    if kind is TIf:
        return (node.body, node.orelse)  # type: ignore[union-attr]
    return ()


def user_name(name: str | None) -> str:
    """The user's variable behind an internal name: `mm__tile`, `acc__inline3`, `n__v2` -> `mm`, `acc`, `n`."""
    return (name or "?").split("__", 1)[0]


def with_children(node: TNode, blocks: tuple[tuple[TNode, ...], ...]) -> TNode:
    """The same compound node with new nested blocks (in the order `children` gives them)."""
    if isinstance(node, TLoop | TRegion | TScope):
        return replace(node, body=blocks[0])
    if isinstance(node, TIf):
        return replace(node, body=blocks[0], orelse=blocks[1])
    return node


def names_used(node: TNode) -> set[str]:
    """Every variable a node reads, including everything nested inside a compound node."""
    if isinstance(node, TOp):
        return {o for o in node.operands if o} | set(node.reads)
    if isinstance(node, TYield):
        return set(node.values)
    found = set(node.reads) if isinstance(node, TLoop | TIf) else set()
    for sub in children(node):
        for inner in sub:
            found |= names_used(inner)
    return found


def last_use(block: tuple[TNode, ...] | list[TNode], name: str, start: int) -> int:
    """The position of the last node from `start` on that reads `name` (`start` if none does)."""
    return max((i for i in range(start, len(block)) if name in names_used(block[i])), default=start)


def walk(block: tuple[TNode, ...], region: TRegion | None = None) -> list[tuple[TNode, TRegion | None]]:
    """Every node in a block with its innermost enclosing region, in program order."""
    if region is not None or type(block) is not tuple:
        return _walk(block, region)
    # The passes and checks of one kernel walk the same body a dozen times or more: each body is walked
    # once while it is among the last ones walked (blocks are immutable; the entry keeps the block alive,
    # so its id names no other block). A copy: callers may change their list.
    found = _WALKS.get(id(block))
    if found is not None and found[0] is block:
        return list(found[1])
    out = _walk(block, None)
    if len(_WALKS) >= _MAX_WALKS:
        _WALKS.clear()  # a whole clear: atomic, where analyses of two documents share the table
    _WALKS[id(block)] = (block, out)
    return list(out)


_WALKS: dict[int, tuple[tuple[TNode, ...], list[tuple[TNode, TRegion | None]]]] = {}
_MAX_WALKS = 64


def _walk(block: tuple[TNode, ...], region: TRegion | None) -> list[tuple[TNode, TRegion | None]]:
    out: list[tuple[TNode, TRegion | None]] = []
    for node in block:
        out.append((node, region))
        kind = type(node)
        if kind is TOp or kind is TYield:
            continue
        inner = node if kind is TRegion else region
        for sub in children(node):
            out.extend(_walk(sub, inner))  # type: ignore[arg-type]
    return out


def ops_of(block: tuple[TNode, ...]) -> list[tuple[TOp, TRegion | None]]:
    """Every op statement in a block with its enclosing region."""
    if type(block) is not tuple:
        return [(n, r) for n, r in _walk(block, None) if isinstance(n, TOp)]
    found = _OPS.get(id(block))  # as `walk` keeps its walks (a kernel's passes ask 20 times)
    if found is not None and found[0] is block:
        return list(found[1])
    out = [(n, r) for n, r in walk(block) if isinstance(n, TOp)]
    if len(_OPS) >= _MAX_WALKS:
        _OPS.clear()
    _OPS[id(block)] = (block, out)
    return list(out)


_OPS: dict[int, tuple[tuple[TNode, ...], list[tuple[TOp, TRegion | None]]]] = {}


@dataclass(frozen=True, slots=True)
class Kernel:
    """An InCore function: outlined from a scope, or declared by hand."""

    name: str
    source_kind: str  # "pl.at", "pl.spmd", "split_aiv", "InCore", "AIC", "AIV", "jit.incore"
    func_type: str  # InCore, AIC or AIV (hand-written)
    function: str  # the DSL function it lives in
    span: Span
    header: Span
    body: tuple[TNode, ...] = ()
    split: str | None = None  # function-level pl.split mode
    slot_num: int | None = None
    local_slot_num: int | None = None
    outlined: bool = True
    hand_incore: bool = False  # declared InCore by the user (check h)
    attrs: tuple[tuple[str, object], ...] = ()
    group: str | None = None  # the pl.cluster Group it belongs to
    launch: Launch | None = None
    statement_lines: bool = False  # @pl.jit code: every op of a statement reports the statement's first line

    def with_body(self, body: tuple[TNode, ...]) -> Kernel:
        """A copy with a new body."""
        return replace(self, body=body)


@dataclass(frozen=True, slots=True)
class Launch:
    """How a kernel is launched: SPMD width and sync_start."""

    width: object  # int, "available_aiv_count", "available_cluster_count", or None
    sync_start: bool
    span: Span
    bound_query: str | None = None  # the device-size query behind a width that is a name bound to it
    width_span: Span | None = None  # the width argument as written
