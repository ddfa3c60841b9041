"""Op registry: the data model of a registered op, lookup, validation and core-affinity classification.

Models upstream's `REGISTER_OP(...)` builder chains (`include/pypto/ir/op_registry.h`) as immutable
data. The ops themselves are declared once in `compiler.ops.table`; this module indexes them at
import and runs the `ValidateArgEffects` check of spec 003 over the whole table.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from compiler.types import ArgValue, TileType
from compiler.vocabulary import EnumValue, canonical_enum, is_cube_space


class Affinity(enum.Enum):
    """CoreAffinity: which core an op runs on (`core_affinity_kind.h`)."""

    CUBE = "CUBE"
    VECTOR = "VECTOR"
    SHARED = "SHARED"
    MIXED = "MIXED"


class ArgEffect(enum.Enum):
    """What an op does to the buffer behind one argument (`set_arg_effect`)."""

    READ = "Read"
    WRITE = "Write"
    READ_WRITE = "ReadWrite"


class WriteChannel(enum.Enum):
    """Hardware path a write takes (`set_write_channel`)."""

    DMA = "Dma"
    SCALAR = "Scalar"


@dataclass(frozen=True, slots=True)
class OutputMemory:
    """Output memory spec: `set_output_memory(S)`, `..._from_kwarg(key, default)` or `..._inherit_input()`."""

    kind: str  # "fixed" | "kwarg" | "inherit"
    space: str | None = None  # the fixed space, or the kwarg default (None: no default)
    key: str = "target_memory"


@dataclass(frozen=True, slots=True)
class ArgEffectDecl:
    """One `set_arg_effect(index, ...)` verdict, constant or decided by a kwarg.

    With `kwarg` set, the effect is `effect` when the kwarg is absent or equal to one of
    `default_values`, and `otherwise` when it holds any other value.
    """

    index: int
    effect: ArgEffect
    kwarg: str | None = None
    default_values: tuple[object, ...] = ()
    otherwise: ArgEffect | None = None

    def can_write(self) -> bool:
        """True when some kwarg value makes this argument written."""
        writes = {ArgEffect.WRITE, ArgEffect.READ_WRITE}
        return self.effect in writes or (self.otherwise is not None and self.otherwise in writes)

    def resolve(self, kwargs: Mapping[str, ArgValue]) -> ArgEffect:
        """The effect for one call's kwargs."""
        if self.kwarg is None or self.otherwise is None or self.kwarg not in kwargs:
            return self.effect
        value = kwargs[self.kwarg]
        if isinstance(value, EnumValue):
            value = value.member
        return self.effect if value in self.default_values else self.otherwise


@dataclass(frozen=True, slots=True)
class Effects:
    """Argument effects, write channel, output arity and workspace args of one op (spec 003)."""

    args: tuple[ArgEffectDecl, ...] = ()
    no_arg_writes: bool = False
    write_channel: WriteChannel | None = None
    output_reuses_input: int | None = None
    output_arity: int = 1
    workspace_args: tuple[int, ...] = ()

    @property
    def declared(self) -> bool:
        """HasDeclaredArgEffects: someone classified this op (verdicts or `no_arg_writes`)."""
        return self.no_arg_writes or bool(self.args)

    def verdict(self, index: int) -> ArgEffectDecl | None:
        """The declaration for argument `index`, if any."""
        for decl in self.args:
            if decl.index == index:
                return decl
        return None

    def written_args(self) -> tuple[int, ...]:
        """Indices of arguments that some call may write."""
        return tuple(d.index for d in self.args if d.can_write())


NO_EFFECTS = Effects()


