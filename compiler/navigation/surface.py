"""Every `pl.*` / `pld.*` name an editor offers, with its parameters, documentation and lane.

Built once from the op registry (`compiler/ops`), the wrappers' parameter lists (`compiler/ops/wrapper_signatures.py`,
generated from the DSL op tables) and the short tables below for what the parser handles itself (loops,
scopes, decorators, types, dtypes, enums). Never from user code.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Mapping
from dataclasses import dataclass

from compiler.ops import dsl
from compiler.ops.registry import get_op
from compiler.ops.wrapper_signatures import WRAPPERS
from compiler.vocabulary import DTYPES, ENUMS


@dataclass(frozen=True, slots=True)
class Parameter:
    """One parameter of a DSL callable as its wrapper declares it."""

    name: str
    annotation: str = ""
    default: str | None = None
    keyword_only: bool = False
    star: str = ""  # "*" for *args, "**" for **kwargs

    @property
    def required(self) -> bool:
        """True when a call must pass it."""
        return self.default is None and not self.star

    def label(self) -> str:
        """`name: annotation = default` as written in a signature."""
        text = self.star + self.name + (f": {self.annotation}" if self.annotation else "")
        if self.default is not None:
            text += f" = {self.default}" if self.annotation else f"={self.default}"
        return text


@dataclass(frozen=True, slots=True)
class SurfaceName:
    """A DSL name: an op, a construct the parser handles, a decorator, a type, a dtype, an enum or member."""

    dotted: str
    kind: str  # "op", "construct", "decorator", "type", "dtype", "enum", "member", "namespace"
    doc: str = ""
    params: tuple[Parameter, ...] | None = None  # None: not called
    ir_op: str = ""
    lane: str = ""  # "AIC", "AIV", "AIC+AIV" (a crossing), "either", "by operand", or "" (no lane)
    detail: str = ""  # the op tables' affinity or kind, short

    @property
    def name(self) -> str:
        """The last segment."""
        return self.dotted.rsplit(".", 1)[-1]

    def signature(self) -> str:
        """`pl.matmul(lhs: T, rhs: T, ...)`."""
        return f"{self.dotted}({', '.join(self.parameter_labels())})"

    def parameter_labels(self) -> list[str]:
        """The parameters as written, with a bare `*` before the keyword-only ones."""
        labels: list[str] = []
        starred = False
        for param in self.params or ():
            if param.keyword_only and not starred:
                labels.append("*")
                starred = True
            if param.star == "*":
                starred = True
            labels.append(param.label())
        return labels


def _params(text: str) -> tuple[Parameter, ...] | None:
    """Parameters of a written signature (`lhs: Tile, *, split: int`), or None when it does not parse."""
    try:
        node = ast.parse(f"def f({text}): pass").body[0]
    except SyntaxError:
        return None
    assert isinstance(node, ast.FunctionDef)
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    out = [Parameter(a.arg, _text(a.annotation), _opt(d)) for a, d in zip(positional, defaults, strict=True)]
    if args.vararg is not None:
        out.append(Parameter(args.vararg.arg, _text(args.vararg.annotation), star="*"))
    out.extend(
        Parameter(a.arg, _text(a.annotation), _opt(d), keyword_only=True)
        for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)
    )
    if args.kwarg is not None:
        out.append(Parameter(args.kwarg.arg, _text(args.kwarg.annotation), star="**"))
    return tuple(out)


def _text(node: ast.expr | None) -> str:
    return ast.unparse(node) if node is not None else ""


def _opt(node: ast.expr | None) -> str | None:
    return ast.unparse(node) if node is not None else None


def _lane(affinity: str) -> str:
    """The lane word of an op table's affinity column."""
    upper = affinity.upper()
    if "MIXED" in upper:
        return "AIC+AIV"
    if "BY " in upper or "DYNAMIC" in upper:
        return "by operand"
    if "CUBE" in upper:
        return "AIC"
    if "VECTOR" in upper:
        return "AIV"
    if "SHARED" in upper:
        return "either"
    return ""


