"""Op registry: lookup, validation, op classifications and core-affinity classification.

The ops are declared once in `compiler.ops.table` with the data model of `compiler.ops.opdef`; this
module indexes them at import and runs the `ValidateArgEffects` check of spec 003 over the whole table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType

from compiler.ops.opdef import Affinity, OpDef
from compiler.ops.table import OPS
from compiler.types import ArgValue, TileType
from compiler.vocabulary import EnumValue, canonical_enum, is_cube_space


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
    validate_registry(OPS)
    return MappingProxyType({op.name: op for op in OPS})


_REGISTRY: Mapping[str, OpDef] = _build()


def get_op(ir_name: str) -> OpDef | None:
    """The registered op called `ir_name`, or None."""
    return _REGISTRY.get(ir_name)


def all_ops() -> Mapping[str, OpDef]:
    """Every registered op, keyed by IR name (read-only)."""
    return _REGISTRY


def is_boundary(ir_name: str) -> bool:
    """pl.aiv_shard / pl.aic_gather (tile or tensor form): a written AIC <-> AIV crossing."""
    op = _REGISTRY.get(ir_name)
    return op is not None and op.boundary


def reduced_axis(ir_name: str) -> int | None:
    """The axis a tile.row_* (1) or tile.col_* (0) reduction collapses; None for any other op."""
    op = _REGISTRY.get(ir_name)
    return op.reduced_axis if op is not None else None


def is_crossing_exempt(ir_name: str) -> bool:
    """tile.load / tile.store: exempt from AivSplitValid's crossing checks (e), (f), (g)."""
    op = _REGISTRY.get(ir_name)
    return op is not None and op.crossing_exempt


def dsl_names() -> frozenset[str]:
    """Every callable DSL spelling the parser accepts (`pl.add`, `pl.tile.load`, `pld.system.notify`, ...)."""
    from compiler.ops.dsl import DSL_NAMES

    return DSL_NAMES


# ---------------------------------------------------------------------------------------------
# Core affinity (ClassifyIntrinsicCallAffinity, pypto-diagnostics §3.2)
# ---------------------------------------------------------------------------------------------

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
    if op.boundary:
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
