"""The DSL's vocabulary: dtypes, enums and their members, memory spaces, module constants and targets.

The one home of these names (pypto-dsl-surface §2.6, §2.7, §6); the evaluator, the front end and the op
registry read them here. It imports nothing of the compiler, so every layer may use it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DTYPES: tuple[str, ...] = (
    "FP4", "FP8E4M3FN", "FP8E5M2", "FP8E8M0", "FP16", "FP32", "BF16", "HF4", "HF8", "INT4", "INT8",
    "INT16", "INT32", "INT64", "UINT4", "UINT8", "UINT16", "UINT32", "UINT64", "BOOL", "INDEX", "TASK_ID",
)  # fmt: skip
"""The parser's dtype names (`TypeResolver._DTYPE_MAP`), in its order."""

DTYPE_BITS: dict[str, int] = {
    "BOOL": 8, "INT4": 4, "INT8": 8, "INT16": 16, "INT32": 32, "INT64": 64,
    "UINT4": 4, "UINT8": 8, "UINT16": 16, "UINT32": 32, "UINT64": 64, "FP4": 4, "FP8E4M3FN": 8,
    "FP8E5M2": 8, "FP8E8M0": 8, "HF4": 4, "HF8": 8, "FP16": 16, "BF16": 16, "FP32": 32, "INDEX": 64,
    "TASK_ID": 64,
}  # fmt: skip

# The memory spaces an annotation accepts (`pl.MemorySpace` without ScalarLocal).
MEMORY_SPACES: tuple[str, ...] = (
    "DDR",
    "Vec",
    "Mat",
    "Left",
    "Right",
    "Acc",
    "Bias",
    "LeftScale",
    "RightScale",
)
CUBE_SPACES: frozenset[str] = frozenset(MEMORY_SPACES) - {"DDR", "Vec"}


def is_cube_space(space: str | None) -> bool:
    """IsCubeMemorySpace: every space except DDR and Vec (unknown is not cube)."""
    return space in CUBE_SPACES


# Enum members of the DSL, by enum name (reference §6).
ENUMS: dict[str, tuple[str, ...]] = {
    "SplitMode": ("NONE", "UP_DOWN", "LEFT_RIGHT"),
    "MemorySpace": MEMORY_SPACES,
    "Level": (
        "AIV",
        "AIC",
        "CORE_GROUP",
        "CHIP_DIE",
        "CHIP",
        "HOST",
        "CLUSTER_0",
        "CLUSTER_1",
        "CLUSTER_2",
        "GLOBAL",
        "L2CACHE",
        "PROCESSOR",
        "UMA",
        "NODE",
        "POD",
        "CLOS1",
        "CLOS2",
    ),
    "FunctionType": ("Opaque", "Orchestration", "InCore", "AIC", "AIV", "Group", "Spmd", "Inline", "Host"),
    "KernelType": ("AIC", "AIV", "MIX"),
    "SyncAllMode": ("HARD", "SOFT"),
    "PipeType": ("MTE1", "MTE2", "MTE3", "M", "V", "S", "FIX", "ALL"),
    "PadValue": ("zero", "max", "min", "null"),
    "TileLayout": ("row_major", "col_major", "none_box", "nz", "zn"),
    "Layout": ("ND", "DN", "NZ"),
    "TensorLayout": ("ND", "DN", "NZ", "MX_A_ZZ", "MX_B_NN"),
    "AtomicType": ("None_", "Add"),
    "NotifyOp": ("AtomicAdd", "Set"),
    "WaitCmp": ("Eq", "Ge"),
    "ReduceOp": ("Sum", "Max", "Min", "Prod"),
    "CmpType": ("EQ", "NE", "LT", "LE", "GT", "GE"),
}
# pl.tile.MaskPattern's selectors (a class of pl.tile, not of pl), in their numeric order 1..7.
MASK_PATTERNS: tuple[str, ...] = ("P0101", "P1010", "P0001", "P0010", "P0100", "P1000", "P1111")
# Another spelling of an enum: `pl.Mem` is `pl.MemorySpace`.
ENUM_ALIASES: dict[str, str] = {"Mem": "MemorySpace"}