# ------------------------------------------------------------------ what the parser handles itself
# (signature, doc) in our own words, after the DSL surface reference (§1-§3).
_CONSTRUCTS: dict[str, tuple[str, str]] = {
    "pl.range": (
        "start_or_stop, stop=None, step=1, *, init_values=None, attrs=None",
        "Sequential loop: `for i in pl.range(n)`; with `init_values=` the target is `i, (a, b)` and the body "
        "ends with `pl.yield_`.",
    ),
    "pl.parallel": (
        "start_or_stop, stop=None, step=1, *, init_values=None, attrs=None",
        "Parallel loop (no break/continue).",
    ),
    "pl.unroll": (
        "start_or_stop, stop=None, step=1, *, attrs=None",
        "Loop unrolled at compile time; bounds must be integer constants.",
    ),
    "pl.pipeline": (
        "start_or_stop, stop=None, step=1, *, stage, init_values=None, attrs=None",
        "Software-pipelined loop with `stage` stages (a compile-time int >= 1).",
    ),
    "pl.while_": (
        "*, init_values",
        "SSA while loop: `for (x, y) in pl.while_(init_values=(x0, y0)):`, `pl.cond(...)` first in the body.",
    ),
    "pl.spmd": (
        "core_num, *, sync_start=False, name_hint='', optimizations=None, deps=None, "
        "allow_early_resolve=False, predicate=None",
        "SPMD launch over `core_num` blocks: `for i in pl.spmd(n):` binds the block index, "
        "`with pl.spmd(n):` dispatches one kernel per block.",
    ),
    "pl.split_aiv": (
        "n, *, mode",
        "A region run by the two AIV lanes of a mixed kernel: `for aiv_id in pl.split_aiv(2, "
        "mode=pl.SplitMode.UP_DOWN):`. NONE runs the full body on both lanes, UP_DOWN / LEFT_RIGHT give each "
        "lane half the tile. Bring cube values in with `pl.aiv_shard(x)` and hand results back with "
        "`pl.aic_gather(x)`.",
    ),
    "pl.at": (
        "level, role=None, *, optimizations=None, deps=None, no_dep_args=None, dumps=None, "
        "allow_early_resolve=False, name_hint='', windowize=False",
        "`with pl.at(level=pl.Level.CORE_GROUP):` outlines the body into a device kernel (InCore); other "
        "levels give a hierarchy scope. `as tid` binds the task id for `deps=`.",
    ),
    "pl.cluster": ("*, name_hint=''", "`with pl.cluster():` co-schedules AIC and AIV kernels as one Group."),
    "pl.scope": ("*, mode", "A runtime scope (`mode=pl.ScopeMode.MANUAL` or AUTO) in orchestration code."),
    "pl.manual_scope": ("", "Same as `pl.scope(mode=pl.ScopeMode.MANUAL)`."),
    "pl.yield_": ("*values", "Yields the loop-carried or branch values (`a, b = pl.yield_(a2, b2)`)."),
    "pl.cond": ("condition", "The loop condition, first statement of a `pl.while_` body."),
    "pl.const": ("value, dtype", "A numeric literal with a pinned dtype: `pl.const(0, pl.INT32)`."),
    "pl.static_print": ("*args", "Prints at compile (parse) time; emits no IR."),
    "pl.static_assert": (
        "condition, message=''",
        "Fails the compile when a compile-time condition is false.",
    ),
    "pl.func_attr": (
        "attrs",
        "Function attributes as a prologue: `pl.func_attr({'split': pl.SplitMode.UP_DOWN})`.",
    ),
    "pl.split": (
        "mode, *, slot_num=None",
        "Optimization entry of `pl.at(optimizations=[...])`: split the vector work of the kernel between "
        "the two AIV lanes (`pl.SplitMode.UP_DOWN` / `LEFT_RIGHT`).",
    ),
    "pl.cross_core_slot": (
        "*, slot_num",
        "Optimization entry of `pl.at(optimizations=[...])`: the slot count of the cross-core pipe.",
    ),
    "pl.dynamic": ("name", "A dimension known only at run time: `M = pl.dynamic('M')`."),
    "pl.submit": ("kernel, *args, **kwargs", "Submits a kernel call as a task (orchestration)."),
    "pl.spmd_submit": ("kernel, core_num, *args, **kwargs", "Submits a kernel as an SPMD task."),
    "pl.no_dep": ("tensor", "Marks a kernel-call argument as carrying no dependency."),
    "pl.dump_tag": ("tensor", "Marks a tensor for dumping (orchestration and inline functions)."),
    "pl.parse": ("source", "Parses DSL text into a program (text entry point)."),
    "pl.loads": ("source", "Loads a printed program (text entry point)."),
}

_DECORATORS: dict[str, tuple[str, str]] = {
    "pl.jit": (
        "func=None, *, auto_scope=True",
        "A JIT entry: an orchestration function specialised on the tensors it is called with; its "
        "`pl.at` scopes become kernels.",
    ),
    "pl.jit.inline": (
        "func=None, *, auto_scope=True",
        "An inline helper: spliced into every statement-level call site (InlineFunctions).",
    ),
    "pl.jit.incore": ("func=None, *, level=None", "A JIT kernel function (InCore)."),
    "pl.jit.host": ("func=None, *, auto_scope=True", "A JIT HOST orchestrator."),
    "pl.jit.opaque": ("func=None", "A JIT function with no plane assigned (Opaque)."),
    "pl.jit.extern": ("func=None, *, core_type", "A hand-written kernel declared for JIT code."),
    "pl.function": (
        "func=None, *, type=pl.FunctionType.Opaque, level=None, role=None, attrs=None, auto_scope=True, "
        "strict_ssa=False, external_source=None",
        "A DSL function (a `@pl.program` member or standalone).",
    ),
    "pl.program": (
        "cls=None, *, strict_ssa=False",
        "A program: a class whose `@pl.function` members compile together.",
    ),
    "pl.inline": ("func=None", "An inline function, expanded at each call site of a program body."),
}

