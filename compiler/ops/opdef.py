"""The data model of a registered op: `REGISTER_OP(...)` builder chains (`include/pypto/ir/op_registry.h`).

`compiler.ops.table` declares every op with it and `compiler.ops.registry` indexes the table.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from compiler.types import ArgValue
from compiler.vocabulary import EnumValue


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
    # Classifications the passes and verifiers ask about (pypto-diagnostics §2.4, §6):
    boundary: bool = False  # pl.aiv_shard / pl.aic_gather: a written AIC <-> AIV crossing (MIXED)
    reduced_axis: int | None = None  # tile.row_* reductions collapse axis 1, tile.col_* axis 0
    crossing_exempt: bool = False  # placed by ConvertTensorToTileOps: no AivSplitValid (e), (f), (g)

    @property
    def namespace(self) -> str:
        """The IR namespace: `tile`, `tensor`, `system`, `pld.system`, ..."""
        return self.name.rsplit(".", 1)[0]

    @property
    def short_name(self) -> str:
        """The last segment of the IR name."""
        return self.name.rsplit(".", 1)[1]