# The capitalised names `pypto.language` binds at e2d0f78 (classes, enums, dtypes, layout constants): a
# `pl.<Name>.<member>` whose Name is none of these, of ENUMS (the spec adds KernelType and SyncAllMode) nor an
# alias is an AttributeError when the parser evaluates it.
PL_CLASSES: frozenset[str] = frozenset(
    {
        "AUTO", "Array", "AsyncEvent", "AsyncSession", "AtomicType", "BF16", "BOOL", "CompactMode", "DN",
        "DataType", "DynVar", "FP16", "FP32", "FP4", "FP8E4M3FN", "FP8E5M2", "FP8E8M0", "ForKind", "FunctionType",
        "HF4", "HF8", "INDEX", "INT16", "INT32", "INT4", "INT64", "INT8", "InOut", "InlineFunction", "IntLike",
        "JITFunction", "Level", "MX_A_ZZ", "MX_B_NN", "Mem", "MemRef", "MemRefType", "MemorySpace", "ND", "NZ",
        "Out", "PadValue", "PipeType", "PrefetchAsyncContext", "Ptr", "PtrType", "RUNTIME", "Role", "Scalar",
        "ScopeMode", "SplitMode", "TASK_ID", "TaskId", "Tensor", "TensorLayout", "TensorView", "Tile", "TileLayout",
        "TileView", "Tuple", "UINT16", "UINT32", "UINT4", "UINT64", "UINT8",
    }
)  # fmt: skip

# Plain module constants: `pl.AUTO` is reserve_buffer's "let the compiler place it" base (system_ops.AUTO).
CONSTANTS: dict[str, int] = {"AUTO": -1}

# The names the DSL is imported as: `pypto.language as pl`, `pypto.language.distributed as pld`.
DSL_ROOTS: tuple[str, ...] = ("pl", "pld")

TARGETS: tuple[str, ...] = ("a2a3", "a5")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_TARGET_COMMENT = re.compile(r"^\s*#\s*target:\s*(" + "|".join(TARGETS) + r")\b")


def canonical_enum(name: str) -> str:
    """The enum a spelling names (`Mem` -> `MemorySpace`)."""
    return ENUM_ALIASES.get(name, name)


def enum_members(name: str) -> tuple[str, ...] | None:
    """The members of the enum spelled `name` (an alias too), or None when it names no enum."""
    return ENUMS.get(canonical_enum(name))


def target_comment(source: str) -> str | None:
    """The target named by a first-line `# target: a5` comment, if any (the first line as Python reads it:
    after a byte-order mark, up to a CRLF, a CR or a LF)."""
    match = _TARGET_COMMENT.match(_LINE_BREAK.split(source.removeprefix("\ufeff"), maxsplit=1)[0])
    return match.group(1) if match else None


@dataclass(frozen=True, slots=True)
class EnumValue:
    """A DSL enum member such as `pl.MemorySpace.Mat` -> EnumValue("MemorySpace", "Mat")."""

    enum: str
    member: str


@dataclass(frozen=True, slots=True)
class DTypeValue:
    """A dtype constant such as `pl.FP32` -> DTypeValue("FP32")."""

    name: str


def dsl_constant(dotted: str) -> DTypeValue | EnumValue | int | None:
    """What a DSL attribute names: `pl.FP32` -> DTypeValue, `pl.Mem.Vec` -> EnumValue("MemorySpace", "Vec"),
    `pl.AUTO` -> -1; None for anything else (a namespace such as `pl.tile`, an op, a non-DSL chain)."""
    parts = dotted.split(".")
    if parts[0] not in DSL_ROOTS:
        return None
    if len(parts) == 2 and parts[1] in DTYPES:
        return DTypeValue(parts[1])
    if len(parts) == 2 and parts[1] in CONSTANTS:
        return CONSTANTS[parts[1]]
    if len(parts) == 2 and parts[1] in ENUMS["TensorLayout"]:
        return EnumValue("TensorLayout", parts[1])  # pl.DN is pl.TensorLayout.DN
    if len(parts) == 3 and enum_members(parts[1]) is not None:
        return EnumValue(canonical_enum(parts[1]), parts[2])
    if len(parts) == 4 and parts[1:3] == ["tile", "MaskPattern"] and parts[3] in MASK_PATTERNS:
        return EnumValue("MaskPattern", parts[3])
    return None


def unbound_pl_class(name: str) -> bool:
    """A capitalised `pl.<name>` that pypto.language does not bind (nor the spec, as an enum)."""
    return name[:1].isupper() and name not in PL_CLASSES and enum_members(name) is None