_TYPES: dict[str, str] = {
    "pl.Tensor": "A tensor in global memory: `pl.Tensor[[M, N], pl.FP16]` (a bare `pl.Tensor` under `@pl.jit`).",
    "pl.Tile": "A tile on chip: `pl.Tile[[M, N], pl.FP32, pl.Mem.Vec]`.",
    "pl.Scalar": "A scalar: `pl.Scalar[pl.INT32]`.",
    "pl.Array": "A rank-1 array: `pl.Array[N, pl.INT32]`, made by `pl.array.create`.",
    "pl.Tuple": "A tuple type: `pl.Tuple[T1, T2]`.",
    "pl.Out": "An output parameter: `y: pl.Out[pl.Tensor[[M, N], pl.FP32]]`.",
    "pl.InOut": "An in-out parameter: `acc: pl.InOut[pl.Tensor[...]]`.",
    "pl.TensorView": "A tensor view (keywords: valid_shape, stride, layout, pad).",
    "pl.TileView": "A tile view (keywords: valid_shape, stride, start_offset, blayout, slayout, fractal, pad).",
    "pl.MemRef": "A declared on-chip allocation for a tile annotation.",
    "pl.Ptr": "A raw pointer (printed alloc results).",
    "pl.TaskId": "Alias of `pl.Scalar[pl.TASK_ID]` (write the subscript form in annotations).",
    "pl.RUNTIME": "Default marker of a JIT scalar parameter passed at run time.",
    "pld.DistributedTensor": "A tensor in a window buffer shared between ranks: `pld.DistributedTensor[[M, N], pl.FP32]`.",
    "pld.CommCtx": "A communication context (`pld.get_comm_ctx(t)`).",
}

_ENUM_DOCS: dict[str, str] = {
    "SplitMode": "How a split region divides a tile between the two AIV lanes.",
    "MemorySpace": "On-chip memory spaces; every space except DDR and Vec is on the cube side.",
    "Mem": "Alias of `pl.MemorySpace`.",
    "Level": "Hierarchy levels of `pl.at(level=...)`; CORE_GROUP outlines a device kernel.",
    "FunctionType": "Function kinds of `@pl.function(type=...)`.",
    "KernelType": "Kernel kinds (AIC, AIV, MIX).",
    "SyncAllMode": "Modes of `pl.system.syncall`.",
    "PipeType": "Hardware pipes of the sync ops.",
    "PadValue": "Padding values of fillpad / views.",
    "TileLayout": "Tile layouts.",
    "Layout": "Tensor layouts.",
    "AtomicType": "Atomic store modes (`atomic=`).",
    "NotifyOp": "Notify operations of `pld.system.notify(op=...)`.",
    "WaitCmp": "Comparisons of `pld.system.wait` / `defer_wait` (`cmp=...`).",
    "ReduceOp": "Reductions of the `pld.tensor` collectives (`op=...`).",
    "CmpType": "Comparison kinds.",
}

# Enums spelled from pypto.language.distributed too (or only).
_ENUM_ROOTS: dict[str, tuple[str, ...]] = {
    "NotifyOp": ("pl", "pld"),
    "AtomicType": ("pl", "pld"),
    "WaitCmp": ("pld",),
    "ReduceOp": ("pld",),
}

_NAMESPACES: dict[str, str] = {
    "pl.tile": "Tile ops (on-chip tiles; explicit namespace).",
    "pl.tensor": "Tensor ops (global-memory tensors; explicit namespace).",
    "pl.system": "System ops: pipes, syncs, barriers, buffers.",
    "pl.array": "Array ops.",
    "pl.prefetch": "Prefetch ops.",
    "pld.tile": "Distributed tile ops.",
    "pld.tensor": "Distributed tensor ops (collectives, put/get).",
    "pld.system": "Distributed system ops (rank, notify, wait).",
}


def _target(dotted: str) -> str:
    """The explicit name a promoted or short name stands for (`pl.load` -> `pl.tile.load`)."""
    return dsl.PROMOTED.get(dotted) or dsl.PLD_SHORT.get(dotted) or dotted


