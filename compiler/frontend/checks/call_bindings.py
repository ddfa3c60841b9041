"""pl.dynamic extents at a call. A `self.<function>(...)` call's bindings (DeduceCallReturnType,
type_inference.cpp): each argument binds the callee's dynamic extents in turn, and a symbol bound to two static
extents that differ is an error, since a call between functions of one program carries no runtime shape guard.
A prefetch source's extents (CheckFlatContiguous1DSource), which must all be constants."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from compiler import ir
from compiler.evaluator import Dynamic
from compiler.frontend.checks.state import CheckState
from compiler.types import ArgValue, TensorType, TileType


@dataclass(frozen=True, slots=True)
class Conflict:
    """The first symbol bound to two different static extents, and where the second binding was made."""

    var: str
    existing: int
    candidate: int
    context: str


def dynamic_names(env: Mapping[str, object]) -> frozenset[str]:
    """The pl.dynamic symbols of the module, by the name their dimensions print; a name two symbols share is
    left out (they are two variables the model cannot tell apart)."""
    seen: dict[str, int] = {}
    for value in env.values():
        if isinstance(value, Dynamic):
            seen[value.name] = seen.get(value.name, 0) + 1
    return frozenset(
        name
        for name, count in seen.items()
        if count == 1 and (name not in env or isinstance(env[name], Dynamic))
    )


def first_conflict(
    params: Sequence[ir.Param], args: Sequence[ArgValue], env: Mapping[str, object]
) -> Conflict | None:
    """The conflict DeduceCallReturnType reports first, when every binding involved is provable: the callee's
    parameters are plain annotations (no view), the arguments carry no partial valid region, and each binding
    of a symbol is a static extent (a symbol with any other binding is dropped: the compiler may prove it)."""
    dynamic = dynamic_names(env)
    if not dynamic:
        return None
    bound: dict[str, int | None] = {}
    for index, (param, arg) in enumerate(zip(params, args, strict=False)):
        pattern = param.type
        if not isinstance(pattern, TensorType | TileType) or not isinstance(arg, type(pattern)):
            continue
        if pattern.valid is not None or arg.valid is not None:
            return None  # a valid-shape binding the model does not follow
        if isinstance(pattern, TensorType) and (pattern.layout != "ND" or pattern.stride is not None):
            return None  # a TensorView annotation: its own valid_shape / stride bindings
        for axis, (dim, value) in enumerate(zip(pattern.shape, arg.shape, strict=False)):
            if not isinstance(dim, str) or dim not in dynamic:
                continue
            static = value if isinstance(value, int) and not isinstance(value, bool) else None
            if dim not in bound:
                bound[dim] = static
                continue
            existing = bound[dim]
            if existing is None or static is None:
                bound[dim] = None
                continue
            if existing != static:
                return Conflict(dim, existing, static, f"argument {index} physical shape[{axis}]")
    return None


def check_call_bindings(
    state: CheckState, target: ir.Function, args: Sequence[ArgValue], env: Mapping[str, object]
) -> None:
    """PTO-TD226, reported by the parser's function wrapper on the calling function's def line."""
    if target.return_type is None or state.function.decorator != "function":
        return  # no declared result: the compiler may deduce none and then binds nothing
    conflict = first_conflict(target.params, args, env)
    if conflict is not None:
        state.error(
            "PTO-TD226",
            state.function.header,
            function=state.function.name,
            var=conflict.var,
            existing=conflict.existing,
            candidate=conflict.candidate,
            context=conflict.context,
        )


def first_dynamic_axis(src: ArgValue, env: Mapping[str, object]) -> int | None:
    """The axis of a tensor's first non-constant extent when it is a pl.dynamic symbol (every extent before it
    a constant); None otherwise (an extent the model could not evaluate may be a constant)."""
    if not isinstance(src, TensorType) or not src.ranked:
        return None
    dynamic = dynamic_names(env)
    for axis, dim in enumerate(src.shape):
        if isinstance(dim, int) and not isinstance(dim, bool):
            continue
        return axis if isinstance(dim, str) and dim in dynamic else None
    return None