@dataclass(frozen=True, slots=True)
class OpDef:
    """One registered op (`REGISTER_OP`)."""

    name: str
    category: str
    args: tuple[str, ...] = ()
    attrs: tuple[str, ...] = ()
    input_memory: tuple[tuple[int, tuple[str, ...]], ...] = ()
    output_memory: OutputMemory | None = None
    declared_affinity: Affinity | None = None
    no_duplicate: bool = False
    internal_only: bool = False
    effects: Effects = field(default=NO_EFFECTS)
    tile_op: str | None = None
    deduce: str | None = None
    doc: str = ""
    cross_core_role: str | None = None
    source: str = ""

    @property
    def namespace(self) -> str:
        """The IR namespace: `tile`, `tensor`, `system`, `pld.system`, ..."""
        return self.name.rsplit(".", 1)[0]

    @property
    def short_name(self) -> str:
        """The last segment of the IR name."""
        return self.name.rsplit(".", 1)[1]


class RegistryError(ValueError):
    """Raised when the op table violates the registry's invariants."""

    def __init__(self, offenders: Sequence[str]) -> None:
        self.offenders = tuple(offenders)
        super().__init__(
            "OpRegistry::ValidateArgEffects rejected "
            f"{len(self.offenders)} op(s):\n  " + "\n  ".join(self.offenders)
        )


def validate_op(op: OpDef) -> list[str]:
    """Every ValidateArgEffects violation of one op, each as '<op>: <problem>. Fix: <how>'."""
    problems: list[str] = []
    eff = op.effects
    nargs = len(op.args)
    reuse = eff.output_reuses_input
    if reuse is not None and not eff.no_arg_writes and eff.verdict(reuse) is None:
        problems.append(
            f"{op.name}: declares set_output_reuses_input({reuse}) but gives no verdict on argument {reuse}. "
            f"Fix: add set_arg_effect({reuse}, ...) (Read is fine for a metadata slot)"
        )
    if eff.write_channel is not None and not eff.written_args():
        problems.append(
            f"{op.name}: declares write channel {eff.write_channel.value} but writes no argument. "
            "Fix: add the missing set_arg_effect(i, Write/ReadWrite) or drop set_write_channel"
        )
    if eff.no_arg_writes and eff.args:
        problems.append(
            f"{op.name}: declares both no_arg_writes() and set_arg_effect(...). Fix: keep only one of them"
        )
    for decl in eff.args:
        if not 0 <= decl.index < nargs:
            problems.append(f"{op.name}: set_arg_effect({decl.index}) names no argument (op has {nargs})")
    for idx in eff.workspace_args:
        if not 0 <= idx < nargs:
            problems.append(f"{op.name}: set_workspace_arg({idx}) names no argument (op has {nargs})")
    if eff.output_arity < 1:
        problems.append(f"{op.name}: set_output_arity({eff.output_arity}) must be >= 1")
    if eff.output_arity > 1:
        for idx in eff.written_args():
            if idx not in eff.workspace_args:
                name = op.args[idx] if 0 <= idx < nargs else str(idx)
                problems.append(
                    f"{op.name}: produces {eff.output_arity} values but writes argument {idx} ({name}) "
                    "that is not declared a workspace. Fix: return the value in the TupleType result, "
                    f"or declare set_workspace_arg({idx})"
                )
    return problems


def validate_registry(ops: Iterable[OpDef]) -> None:
    """Run ValidateArgEffects over a whole table; raise RegistryError listing every offender."""
    offenders: list[str] = []
    seen: set[str] = set()
    for op in ops:
        if op.name in seen:
            offenders.append(f"{op.name}: registered twice")
        seen.add(op.name)
        offenders.extend(validate_op(op))
    if offenders:
        raise RegistryError(offenders)


def _build() -> Mapping[str, OpDef]:
    from compiler.ops.table import OPS

    validate_registry(OPS)
    return MappingProxyType({op.name: op for op in OPS})


_REGISTRY: Mapping[str, OpDef] = _build()


def get_op(ir_name: str) -> OpDef | None:
    """The registered op called `ir_name`, or None."""
    return _REGISTRY.get(ir_name)


def all_ops() -> Mapping[str, OpDef]:
    """Every registered op, keyed by IR name (read-only)."""
    return _REGISTRY