def _ir_op(dotted: str) -> str:
    target = _target(dotted)
    if target in dsl.EXPLICIT:
        return dsl.EXPLICIT[target] or ""
    if dotted.startswith("pl.") and dotted[3:] in dsl.UNIFIED:
        tile = dsl.EXPLICIT.get("pl.tile." + dotted[3:])
        return tile or dsl.EXPLICIT.get("pl.tensor." + dotted[3:]) or ""
    return ""


def _op_name(dotted: str) -> SurfaceName:
    """An op wrapper: parameters from the wrapper table, doc and affinity from the registry and tables."""
    target = _target(dotted)
    unified = dotted.startswith("pl.") and dotted[3:] in dsl.UNIFIED
    written = WRAPPERS.get(dotted) or WRAPPERS.get(target)
    if written is None and unified:
        written = WRAPPERS.get("pl.tile." + dotted[3:]) or WRAPPERS.get("pl.tensor." + dotted[3:])
    params = _params(written[0]) if written is not None else None
    affinity = ""
    for candidate in (target, "pl.tile." + dotted[3:] if unified else "", "pl.tensor." + dotted[3:]):
        row = WRAPPERS.get(candidate)
        if row is not None and _lane(row[1]):
            affinity = row[1]
            break
    ir_op = _ir_op(dotted)
    opdef = get_op(ir_op) if ir_op else None
    doc = opdef.doc if opdef is not None else ""
    if unified:
        doc = (doc + "\n\n" if doc else "") + (
            f"Dispatches on its operands: a Tensor goes to `pl.tensor.{dotted[3:]}`, a Tile to "
            f"`pl.tile.{dotted[3:]}`."
        )
    elif target != dotted:
        doc = (doc + "\n\n" if doc else "") + f"Same as `{target}`."
    if dotted in dsl.BOUNDARY:
        affinity = "MIXED"
    return SurfaceName(
        dotted, "op", doc, params if params is not None else (), ir_op, _lane(affinity), affinity
    )


def _construct(dotted: str, table: Mapping[str, tuple[str, str]], kind: str) -> SurfaceName:
    signature, doc = table[dotted]
    return SurfaceName(dotted, kind, doc, _params(signature) or ())


@functools.cache
def _names() -> dict[str, SurfaceName]:
    out: dict[str, SurfaceName] = {}
    for dotted in sorted(dsl.DSL_NAMES):
        if dotted in _CONSTRUCTS:
            out[dotted] = _construct(dotted, _CONSTRUCTS, "construct")
        elif dotted not in dsl.FRONTEND:
            out[dotted] = _op_name(dotted)
    for dotted in _CONSTRUCTS:
        out.setdefault(dotted, _construct(dotted, _CONSTRUCTS, "construct"))
    for dotted in _DECORATORS:
        out[dotted] = _construct(dotted, _DECORATORS, "decorator")
    for dotted, doc in _TYPES.items():
        out[dotted] = SurfaceName(dotted, "type", doc)
    for dtype in DTYPES:
        out[f"pl.{dtype}"] = SurfaceName(f"pl.{dtype}", "dtype", f"Data type {dtype}.")
    for enum, members in ENUMS.items():
        for root in _ENUM_ROOTS.get(enum, ("pl",)):
            out[f"{root}.{enum}"] = SurfaceName(f"{root}.{enum}", "enum", _ENUM_DOCS.get(enum, ""))
            for member in members:
                dotted = f"{root}.{enum}.{member}"
                out[dotted] = SurfaceName(dotted, "member", f"`{root}.{enum}` member {member}.")
    for dotted, doc in _NAMESPACES.items():
        out[dotted] = SurfaceName(dotted, "namespace", doc)
    out["pl"] = SurfaceName("pl", "namespace", "`import pypto.language as pl`: the PyPTO kernel DSL.")
    out["pld"] = SurfaceName(
        "pld", "namespace", "`import pypto.language.distributed as pld`: distributed tensors and ops."
    )
    return out


@functools.cache
def _children() -> dict[str, tuple[SurfaceName, ...]]:
    found: dict[str, list[SurfaceName]] = {}
    for dotted, name in _names().items():
        if "." in dotted:
            found.setdefault(dotted.rsplit(".", 1)[0], []).append(name)
    # Namespaces reached only through their ops (`pl.jit` has `pl.jit.inline`, ...) are offered as well.
    return {k: tuple(sorted(v, key=lambda n: n.dotted)) for k, v in found.items()}


def lookup(dotted: str) -> SurfaceName | None:
    """The DSL name spelled `dotted` (`pl.matmul`, `pl.SplitMode.UP_DOWN`), or None."""
    return _names().get(dotted)


def members(prefix: str) -> tuple[SurfaceName, ...]:
    """The names one segment below `prefix` (`pl` -> pl.matmul, pl.tile, pl.FP32, ...)."""
    return _children().get(prefix, ())


def all_names() -> Mapping[str, SurfaceName]:
    """Every DSL name, by spelling."""
    return _names()