def dsl_names() -> frozenset[str]:
    """Every callable DSL spelling the parser accepts (`pl.add`, `pl.tile.load`, `pld.system.notify`, ...)."""
    from compiler.ops.dsl import DSL_NAMES

    return DSL_NAMES


# ---------------------------------------------------------------------------------------------
# Core affinity (ClassifyIntrinsicCallAffinity, pypto-diagnostics §3.2)
# ---------------------------------------------------------------------------------------------

_BOUNDARY_OPS = frozenset({"tile.aiv_shard", "tile.aic_gather", "tensor.aiv_shard", "tensor.aic_gather"})
_CORE_TYPE_OPS = frozenset({"system.syncall", "system.sync_set", "system.sync_wait"})


def memory_of(value: ArgValue) -> str | None:
    """A memory space named by a kwarg value (`pl.Mem.Mat`, `"Mat"`), or None."""
    if isinstance(value, EnumValue) and canonical_enum(value.enum) == "MemorySpace":
        return value.member
    if isinstance(value, str):
        return value
    return None


def _space_affinity(space: str) -> Affinity:
    return Affinity.CUBE if is_cube_space(space) else Affinity.VECTOR


def _first_tile_memory(args: Sequence[ArgValue]) -> tuple[bool, str | None]:
    for arg in args:
        if isinstance(arg, TileType):
            return True, arg.memory
    return False, None


def _core_type(value: ArgValue) -> str | None:
    if isinstance(value, EnumValue):
        return value.member.lower()
    if isinstance(value, str):
        return value.lower()
    return None


def has_stated_lane(op: OpDef) -> bool:
    """HasStatedLane: a declared affinity, or a `core_type`-classified sync op."""
    return op.declared_affinity is not None or op.name in _CORE_TYPE_OPS


def classify_affinity(
    op: OpDef, args: Sequence[ArgValue] = (), kwargs: Mapping[str, ArgValue] | None = None
) -> Affinity:
    """ClassifyIntrinsicCallAffinity for one call of `op` (first matching rule wins)."""
    kw: Mapping[str, ArgValue] = kwargs or {}
    if op.declared_affinity is not None:
        return op.declared_affinity
    if op.name == "tile.move":
        _, src = _first_tile_memory(args)
        target = memory_of(kw.get("target_memory")) or "Vec"
        if src is not None and is_cube_space(src) != is_cube_space(target):
            return Affinity.MIXED
        return Affinity.CUBE if is_cube_space(src) else Affinity.VECTOR
    if op.name == "system.syncall":
        core = _core_type(kw.get("core_type"))
        if core in ("aic_only", "aic"):
            return Affinity.CUBE
        if core in ("aiv_only", "aiv"):
            return Affinity.VECTOR
        return Affinity.SHARED
    if op.name in ("system.sync_set", "system.sync_wait"):
        core = _core_type(kw.get("core_type"))
        if core == "aic":
            return Affinity.CUBE
        if core == "aiv":
            return Affinity.VECTOR
        return Affinity.SHARED
    if op.name in _BOUNDARY_OPS:
        return Affinity.MIXED
    spec = op.output_memory
    if spec is not None and spec.kind == "fixed" and spec.space is not None:
        return _space_affinity(spec.space)
    if spec is not None and spec.kind == "kwarg":
        space = memory_of(kw.get(spec.key)) or spec.space
        if space is not None:
            return _space_affinity(space)
    found, memory = _first_tile_memory(args)
    if found and memory is not None:
        return _space_affinity(memory)
    return Affinity.SHARED


def combine_affinity(a: Affinity, b: Affinity) -> Affinity:
    """CombineAffinity: equal -> itself, SHARED with x -> x, anything else -> MIXED."""
    if a == b:
        return a
    if a == Affinity.SHARED:
        return b
    if b == Affinity.SHARED:
        return a
    return Affinity.MIXED
