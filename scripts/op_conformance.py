"""Op conformance cases: small DSL programs that call one registered op, valid and varied.

For every op of the registry (``compiler/ops/table.py``) there is a valid call in the style of our own
kernels, and variants of it: each operand's dtype, rank and shape changed, and the keyword arguments and
values that the op's deducer and wrapper check. The real compiler's outcome for each (recorded with
``shared/tools/reference-compiler/run_compiler.py``) is the golden; ``tests/test_op_conformance.py``
checks pypto-lsp against it.

    python scripts/op_conformance.py generate DIR        # write DIR/<case>.py, one program per case
    $REF_PY run_compiler.py DIR                          # the compiler writes DIR/<case>.expected.json
    python scripts/op_conformance.py collect DIR         # pack programs + outcomes into tests/conformance/ops/

A case name is ``<op>__<variant>`` (``tile.add__dtype_b_INT32``); its family is the op's upstream source
file (``tile_ops/elementwise``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
GOLDENS = REPO / "tests" / "conformance" / "ops"

HEADER = "import pypto.language as pl\n"


@dataclass(frozen=True)
class Operand:
    """One value an op call reads: a kernel parameter (a tensor, loaded as a tile in tile kernels)."""

    name: str
    shape: tuple[int, ...]
    dtype: str = "FP32"
    mem: str = "Vec"  # tile kernels: Vec / Mat / Left / Right / Acc / Bias load, or New (pl.create_tile)
    fixed: bool = False  # not varied (an index tensor, a scratch tile whose shape is derived)


@dataclass(frozen=True)
class Spec:
    """The valid call of one op and the variants to derive from it."""

    op: str  # the registry's IR name
    call: str  # the call, on operand names: "pl.tile.add(a, b)"
    operands: tuple[Operand, ...] = ()
    ctx: str = (
        "tensor"  # tensor (pl.at in @pl.jit) / tile (hand InCore function) / a5 (tile, Ascend950) / raw
    )
    variants: tuple[tuple[str, str], ...] = ()  # (variant name, replacement call)
    sweep: bool = True  # derive dtype / rank / shape variants of the operands
    pre: tuple[str, ...] = ()  # statements before the call (after the loads)
    source: str = ""  # ctx == raw: the whole program, with {call} where the call goes
    valid_name: str = "valid"  # the name of the unvaried call's case


@dataclass(frozen=True)
class Case:
    """One generated program."""

    name: str
    op: str
    variant: str
    text: str


# --------------------------------------------------------------------------------------------------
# Program text
# --------------------------------------------------------------------------------------------------

_ACC_LIKE = {"Acc"}


def _tensor_type(o: Operand) -> str:
    return f"pl.Tensor[[{', '.join(map(str, o.shape))}], pl.{o.dtype}]"


def _zeros(n: int) -> str:
    return "[" + ", ".join("0" for _ in range(n)) + "]"


def _dims(shape: Sequence[int]) -> str:
    return "[" + ", ".join(map(str, shape)) + "]"


def _tile_setup(o: Operand) -> str | None:
    """The statement that makes operand ``o`` a tile in a hand-written InCore kernel (None: a parameter)."""
    gm = f"{o.name}_gm"
    load = f"pl.load({gm}, {_zeros(len(o.shape))}, {_dims(o.shape)}"
    if o.mem == "Vec":
        return f"{o.name} = {load})"
    if o.mem == "Mat":
        return f"{o.name} = {load}, target_memory=pl.Mem.Mat)"
    if o.mem in ("Left", "Right", "Bias"):
        return f"{o.name} = pl.move({load}, target_memory=pl.Mem.Mat), target_memory=pl.Mem.{o.mem})"
    if o.mem in ("Acc", "New"):
        space = "Acc" if o.mem == "Acc" else "Vec"
        return (
            f"{o.name} = pl.create_tile({_dims(o.shape)}, dtype=pl.{o.dtype}, target_memory=pl.Mem.{space})"
        )
    if o.mem == "Tensor":
        return None
    raise ValueError(o.mem)


def render(spec: Spec, call: str, operands: Sequence[Operand], name: str) -> str:
    """The whole program for one call."""
    fn = re.sub(r"\W", "_", name)[:60]
    if spec.ctx == "raw":
        return spec.source.format(call=call, fn=fn)
    if spec.ctx == "tensor":
        params = ", ".join(f"{o.name}: {_tensor_type(o)}" for o in operands)
        body = [*spec.pre, f"r = {call}"]
        inner = "\n".join(f"        {line}" for line in body)
        return (
            f"{HEADER}\n\n@pl.jit\ndef {fn}({params}):\n    with pl.at(level=pl.Level.CORE_GROUP):\n{inner}\n"
        )
    head = "# target: a5\n" if spec.ctx == "a5" else ""
    params = ", ".join(
        f"{o.name if o.mem == 'Tensor' else o.name + '_gm'}: {_tensor_type(o)}"
        for o in operands
        if o.mem not in ("Acc", "New")
    )
    setup = [s for s in (_tile_setup(o) for o in operands) if s]
    body = [*setup, *spec.pre, f"r = {call}"]
    inner = "\n".join(f"        {line}" for line in body)
    sep = ", " if params else ""
    return (
        f"{head}{HEADER}\n\n@pl.program\nclass Case:\n    @pl.function(type=pl.FunctionType.InCore)\n"
        f"    def {fn}(self{sep}{params}):\n{inner}\n"
    )


# --------------------------------------------------------------------------------------------------
# Variants
# --------------------------------------------------------------------------------------------------

FIRST_DTYPES = ("FP16", "INT32", "INT8")
OTHER_DTYPES = ("INT32", "FP16")


def _swap(operands: Sequence[Operand], index: int, new: Operand) -> tuple[Operand, ...]:
    return tuple(new if i == index else o for i, o in enumerate(operands))


def variants(spec: Spec) -> Iterator[tuple[str, str, tuple[Operand, ...]]]:
    """(variant name, call, operands): the valid call, then its derived and listed variants."""
    ops = spec.operands
    yield spec.valid_name, spec.call, ops
    if spec.sweep:
        varied = [(i, o) for i, o in enumerate(ops) if not o.fixed and o.mem != "New"]
        for rank, (i, o) in enumerate(varied):
            dtypes = FIRST_DTYPES if rank == 0 else OTHER_DTYPES
            for dt in dtypes:
                dt = "FP32" if dt == o.dtype else dt
                if dt == o.dtype:
                    continue
                yield f"dtype_{o.name}_{dt}", spec.call, _swap(ops, i, replace(o, dtype=dt))
            if rank <= 1 and o.shape:
                yield f"rank_{o.name}_up", spec.call, _swap(ops, i, replace(o, shape=(2, *o.shape)))
            if rank == 0 and len(o.shape) >= 2:
                yield f"rank_{o.name}_down", spec.call, _swap(ops, i, replace(o, shape=o.shape[1:]))
            if o.shape and (rank >= 1 or len(varied) == 1):
                yield (
                    f"shape_{o.name}_last",
                    spec.call,
                    _swap(ops, i, replace(o, shape=(*o.shape[:-1], max(1, o.shape[-1] // 2)))),
                )
            if rank == 0 and len(varied) > 1 and len(o.shape) >= 2:
                yield (
                    f"shape_{o.name}_first",
                    spec.call,
                    _swap(ops, i, replace(o, shape=(max(1, o.shape[0] // 2), *o.shape[1:]))),
                )
        if spec.ctx in ("tile", "a5"):
            # Each tile operand passed as the tensor it was loaded from: the deducers' argument-kind checks.
            for i, o in enumerate(ops):
                if not o.fixed and o.mem not in ("New", "Tensor", "Acc"):
                    yield f"kind_{o.name}_tensor", spec.call, _swap(ops, i, replace(o, mem="Tensor"))
        elif spec.ctx == "tensor" and varied and re.search(rf"\b{varied[0][1].name}\b", spec.call):
            # The first tensor operand given as a scalar, then as a tile loaded from it: the deducers'
            # argument-kind checks of tensor ops.
            first = varied[0][1]
            yield f"kind_{first.name}_scalar", re.sub(rf"\b{first.name}\b", "1.0", spec.call, count=1), ops
            if first.shape:
                tile = f"pl.load({first.name}, {_zeros(len(first.shape))}, {_dims(first.shape)})"
                yield f"kind_{first.name}_tile", re.sub(rf"\b{first.name}\b", tile, spec.call, count=1), ops
    for vname, call in spec.variants:
        yield vname, call, ops
        if vname == "unified" and spec.ctx == "tensor" and spec.operands:
            # The unified spelling given a literal first operand: the wrapper's "expected Tensor or Tile".
            first = spec.operands[0].name
            if re.search(rf"\(\s*{first}\b", call):
                yield "unified_literal", re.sub(rf"\(\s*{first}\b", "(1.0", call, count=1), ops


def cases(specs: Sequence[Spec]) -> list[Case]:
    """Every case of every spec, names unique."""
    out: list[Case] = []
    seen: set[str] = set()
    for spec in specs:
        for vname, call, ops in variants(spec):
            base = f"{spec.op}__{vname}"
            name, n = base, 2
            while name in seen:
                name, n = f"{base}_{n}", n + 1
            seen.add(name)
            out.append(Case(name, spec.op, vname, render(spec, call, ops, name)))
    return out


# --------------------------------------------------------------------------------------------------
# The specs: one or more per registered op
# --------------------------------------------------------------------------------------------------

O = Operand  # noqa: E741 (short: the spec table uses it on every line)
M = (64, 64)


def _two(dt: str = "FP32", shape: tuple[int, ...] = M, mem: str = "Vec") -> tuple[Operand, Operand]:
    return O("a", shape, dt, mem), O("b", shape, dt, mem)


def _one(dt: str = "FP32", shape: tuple[int, ...] = M, mem: str = "Vec") -> tuple[Operand]:
    return (O("a", shape, dt, mem),)


SPECS: list[Spec] = []


def add(*specs: Spec) -> None:
    """Register specs."""
    SPECS.extend(specs)


# ---- tensor element-wise --------------------------------------------------------------------------
for _n in (
    "add",
    "sub",
    "mul",
    "div",
    "maximum",
    "minimum",
    "fmod",
    "part_add",
    "part_mul",
    "part_max",
    "part_min",
):
    _ir = {"and_": "and", "or_": "or"}.get(_n, _n)
    add(
        Spec(
            f"tensor.{_ir}",
            f"pl.tensor.{_n}(a, b)",
            _two(),
            variants=(
                ("rhs_scalar", f"pl.tensor.{_n}(a, 2.0)"),
                ("unified", f"pl.{_n}(a, b)"),
                ("broadcast_row", f"pl.tensor.{_n}(a, pl.tensor.slice(b, [1, 64], [0, 0]))"),
            ),
        )
    )
for _n in ("and_", "or_", "xor", "shl", "shr"):
    _ir = _n.rstrip("_")
    add(
        Spec(
            f"tensor.{_ir}",
            f"pl.tensor.{_n}(a, b)",
            _two("INT32"),
            variants=(("rhs_scalar", f"pl.tensor.{_n}(a, 3)"), ("unified", f"pl.{_n}(a, b)")),
        )
    )
add(
    Spec(
        "tensor.cmp",
        "pl.tensor.cmp(a, b, cmp_type=1)",
        _two(),
        variants=(
            ("cmp_type_5", "pl.tensor.cmp(a, b, cmp_type=5)"),
            ("cmp_type_6", "pl.tensor.cmp(a, b, cmp_type=6)"),
            ("cmp_type_neg", "pl.tensor.cmp(a, b, cmp_type=-1)"),
            ("rhs_scalar", "pl.tensor.cmp(a, 0.0)"),
            ("unified", "pl.cmp(a, b)"),
        ),
    )
)
for _n, _dt, _v in (
    ("adds", "FP32", "2.0"),
    ("subs", "FP32", "2.0"),
    ("muls", "FP32", "2.0"),
    ("divs", "FP32", "2.0"),
    ("fmods", "FP32", "2.0"),
    ("ands", "INT32", "3"),
    ("ors", "INT32", "3"),
    ("xors", "INT32", "3"),
    ("shls", "INT32", "3"),
    ("shrs", "INT32", "3"),
):
    _alt = "2" if _v == "2.0" else "2.5"
    add(
        Spec(
            f"tensor.{_n}",
            f"pl.tensor.{_n}(a, {_v})",
            _one(_dt),
            variants=(
                ("rhs_other_literal", f"pl.tensor.{_n}(a, {_alt})"),
                ("rhs_tensor", f"pl.tensor.{_n}(a, a)"),
                ("unified", f"pl.{_n}(a, {_v})")
                if _n in ("fmods", "ands", "ors", "xors", "shls", "shrs")
                else ("bool_literal", f"pl.tensor.{_n}(a, True)"),
            ),
        )
    )
add(
    Spec(
        "tensor.expands",
        "pl.tensor.expands(a, 1.0)",
        _one(),
        variants=(("int_scalar", "pl.tensor.expands(a, 1)"), ("unified", "pl.expands(a, 1.0)")),
    )
)

# ---- tensor unary ---------------------------------------------------------------------------------
for _n in ("exp", "log", "sin", "cos", "neg", "abs", "recip", "sqrt", "rsqrt"):
    _extra: tuple[tuple[str, str], ...] = (("unified", f"pl.{_n}(a)"), ("extra_arg", f"pl.tensor.{_n}(a, a)"))
    if _n in ("log", "recip", "rsqrt"):
        _extra += (("high_precision", f"pl.tensor.{_n}(a, high_precision=True)"),)
    add(Spec(f"tensor.{_n}", f"pl.tensor.{_n}(a)", _one(), variants=_extra))
add(
    Spec(
        "tensor.not",
        "pl.tensor.not_(a)",
        _one("INT16"),
        variants=(("unified", "pl.not_(a)"),),
    )
)
add(
    Spec(
        "tensor.cast",
        "pl.tensor.cast(a, target_type=pl.FP16)",
        _one(),
        variants=(
            ("to_bf16", "pl.tensor.cast(a, target_type=pl.BF16)"),
            ("to_int32", "pl.tensor.cast(a, target_type=pl.INT32)"),
            ("to_int8", "pl.tensor.cast(a, target_type=pl.INT8)"),
            ("to_same", "pl.tensor.cast(a, target_type=pl.FP32)"),
            ("mode_floor", 'pl.tensor.cast(a, target_type=pl.FP16, mode="floor")'),
            ("mode_bad", 'pl.tensor.cast(a, target_type=pl.FP16, mode="nearest")'),
            ("mode_int", "pl.tensor.cast(a, target_type=pl.FP16, mode=9)"),
            ("target_int", "pl.tensor.cast(a, target_type=3)"),
            ("unified", "pl.cast(a, pl.FP16)"),
            ("unified_scalar", "pl.cast(pl.tensor.dim(a, 0), pl.FP32)"),
            ("unified_scalar_mode", 'pl.cast(pl.tensor.dim(a, 0), pl.FP32, mode="floor")'),
            ("unified_list", "pl.cast([1, 2], pl.FP16)"),
            ("unified_tuple", "pl.cast((1, 2), pl.FP16)"),
            ("unified_dtype", "pl.cast(pl.FP32, pl.FP16)"),
            ("unified_bool", "pl.cast(True, pl.FP32)"),
        ),
    )
)

# ---- tensor reductions and broadcasts -------------------------------------------------------------
for _n in (
    "row_max",
    "row_sum",
    "row_min",
    "row_prod",
    "col_sum",
    "col_max",
    "col_min",
    "col_prod",
    "row_argmax",
    "row_argmin",
    "col_argmax",
    "col_argmin",
):
    add(
        Spec(
            f"tensor.{_n}",
            f"pl.tensor.{_n}(a)",
            _one(),
            variants=(
                ("unified", f"pl.{_n}(a)"),
                ("wide", f"pl.tensor.{_n}(pl.tensor.slice(a, [16, 64], [0, 0]))"),
            ),
        )
    )
for _n in (
    "row_expand",
    "row_expand_mul",
    "row_expand_div",
    "row_expand_add",
    "row_expand_sub",
    "row_expand_max",
    "row_expand_min",
    "row_expand_expdif",
):
    add(
        Spec(
            f"tensor.{_n}",
            f"pl.tensor.{_n}(a, v)",
            (O("a", M), O("v", (64, 1))),
            variants=(
                ("row_vector_wrong_axis", f"pl.tensor.{_n}(a, pl.tensor.reshape(v, [1, 64]))"),
                ("unified", f"pl.{_n}(a, v)"),
            ),
        )
    )
for _n in (
    "col_expand",
    "col_expand_mul",
    "col_expand_div",
    "col_expand_add",
    "col_expand_sub",
    "col_expand_max",
    "col_expand_min",
    "col_expand_expdif",
):
    add(
        Spec(
            f"tensor.{_n}",
            f"pl.tensor.{_n}(a, v)",
            (O("a", M), O("v", (1, 64))),
            variants=(
                ("col_vector_wrong_axis", f"pl.tensor.{_n}(a, pl.tensor.reshape(v, [64, 1]))"),
                ("unified", f"pl.{_n}(a, v)"),
            ),
        )
    )
add(
    Spec(
        "tensor.expand_clone",
        "pl.tensor.expand_clone(a, b)",
        (O("a", (1, 16, 64)), O("b", (4, 16, 64))),
        variants=(("promoted", "pl.expand_clone(a, b)"), ("same_shape", "pl.tensor.expand_clone(b, b)")),
    )
)

# ---- tensor matmul --------------------------------------------------------------------------------
_MM = (O("a", M, "FP16"), O("b", M, "FP16"))
add(
    Spec(
        "tensor.matmul",
        "pl.tensor.matmul(a, b)",
        _MM,
        variants=(
            ("out_fp32", "pl.tensor.matmul(a, b, out_dtype=pl.FP32)"),
            ("out_fp16", "pl.tensor.matmul(a, b, out_dtype=pl.FP16)"),
            ("out_int32", "pl.tensor.matmul(a, b, out_dtype=pl.INT32)"),
            ("a_trans", "pl.tensor.matmul(a, b, a_trans=True)"),
            ("b_trans", "pl.tensor.matmul(a, b, b_trans=True)"),
            ("c_matrix_nz", "pl.tensor.matmul(a, b, c_matrix_nz=True)"),
            ("unified", "pl.matmul(a, b)"),
            ("gemv_row", "pl.tensor.matmul(pl.tensor.slice(a, [1, 64], [0, 0]), b)"),
        ),
    )
)
add(
    Spec(
        "tensor.matmul_acc",
        "pl.tensor.matmul_acc(c, a, b)",
        (O("c", M, "FP32"), *_MM),
        sweep=False,
        valid_name="acc_parameter",
    ),
    Spec(
        "tensor.matmul_acc",
        "pl.tensor.matmul_acc(c, a, b)",
        _MM,
        pre=("c = pl.tensor.matmul(a, b, out_dtype=pl.FP32)",),
        variants=(
            ("init_cond_true", "pl.tensor.matmul_acc(c, a, b, init_cond=True)"),
            ("init_cond_int", "pl.tensor.matmul_acc(c, a, b, init_cond=1)"),
            ("a_trans", "pl.tensor.matmul_acc(c, a, b, a_trans=True)"),
            ("unified", "pl.matmul_acc(c, a, b)"),
        ),
    ),
)

# ---- tensor memory / creation ---------------------------------------------------------------------
add(
    Spec(
        "tensor.create",
        "pl.tensor.create([64, 64], dtype=pl.FP32)",
        sweep=False,
        variants=(
            ("promoted", "pl.create_tensor([64, 64], dtype=pl.FP32)"),
            ("init_value", "pl.tensor.create([64, 64], dtype=pl.FP32, init_value=0.0)"),
            ("layout_nz", "pl.tensor.create([64, 64], dtype=pl.FP32, layout=pl.TensorLayout.NZ)"),
            ("manual_dep", "pl.tensor.create([64, 64], dtype=pl.FP32, manual_dep=True)"),
            ("empty_shape", "pl.tensor.create([], dtype=pl.FP32)"),
            ("zero_dim", "pl.tensor.create([0, 64], dtype=pl.FP32)"),
            ("negative_dim", "pl.tensor.create([-1, 64], dtype=pl.FP32)"),
            ("shape_tuple", "pl.tensor.create((64, 64), dtype=pl.FP32)"),
            ("no_dtype", "pl.tensor.create([64, 64])"),
            ("dtype_string", 'pl.tensor.create([64, 64], dtype="fp32")'),
        ),
    ),
    Spec(
        "tensor.full",
        "pl.tensor.full([64, 64], dtype=pl.FP32, value=0.0)",
        sweep=False,
        variants=(
            ("promoted", "pl.full([64, 64], dtype=pl.FP32, value=0.0)"),
            ("int_value", "pl.tensor.full([64, 64], dtype=pl.INT32, value=1)"),
            ("float_into_int", "pl.tensor.full([64, 64], dtype=pl.INT32, value=1.5)"),
            ("rank3", "pl.tensor.full([2, 64, 64], dtype=pl.FP16, value=0.0)"),
            ("zero_dim", "pl.tensor.full([0, 64], dtype=pl.FP32, value=0.0)"),
        ),
    ),
    Spec(
        "tensor.ci",
        "pl.tensor.ci(0, [1, 64], dtype=pl.INT32)",
        sweep=False,
        variants=(
            ("arange", "pl.arange(0, [1, 64], dtype=pl.INT32)"),
            ("descending", "pl.tensor.ci(0, [1, 64], dtype=pl.INT32, descending=True)"),
            ("fp32", "pl.tensor.ci(0, [1, 64], dtype=pl.FP32)"),
            ("int16", "pl.tensor.ci(0, [1, 64], dtype=pl.INT16)"),
            ("rows", "pl.tensor.ci(0, [64, 64], dtype=pl.INT32)"),
            ("rank1", "pl.tensor.ci(0, [64], dtype=pl.INT32)"),
            ("float_start", "pl.tensor.ci(0.5, [1, 64], dtype=pl.INT32)"),
        ),
    ),
    Spec(
        "tensor.random",
        "pl.tensor.random(1, 2, 0, 0, 0, 0, [1, 64])",
        sweep=False,
        variants=(
            ("promoted", "pl.random(1, 2, 0, 0, 0, 0, [1, 64])"),
            ("int32", "pl.tensor.random(1, 2, 0, 0, 0, 0, [1, 64], dtype=pl.INT32)"),
            ("fp32", "pl.tensor.random(1, 2, 0, 0, 0, 0, [1, 64], dtype=pl.FP32)"),
            ("rounds_7", "pl.tensor.random(1, 2, 0, 0, 0, 0, [1, 64], rounds=7)"),
            ("rounds_0", "pl.tensor.random(1, 2, 0, 0, 0, 0, [1, 64], rounds=0)"),
            ("rank3", "pl.tensor.random(1, 2, 0, 0, 0, 0, [2, 8, 64])"),
            ("float_key", "pl.tensor.random(1.5, 2, 0, 0, 0, 0, [1, 64])"),
        ),
    ),
    Spec(
        "tensor.read",
        "pl.tensor.read(a, [0, 0])",
        _one(),
        variants=(
            ("one_index", "pl.tensor.read(a, [0])"),
            ("three_indices", "pl.tensor.read(a, [0, 0, 0])"),
            ("scalar_index", "pl.tensor.read(a, 0)"),
            ("unified", "pl.read(a, [0, 0])"),
            ("out_of_range", "pl.tensor.read(a, [64, 0])"),
        ),
    ),
    Spec(
        "tensor.write",
        "pl.tensor.write(a, [0, 0], 1.0)",
        _one(),
        variants=(
            ("one_index", "pl.tensor.write(a, [0], 1.0)"),
            ("int_value", "pl.tensor.write(a, [0, 0], 1)"),
            ("unified", "pl.write(a, [0, 0], 1.0)"),
            ("value_tensor", "pl.tensor.write(a, [0, 0], a)"),
            # The value keeps the dtype the parser gives it: pl.read the source's, arithmetic the promoted one.
            ("read_value", "pl.tensor.write(a, [0, 0], pl.tensor.read(a, [0, 1]))"),
            ("scaled_read", "pl.tensor.write(a, [0, 0], pl.tensor.read(a, [0, 1]) * 2.0)"),
            ("dim_value", "pl.tensor.write(a, [0, 0], pl.tensor.dim(a, 0))"),
        ),
    ),
    Spec(
        "tensor.dim",
        "pl.tensor.dim(a, 0)",
        _one(),
        variants=(
            ("axis_last", "pl.tensor.dim(a, -1)"),
            ("axis_out", "pl.tensor.dim(a, 2)"),
            ("axis_neg_out", "pl.tensor.dim(a, -3)"),
            ("promoted", "pl.dim(a, 1)"),
        ),
    ),
    Spec(
        "tensor.slice",
        "pl.tensor.slice(a, [32, 32], [0, 0])",
        _one(),
        variants=(
            ("valid_shape", "pl.tensor.slice(a, [32, 32], [0, 0], valid_shape=[16, 32])"),
            ("valid_too_big", "pl.tensor.slice(a, [32, 32], [0, 0], valid_shape=[64, 32])"),
            ("offset_rank", "pl.tensor.slice(a, [32, 32], [0])"),
            ("shape_rank", "pl.tensor.slice(a, [32], [0, 0])"),
            ("too_big", "pl.tensor.slice(a, [128, 32], [0, 0])"),
            ("past_end", "pl.tensor.slice(a, [32, 32], [48, 0])"),
            ("drop_dims", "pl.tensor.slice(a, [1, 64], [0, 0], drop_dims=[0])"),
            ("drop_dims_bad", "pl.tensor.slice(a, [2, 64], [0, 0], drop_dims=[0])"),
            ("pad_value", "pl.tensor.slice(a, [32, 32], [0, 0], pad_value=pl.PadValue.zero)"),
            ("clamp", "pl.tensor.slice(a, [32, 32], [0, 0], clamp=True)"),
            ("unified", "pl.slice(a, [32, 32], [0, 0])"),
            ("subscript", "a[0:32, 0:32]"),
            ("subscript_step", "a[0:32:2, 0:32]"),
        ),
    ),
    Spec(
        "tensor.fillpad",
        "pl.tensor.fillpad(a)",
        _one(),
        variants=(
            ("pad_max", "pl.tensor.fillpad(a, pad_value=pl.PadValue.max)"),
            ("pad_int", "pl.tensor.fillpad(a, pad_value=0)"),
            ("pad_float", "pl.tensor.fillpad(a, pad_value=1.5)"),
            ("unified", "pl.fillpad(a)"),
        ),
    ),
    Spec(
        "tensor.fillpad_expand",
        "pl.tensor.fillpad_expand(a, [64, 128])",
        _one(),
        variants=(
            ("smaller", "pl.tensor.fillpad_expand(a, [32, 64])"),
            ("rank", "pl.tensor.fillpad_expand(a, [64])"),
            ("unified", "pl.fillpad_expand(a, [64, 128])"),
        ),
    ),
    Spec(
        "tensor.set_validshape",
        "pl.tensor.set_validshape(a, 32, 32)",
        _one(),
        variants=(
            ("too_big", "pl.tensor.set_validshape(a, 128, 32)"),
            ("negative", "pl.tensor.set_validshape(a, -1, 32)"),
            ("unified", "pl.set_validshape(a, 32, 32)"),
        ),
    ),
    Spec(
        "tensor.assemble",
        "pl.tensor.assemble(a, b, [0, 0])",
        (O("a", M), O("b", (32, 32))),
        variants=(
            ("offset_rank", "pl.tensor.assemble(a, b, [0])"),
            ("past_end", "pl.tensor.assemble(a, b, [48, 0])"),
            ("atomic_add", "pl.tensor.assemble(a, b, [0, 0], atomic=pl.AtomicType.Add)"),
            ("unified", "pl.assemble(a, b, [0, 0])"),
            ("subscript_write", "a[0:32, 0:32] = b"),
        ),
    ),
    Spec(
        "tensor.get_block_idx",
        "pl.tensor.get_block_idx()",
        sweep=False,
        variants=(("promoted", "pl.get_block_idx()"), ("with_arg", "pl.tensor.get_block_idx(0)")),
    ),
    Spec(
        "tensor.get_block_num",
        "pl.tensor.get_block_num()",
        sweep=False,
        variants=(("promoted", "pl.get_block_num()"),),
    ),
    Spec(
        "tensor.get_subblock_idx",
        "pl.tensor.get_subblock_idx()",
        sweep=False,
        variants=(("promoted", "pl.get_subblock_idx()"),),
    ),
    Spec(
        "tensor.alloc",
        "pl.tensor.alloc(pl.Mem.Vec, 1024)",
        sweep=False,
        variants=(("zero", "pl.tensor.alloc(pl.Mem.Vec, 0)"), ("ddr", "pl.tensor.alloc(pl.Mem.DDR, 1024)")),
        valid_name="in_core_scope",
    ),
)

# ---- tensor transforms ----------------------------------------------------------------------------
add(
    Spec(
        "tensor.concat",
        "pl.tensor.concat(a, b)",
        _two(),
        variants=(("unified", "pl.concat(a, b)"),),
    ),
    Spec(
        "tensor.reshape",
        "pl.tensor.reshape(a, [32, 128])",
        _one(),
        variants=(
            ("flat", "pl.tensor.reshape(a, [4096])"),
            ("numel", "pl.tensor.reshape(a, [32, 64])"),
            ("minus_one", "pl.tensor.reshape(a, [-1, 128])"),
            ("unified", "pl.reshape(a, [32, 128])"),
        ),
    ),
    Spec(
        "tensor.transpose",
        "pl.tensor.transpose(a, 0, 1)",
        (O("a", (64, 32)),),
        variants=(
            ("same_axis", "pl.tensor.transpose(a, 0, 0)"),
            ("axis_out", "pl.tensor.transpose(a, 0, 2)"),
            ("negative_axis", "pl.tensor.transpose(a, -1, 0)"),
            ("unified", "pl.transpose(a, 0, 1)"),
        ),
    ),
    Spec(
        "tensor.view",
        "pl.tensor.view(a, [32, 128])",
        _one(),
        variants=(
            ("valid_shape", "pl.tensor.view(a, [64, 64], valid_shape=[32, 64])"),
            ("layout", "pl.tensor.view(a, [64, 64], layout=pl.TensorLayout.DN)"),
            ("smaller", "pl.tensor.view(a, [32, 32])"),
        ),
    ),
    Spec(
        "tensor.reinterpret_view",
        "pl.tensor.reinterpret_view(a, pl.INT32)",
        _one(),
        variants=(
            ("to_fp16", "pl.tensor.reinterpret_view(a, pl.FP16)"),
            ("shape", "pl.tensor.reinterpret_view(a, pl.FP16, shape=[64, 128])"),
            ("shape_bad", "pl.tensor.reinterpret_view(a, pl.FP16, shape=[64, 64])"),
            ("unified", "pl.reinterpret_view(a, pl.INT32)"),
        ),
    ),
)

# ---- tensor gather / scatter / sort ---------------------------------------------------------------
add(
    Spec(
        "tensor.gather",
        "pl.tensor.gather(a, -1, i)",
        (O("a", M), O("i", (64, 16), "INT32")),
        variants=(
            ("dim0", "pl.tensor.gather(a, 0, i)"),
            ("dim_out", "pl.tensor.gather(a, 2, i)"),
            ("promoted", "pl.gather(a, -1, i)"),
            ("kwargs", "pl.tensor.gather(a, dim=-1, index=i)"),
            ("out_dtype_without_mask", "pl.tensor.gather(a, -1, i, output_dtype=pl.INT32)"),
            ("mixed_forms", "pl.tensor.gather(a, -1, i, mask_pattern=1)"),
            ("no_form", "pl.tensor.gather(a)"),
        ),
    ),
    Spec(
        "tensor.gather_mask",
        "pl.tensor.gather(a, mask_pattern=1)",
        _one(),
        variants=(
            ("pattern_7", "pl.tensor.gather(a, mask_pattern=7)"),
            ("pattern_9", "pl.tensor.gather(a, mask_pattern=9)"),
            ("pattern_0", "pl.tensor.gather(a, mask_pattern=0)"),
            ("out_dtype_uint32", "pl.tensor.gather(a, mask_pattern=1, output_dtype=pl.UINT32)"),
            ("out_dtype_fp16", "pl.tensor.gather(a, mask_pattern=1, output_dtype=pl.FP16)"),
        ),
    ),
    Spec(
        "tensor.gather_compare",
        'pl.tensor.gather(a, kvalue=0.0, cmp_mode="eq", out_cols=8)',
        _one(),
        variants=(
            ("cmp_mode_int", "pl.tensor.gather(a, kvalue=0.0, cmp_mode=4, out_cols=8)"),
            ("cmp_mode_bad", 'pl.tensor.gather(a, kvalue=0.0, cmp_mode="xx", out_cols=8)'),
            ("no_out_cols", 'pl.tensor.gather(a, kvalue=0.0, cmp_mode="eq")'),
            (
                "count_dtype",
                'pl.tensor.gather(a, kvalue=0.0, cmp_mode="eq", out_cols=8, count_dtype=pl.UINT32)',
            ),
            (
                "count_dtype_bad",
                'pl.tensor.gather(a, kvalue=0.0, cmp_mode="eq", out_cols=8, count_dtype=pl.FP32)',
            ),
            ("out_cols_zero", 'pl.tensor.gather(a, kvalue=0.0, cmp_mode="eq", out_cols=0)'),
        ),
    ),
    Spec(
        "tensor.scatter",
        "pl.tensor.scatter(a, -1, i, s)",
        (O("a", M), O("i", (64, 16), "INT32"), O("s", (64, 16))),
        variants=(
            ("dim_1", "pl.tensor.scatter(a, 1, i, s)"),
            ("kwargs", "pl.tensor.scatter(a, dim=-1, index=i, src=s)"),
            ("promoted", "pl.scatter(a, -1, i, s)"),
        ),
    ),
    Spec(
        "tensor.scatter_mask",
        "pl.tensor.scatter(a, mask_pattern=1, dst=d)",
        (O("a", (64, 32)), O("d", M)),
        variants=(("pattern_9", "pl.tensor.scatter(a, mask_pattern=9, dst=d)"),),
    ),
    Spec(
        "tensor.scatter_update",
        "pl.tensor.scatter_update(a, -2, i, s)",
        (O("a", (64, 64)), O("i", (1, 8), "INT32"), O("s", (8, 64))),
        variants=(
            ("dim0", "pl.tensor.scatter_update(a, 0, i, s)"),
            ("kwargs", "pl.tensor.scatter_update(a, dim=-2, index=i, src=s)"),
            ("missing", "pl.tensor.scatter_update(a, -2, i)"),
            ("unified", "pl.scatter_update(a, -2, i, s)"),
        ),
    ),
    Spec(
        "tensor.sort32",
        "pl.tensor.sort32(a, i)",
        (O("a", (8, 32)), O("i", (8, 32), "UINT32")),
        variants=(("unified", "pl.sort32(a, i)"),),
    ),
    Spec(
        "tensor.mrgsort_format1",
        "pl.tensor.mrgsort(a, block_len=64)",
        (O("a", (1, 256)),),
        variants=(
            ("block_len_odd", "pl.tensor.mrgsort(a, block_len=48)"),
            ("block_len_zero", "pl.tensor.mrgsort(a, block_len=0)"),
            ("unified", "pl.mrgsort(a, block_len=64)"),
            ("with_src1", "pl.tensor.mrgsort(a, a, block_len=64)"),
            ("with_exhausted", "pl.tensor.mrgsort(a, block_len=64, exhausted=True)"),
        ),
    ),
    Spec(
        "tensor.mrgsort_format2",
        "pl.tensor.mrgsort(a, b)",
        (O("a", (1, 128)), O("b", (1, 128))),
        variants=(
            ("three", "pl.tensor.mrgsort(a, b, b)"),
            ("exhausted", "pl.tensor.mrgsort(a, b, exhausted=True)"),
            ("unified", "pl.mrgsort(a, b)"),
            ("no_src1", "pl.tensor.mrgsort(a)"),
        ),
    ),
    Spec(
        "tensor.paged_gather",
        "pl.tensor.paged_gather(a, i, t, block_size=16, size=64, max_indices=8)",
        (O("a", (256, 64), "FP16"), O("i", (1, 8), "INT32"), O("t", (1, 16), "INT32")),
        variants=(
            ("promoted", "pl.paged_gather(a, i, t, block_size=16, size=64, max_indices=8)"),
            ("max_indices_zero", "pl.tensor.paged_gather(a, i, t, block_size=16, size=64, max_indices=0)"),
            ("block_size_zero", "pl.tensor.paged_gather(a, i, t, block_size=0, size=64, max_indices=8)"),
            (
                "space_vec",
                "pl.tensor.paged_gather(a, i, t, block_size=16, size=64, max_indices=8, space=pl.Mem.Vec)",
            ),
        ),
    ),
    Spec(
        "tensor.gather_row",
        "pl.tensor.gather_row(c, a, [0, 0], [0, 0], [16, 64])",
        (O("c", M), O("a", (128, 64))),
        variants=(
            ("transpose", "pl.tensor.gather_row(c, a, [0, 0], [0, 0], [16, 64], transpose=True)"),
            ("valid_shape", "pl.tensor.gather_row(c, a, [0, 0], [0, 0], [16, 64], valid_shape=[8, 64])"),
            ("shape_rank", "pl.tensor.gather_row(c, a, [0, 0], [0, 0], [16])"),
            ("unified", "pl.gather_row(c, a, [0, 0], [0, 0], [16, 64])"),
        ),
    ),
    Spec(
        "tensor.create_l1",
        "pl.tensor.create_l1([64, 64], pl.FP16)",
        sweep=False,
        variants=(
            ("promoted", "pl.create_l1([64, 64], pl.FP16)"),
            ("transpose", "pl.tensor.create_l1([64, 64], pl.FP16, transpose=True)"),
            ("rank1", "pl.tensor.create_l1([64], pl.FP16)"),
        ),
    ),
)

# ---- tile kernels ---------------------------------------------------------------------------------


def tile(op: str, call: str, operands: Sequence[Operand], *variants: tuple[str, str], **kw: object) -> Spec:
    """A spec in a hand-written InCore kernel."""
    return Spec(op, call, tuple(operands), ctx=str(kw.pop("ctx", "tile")), variants=tuple(variants), **kw)  # type: ignore[arg-type]


_TMP = O("tmp", M, "FP32", "New", fixed=True)
for _n in (
    "add",
    "sub",
    "mul",
    "div",
    "maximum",
    "minimum",
    "fmod",
    "part_add",
    "part_mul",
    "part_max",
    "part_min",
):
    add(
        tile(
            f"tile.{_n}",
            f"pl.tile.{_n}(a, b)",
            _two(),
            ("rhs_scalar", f"pl.tile.{_n}(a, 2.0)"),
            ("unified", f"pl.{_n}(a, b)"),
        )
    )
for _n in ("and_", "or_", "shl", "shr"):
    add(tile(f"tile.{_n.rstrip('_')}", f"pl.tile.{_n}(a, b)", _two("INT32"), ("unified", f"pl.{_n}(a, b)")))
add(
    tile(
        "tile.xor",
        "pl.tile.xor(a, b, tmp)",
        (*_two("INT32"), replace(_TMP, dtype="INT32")),
        ("no_tmp", "pl.tile.xor(a, b)"),
    ),
    tile(
        "tile.rem",
        "pl.tile.rem(a, b, tmp)",
        (*_two(), _TMP),
        ("no_tmp", "pl.tile.rem(a, b)"),
        ("promoted", "pl.rem(a, b, tmp)"),
    ),
    tile("tile.rems", "pl.tile.rems(a, 2.0, tmp)", (O("a", M), _TMP), ("promoted", "pl.rems(a, 2.0, tmp)")),
    tile(
        "tile.xors",
        "pl.tile.xors(a, 3, tmp)",
        (O("a", M, "INT32"), replace(_TMP, dtype="INT32")),
        ("unified", "pl.xors(a, 3, tmp)"),
    ),
    tile(
        "tile.cmp",
        "pl.tile.cmp(a, b, cmp_type=1)",
        _two(),
        ("cmp_type_6", "pl.tile.cmp(a, b, cmp_type=6)"),
        ("unified", "pl.cmp(a, b)"),
    ),
    tile(
        "tile.cmps",
        "pl.tile.cmps(a, 0.0, cmp_type=2)",
        _one(),
        ("cmp_type_9", "pl.tile.cmps(a, 0.0, cmp_type=9)"),
        ("promoted", "pl.cmps(a, 0.0)"),
    ),
    tile("tile.addc", "pl.tile.addc(a, b, c)", (*_two(), O("c", M)), ("promoted", "pl.addc(a, b, c)")),
    tile("tile.subc", "pl.tile.subc(a, b, c)", (*_two(), O("c", M)), ("promoted", "pl.subc(a, b, c)")),
    tile(
        "tile.addsc", "pl.tile.addsc(a, 2.0, c)", (O("a", M), O("c", M)), ("promoted", "pl.addsc(a, 2.0, c)")
    ),
    tile(
        "tile.subsc", "pl.tile.subsc(a, 2.0, c)", (O("a", M), O("c", M)), ("promoted", "pl.subsc(a, 2.0, c)")
    ),
    tile(
        "tile.lrelu",
        "pl.tile.lrelu(a, 0.1)",
        _one(),
        ("promoted", "pl.lrelu(a, 0.1)"),
        ("slope_tile", "pl.tile.lrelu(a, a)"),
    ),
    tile(
        "tile.prelu",
        "pl.tile.prelu(a, s, tmp)",
        (O("a", M), O("s", M), _TMP),
        ("promoted", "pl.prelu(a, s, tmp)"),
    ),
    tile(
        "tile.sel",
        "pl.tile.sel(m, a, b, tmp)",
        (O("m", (64, 8), "UINT8"), *_two(), _TMP),
        ("promoted", "pl.sel(m, a, b, tmp)"),
    ),
    tile(
        "tile.sels",
        "pl.tile.sels(m, a, tmp, 1.0)",
        (O("m", (64, 8), "UINT8"), O("a", M), _TMP),
        ("promoted", "pl.sels(m, a, tmp, 1.0)"),
    ),
    tile("tile.maximums", "pl.tile.maximums(a, 0.0)", _one(), ("promoted", "pl.maximums(a, 0.0)")),
    tile("tile.minimums", "pl.tile.minimums(a, 0.0)", _one(), ("promoted", "pl.minimums(a, 0.0)")),
    tile(
        "tile.fillpad",
        "pl.tile.fillpad(a)",
        _one(),
        ("pad_min", "pl.tile.fillpad(a, pad_value=pl.PadValue.min)"),
        ("unified", "pl.fillpad(a)"),
    ),
    tile(
        "tile.fillpad_inplace",
        "pl.tile.fillpad_inplace(a)",
        _one(),
        ("pad_float", "pl.tile.fillpad_inplace(a, pad_value=2.0)"),
    ),
    tile(
        "tile.fillpad_expand",
        "pl.tile.fillpad_expand(a, [64, 128])",
        _one(),
        ("smaller", "pl.tile.fillpad_expand(a, [32, 64])"),
        ("unified", "pl.fillpad_expand(a, [64, 128])"),
    ),
)
for _n, _dt, _v in (
    ("adds", "FP32", "2.0"),
    ("subs", "FP32", "2.0"),
    ("muls", "FP32", "2.0"),
    ("divs", "FP32", "2.0"),
    ("fmods", "FP32", "2.0"),
    ("ands", "INT32", "3"),
    ("ors", "INT32", "3"),
    ("shls", "INT32", "3"),
    ("shrs", "INT32", "3"),
):
    add(
        tile(
            f"tile.{_n}",
            f"pl.tile.{_n}(a, {_v})",
            _one(_dt),
            ("rhs_tile", f"pl.tile.{_n}(a, a)"),
            ("rhs_float" if _v == "3" else "rhs_int", f"pl.tile.{_n}(a, {'2.5' if _v == '3' else '2'})"),
        )
    )
add(tile("tile.expands", "pl.tile.expands(a, 1.0)", _one(), ("unified", "pl.expands(a, 1.0)")))
for _n in ("exp", "log", "sin", "cos", "neg", "abs", "recip", "sqrt", "relu"):
    add(tile(f"tile.{_n}", f"pl.tile.{_n}(a)", _one(), ("unified", f"pl.{_n}(a)")))
add(
    tile(
        "tile.rsqrt",
        "pl.tile.rsqrt(a)",
        _one(),
        ("tmp", "pl.tile.rsqrt(a, tmp=pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec))"),
        ("unified", "pl.rsqrt(a)"),
    ),
    tile("tile.not", "pl.tile.not_(a)", _one("INT16"), ("unified", "pl.not_(a)")),
    tile(
        "tile.cast",
        "pl.tile.cast(a, target_type=pl.FP16)",
        _one(),
        ("to_int32", "pl.tile.cast(a, target_type=pl.INT32)"),
        ("to_int8", "pl.tile.cast(a, target_type=pl.INT8)"),
        ("to_same", "pl.tile.cast(a, target_type=pl.FP32)"),
        ("mode_trunc", 'pl.tile.cast(a, target_type=pl.INT32, mode="trunc")'),
        ("mode_bad", 'pl.tile.cast(a, target_type=pl.FP16, mode="nearest")'),
        ("unified", "pl.cast(a, pl.FP16)"),
    ),
)
for _n in (
    "row_max",
    "row_sum",
    "row_min",
    "row_prod",
    "row_argmax",
    "row_argmin",
    "col_argmax",
    "col_argmin",
):
    _tmp = O("tmp", M, "FP32", "New", fixed=True)
    _small = "[64, 1]" if _n.startswith("row") else "[1, 64]"
    add(
        tile(
            f"tile.{_n}",
            f"pl.tile.{_n}(a, tmp)",
            (O("a", M), _tmp),
            ("no_tmp", f"pl.tile.{_n}(a)"),
            (
                "small_tmp",
                f"pl.tile.{_n}(a, pl.create_tile({_small}, dtype=pl.FP32, target_memory=pl.Mem.Vec))",
            ),
            ("unified", f"pl.{_n}(a, tmp)"),
        )
    )
add(
    tile(
        "tile.col_sum",
        "pl.tile.col_sum(a)",
        _one(),
        ("tmp", "pl.tile.col_sum(a, pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec))"),
        ("unified", "pl.col_sum(a)"),
    ),
)
for _n in ("col_max", "col_min", "col_prod"):
    add(tile(f"tile.{_n}", f"pl.tile.{_n}(a)", _one(), ("unified", f"pl.{_n}(a)")))
for _n in (
    "row_expand",
    "row_expand_mul",
    "row_expand_div",
    "row_expand_sub",
    "row_expand_max",
    "row_expand_min",
    "row_expand_expdif",
):
    add(
        tile(f"tile.{_n}", f"pl.tile.{_n}(a, v)", (O("a", M), O("v", (64, 1))), ("unified", f"pl.{_n}(a, v)"))
    )
add(
    tile(
        "tile.row_expand_add",
        "pl.tile.row_expand_add(a, v)",
        (O("a", M), O("v", (64, 1))),
        (
            "tmp",
            "pl.tile.row_expand_add(a, v, tmp=pl.create_tile([64, 64], dtype=pl.FP32, "
            "target_memory=pl.Mem.Vec))",
        ),
        ("unified", "pl.row_expand_add(a, v)"),
    ),
)
for _n in (
    "col_expand",
    "col_expand_mul",
    "col_expand_div",
    "col_expand_add",
    "col_expand_sub",
    "col_expand_max",
    "col_expand_min",
    "col_expand_expdif",
):
    add(
        tile(f"tile.{_n}", f"pl.tile.{_n}(a, v)", (O("a", M), O("v", (1, 64))), ("unified", f"pl.{_n}(a, v)"))
    )

# ---- tile matmul ----------------------------------------------------------------------------------
_LR = (O("a", M, "FP16", "Left"), O("b", M, "FP16", "Right"))
add(
    tile(
        "tile.matmul",
        "pl.tile.matmul(a, b)",
        _LR,
        ("mat_operands", "pl.tile.matmul(pl.move(a, target_memory=pl.Mem.Mat), b)"),
        ("unified", "pl.matmul(a, b)"),
    ),
    tile(
        "tile.matmul_acc",
        "pl.tile.matmul_acc(c, a, b)",
        (O("c", M, "FP32", "Acc"), *_LR),
        ("init_cond", "pl.tile.matmul_acc(c, a, b, init_cond=True)"),
        ("unified", "pl.matmul_acc(c, a, b)"),
    ),
    tile(
        "tile.matmul_bias",
        "pl.tile.matmul_bias(a, b, z)",
        (*_LR, O("z", (1, 64), "FP32", "Bias")),
        ("promoted", "pl.matmul_bias(a, b, z)"),
    ),
    tile(
        "tile.gemv",
        "pl.tile.gemv(a, b)",
        (O("a", (1, 64), "FP16", "Left"), O("b", M, "FP16", "Right")),
        ("phase_final", 'pl.tile.gemv(a, b, acc_phase="final")'),
        ("phase_bad", 'pl.tile.gemv(a, b, acc_phase="x")'),
        ("promoted", "pl.gemv(a, b)"),
    ),
    tile(
        "tile.gemv_acc",
        "pl.tile.gemv_acc(c, a, b)",
        (O("a", (1, 64), "FP16", "Left"), O("b", M, "FP16", "Right")),
        ("promoted", "pl.gemv_acc(c, a, b)"),
        (
            "acc_1x64",
            "pl.tile.gemv_acc(pl.create_tile([1, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc), a, b)",
        ),
        pre=("c = pl.tile.gemv(a, b)",),
    ),
    tile(
        "tile.gemv_bias",
        "pl.tile.gemv_bias(a, b, z)",
        (O("a", (1, 64), "FP16", "Left"), O("b", M, "FP16", "Right"), O("z", (1, 64), "FP32", "Bias")),
        ("promoted", "pl.gemv_bias(a, b, z)"),
    ),
    tile(
        "tile.batch_matmul",
        "pl.tile.batch_matmul(a, b)",
        (O("a", (2, 64, 64), "FP16", "Mat"), O("b", (2, 64, 64), "FP16", "Mat")),
        ("unified", "pl.batch_matmul(a, b)"),
    ),
    tile(
        "tile.batch_matmul_acc",
        "pl.tile.batch_matmul_acc(c, a, b)",
        (O("a", (2, 64, 64), "FP16", "Mat"), O("b", (2, 64, 64), "FP16", "Mat")),
        (
            "acc_created",
            "pl.tile.batch_matmul_acc(pl.create_tile([2, 64, 64], dtype=pl.FP32, "
            "target_memory=pl.Mem.Acc), a, b)",
        ),
        pre=("c = pl.tile.batch_matmul(a, b)",),
    ),
)
_MX = (
    O("a", (64, 128), "FP8E4M3FN", "Left"),
    O("sa", (64, 4), "FP8E8M0", "Mat"),
    O("b", (128, 64), "FP8E4M3FN", "Right"),
    O("sb", (4, 64), "FP8E8M0", "Mat"),
)
add(
    tile(
        "tile.matmul_mx",
        "pl.tile.matmul_mx(a, sa, b, sb)",
        _MX,
        ("promoted", "pl.matmul_mx(a, sa, b, sb)"),
        ("sd_lhs_scale_tensor", "pl.tile.matmul_mx(a, sa_gm, b, sb)"),
        ("sd_rhs_scale_tensor", "pl.tile.matmul_mx(a, sa, b, sb_gm)"),
        ctx="a5",
    ),
    tile(
        "tile.matmul_mx_acc",
        "pl.tile.matmul_mx_acc(c, a, sa, b, sb)",
        (O("c", M, "FP32", "Acc"), *_MX),
        ctx="a5",
    ),
    tile(
        "tile.matmul_mx_bias",
        "pl.tile.matmul_mx_bias(a, sa, b, sb, z)",
        (*_MX, O("z", (1, 64), "FP32", "Bias")),
        ctx="a5",
    ),
)

# ---- tile memory ----------------------------------------------------------------------------------
add(
    tile(
        "tile.load",
        "pl.tile.load(a, [0, 0], [32, 64])",
        (O("a", M, mem="Tensor"),),
        ("mat", "pl.tile.load(a, [0, 0], [32, 64], target_memory=pl.Mem.Mat)"),
        ("left", "pl.tile.load(a, [0, 0], [32, 64], target_memory=pl.Mem.Left)"),
        ("acc", "pl.tile.load(a, [0, 0], [32, 64], target_memory=pl.Mem.Acc)"),
        ("valid_shape", "pl.tile.load(a, [0, 0], [32, 64], valid_shape=[16, 64])"),
        ("valid_too_big", "pl.tile.load(a, [0, 0], [32, 64], valid_shape=[64, 64])"),
        ("offset_rank", "pl.tile.load(a, [0], [32, 64])"),
        ("shape_rank", "pl.tile.load(a, [0, 0], [32])"),
        ("too_big", "pl.tile.load(a, [0, 0], [128, 64])"),
        ("past_end", "pl.tile.load(a, [48, 0], [32, 64])"),
        ("clamp", "pl.tile.load(a, [0, 0], [32, 64], clamp=True)"),
        ("promoted", "pl.load(a, [0, 0], [32, 64])"),
        ("tuple_offsets", "pl.tile.load(a, (0, 0), (32, 64))"),
    ),
    tile(
        "tile.store",
        "pl.tile.store(t, [0, 0], a)",
        (O("t", (32, 64)), O("a", M, mem="Tensor")),
        ("shapes", "pl.tile.store(t, [0, 0], a, shapes=[32, 64])"),
        ("offset_rank", "pl.tile.store(t, [0], a)"),
        ("past_end", "pl.tile.store(t, [48, 0], a)"),
        ("atomic", "pl.tile.store(t, [0, 0], a, atomic=pl.AtomicType.Add)"),
        ("promoted", "pl.store(t, [0, 0], a)"),
    ),
    tile(
        "tile.move",
        "pl.tile.move(a, target_memory=pl.Mem.Left)",
        (O("a", M, "FP16", "Mat"),),
        ("to_right", "pl.tile.move(a, target_memory=pl.Mem.Right)"),
        ("to_vec", "pl.tile.move(a, target_memory=pl.Mem.Vec)"),
        ("to_mat", "pl.tile.move(a, target_memory=pl.Mem.Mat)"),
        ("to_acc", "pl.tile.move(a, target_memory=pl.Mem.Acc)"),
        ("no_target", "pl.tile.move(a)"),
        ("promoted", "pl.move(a, target_memory=pl.Mem.Left)"),
    ),
    tile(
        "tile.create",
        "pl.tile.create([64, 64], dtype=pl.FP32)",
        (),
        ("promoted", "pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)"),
        ("acc", "pl.tile.create([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)"),
        ("rank3", "pl.tile.create([2, 64, 64], dtype=pl.FP32)"),
        ("zero_dim", "pl.tile.create([0, 64], dtype=pl.FP32)"),
        ("huge", "pl.tile.create([4096, 4096], dtype=pl.FP32)"),
        sweep=False,
    ),
    tile(
        "tile.full",
        "pl.tile.full([64, 64], dtype=pl.FP32, value=0.0)",
        (),
        ("int", "pl.tile.full([64, 64], dtype=pl.INT32, value=1)"),
        ("rank1", "pl.tile.full([64], dtype=pl.FP32, value=0.0)"),
        sweep=False,
    ),
    tile(
        "tile.ci",
        "pl.tile.ci(0, [1, 64], dtype=pl.INT32)",
        (),
        ("fp32", "pl.tile.ci(0, [1, 64], dtype=pl.FP32)"),
        ("rows", "pl.tile.ci(0, [64, 64], dtype=pl.INT32)"),
        ("descending", "pl.tile.ci(0, [1, 64], dtype=pl.INT32, descending=True)"),
        sweep=False,
    ),
    tile(
        "tile.tri",
        "pl.tile.tri(0, [64, 64])",
        (),
        ("upper", "pl.tile.tri(0, [64, 64], upper=True)"),
        ("rank1", "pl.tile.tri(0, [64])"),
        ("fp32", "pl.tile.tri(0, [64, 64], dtype=pl.FP32)"),
        ("promoted", "pl.tri(0, [64, 64])"),
        sweep=False,
    ),
    tile(
        "tile.random",
        "pl.tile.random(1, 2, 0, 0, 0, 0, [1, 64])",
        (),
        ("rounds_7", "pl.tile.random(1, 2, 0, 0, 0, 0, [1, 64], rounds=7)"),
        ("fp32", "pl.tile.random(1, 2, 0, 0, 0, 0, [1, 64], dtype=pl.FP32)"),
        sweep=False,
    ),
    tile(
        "tile.read",
        "pl.tile.read(a, [0, 0])",
        _one(),
        ("one_index", "pl.tile.read(a, [0])"),
        ("unified", "pl.read(a, [0, 0])"),
    ),
    tile(
        "tile.write",
        "pl.tile.write(a, [0, 0], 1.0)",
        _one(),
        ("one_index", "pl.tile.write(a, [0], 1.0)"),
        ("unified", "pl.write(a, [0, 0], 1.0)"),
        ("read_value", "pl.tile.write(a, [0, 0], pl.tile.read(a, [0, 1]))"),
        ("block_idx_value", "pl.tile.write(a, [0, 0], pl.tile.get_block_idx())"),
    ),
    tile("tile.get_block_idx", "pl.tile.get_block_idx()", (), sweep=False),
    tile("tile.get_block_num", "pl.tile.get_block_num()", (), sweep=False),
    tile("tile.get_subblock_idx", "pl.tile.get_subblock_idx()", (), sweep=False),
    tile(
        "tile.alloc",
        "pl.tile.alloc(pl.Mem.Vec, 1024)",
        (),
        ("pinned", "pl.tile.alloc(pl.Mem.Vec, 1024, pinned=True)"),
        sweep=False,
    ),
    tile(
        "tile.mgather",
        "pl.tile.mgather(a, i)",
        (O("a", (256, 64), mem="Tensor"), O("i", (1, 64), "INT32")),
        ("promoted", "pl.mgather(a, i)"),
        ("coalesce_row", 'pl.tile.mgather(a, i, "row")'),
    ),
    tile(
        "tile.mscatter",
        "pl.tile.mscatter(s, i, a)",
        (O("s", (1, 64)), O("i", (1, 64), "INT32"), O("a", (256, 64), mem="Tensor")),
        ("promoted", "pl.mscatter(s, i, a)"),
    ),
)

# ---- tile transforms, gather / scatter / sort -----------------------------------------------------
add(
    tile(
        "tile.assemble",
        "pl.tile.assemble(a, b, [0, 0])",
        (O("a", M), O("b", (32, 32))),
        ("past_end", "pl.tile.assemble(a, b, [48, 0])"),
        ("unified", "pl.assemble(a, b, [0, 0])"),
    ),
    tile("tile.concat", "pl.tile.concat(a, b)", _two(), ("unified", "pl.concat(a, b)")),
    tile(
        "tile.extract",
        "pl.tile.extract(a, 0, 0, [16, 16], target_memory=pl.Mem.Left)",
        (O("a", M, "FP16", "Mat"),),
        ("right", "pl.tile.extract(a, 0, 0, [16, 16], target_memory=pl.Mem.Right)"),
        ("vec", "pl.tile.extract(a, 0, 0, [16, 16], target_memory=pl.Mem.Vec)"),
    ),
    tile(
        "tile.reshape",
        "pl.tile.reshape(a, [32, 128])",
        _one(),
        ("numel", "pl.tile.reshape(a, [32, 64])"),
        ("unified", "pl.reshape(a, [32, 128])"),
    ),
    tile(
        "tile.reinterpret_view",
        "pl.tile.reinterpret_view(a, pl.INT32)",
        _one(),
        ("shape", "pl.tile.reinterpret_view(a, pl.FP16, shape=[64, 128])"),
        ("unified", "pl.reinterpret_view(a, pl.INT32)"),
    ),
    tile(
        "tile.transpose",
        "pl.tile.transpose(a, 0, 1)",
        _one(),
        ("same_axis", "pl.tile.transpose(a, 1, 1)"),
        ("unified", "pl.transpose(a, 0, 1)"),
    ),
    tile("tile.transpose_view", "pl.tile.transpose_view(a)", (O("a", M, "FP16", "Mat"),)),
    tile(
        "tile.set_validshape",
        "pl.tile.set_validshape(a, 32, 32)",
        _one(),
        ("too_big", "pl.tile.set_validshape(a, 128, 32)"),
        ("unified", "pl.set_validshape(a, 32, 32)"),
    ),
    tile(
        "tile.slice",
        "pl.tile.slice(a, [32, 32], [0, 0])",
        _one(),
        ("past_end", "pl.tile.slice(a, [32, 32], [48, 0])"),
        ("valid_shape", "pl.tile.slice(a, [32, 32], [0, 0], valid_shape=[16, 32])"),
        ("unified", "pl.slice(a, [32, 32], [0, 0])"),
        ("subscript", "a[0:32, 0:32]"),
    ),
    tile(
        "tile.scatter_update",
        "pl.tile.scatter_update(a, -2, i, s)",
        (O("a", M), O("i", (1, 8), "INT32"), O("s", (8, 64))),
        ("unified", "pl.scatter_update(a, -2, i, s)"),
    ),
    tile(
        "tile.gather",
        "pl.tile.gather(a, i, tmp)",
        (O("a", M), O("i", (64, 16), "INT32"), O("tmp", (64, 16), "FP32", "New", fixed=True)),
    ),
    tile(
        "tile.gatherb",
        "pl.tile.gatherb(a, o)",
        (O("a", M), O("o", (64, 8), "UINT32")),
        ("out_dtype", "pl.tile.gatherb(a, o, output_dtype=pl.INT32)"),
        ("promoted", "pl.gatherb(a, o)"),
    ),
    tile(
        "tile.gather_mask",
        "pl.tile.gather_mask(a, mask_pattern=pl.tile.MaskPattern.P0101)",
        _one(),
        ("positional", "pl.tile.gather_mask(a, 1)"),
        ("pattern_7", "pl.tile.gather_mask(a, 7)"),
        ("pattern_9", "pl.tile.gather_mask(a, 9)"),
        ("out_dtype", "pl.tile.gather_mask(a, 1, output_dtype=pl.INT32)"),
    ),
    tile(
        "tile.gather_compare",
        "pl.tile.gather_compare(a, 0.0, tmp, out_cols=64)",
        (O("a", M), _TMP),
        ("cmp_mode_gt", 'pl.tile.gather_compare(a, 0.0, tmp, cmp_mode="gt", out_cols=64)'),
        ("cmp_mode_bad", 'pl.tile.gather_compare(a, 0.0, tmp, cmp_mode="xx", out_cols=64)'),
        ("int_kvalue", "pl.tile.gather_compare(a, 0, tmp, out_cols=64)"),
    ),
    tile(
        "tile.scatter", "pl.tile.scatter(a, s, i)", (O("a", M), O("s", (64, 16)), O("i", (64, 16), "INT32"))
    ),
    tile(
        "tile.scatter_mask",
        "pl.tile.scatter_mask(a, s, mask_pattern=pl.tile.MaskPattern.P0101)",
        (O("a", M), O("s", (64, 32))),
        ("positional", "pl.tile.scatter_mask(a, s, 1)"),
        ("pattern_9", "pl.tile.scatter_mask(a, s, 9)"),
    ),
    tile(
        "tile.sort32",
        "pl.tile.sort32(a, i)",
        (O("a", (8, 32)), O("i", (8, 32), "UINT32")),
        ("unified", "pl.sort32(a, i)"),
    ),
    tile(
        "tile.mrgsort_format1",
        "pl.tile.mrgsort(a, block_len=64)",
        (O("a", (1, 256)),),
        ("block_len_odd", "pl.tile.mrgsort(a, block_len=48)"),
        ("unified", "pl.mrgsort(a, block_len=64)"),
        ("with_src1", "pl.tile.mrgsort(a, a, block_len=64)"),
    ),
    tile(
        "tile.mrgsort_format2",
        "pl.tile.mrgsort(a, b, tmp=tmp)",
        (O("a", (1, 128)), O("b", (1, 128)), O("tmp", (1, 256), "FP32", "New", fixed=True)),
        ("no_tmp", "pl.tile.mrgsort(a, b)"),
        ("exhausted", "pl.tile.mrgsort(a, b, tmp=tmp, exhausted=True)"),
        ("positional_tmp", "pl.tile.mrgsort(a, b, tmp)"),
        ("no_src1", "pl.tile.mrgsort(a)"),
    ),
    tile(
        "tile.gather_row",
        "pl.tile.gather_row(c, a, [0, 0], [0, 0], [16, 64])",
        (O("c", M, "FP32", "New", fixed=True), O("a", (128, 64), mem="Tensor")),
        ("unified", "pl.gather_row(c, a, [0, 0], [0, 0], [16, 64])"),
    ),
)


# --------------------------------------------------------------------------------------------------
# Ops that need a whole program of their own (cross-core, sync, distributed, prefetch, arrays, tasks)
# --------------------------------------------------------------------------------------------------


def raw(op: str, source: str, call: str, *variants: tuple[str, str]) -> Spec:
    """A spec whose program is written out; ``{call}`` marks the varied call, ``{fn}`` the function name."""
    return Spec(op, call, ctx="raw", source=source, variants=tuple(variants), sweep=False)


_JIT_TENSOR = (
    HEADER
    + """

@pl.jit
def {fn}(a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = {call}
    return out
"""
)
_INCORE = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(self, a_gm: pl.Tensor[[64, 64], pl.FP32]):
        a = pl.load(a_gm, [0, 0], [64, 64])
        r = {call}
"""
)
_REGION = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function
    def {fn}(
        self,
        a: pl.Tensor[[64, 64], pl.FP16],
        b: pl.Tensor[[64, 128], pl.FP16],
        o: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
    ) -> pl.Tensor[[64, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            am = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
            bm = pl.load(b, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
            s = pl.matmul(pl.move(am, target_memory=pl.Mem.Left), pl.move(bm, target_memory=pl.Mem.Right))
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                sh = {call}
                e = pl.exp(sh)
                o = pl.store(e, [aiv_id * 32, 0], o)
        return o
"""
)
_GATHER = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function
    def {fn}(
        self,
        x: pl.Tensor[[64, 64], pl.FP16],
        b: pl.Tensor[[64, 128], pl.FP16],
        o: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
    ) -> pl.Tensor[[64, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                xt = pl.load(x, [aiv_id * 32, 0], [32, 64])
                y = pl.exp(xt)
                g = {call}
            bm = pl.load(b, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
            s = pl.matmul(pl.move(g, target_memory=pl.Mem.Left), pl.move(bm, target_memory=pl.Mem.Right))
            o = pl.store(s, [0, 0], o)
        return o
"""
)
add(
    raw(
        "tile.aiv_shard",
        _REGION,
        "pl.aiv_shard(s)",
        ("tile_spelling", "pl.tile.aiv_shard(s)"),
        ("mode_kwarg", "pl.aiv_shard(s, mode=pl.SplitMode.UP_DOWN)"),
        ("two_args", "pl.aiv_shard(s, s)"),
        ("of_load", "pl.aiv_shard(am)"),
    ),
    raw(
        "tile.aic_gather",
        _GATHER,
        "pl.aic_gather(y)",
        ("tile_spelling", "pl.tile.aic_gather(y)"),
        ("of_load", "pl.aic_gather(xt)"),
        ("split_kwarg", "pl.aic_gather(y, split=1)"),
    ),
)
_JIT_REGION = (
    HEADER
    + """

@pl.jit
def {fn}(
    a: pl.Tensor[[64, 64], pl.FP16],
    b: pl.Tensor[[64, 128], pl.FP16],
    out: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP):
        mm = pl.matmul(a, b, out_dtype=pl.FP32)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            half = {call}
            out[aiv_id * 32 : aiv_id * 32 + 32, :] = pl.exp(half)
    return out
"""
)
_JIT_GATHER = (
    HEADER
    + """

@pl.jit
def {fn}(
    x: pl.Tensor[[64, 64], pl.FP16],
    b: pl.Tensor[[64, 128], pl.FP16],
    out: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            y = pl.exp(x[aiv_id * 32 : aiv_id * 32 + 32, :])
            g = {call}
        out = pl.matmul(g, b, out_dtype=pl.FP32)
    return out
"""
)
add(
    raw(
        "tensor.aiv_shard",
        _JIT_REGION,
        "pl.aiv_shard(mm)",
        ("tensor_spelling", "pl.tensor.aiv_shard(mm)"),
        ("of_param", "pl.aiv_shard(a)"),
    ),
    raw(
        "tensor.aic_gather",
        _JIT_GATHER,
        "pl.aic_gather(y)",
        ("tensor_spelling", "pl.tensor.aic_gather(y)"),
        ("of_param", "pl.aic_gather(x)"),
    ),
)
_C2V = (
    HEADER
    + """
D = 16
SLOT = D * D * 4
RING = SLOT * 2


@pl.program
class Case:
    @pl.function(type=pl.FunctionType.AIC)
    def producer(
        self,
        a: pl.Tensor[[D, D], pl.FP16],
        b: pl.Tensor[[D, D], pl.FP16],
        out: pl.Out[pl.Tensor[[D, D], pl.FP32]],
    ):
        peer = {peer}
        {init_c}
        am = pl.load(a, [0, 0], [D, D], target_memory=pl.Mem.Mat)
        bm = pl.load(b, [0, 0], [D, D], target_memory=pl.Mem.Mat)
        c = pl.matmul(pl.move(am, target_memory=pl.Mem.Left), pl.move(bm, target_memory=pl.Mem.Right))
        {push}

    @pl.function(type=pl.FunctionType.AIV)
    def consumer(
        self,
        a: pl.Tensor[[D, D], pl.FP16],
        b: pl.Tensor[[D, D], pl.FP16],
        out: pl.Out[pl.Tensor[[D, D], pl.FP32]],
    ) -> pl.Tensor[[D, D], pl.FP32]:
        ring = {ring}
        {init_v}
        t: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = {pop}
        r = pl.exp(t)
        {free}
        out = pl.store(r, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def pair(
        self,
        a: pl.Tensor[[D, D], pl.FP16],
        b: pl.Tensor[[D, D], pl.FP16],
        out: pl.Out[pl.Tensor[[D, D], pl.FP32]],
    ) -> pl.Tensor[[D, D], pl.FP32]:
        self.producer(a, b, out)
        r = self.consumer(a, b, out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def {fn}(
        self,
        a: pl.Tensor[[D, D], pl.FP16],
        b: pl.Tensor[[D, D], pl.FP16],
        out: pl.Out[pl.Tensor[[D, D], pl.FP32]],
    ) -> pl.Tensor[[D, D], pl.FP32]:
        out = self.pair(a, b, out)
        return out
"""
)
_C2V_PARTS = {
    "peer": 'pl.import_peer_buffer(name="ring", peer_func="consumer")',
    "init_c": "pl.aic_initialize_pipe(peer, pl.const(0, pl.INT32), dir_mask=1, slot_size=SLOT)",
    "push": "pl.tpush_to_aiv(c, split=0)",
    "ring": 'pl.reserve_buffer(name="ring", size=RING, base=pl.AUTO)',
    "init_v": "pl.aiv_initialize_pipe(ring, pl.const(0, pl.INT32), dir_mask=1, slot_size=SLOT)",
    "pop": "pl.tpop_from_aic(split=0)",
    "free": "pl.tfree_to_aic(t)",
}


def _c2v(slot: str) -> str:
    """The C2V pipe program with one of its parts left as the varied ``{call}``."""
    parts = {k: ("{call}" if k == slot else v) for k, v in _C2V_PARTS.items()}
    return _C2V.replace("{fn}", "\x00").format(**parts).replace("\x00", "{fn}")


add(
    raw(
        "tile.tpush_to_aiv",
        _c2v("push"),
        "pl.tpush_to_aiv(c, split=0)",
        ("split_1", "pl.tpush_to_aiv(c, split=1)"),
        ("split_bad", "pl.tpush_to_aiv(c, split=5)"),
        ("no_split", "pl.tpush_to_aiv(c)"),
        ("id", "pl.tpush_to_aiv(c, split=0, id=0)"),
        ("system_spelling", "pl.system.tpush_to_aiv(c, split=0)"),
    ),
    raw(
        "system.aic_initialize_pipe",
        _c2v("init_c"),
        _C2V_PARTS["init_c"],
        (
            "slot_num_0",
            "pl.aic_initialize_pipe(peer, pl.const(0, pl.INT32), dir_mask=1, slot_size=SLOT, slot_num=0)",
        ),
        ("dir_mask_bad", "pl.aic_initialize_pipe(peer, pl.const(0, pl.INT32), dir_mask=4, slot_size=SLOT)"),
        ("no_slot_size", "pl.aic_initialize_pipe(peer, pl.const(0, pl.INT32), dir_mask=1)"),
        ("missing", "pl.system.bar_m()"),
    ),
    raw(
        "tile.tpop_from_aic",
        _c2v("pop"),
        "pl.tpop_from_aic(split=0)",
        ("split_bad", "pl.tpop_from_aic(split=7)"),
        ("no_split", "pl.tpop_from_aic()"),
        ("split_mismatch", "pl.tpop_from_aic(split=1)"),
    ),
    raw(
        "system.tfree_to_aic",
        _c2v("free"),
        "pl.tfree_to_aic(t)",
        ("missing", "pl.system.bar_v()"),
        ("of_other", "pl.tfree_to_aic(r)"),
    ),
    raw(
        "system.aiv_initialize_pipe",
        _c2v("init_v"),
        _C2V_PARTS["init_v"],
        (
            "slot_num_4",
            "pl.aiv_initialize_pipe(ring, pl.const(0, pl.INT32), dir_mask=1, slot_size=SLOT, slot_num=4)",
        ),
        (
            "local_exceeds",
            "pl.aiv_initialize_pipe(ring, pl.const(0, pl.INT32), dir_mask=1, slot_size=SLOT, "
            "slot_num=2, local_slot_num=4)",
        ),
        ("missing", "pl.system.bar_v()"),
    ),
    raw(
        "system.import_peer_buffer",
        _c2v("peer"),
        _C2V_PARTS["peer"],
        ("wrong_peer", 'pl.import_peer_buffer(name="ring", peer_func="nobody")'),
        ("no_peer_func", 'pl.import_peer_buffer(name="ring")'),
    ),
    raw(
        "system.reserve_buffer",
        _c2v("ring"),
        _C2V_PARTS["ring"],
        ("size_zero", 'pl.reserve_buffer(name="ring", size=0, base=pl.AUTO)'),
        ("no_base", 'pl.reserve_buffer(name="ring", size=RING)'),
        ("other_name", 'pl.reserve_buffer(name="other", size=RING, base=pl.AUTO)'),
    ),
)
_V2C = (
    HEADER
    + """
D = 16
SLOT = D * D * 4
RING = SLOT * 2


@pl.program
class Case:
    @pl.function(type=pl.FunctionType.AIV, attrs={{{{"dual_aiv_dispatch": True}}}})
    def vec_side(
        self,
        a: pl.Tensor[[D, D], pl.FP32],
        b: pl.Tensor[[D, D], pl.FP32],
        out: pl.Out[pl.Tensor[[D, D], pl.FP32]],
    ):
        peer = pl.import_peer_buffer(name="v2c_ring", peer_func="cube_side")
        pl.aiv_initialize_pipe(pl.const(0, pl.INT32), peer, dir_mask=2, slot_size=SLOT)
        ta: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.load(a, [0, 0], [D, D])
        prod: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.mul(ta, ta)
        {push}

    @pl.function(type=pl.FunctionType.AIC)
    def cube_side(
        self,
        a: pl.Tensor[[D, D], pl.FP32],
        b: pl.Tensor[[D, D], pl.FP32],
        out: pl.Out[pl.Tensor[[D, D], pl.FP32]],
    ) -> pl.Tensor[[D, D], pl.FP32]:
        ring = pl.reserve_buffer(name="v2c_ring", size=RING, base=pl.AUTO)
        pl.aic_initialize_pipe(pl.const(0, pl.INT32), ring, dir_mask=2, slot_size=SLOT)
        got: pl.Tile[[D, D], pl.FP32, pl.Mem.Mat] = {pop}
        lhs = pl.move(got, target_memory=pl.Mem.Left)
        bm = pl.load(b, [0, 0], [D, D], target_memory=pl.Mem.Mat)
        rhs = pl.move(bm, target_memory=pl.Mem.Right)
        res: pl.Tile[[D, D], pl.FP32] = pl.matmul(lhs, rhs)
        {free}
        return pl.store(res, [0, 0], out)

    @pl.function(type=pl.FunctionType.Group)
    def pair(
        self,
        a: pl.Tensor[[D, D], pl.FP32],
        b: pl.Tensor[[D, D], pl.FP32],
        out: pl.Out[pl.Tensor[[D, D], pl.FP32]],
    ) -> pl.Tensor[[D, D], pl.FP32]:
        self.vec_side(a, b, out)
        r = self.cube_side(a, b, out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def {fn}(
        self,
        a: pl.Tensor[[D, D], pl.FP32],
        b: pl.Tensor[[D, D], pl.FP32],
        out: pl.Out[pl.Tensor[[D, D], pl.FP32]],
    ) -> pl.Tensor[[D, D], pl.FP32]:
        out = self.pair(a, b, out)
        return out
"""
)
_V2C_PARTS = {
    "push": "pl.tpush_to_aic(prod, split=0)",
    "pop": "pl.tpop_from_aiv(split=0)",
    "free": "pl.tfree_to_aiv(got)",
}


def _v2c(slot: str) -> str:
    """The V2C pipe program with one of its parts left as the varied ``{call}``."""
    parts = {k: ("{call}" if k == slot else v) for k, v in _V2C_PARTS.items()}
    return _V2C.replace("{fn}", "\x00").format(**parts).replace("\x00", "{fn}")


add(
    raw(
        "tile.tpush_to_aic",
        _v2c("push"),
        _V2C_PARTS["push"],
        ("split_bad", "pl.tpush_to_aic(prod, split=3)"),
        ("split_1", "pl.tpush_to_aic(prod, split=1)"),
    ),
    raw("tile.tpop_from_aiv", _v2c("pop"), _V2C_PARTS["pop"], ("split_bad", "pl.tpop_from_aiv(split=3)")),
    raw("system.tfree_to_aiv", _v2c("free"), _V2C_PARTS["free"], ("missing", "pl.system.bar_m()")),
)
_SYNC = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(self, a_gm: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64], pl.INT32], w64: pl.Tensor[[256], pl.INT64]):
        a = pl.load(a_gm, [0, 0], [64, 64])
        {call}
"""
)
add(
    raw(
        "system.syncall",
        _SYNC,
        "pl.system.syncall()",
        ("soft", 'pl.system.syncall(mode="soft", gm_workspace=w, used_cores=2)'),
        ("soft_no_workspace", 'pl.system.syncall(mode="soft", used_cores=2)'),
        ("core_type_aiv_only", 'pl.system.syncall(core_type="aiv_only")'),
        ("core_type_bad", 'pl.system.syncall(core_type="gpu")'),
        ("mode_bad", 'pl.system.syncall(mode="medium")'),
        ("used_cores_neg", 'pl.system.syncall(mode="soft", gm_workspace=w, used_cores=-1)'),
        ("positional", "pl.system.syncall(w, used_cores=2)"),
    ),
    raw(
        "system.sync_set",
        _SYNC,
        "pl.system.sync_set(pipe=pl.PipeType.V, event_id=0)",
        ("core_type", "pl.system.sync_set(pipe=pl.PipeType.V, event_id=0, core_type=pl.CoreType.AIV)"),
        ("event_neg", "pl.system.sync_set(pipe=pl.PipeType.V, event_id=-1)"),
        ("event_big", "pl.system.sync_set(pipe=pl.PipeType.V, event_id=64)"),
        ("ffts_mode", "pl.system.sync_set(pipe=pl.PipeType.V, event_id=0, ffts_mode=5)"),
    ),
    raw(
        "system.sync_wait",
        _SYNC,
        "pl.system.sync_wait(pipe=pl.PipeType.V, event_id=0)",
        ("event_big", "pl.system.sync_wait(pipe=pl.PipeType.V, event_id=64)"),
    ),
    raw(
        "system.set_ffts",
        _SYNC,
        "pl.system.set_ffts(w64)",
        ("int32", "pl.system.set_ffts(w)"),
        ("no_arg", "pl.system.set_ffts()"),
    ),
    raw("system.bar_all", _SYNC, "pl.system.bar_all()", ("with_arg", "pl.system.bar_all(1)")),
    raw("system.bar_m", _SYNC, "pl.system.bar_m()"),
    raw("system.bar_v", _SYNC, "pl.system.bar_v()"),
    raw("system.fence", _SYNC, "pl.system.fence()"),
    raw(
        "system.sync_src",
        _SYNC,
        "pl.system.sync_src(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V, event_id=0)",
        ("no_args", "pl.system.sync_src()"),
        ("event_big", "pl.system.sync_src(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V, event_id=64)"),
    ),
    raw(
        "system.sync_dst",
        _SYNC,
        "pl.system.sync_dst(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V, event_id=0)",
        ("no_args", "pl.system.sync_dst()"),
    ),
    raw(
        "system.cacheinvalid",
        _SYNC,
        "pl.system.cacheinvalid()",
        ("tensor", "pl.system.cacheinvalid(a_gm)"),
        ("window", "pl.system.cacheinvalid(a_gm, shapes=[32, 64], offsets=[0, 0])"),
        ("window_rank", "pl.system.cacheinvalid(a_gm, shapes=[32], offsets=[0, 0])"),
    ),
    raw("system.available_cluster_count", _JIT_TENSOR, "pl.system.available_cluster_count()"),
    raw("system.available_aiv_count", _JIT_TENSOR, "pl.system.available_aiv_count()"),
    raw("system.task_invalid", _JIT_TENSOR, "pl.system.task_invalid()"),
    raw(
        "system.task_dummy",
        _JIT_TENSOR,
        "pl.system.task_dummy(deps=[])",
        ("dep_invalid", "pl.system.task_dummy(deps=[pl.system.task_invalid()])"),
        ("no_deps", "pl.system.task_dummy()"),
    ),
)
_ARRAY = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(self, a_gm: pl.Tensor[[64, 64], pl.FP32]):
        arr = pl.array.create(4, pl.INT32)
        r = {call}
"""
)
add(
    raw(
        "array.create",
        _ARRAY,
        "pl.array.create(8, pl.INT32)",
        ("zero", "pl.array.create(0, pl.INT32)"),
        ("fp32", "pl.array.create(8, pl.FP32)"),
        ("dynamic", "pl.array.create(pl.tile.get_block_idx(), pl.INT32)"),
    ),
    raw(
        "array.get_element",
        _ARRAY,
        "pl.array.get_element(arr, 0)",
        ("out_of_range", "pl.array.get_element(arr, 9)"),
    ),
    raw(
        "array.update_element",
        _ARRAY,
        "pl.array.update_element(arr, 0, 5)",
        ("float_value", "pl.array.update_element(arr, 0, 1.5)"),
    ),
)
_PREFETCH = (
    HEADER
    + """

@pl.jit
def {fn}(a: pl.Tensor[[64, 64], pl.FP32], p: pl.Tensor[[1, 4096], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    ctx = pl.prefetch.make_context()
    ev = pl.prefetch.async_prefetch(p, ctx)
    s = pl.prefetch.session(ctx)
    r = {call}
    with pl.at(level=pl.Level.CORE_GROUP):
        out = pl.assemble(out, pl.exp(a), [0, 0])
    return out
"""
)
add(
    raw("prefetch.wait", _PREFETCH, "pl.prefetch.wait(ev, s)", ("swapped", "pl.prefetch.wait(s, ev)")),
    raw("prefetch.make_context", _PREFETCH, "pl.prefetch.make_context()"),
    raw(
        "prefetch.async_prefetch",
        _PREFETCH,
        "pl.prefetch.async_prefetch(p, ctx)",
        ("bad_ctx", "pl.prefetch.async_prefetch(p, p)"),
        ("not_flat", "pl.prefetch.async_prefetch(a, ctx)"),
    ),
    raw("prefetch.session", _PREFETCH, "pl.prefetch.session(ctx)"),
)
_DIST = (
    "# entry: {fn}\nimport pypto.language as pl\nimport pypto.language.distributed as pld\n"
    + """
N = 2
S = 64


@pl.jit.incore
def kern(
    x: pl.Tensor[[1, S], pl.FP32],
    y: pl.Out[pl.Tensor[[1, S], pl.FP32]],
    data: pld.DistributedTensor[[1, S], pl.FP32],
    signal: pld.DistributedTensor[[N, 1], pl.INT32],
):
    ctx = pld.get_comm_ctx(data)
    my_rank = pld.rank(ctx)
    nranks = pld.nranks(ctx)
    peer = (my_rank + 1) % nranks
    local = pl.load(x, [0, 0], [1, S])
    {dev}
    y = pl.store(local, [0, 0], y)
    return y


@pl.jit
def per_rank(
    x: pl.Tensor[[1, S], pl.FP32],
    y: pl.Out[pl.Tensor[[1, S], pl.FP32]],
    data: pld.DistributedTensor[[1, S], pl.FP32],
    signal: pld.DistributedTensor[[N, 1], pl.INT32],
):
    return kern(x, y, data, signal)


@pl.jit.host
def {fn}(x: pl.Tensor[[N, 1, S], pl.FP32], y: pl.Out[pl.Tensor[[N, 1, S], pl.FP32]]):
    data_buf = pld.alloc_window_buffer([1, S], dtype=pl.FP32)
    signal_buf = pld.alloc_window_buffer([N, 1], dtype=pl.INT32)
    for r in pl.range(pld.world_size()):
        data = pld.window(data_buf, [1, S], dtype=pl.FP32)
        signal = pld.window(signal_buf, [N, 1], dtype=pl.INT32)
        {host}
        per_rank(x[r], y[r], data, signal, device=r)
"""
)
_DIST_DEV = _DIST.replace("{dev}", "r0 = {call}").replace("{host}", "pass")
_DIST_HOST = _DIST.replace("{dev}", "pass").replace("{host}", "r0 = {call}")
add(
    raw(
        "pld.tensor.alloc_window_buffer",
        _DIST_HOST,
        "pld.alloc_window_buffer([1, S], dtype=pl.FP32)",
        ("bytes", "pld.alloc_window_buffer(256)"),
        ("named", 'pld.alloc_window_buffer([1, S], dtype=pl.FP32, name="x")'),
        ("zero_dim", "pld.alloc_window_buffer([0, S], dtype=pl.FP32)"),
        ("no_dtype", "pld.alloc_window_buffer([1, S])"),
        ("empty_shape", "pld.alloc_window_buffer([], dtype=pl.FP32)"),
        ("negative_dim", "pld.alloc_window_buffer([-1, S], dtype=pl.FP32)"),
        ("bytes_dtype", "pld.alloc_window_buffer(256, dtype=pl.FP32)"),
    ),
    raw(
        "pld.tensor.window",
        _DIST_HOST,
        "pld.window(data_buf, [1, S], dtype=pl.FP32)",
        ("too_big", "pld.window(data_buf, [2, S], dtype=pl.FP32)"),
        ("other_dtype", "pld.window(data_buf, [1, S], dtype=pl.FP16)"),
        ("tensor_buf", "pld.window(x, [1, S], dtype=pl.FP32)"),
        ("literal_buf", "pld.window(5, [1, S], dtype=pl.FP32)"),
    ),
    raw("pld.system.world_size", _DIST_HOST, "pld.world_size()", ("with_arg", "pld.world_size(1)")),
    raw(
        "pld.tensor.allreduce",
        _DIST_DEV,
        "pld.tensor.allreduce(data, signal)",
        ("op_max", "pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Max)"),
        ("no_signal", "pld.tensor.allreduce(data)"),
        ("mode_ring", 'pld.tensor.allreduce(data, signal, mode="ring")'),
        ("mode_bad", 'pld.tensor.allreduce(data, signal, mode="tree")'),
        ("core_num_0", "pld.tensor.allreduce(data, signal, core_num=0)"),
        ("plain_tensor", "pld.tensor.allreduce(x, signal)"),
    ),
    raw(
        "pld.tensor.barrier",
        _DIST_DEV,
        "pld.tensor.barrier(signal)",
        ("plain_tensor", "pld.tensor.barrier(x)"),
        ("data_window", "pld.tensor.barrier(data)"),
    ),
    raw(
        "pld.tensor.broadcast",
        _DIST_DEV,
        "pld.tensor.broadcast(data, signal, root=0)",
        ("root_neg", "pld.tensor.broadcast(data, signal, root=-1)"),
        ("no_root", "pld.tensor.broadcast(data, signal)"),
    ),
    raw("pld.tensor.allgather", _DIST_DEV, "pld.tensor.allgather(x, data, signal)"),
    raw("pld.tensor.reduce_scatter", _DIST_DEV, "pld.tensor.reduce_scatter(data, signal)"),
    raw("pld.tensor.all_to_all", _DIST_DEV, "pld.tensor.all_to_all(x, data, signal)"),
    raw("pld.tensor.all_to_all_v", _DIST_DEV, "pld.tensor.all_to_all_v(x, data, signal, signal, signal)"),
    raw(
        "pld.system.get_comm_ctx",
        _DIST_DEV,
        "pld.get_comm_ctx(data)",
        ("plain_tensor", "pld.get_comm_ctx(x)"),
    ),
    raw("pld.system.rank", _DIST_DEV, "pld.rank(ctx)", ("of_tensor", "pld.rank(data)")),
    raw("pld.system.nranks", _DIST_DEV, "pld.nranks(ctx)"),
    raw(
        "pld.tile.remote_load",
        _DIST_DEV,
        "pld.tile.remote_load(data, peer=peer, offsets=[0, 0], shape=[1, S])",
        ("offset_rank", "pld.tile.remote_load(data, peer=peer, offsets=[0], shape=[1, S])"),
        ("too_big", "pld.tile.remote_load(data, peer=peer, offsets=[0, 0], shape=[2, S])"),
        ("plain_tensor", "pld.tile.remote_load(x, peer=peer, offsets=[0, 0], shape=[1, S])"),
        ("short", "pld.remote_load(data, peer=peer, offsets=[0, 0], shape=[1, S])"),
    ),
    raw(
        "pld.tile.remote_store",
        _DIST_DEV,
        "pld.tile.remote_store(local, data, peer=peer, offsets=[0, 0])",
        ("offset_rank", "pld.tile.remote_store(local, data, peer=peer, offsets=[0])"),
        ("plain_tensor", "pld.tile.remote_store(local, x, peer=peer, offsets=[0, 0])"),
        ("short", "pld.remote_store(local, data, peer=peer, offsets=[0, 0])"),
    ),
    raw(
        "pld.tensor.remote_store",
        _DIST_DEV,
        "pld.tensor.remote_store(x, data, peer=peer, offsets=[0, 0])",
        ("short", "pld.remote_store(x, data, peer=peer, offsets=[0, 0])"),
    ),
    raw(
        "pld.tensor.put",
        _DIST_DEV,
        "pld.tensor.put(data, peer=peer, src=data)",
        (
            "window",
            "pld.tensor.put(data, peer=peer, src=data, dst_offsets=[0, 0], src_offsets=[0, 0], shape=[1, S])",
        ),
        ("chunk", "pld.tensor.put(data, peer=peer, src=data, chunk_rows=1, chunk_cols=3)"),
        ("src_tile", "pld.tensor.put(data, peer=peer, src=local)"),
    ),
    raw(
        "pld.tensor.get",
        _DIST_DEV,
        "pld.tensor.get(y, peer=peer, src=data)",
        ("plain_src", "pld.tensor.get(y, peer=peer, src=x)"),
    ),
    raw(
        "pld.tile.put",
        _DIST_DEV,
        "pld.tile.put(data, peer=peer, src=data, stage=pl.create_tile([1, S], dtype=pl.FP32, "
        "target_memory=pl.Mem.Vec))",
    ),
    raw(
        "pld.tile.get",
        _DIST_DEV,
        "pld.tile.get(y, peer=peer, src=data, stage=pl.create_tile([1, S], dtype=pl.FP32, "
        "target_memory=pl.Mem.Vec))",
    ),
    raw(
        "pld.system.notify",
        _DIST_DEV,
        "pld.system.notify(signal, peer=peer, offsets=[0, 0], value=1, op=pld.NotifyOp.AtomicAdd)",
        ("no_op", "pld.system.notify(signal, peer=peer, offsets=[0, 0], value=1)"),
        (
            "offset_rank",
            "pld.system.notify(signal, peer=peer, offsets=[0], value=1, op=pld.NotifyOp.AtomicAdd)",
        ),
        (
            "data_window",
            "pld.system.notify(data, peer=peer, offsets=[0, 0], value=1, op=pld.NotifyOp.AtomicAdd)",
        ),
    ),
    raw(
        "pld.system.wait",
        _DIST_DEV,
        "pld.system.wait(signal, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)",
        ("no_cmp", "pld.system.wait(signal, offsets=[0, 0], expected=1)"),
        ("float_expected", "pld.system.wait(signal, offsets=[0, 0], expected=1.5, cmp=pld.WaitCmp.Ge)"),
    ),
    raw(
        "pld.system.defer_wait",
        _DIST_DEV,
        "pld.system.defer_wait(signal, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)",
        ("no_cmp", "pld.system.defer_wait(signal, offsets=[0, 0], expected=1)"),
    ),
)


# The argument forms the sync wrappers and deducers check (ir/op/system_ops.py, sync_ops/cross_core.cpp,
# distributed system.cpp): soft syncall's operands, set_ffts' workspace, cacheinvalid's region, event ids.
_SYNC_ARGS = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(
        self,
        a_gm: pl.Tensor[[64, 64], pl.FP32],
        w: pl.Tensor[[64], pl.INT32],
        w2: pl.Tensor[[16, 16], pl.INT64],
        w8: pl.Tensor[[8], pl.INT64],
        n32: pl.Scalar[pl.INT32],
        n64: pl.Scalar[pl.INT64],
        f: pl.Scalar[pl.FP32],
    ):
        a = pl.load(a_gm, [0, 0], [64, 64])
        {call}
"""
)


def sync_args(op: str, call: str, *variants: tuple[str, str]) -> Spec:
    """A sync op's argument forms, in the program with workspaces and scalars of each kind."""
    return replace(raw(op, _SYNC_ARGS, call, *variants), valid_name="args_valid")


_SOFT = 'mode="soft", gm_workspace=w, used_cores='
add(
    sync_args(
        "system.syncall",
        f"pl.system.syncall({_SOFT}n32)",
        ("hard_workspace", "pl.system.syncall(gm_workspace=w, used_cores=2)"),
        ("hard_used_cores", "pl.system.syncall(used_cores=2)"),
        ("soft_core_bad", f'pl.system.syncall(core_type="gpu", {_SOFT}2)'),
        ("soft_aic_only", f'pl.system.syncall(core_type="aic_only", {_SOFT}2)'),
        ("soft_workspace_tile", 'pl.system.syncall(mode="soft", gm_workspace=a, used_cores=2)'),
        ("soft_workspace_fp32", 'pl.system.syncall(mode="soft", gm_workspace=a_gm, used_cores=2)'),
        ("soft_no_used_cores", 'pl.system.syncall(mode="soft", gm_workspace=w)'),
        ("soft_used_float", f"pl.system.syncall({_SOFT}2.5)"),
        ("soft_used_int64", f"pl.system.syncall({_SOFT}n64)"),
        ("soft_used_zero", f"pl.system.syncall({_SOFT}0)"),
        ("soft_used_big", f"pl.system.syncall({_SOFT}4294967296)"),
    ),
    replace(
        sync_args(
            "system.set_ffts",
            "pl.system.set_ffts(w2)",
            ("tile", "pl.system.set_ffts(a)"),
            ("short", "pl.system.set_ffts(w8)"),
            ("scalar", "pl.system.set_ffts(n64)"),
        ),
        valid_name="rank2",
    ),
    sync_args(
        "system.cacheinvalid",
        "pl.system.cacheinvalid(a_gm, shapes=[32, 64], offsets=[n32, 0])",
        ("whole_with_shapes", "pl.system.cacheinvalid(shapes=[1], offsets=[0])"),
        ("tile", "pl.system.cacheinvalid(a, shapes=[32, 64], offsets=[0, 0])"),
        ("offsets_rank", "pl.system.cacheinvalid(a_gm, shapes=[32, 64], offsets=[0])"),
        ("float_shape", "pl.system.cacheinvalid(a_gm, shapes=[32.0, 64], offsets=[0, 0])"),
        ("float_offset", "pl.system.cacheinvalid(a_gm, shapes=[32, 64], offsets=[f, 0])"),
        ("int64_offset", "pl.system.cacheinvalid(a_gm, shapes=[32, 64], offsets=[n64, 0])"),
    ),
    sync_args(
        "system.sync_set",
        'pl.system.sync_set(pipe=pl.PipeType.V, event_id=0, core_type="aiv")',
        ("core_bad", 'pl.system.sync_set(pipe=pl.PipeType.V, event_id=0, core_type="gpu")'),
        ("event_float", "pl.system.sync_set(pipe=pl.PipeType.V, event_id=1.5)"),
        ("event_int32", "pl.system.sync_set(pipe=pl.PipeType.V, event_id=n32)"),
        ("event_int64", "pl.system.sync_set(pipe=pl.PipeType.V, event_id=n64)"),
        ("pipe_all", "pl.system.sync_set(pipe=pl.PipeType.ALL, event_id=0)"),
    ),
    sync_args(
        "system.sync_wait",
        'pl.system.sync_wait(pipe=pl.PipeType.V, event_id=0, core_type="aic")',
        ("core_bad", 'pl.system.sync_wait(pipe=pl.PipeType.V, event_id=0, core_type="npu")'),
        ("event_float", "pl.system.sync_wait(pipe=pl.PipeType.V, event_id=2.0)"),
        ("event_scalar_float", "pl.system.sync_wait(pipe=pl.PipeType.V, event_id=f)"),
    ),
)
_NOTIFY = "pld.system.notify({target}, peer={peer}, offsets={offsets}, value={value}, op={op})"
_NOTIFY_OK = {"target": "signal", "peer": "peer", "offsets": "[0, 0]", "value": "1", "op": "pld.NotifyOp.Set"}


def _notify(**changes: str) -> str:
    return _NOTIFY.format(**{**_NOTIFY_OK, **changes})


_DEFER = "pld.system.defer_wait({signal}, offsets={offsets}, expected={expected}, cmp={cmp})"
_DEFER_OK = {"signal": "signal", "offsets": "[0, 0]", "expected": "1", "cmp": "pld.WaitCmp.Ge"}


def _defer(**changes: str) -> str:
    return _DEFER.format(**{**_DEFER_OK, **changes})


add(
    replace(
        raw(
            "pld.system.notify",
            _DIST_DEV,
            _notify(),
            ("plain_target", _notify(target="x")),
            ("peer_tensor", _notify(peer="x")),
            ("peer_float", _notify(peer="1.5")),
            ("value_tile", _notify(value="local")),
            ("value_float", _notify(value="2.5")),
            ("op_int", _notify(op="5")),
            ("offsets_float", _notify(offsets="[0.5, 0]")),
        ),
        valid_name="args_valid",
    ),
    replace(
        raw(
            "pld.system.wait",
            _DIST_DEV,
            "pld.system.wait(signal, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Eq)",
            ("plain_signal", "pld.system.wait(x, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)"),
            ("expected_tile", "pld.system.wait(signal, offsets=[0, 0], expected=local, cmp=pld.WaitCmp.Ge)"),
            ("cmp_int", "pld.system.wait(signal, offsets=[0, 0], expected=1, cmp=7)"),
            ("offsets_tile", "pld.system.wait(signal, offsets=local, expected=1, cmp=pld.WaitCmp.Ge)"),
        ),
        valid_name="args_valid",
    ),
    replace(
        raw(
            "pld.system.defer_wait",
            _DIST_DEV,
            _defer(expected="peer"),
            ("plain_signal", _defer(signal="x")),
            ("fp32_signal", _defer(signal="data")),
            ("cmp_eq", _defer(cmp="pld.WaitCmp.Eq")),
            ("expected_negative", _defer(expected="-1")),
            ("expected_big", _defer(expected="4294967296")),
            ("expected_float", _defer(expected="1.5")),
            ("offset_float", _defer(offsets="[0.5, 0]")),
            ("cmp_int", _defer(cmp="3")),
        ),
        valid_name="args_valid",
    ),
)

# The collectives' operand forms (distributed/collective.cpp, allreduce.cpp): windows of several shapes and
# dtypes, plain tensors of the same shapes, and signals of each wrong form.
_COLL = (
    "# entry: {fn}\nimport pypto.language as pl\nimport pypto.language.distributed as pld\n"
    + """
N = 2
S = 64


@pl.jit.incore
def kern(
    x: pl.Tensor[[1, S], pl.FP32],
    xn: pl.Tensor[[N, S], pl.FP32],
    xsig: pl.Tensor[[N, 1], pl.INT32],
    d1: pld.DistributedTensor[[1, S], pl.FP32],
    dn: pld.DistributedTensor[[N, S], pl.FP32],
    dn16: pld.DistributedTensor[[N, S], pl.FP16],
    dhalf: pld.DistributedTensor[[N, 32], pl.FP32],
    sig: pld.DistributedTensor[[N, 1], pl.INT32],
    sig1: pld.DistributedTensor[[N], pl.INT32],
    sig2: pld.DistributedTensor[[N, 2], pl.INT32],
    sigf: pld.DistributedTensor[[N, 1], pl.FP32],
):
    local = pl.load(x, [0, 0], [1, S])
    r0 = {call}
    return x


@pl.jit
def per_rank(
    x: pl.Tensor[[1, S], pl.FP32],
    xn: pl.Tensor[[N, S], pl.FP32],
    xsig: pl.Tensor[[N, 1], pl.INT32],
    d1: pld.DistributedTensor[[1, S], pl.FP32],
    dn: pld.DistributedTensor[[N, S], pl.FP32],
    dn16: pld.DistributedTensor[[N, S], pl.FP16],
    dhalf: pld.DistributedTensor[[N, 32], pl.FP32],
    sig: pld.DistributedTensor[[N, 1], pl.INT32],
    sig1: pld.DistributedTensor[[N], pl.INT32],
    sig2: pld.DistributedTensor[[N, 2], pl.INT32],
    sigf: pld.DistributedTensor[[N, 1], pl.FP32],
):
    return kern(x, xn, xsig, d1, dn, dn16, dhalf, sig, sig1, sig2, sigf)


@pl.jit.host
def {fn}(
    x: pl.Tensor[[N, 1, S], pl.FP32],
    xn: pl.Tensor[[N, N, S], pl.FP32],
    xsig: pl.Tensor[[N, N, 1], pl.INT32],
):
    b1 = pld.alloc_window_buffer([1, S], dtype=pl.FP32)
    bn = pld.alloc_window_buffer([N, S], dtype=pl.FP32)
    bn16 = pld.alloc_window_buffer([N, S], dtype=pl.FP16)
    bhalf = pld.alloc_window_buffer([N, 32], dtype=pl.FP32)
    bsig = pld.alloc_window_buffer([N, 1], dtype=pl.INT32)
    bsig1 = pld.alloc_window_buffer([N], dtype=pl.INT32)
    bsig2 = pld.alloc_window_buffer([N, 2], dtype=pl.INT32)
    bsigf = pld.alloc_window_buffer([N, 1], dtype=pl.FP32)
    for r in pl.range(pld.world_size()):
        d1 = pld.window(b1, [1, S], dtype=pl.FP32)
        dn = pld.window(bn, [N, S], dtype=pl.FP32)
        dn16 = pld.window(bn16, [N, S], dtype=pl.FP16)
        dhalf = pld.window(bhalf, [N, 32], dtype=pl.FP32)
        sig = pld.window(bsig, [N, 1], dtype=pl.INT32)
        sig1 = pld.window(bsig1, [N], dtype=pl.INT32)
        sig2 = pld.window(bsig2, [N, 2], dtype=pl.INT32)
        sigf = pld.window(bsigf, [N, 1], dtype=pl.FP32)
        per_rank(x[r], xn[r], xsig[r], d1, dn, dn16, dhalf, sig, sig1, sig2, sigf, device=r)
"""
)


def coll(op: str, call: str, *variants: tuple[str, str]) -> Spec:
    """A collective's operand forms, in the program with windows and signals of each kind."""
    return replace(raw(op, _COLL, call, *variants), valid_name="forms_valid")


add(
    coll(
        "pld.tensor.allgather",
        "pld.tensor.allgather(x, dn, sig)",
        ("same_buffer", "pld.tensor.allgather(dn, dn, sig)"),
        ("input_tile", "pld.tensor.allgather(local, dn, sig)"),
        ("input_rows", "pld.tensor.allgather(xn, dn, sig)"),
        ("target_plain", "pld.tensor.allgather(x, xn, sig)"),
        ("target_dtype", "pld.tensor.allgather(x, dn16, sig)"),
        ("target_size", "pld.tensor.allgather(x, dhalf, sig)"),
        ("signal_plain", "pld.tensor.allgather(x, dn, xsig)"),
        ("signal_fp32", "pld.tensor.allgather(x, dn, sigf)"),
        ("signal_1d", "pld.tensor.allgather(x, dn, sig1)"),
        ("signal_wide", "pld.tensor.allgather(x, dn, sig2)"),
    ),
    coll(
        "pld.tensor.all_to_all",
        "pld.tensor.all_to_all(xn, dn, sig)",
        ("same_window", "pld.tensor.all_to_all(dn, dn, sig)"),
        ("input_tile", "pld.tensor.all_to_all(local, dn, sig)"),
        ("input_row", "pld.tensor.all_to_all(x, dn, sig)"),
        ("target_plain", "pld.tensor.all_to_all(xn, x, sig)"),
        ("target_dtype", "pld.tensor.all_to_all(xn, dn16, sig)"),
        ("target_size", "pld.tensor.all_to_all(xn, dhalf, sig)"),
        ("signal_plain", "pld.tensor.all_to_all(xn, dn, xsig)"),
        ("signal_fp32", "pld.tensor.all_to_all(xn, dn, sigf)"),
        ("signal_1d", "pld.tensor.all_to_all(xn, dn, sig1)"),
        ("signal_wide", "pld.tensor.all_to_all(xn, dn, sig2)"),
    ),
    coll(
        "pld.tensor.reduce_scatter",
        "pld.tensor.reduce_scatter(dn, sig)",
        ("target_plain", "pld.tensor.reduce_scatter(xn, sig)"),
        ("target_row", "pld.tensor.reduce_scatter(d1, sig)"),
        ("signal_plain", "pld.tensor.reduce_scatter(dn, xsig)"),
        ("signal_fp32", "pld.tensor.reduce_scatter(dn, sigf)"),
        ("op_max", "pld.tensor.reduce_scatter(dn, sig, op=pld.ReduceOp.Max)"),
        ("fp16", "pld.tensor.reduce_scatter(dn16, sig)"),
    ),
    coll(
        "pld.tensor.broadcast",
        "pld.tensor.broadcast(dn, sig, root=1)",
        ("target_plain", "pld.tensor.broadcast(xn, sig, root=0)"),
        ("signal_plain", "pld.tensor.broadcast(dn, xsig, root=0)"),
        ("signal_fp32", "pld.tensor.broadcast(dn, sigf, root=0)"),
        ("signal_1d", "pld.tensor.broadcast(dn, sig1, root=0)"),
    ),
    coll(
        "pld.tensor.allreduce",
        "pld.tensor.allreduce(dn16, sig, op=pld.ReduceOp.Prod)",
        ("target_int32", "pld.tensor.allreduce(sig, sig)"),
        ("signal_plain", "pld.tensor.allreduce(dn, xsig)"),
        ("signal_fp32", "pld.tensor.allreduce(dn, sigf)"),
        ("signal_1d", "pld.tensor.allreduce(dn, sig1)"),
        ("target_tile", "pld.tensor.allreduce(local, sig)"),
    ),
    coll(
        "pld.tensor.barrier",
        "pld.tensor.barrier(sig1)",
        ("signal_fp32", "pld.tensor.barrier(sigf)"),
        ("signal_tile", "pld.tensor.barrier(local)"),
    ),
)
_REGION = "dst_offsets=[{d}], src_offsets=[{s}], shape=[{n}]"


def _region(d: str = "0, 0", s: str = "0, 0", n: str = "1, S") -> str:
    return _REGION.format(d=d, s=s, n=n)


add(
    coll(
        "pld.tensor.put",
        "pld.tensor.put(dn, 1, xn)",
        ("dtype", "pld.tensor.put(dn, 1, dn16)"),
        ("shape", "pld.tensor.put(dn, 1, x)"),
        ("peer_tensor", "pld.tensor.put(dn, x, xn)"),
        ("region", f"pld.tensor.put(dn, 1, xn, {_region()})"),
        ("region_dst_rank", f"pld.tensor.put(dn, 1, xn, {_region(d='0')})"),
        ("region_shape_rank", f"pld.tensor.put(dn, 1, xn, {_region(n='S')})"),
        ("region_shape_zero", f"pld.tensor.put(dn, 1, xn, {_region(n='0, S')})"),
        ("region_negative", f"pld.tensor.put(dn, 1, xn, {_region(d='-1, 0')})"),
        ("region_dst_exceeds", f"pld.tensor.put(dn, 1, xn, {_region(d='1, 0', n='2, S')})"),
        ("region_src_exceeds", f"pld.tensor.put(dn, 1, xn, {_region(s='0, 32')})"),
        ("region_other_shapes", f"pld.tensor.put(dn, 1, x, {_region()})"),
        ("chunk_negative", "pld.tensor.put(dn, 1, xn, chunk_rows=-1)"),
        ("pipeline_unchunked", "pld.tensor.put(dn, 1, xn, pipeline=True)"),
        ("pipeline_chunked", "pld.tensor.put(dn, 1, xn, chunk_rows=1, chunk_cols=32, pipeline=True)"),
        ("atomic_int", "pld.tensor.put(dn, 1, xn, atomic=5)"),
        ("atomic_add", "pld.tensor.put(dn, 1, xn, atomic=pld.AtomicType.Add)"),
    ),
    coll(
        "pld.tensor.get",
        "pld.tensor.get(xn, 1, dn)",
        ("dtype", "pld.tensor.get(xn, 1, dn16)"),
        ("shape", "pld.tensor.get(x, 1, dn)"),
        ("dst_tile", "pld.tensor.get(local, 1, dn)"),
        ("region_src_exceeds", f"pld.tensor.get(xn, 1, dn, {_region(s='1, 0', n='2, S')})"),
        ("region_src_rank", f"pld.tensor.get(xn, 1, dn, {_region(s='0')})"),
        ("chunk_cols_negative", "pld.tensor.get(xn, 1, dn, chunk_cols=-2)"),
        ("pipeline_unchunked", "pld.tensor.get(xn, 1, dn, pipeline=True)"),
    ),
)

# More operand forms of the distributed ops (distributed/*.cpp, comm_op_utils.h and the pld wrappers): 1-D and
# 3-D tensors and windows, an [NR*MAX_RECV, SIZE] exchange, INT64 windows, staging tiles of each wrong kind.
_XPLAIN = (
    ("x", "1, S", "FP32"),
    ("xn", "N, S", "FP32"),
    ("x1", "S", "FP32"),
    ("x3", "1, 1, S", "FP32"),
    ("xn3", "N, 1, S", "FP32"),
    ("xq", "Q, S", "FP32"),
    ("xl", "N, S", "INT64"),
    ("xi", "N, 1", "INT32"),
    ("xi1", "N", "INT32"),
    ("xi2", "N, 2", "INT32"),
    ("xi3", "N, 1, 1", "INT32"),
    ("xi4", "Q, 1", "INT32"),
)
_XWINDOWS = (
    ("d1", "1, S", "FP32"),
    ("dn", "N, S", "FP32"),
    ("dn16", "N, S", "FP16"),
    ("d3", "1, 1, S", "FP32"),
    ("dq", "Q, S", "FP32"),
    ("dq16", "Q, S", "FP16"),
    ("dqh", "Q, 32", "FP32"),
    ("dl", "N, S", "INT64"),
    ("sig", "N, 1", "INT32"),
    ("sig1", "N", "INT32"),
    ("sig2", "N, 2", "INT32"),
    ("sig3", "N, 1, 1", "INT32"),
    ("sig4", "Q, 1", "INT32"),
    ("sigf", "N, 1", "FP32"),
)


def _xforms_source() -> str:
    plain = [f"    {n}: pl.Tensor[[{s}], pl.{d}]," for n, s, d in _XPLAIN]
    windows = [f"    {n}: pld.DistributedTensor[[{s}], pl.{d}]," for n, s, d in _XWINDOWS]
    params = "\n".join(plain + windows)
    names = ", ".join(n for n, _, _ in _XPLAIN + _XWINDOWS)
    host_params = "\n".join(f"    {n}: pl.Tensor[[N, {s}], pl.{d}]," for n, s, d in _XPLAIN)
    allocs = "\n".join(f"    b_{n} = pld.alloc_window_buffer([{s}], dtype=pl.{d})" for n, s, d in _XWINDOWS)
    binds = "\n".join(f"        {n} = pld.window(b_{n}, [{s}], dtype=pl.{d})" for n, s, d in _XWINDOWS)
    args = ", ".join([f"{n}[r]" for n, _, _ in _XPLAIN] + [n for n, _, _ in _XWINDOWS])
    head = "# entry: {fn}\nimport pypto.language as pl\nimport pypto.language.distributed as pld\n"
    body = f"""
N = 2
Q = 4
S = 64


@pl.jit.incore
def kern(
{params}
):
    local = pl.load(x, [0, 0], [1, S])
    r0 = {{call}}
    return x


@pl.jit
def per_rank(
{params}
):
    return kern({names})


@pl.jit.host
def {{fn}}(
{host_params}
):
{allocs}
    for r in pl.range(pld.world_size()):
{binds}
        per_rank({args}, device=r)
"""
    return head + body


_XFORMS = _xforms_source()


def xforms(op: str, call: str, *variants: tuple[str, str]) -> Spec:
    """A distributed op's further operand forms, in the program with 1-D / 3-D / INT64 tensors and windows."""
    return replace(raw(op, _XFORMS, call, *variants), valid_name="xforms_valid")


def _stage(shape: str = "1, S", dtype: str = "FP32") -> str:
    return f"pl.create_tile([{shape}], dtype=pl.{dtype}, target_memory=pl.Mem.Vec)"


_ST = _stage()
_A2AV = "pld.tensor.all_to_all_v(xq, dq, sig, {counts}, {recv})"
add(
    xforms(
        "pld.tensor.put",
        "pld.tensor.put(dn, 1, xn)",
        ("x_chunk_float", "pld.tensor.put(dn, 1, xn, chunk_rows=1.5)"),
        ("x_dst_plain", "pld.tensor.put(xn, 1, xn)"),
        ("x_region_partial", "pld.tensor.put(dn, 1, xn, dst_offsets=[0, 0])"),
        ("x_rank", "pld.tensor.put(dn, 1, xn3)"),
        ("x_src_offset_neg", f"pld.tensor.put(dn, 1, xn, {_region(s='0, -1')})"),
        ("x_atomic_int64", "pld.tensor.put(dl, 1, xl, atomic=pld.AtomicType.Add)"),
    ),
    xforms(
        "pld.tensor.get",
        "pld.tensor.get(xn, 1, dn)",
        ("x_region_partial", "pld.tensor.get(xn, 1, dn, shape=[1, S])"),
        ("x_peer_tensor", "pld.tensor.get(xn, x, dn)"),
        ("x_rank", "pld.tensor.get(xn3, 1, dn)"),
        ("x_chunk_float", "pld.tensor.get(xn, 1, dn, chunk_cols=0.5)"),
    ),
    xforms(
        "pld.tensor.allreduce",
        "pld.tensor.allreduce(dn, sig)",
        ("x_core_float", "pld.tensor.allreduce(dn, sig, core_num=1.5)"),
        ("x_ring_no_signal", 'pld.tensor.allreduce(dn, mode="ring")'),
        ("x_signal_none", "pld.tensor.allreduce(dn, None)"),
        ("x_op_int", "pld.tensor.allreduce(dn, sig, op=5)"),
    ),
    xforms(
        "pld.tensor.remote_store",
        "pld.tensor.remote_store(x, dn, peer=1, offsets=[0, 0])",
        ("x_target_plain", "pld.tensor.remote_store(x, xn, peer=1, offsets=[0, 0])"),
        ("x_src_tile", "pld.tensor.remote_store(local, dn, peer=1, offsets=[0, 0])"),
        ("x_src_window", "pld.tensor.remote_store(d1, dn, peer=1, offsets=[0, 0])"),
        ("x_src_1d", "pld.tensor.remote_store(x1, dn, peer=1, offsets=[0, 0])"),
        ("x_src_leading", "pld.tensor.remote_store(xn3, d3, peer=1, offsets=[0, 0, 0])"),
        ("x_peer_tensor", "pld.tensor.remote_store(x, dn, peer=x, offsets=[0, 0])"),
        ("x_dtype", "pld.tensor.remote_store(x, dn16, peer=1, offsets=[0, 0])"),
        ("x_target_1d", "pld.tensor.remote_store(xi, sig1, peer=1, offsets=[0])"),
        ("x_offset_neg", "pld.tensor.remote_store(x, dn, peer=1, offsets=[-1, 0])"),
        ("x_exceeds", "pld.tensor.remote_store(x, dn, peer=1, offsets=[N, 0])"),
    ),
    xforms(
        "pld.tile.remote_store",
        "pld.tile.remote_store(local, dn, peer=1, offsets=[0, 0])",
        ("x_src_tensor", "pld.tile.remote_store(x, dn, peer=1, offsets=[0, 0])"),
        ("x_dtype", "pld.tile.remote_store(local, dn16, peer=1, offsets=[0, 0])"),
        ("x_exceeds", "pld.tile.remote_store(local, dn, peer=1, offsets=[N, 0])"),
        ("x_peer_tensor", "pld.tile.remote_store(local, dn, peer=x, offsets=[0, 0])"),
    ),
    xforms(
        "pld.tile.remote_load",
        "pld.tile.remote_load(dn, 1, [0, 0], [1, S], [1, 32])",
        ("x_valid_float_p", "pld.tile.remote_load(dn, 1, [0, 0], [1, S], [1.5, S])"),
        ("x_valid_negative_p", "pld.tile.remote_load(dn, 1, [0, 0], [1, S], [-1, S])"),
        ("x_peer_tensor", "pld.tile.remote_load(dn, peer=x, offsets=[0, 0], shape=[1, S])"),
        ("x_shape_rank_p", "pld.tile.remote_load(dn, 1, [0, 0], [S])"),
        ("x_valid_rank_p", "pld.tile.remote_load(dn, 1, [0, 0], [1, S], [S])"),
        ("x_peer_literal", "pld.tile.remote_load(dn, peer=1, offsets=[0, 0], shape=[1, S])"),
    ),
    xforms(
        "pld.tile.put",
        f"pld.tile.put(dn, 1, xn, {_ST})",
        ("x_dst_plain", f"pld.tile.put(xn, 1, xn, {_ST})"),
        ("x_src_tile", f"pld.tile.put(dn, 1, local, {_ST})"),
        ("x_region_partial", f"pld.tile.put(dn, 1, xn, {_ST}, dst_offsets=[0, 0])"),
        ("x_stage_pair", f"pld.tile.put(dn, 1, xn, {_ST}, {_stage('N, S')})"),
        ("x_stage_tensor", "pld.tile.put(dn, 1, xn, x)"),
        ("x_stage_dtype", f"pld.tile.put(dn, 1, xn, {_stage(dtype='FP16')})"),
        ("x_stage_3d", f"pld.tile.put(dn, 1, xn, {_stage('1, 1, S')})"),
    ),
    xforms(
        "pld.tile.get",
        f"pld.tile.get(xn, 1, dn, {_ST})",
        ("x_dst_tile", f"pld.tile.get(local, 1, dn, {_ST})"),
        ("x_src_plain", f"pld.tile.get(xn, 1, xn, {_ST})"),
        ("x_region_partial", f"pld.tile.get(xn, 1, dn, {_ST}, shape=[1, S])"),
        ("x_stage_pair", f"pld.tile.get(xn, 1, dn, {_ST}, {_stage('N, S')})"),
    ),
    xforms(
        "pld.tensor.allgather",
        "pld.tensor.allgather(x, dn, sig)",
        ("x_input_3d", "pld.tensor.allgather(x3, dn, sig)"),
        ("x_target_1d", "pld.tensor.allgather(x, sig1, sig)"),
        ("x_signal_3d", "pld.tensor.allgather(x, dn, sig3)"),
    ),
    xforms(
        "pld.tensor.all_to_all",
        "pld.tensor.all_to_all(xn, dn, sig)",
        ("x_input_3d", "pld.tensor.all_to_all(xn3, dn, sig)"),
        ("x_target_1d", "pld.tensor.all_to_all(xn, sig1, sig)"),
        ("x_signal_3d", "pld.tensor.all_to_all(xn, dn, sig3)"),
    ),
    xforms(
        "pld.tensor.reduce_scatter",
        "pld.tensor.reduce_scatter(dn, sig)",
        ("x_target_1d", "pld.tensor.reduce_scatter(sig1, sig)"),
        ("x_target_3d", "pld.tensor.reduce_scatter(d3, sig)"),
    ),
    xforms(
        "pld.tensor.all_to_all_v",
        _A2AV.format(counts="xi", recv="sig"),
        ("x_input_tile", "pld.tensor.all_to_all_v(local, dq, sig, xi, sig)"),
        ("x_input_3d", "pld.tensor.all_to_all_v(x3, dq, sig, xi, sig)"),
        ("x_target_1d", "pld.tensor.all_to_all_v(xq, sig1, sig, xi, sig)"),
        ("x_target_size", "pld.tensor.all_to_all_v(xq, dqh, sig, xi, sig)"),
        ("x_target_dtype", "pld.tensor.all_to_all_v(xq, dq16, sig, xi, sig)"),
        ("x_signal_fp32", "pld.tensor.all_to_all_v(xq, dq, sigf, xi, sig)"),
        ("x_signal_1d", "pld.tensor.all_to_all_v(xq, dq, sig1, xi, sig)"),
        ("x_signal_wide", "pld.tensor.all_to_all_v(xq, dq, sig2, xi, sig)"),
        ("x_counts_tile", _A2AV.format(counts="local", recv="sig")),
        ("x_counts_fp32", _A2AV.format(counts="x", recv="sig")),
        ("x_counts_3d", _A2AV.format(counts="xi3", recv="sig")),
        ("x_counts_wide", _A2AV.format(counts="xi2", recv="sig")),
        ("x_counts_nr", _A2AV.format(counts="xi4", recv="sig")),
        ("x_counts_1d", _A2AV.format(counts="xi1", recv="sig")),
        ("x_recv_plain", _A2AV.format(counts="xi", recv="xi")),
        ("x_recv_fp32", _A2AV.format(counts="xi", recv="sigf")),
        ("x_recv_1d", _A2AV.format(counts="xi", recv="sig1")),
        ("x_recv_wide", _A2AV.format(counts="xi", recv="sig2")),
        ("x_recv_nr", _A2AV.format(counts="xi", recv="sig4")),
    ),
)  # fmt: skip


# Edge forms of the same ops: rank-0 and zero-extent windows and tensors with a dynamic extent.
_EPLAIN = (
    ("x", "1, S", "FP32"),
    ("xn", "N, S", "FP32"),
    ("xq", "Q, S", "FP32"),
    ("xi", "N, 1", "INT32"),
    ("xd", "M, S", "FP32"),
    ("xdi", "M, 1", "INT32"),
)
_EWINDOWS = (  # name, shape, dtype, the buffer's size (a shape, or bytes for a window no buffer shape fits)
    ("dn", "N, S", "FP32", "[N, S], dtype=pl.FP32"),
    ("dq", "Q, S", "FP32", "[Q, S], dtype=pl.FP32"),
    ("sig", "N, 1", "INT32", "[N, 1], dtype=pl.INT32"),
    ("d0", "", "FP32", "4"),
    ("d0i", "", "INT32", "4"),
    ("dz", "N, 0", "FP32", "64"),
    ("sig0", "0, 1", "INT32", "64"),
)


def _edge_source(dynamic: tuple[tuple[str, str, str, str, str], ...] = ()) -> str:
    """The edge program; ``dynamic`` adds windows typed with a dynamic extent in the kernels: (name, kernel
    shape, dtype, buffer size, the host window's shape)."""
    rows = [(n, s, d, size, s) for n, s, d, size in _EWINDOWS] + list(dynamic)
    plain = [f"    {n}: pl.Tensor[[{s}], pl.{d}]," for n, s, d in _EPLAIN]
    windows = [f"    {n}: pld.DistributedTensor[[{s}], pl.{d}]," for n, s, d, _, _ in rows]
    params = "\n".join(plain + windows)
    names = ", ".join([n for n, _, _ in _EPLAIN] + [w[0] for w in rows])
    host_params = "\n".join(f"    {n}: pl.Tensor[[N, {s}], pl.{d}]," for n, s, d in _EPLAIN)
    allocs = "\n".join(f"    b_{n} = pld.alloc_window_buffer({size})" for n, _, _, size, _ in rows)
    binds = "\n".join(f"        {n} = pld.window(b_{n}, [{h}], dtype=pl.{d})" for n, _, d, _, h in rows)
    args = ", ".join([f"{n}[r]" for n, _, _ in _EPLAIN] + [w[0] for w in rows])
    head = "# entry: {fn}\nimport pypto.language as pl\nimport pypto.language.distributed as pld\n"
    body = f"""
N = 2
Q = 4
S = 64
M = pl.dynamic("M")


@pl.jit.incore
def kern(
{params}
):
    local = pl.load(x, [0, 0], [1, S])
    r0 = {{call}}
    return x


@pl.jit
def per_rank(
{params}
):
    return kern({names})


@pl.jit.host
def {{fn}}(
{host_params}
):
{allocs}
    for r in pl.range(pld.world_size()):
{binds}
        per_rank({args}, device=r)
"""
    return head + body


_EDGE = _edge_source()


def edge(op: str, call: str, *variants: tuple[str, str]) -> Spec:
    """A distributed op's edge forms, in the program with rank-0, zero-extent and dynamic operands."""
    return replace(raw(op, _EDGE, call, *variants), valid_name="edge_valid")


_DYNAMIC = _edge_source(
    (
        ("dqd", "M, S", "FP32", "[Q, S], dtype=pl.FP32", "Q, S"),
        ("sigd", "M, 1", "INT32", "[N, 1], dtype=pl.INT32", "N, 1"),
    )
)


def dynamic(op: str, call: str, *variants: tuple[str, str]) -> Spec:
    """A distributed op given tensors and windows whose kernel type has a dynamic extent."""
    return replace(raw(op, _DYNAMIC, call, *variants), valid_name="dyn_valid")


_BLOCK = "pl.tile.get_block_idx()"
add(
    edge(
        "pld.tensor.put",
        "pld.tensor.put(dn, 1, dn)",
        ("e_rank0", "pld.tensor.put(d0, 1, d0)"),
        ("e_zero_src", "pld.tensor.put(dn, 1, dz)"),
        ("e_dynamic_rows", f"pld.tensor.put(dn, 1, dn, {_region(n=f'{_BLOCK}, S')})"),
        ("e_dynamic_cols", f"pld.tensor.put(dn, 1, dn, {_region(n=f'1, {_BLOCK}')})"),
    ),
    edge(
        "pld.tile.remote_load",
        "pld.tile.remote_load(dn, 1, [0, 0], [1, S])",
        ("e_rank0_p", "pld.tile.remote_load(d0, 1, [], [])"),
    ),
    edge(
        "pld.tensor.all_to_all_v",
        "pld.tensor.all_to_all_v(xq, dq, sig, xi, sig)",
        ("e_signal_zero", "pld.tensor.all_to_all_v(xq, dq, sig0, xi, sig)"),
    ),
    edge(
        "pld.system.defer_wait",
        "pld.system.defer_wait(sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)",
        ("e_rank0", "pld.system.defer_wait(d0i, offsets=[], expected=1, cmp=pld.WaitCmp.Ge)"),
    ),
)
add(
    dynamic(
        "pld.tensor.put",
        "pld.tensor.put(dn, 1, dn)",
        ("d_src", "pld.tensor.put(dn, 1, xd)"),
    ),
    dynamic(
        "pld.tensor.all_to_all_v",
        "pld.tensor.all_to_all_v(xq, dq, sig, xi, sig)",
        ("d_target", "pld.tensor.all_to_all_v(xq, dqd, sig, xi, sig)"),
        ("d_signal", "pld.tensor.all_to_all_v(xq, dq, sigd, xi, sig)"),
        ("d_counts", "pld.tensor.all_to_all_v(xq, dq, sig, xdi, sig)"),
        ("d_recv", "pld.tensor.all_to_all_v(xq, dq, sig, xi, sigd)"),
    ),
)


# The argument forms the tile memory deducers check (tile_ops/memory.cpp): indices, constant shapes, scalar
# operands, stores' shape tuples and atomics, a scale or transposed create.
_TILE_ARGS = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
        n: pl.Scalar[pl.INT32],
        f: pl.Scalar[pl.FP32],
    ):
        t = pl.load(x, [0, 0], [64, 64])
        r = {call}
"""
)


def args_spec(template: str, op: str, call: str, *variants: tuple[str, str]) -> Spec:
    """An op's valid call (case ``args_valid``) and its argument-form variants, in a written-out program."""
    return replace(raw(op, template, call, *variants), valid_name="args_valid")


def tile_args(op: str, call: str, *variants: tuple[str, str]) -> Spec:
    """A tile memory op's argument forms, in one InCore function."""
    return args_spec(_TILE_ARGS, op, call, *variants)


add(
    tile_args(
        "tile.read",
        "pl.tile.read(t, [0, 0])",
        ("args_float_index", "pl.tile.read(t, [f, 0])"),
        ("args_index_count", "pl.tile.read(t, [0])"),
    ),
    tile_args(
        "tile.write",
        "pl.tile.write(t, [0, 0], 1.0)",
        ("args_float_index", "pl.tile.write(t, [f, 0], 1.0)"),
        ("args_tile_value", "pl.tile.write(t, [0, 0], t)"),
    ),
    tile_args(
        "tile.full",
        "pl.tile.full([64, 64], dtype=pl.FP32, value=0.0)",
        ("args_dynamic_shape", "pl.tile.full([n, 64], dtype=pl.FP32, value=0.0)"),
        ("args_empty_shape", "pl.tile.full([], dtype=pl.FP32, value=0.0)"),
        ("args_scalar_value", "pl.tile.full([64, 64], dtype=pl.FP32, value=f)"),
    ),
    tile_args(
        "tile.create",
        "pl.tile.create([64, 64], dtype=pl.FP32)",
        ("args_dynamic_shape", "pl.tile.create([n, 64], dtype=pl.FP32)"),
        ("args_scale_memory", "pl.tile.create([64, 4], dtype=pl.FP8E8M0, target_memory=pl.Mem.LeftScale)"),
        (
            "args_transpose_vec",
            "pl.tile.create([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec, transpose=True)",
        ),
    ),
    tile_args(
        "tile.ci",
        "pl.tile.ci(0, [1, 64], dtype=pl.INT32)",
        ("args_one_column", "pl.tile.ci(0, [64, 1], dtype=pl.INT32)"),
        ("args_tile_start", "pl.tile.ci(t, [1, 64], dtype=pl.INT32)"),
        ("args_float_start", "pl.tile.ci(f, [1, 64], dtype=pl.INT32)"),
        ("args_dynamic_shape", "pl.tile.ci(0, [1, n], dtype=pl.INT32)"),
    ),
    tile_args(
        "tile.tri",
        "pl.tile.tri(0, [64, 64], dtype=pl.FP32)",
        ("args_float_diagonal", "pl.tile.tri(f, [64, 64], dtype=pl.FP32)"),
        ("args_valid_too_big", "pl.tile.tri(0, [64, 64], [65, 64], dtype=pl.FP32)"),
        ("args_dynamic_shape", "pl.tile.tri(0, [n, 64], dtype=pl.FP32)"),
    ),
    tile_args(
        "tile.store",
        "pl.tile.store(t, [0, 0], y)",
        ("args_tile_target", "pl.tile.store(t, [0, 0], t)"),
        ("args_shapes_rank", "pl.tile.store(t, [0, 0], y, [64])"),
        ("args_empty_shapes", "pl.tile.store(t, [0, 0], y, [])"),
    ),
    tile_args(
        "tile.load",
        "pl.tile.load(x, [0, 0], [64, 64])",
        ("args_empty_shape", "pl.tile.load(x, [], [])"),
        ("args_valid_rank", "pl.tile.load(x, [0, 0], [64, 64], valid_shapes=[64])"),
        ("args_tile_source", "pl.tile.load(t, [0, 0], [64, 64])"),
    ),
)


# More argument forms of the memory and transform deducers (tile_ops/memory.cpp, transform.cpp, their tensor
# twins): scalars of each dtype in shapes, offsets and indices, the atomic store modes, mgather's Mat form.
_MEM_ARGS = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
        n: pl.Scalar[pl.INT32],
        f: pl.Scalar[pl.FP32],
        k: pl.Scalar[pl.INDEX],
        u8: pl.Tensor[[64, 64], pl.UINT8],
        i32: pl.Tensor[[1, 64], pl.INT32],
        i32c: pl.Tensor[[64, 1], pl.INT32],
        x3: pl.Tensor[[2, 64, 64], pl.FP32],
        h: pl.Tensor[[64, 64], pl.FP16],
        s1: pl.Tensor[[4096], pl.FP32],
        i32m: pl.Tensor[[16, 64], pl.INT32],
    ):
        t = pl.load(x, [0, 0], [64, 64])
        r = {call}
"""
)


def mem_args(op: str, call: str, *variants: tuple[str, str]) -> Spec:
    """A tile memory or transform op's argument forms (case ``mem_valid`` and ``mem_*``), in one InCore
    function."""
    return replace(raw(op, _MEM_ARGS, call, *variants), valid_name="mem_valid")


def mem_args_a5(op: str, call: str, *variants: tuple[str, str]) -> Spec:
    """``mem_args`` on Ascend950 (the MX scale memories)."""
    return replace(raw(op, "# target: a5\n" + _MEM_ARGS, call, *variants), valid_name="mem_valid")


def mem_faults(op: str, first: tuple[str, str], *variants: tuple[str, str]) -> Spec:
    """An op's faulty argument forms only, in the same InCore function: a tensor op's valid call would stop
    later there, where ConvertTensorToTileOps lowers it, which is not what these cases are about."""
    return replace(raw(op, _MEM_ARGS, first[1], *variants), valid_name=first[0])


_MAT_H = "pl.load(h, [0, 0], [64, 64], target_memory=pl.Mem.Mat)"
_IDX_ROW = "pl.load(i32, [0, 0], [1, 64])"
add(
    mem_args(
        "tile.store",
        "pl.tile.store(t, [0, 0], y, atomic=pl.AtomicType.Add)",
        (
            "mem_atomic_uint8",
            "pl.tile.store(pl.load(u8, [0, 0], [64, 64]), [0, 0], u8, atomic=pl.AtomicType.Add)",
        ),
        ("mem_atomic_int2", "pl.tile.store(t, [0, 0], y, atomic=2)"),
        ("mem_atomic_true", "pl.tile.store(t, [0, 0], y, atomic=True)"),
    ),
    mem_args(
        "tile.create",
        "pl.tile.create([64, 64], dtype=pl.FP32)",
        ("mem_add_dim", "pl.tile.create([n + 1, 64], dtype=pl.FP32)"),
        ("mem_sub_dim", "pl.tile.create([k - 1, 64], dtype=pl.FP32)"),
        ("mem_mul_dim", "pl.tile.create([k * 2, 64], dtype=pl.FP32)"),
        ("mem_index_dim", "pl.tile.create([k, 64], dtype=pl.FP32)"),
        ("mem_flat_vec", "pl.tile.create([64, 64], dtype=pl.FP32, flat_layout=True)"),
    ),
    mem_args(
        "tile.full",
        "pl.tile.full([64, 64], dtype=pl.FP32, value=0.0)",
        ("mem_float_dim", "pl.tile.full([64.0, 64], dtype=pl.FP32, value=0.0)"),
    ),
    mem_args(
        "tile.ci",
        "pl.tile.ci(0, [1, 64], dtype=pl.INT32)",
        ("mem_empty", "pl.tile.ci(0, [], dtype=pl.INT32)"),
        ("mem_tensor_start", "pl.tile.ci(x, [1, 64], dtype=pl.INT32)"),
    ),
    mem_args(
        "tile.tri",
        "pl.tile.tri(0, [64, 64], [32, 64])",
        ("mem_valid_dynamic", "pl.tile.tri(0, [64, 64], [n, 64])"),
        ("mem_valid_rank", "pl.tile.tri(0, [64, 64], [64])"),
        ("mem_tile_diagonal", "pl.tile.tri(t, [64, 64])"),
    ),
    mem_args(
        "tile.random",
        "pl.tile.random(1, 2, 0, 0, 0, 0, [1, 64], [1, 32])",
        ("mem_dynamic_shape", "pl.tile.random(1, 2, 0, 0, 0, 0, [1, n])"),
        ("mem_empty", "pl.tile.random(1, 2, 0, 0, 0, 0, [])"),
        ("mem_rank3", "pl.tile.random(1, 2, 0, 0, 0, 0, [1, 2, 64])"),
        ("mem_valid_rank", "pl.tile.random(1, 2, 0, 0, 0, 0, [1, 64], [64])"),
        ("mem_valid_dynamic", "pl.tile.random(1, 2, 0, 0, 0, 0, [1, 64], [1, n])"),
        ("mem_valid_big", "pl.tile.random(1, 2, 0, 0, 0, 0, [1, 64], [1, 65])"),
        ("mem_valid_zero", "pl.tile.random(1, 2, 0, 0, 0, 0, [1, 64], [0, 64])"),
        ("mem_tile_seed", "pl.tile.random(t, 2, 0, 0, 0, 0, [1, 64])"),
        ("mem_float_seed", "pl.tile.random(f, 2, 0, 0, 0, 0, [1, 64])"),
    ),
    mem_args("tile.read", "pl.tile.read(t, [k, 0])", ("mem_tile_index", "pl.tile.read(t, [t, 0])")),
    mem_args(
        "tile.write", "pl.tile.write(t, [k, 0], 1.0)", ("mem_tile_index", "pl.tile.write(t, [t, 0], 1.0)")
    ),
    mem_args(
        "tile.mgather",
        "pl.tile.mgather(x, i32, target_memory=pl.Mem.Mat)",
        ("mem_tile_mem", f"pl.tile.mgather(t, {_IDX_ROW})"),
        ("mem_vec_scratch", f"pl.tile.mgather(x, {_IDX_ROW}, scratch=y)"),
        ("mem_vec_idx_2x32", "pl.tile.mgather(x, pl.load(pl.tensor.view(i32, [2, 32]), [0, 0], [2, 32]))"),
        ("mem_mat_idx_tile", f"pl.tile.mgather(x, {_IDX_ROW}, target_memory=pl.Mem.Mat)"),
        ("mem_mat_idx_column", "pl.tile.mgather(x, i32c, target_memory=pl.Mem.Mat)"),
        ("mem_mat_idx_fp32", "pl.tile.mgather(x, x, target_memory=pl.Mem.Mat)"),
        (
            "mem_mat_idx_rank3",
            "pl.tile.mgather(x, pl.tensor.view(i32, [1, 1, 64]), target_memory=pl.Mem.Mat)",
        ),
        ("mem_mat_mem_1d", "pl.tile.mgather(s1, i32, target_memory=pl.Mem.Mat)"),
        ("mem_mat_rows_8", "pl.tile.mgather(x, pl.slice(i32, [1, 8], [0, 0]), target_memory=pl.Mem.Mat)"),
        ("mem_mat_cols_4", "pl.tile.mgather(pl.slice(x, [64, 4], [0, 0]), i32, target_memory=pl.Mem.Mat)"),
        ("mem_mat_valid_rank", "pl.tile.mgather(x, i32, target_memory=pl.Mem.Mat, valid_shape=[64])"),
        ("mem_mat_valid_dynamic", "pl.tile.mgather(x, i32, target_memory=pl.Mem.Mat, valid_shape=[n, 64])"),
        ("mem_mat_valid_big", "pl.tile.mgather(x, i32, target_memory=pl.Mem.Mat, valid_shape=[65, 64])"),
        ("mem_mat_valid_part", "pl.tile.mgather(x, i32, target_memory=pl.Mem.Mat, valid_shape=[32, 64])"),
        ("mem_mat_row_scratch", "pl.tile.mgather(x, i32, target_memory=pl.Mem.Mat, scratch=s1)"),
        (
            "mem_mat_row_both",
            "pl.tile.mgather(x, i32, target_memory=pl.Mem.Mat, scratch=s1, valid_shape=[64, 64])",
        ),
        ("mem_mat_elem_no_scratch", 'pl.tile.mgather(x, i32, coalesce="elem", target_memory=pl.Mem.Mat)'),
        (
            "mem_mat_elem_scratch_is_mem",
            'pl.tile.mgather(x, i32, coalesce="elem", target_memory=pl.Mem.Mat, scratch=x)',
        ),
        (
            "mem_mat_elem_scratch_is_idx",
            'pl.tile.mgather(x, i32, coalesce="elem", target_memory=pl.Mem.Mat, scratch=i32)',
        ),
        (
            "mem_mat_elem",
            'pl.tile.mgather(x, i32m, coalesce="elem", target_memory=pl.Mem.Mat, scratch=s1)',
        ),
        (
            "mem_mat_elem_scratch_fp16",
            'pl.tile.mgather(x, i32, coalesce="elem", target_memory=pl.Mem.Mat, scratch=h)',
        ),
        (
            "mem_mat_elem_scratch_tile",
            'pl.tile.mgather(x, i32, coalesce="elem", target_memory=pl.Mem.Mat, scratch=t)',
        ),
        (
            "mem_mat_elem_valid_only",
            'pl.tile.mgather(x, i32, coalesce="elem", target_memory=pl.Mem.Mat, valid_shape=[1, 32])',
        ),
        (
            "mem_mat_elem_small_scratch",
            'pl.tile.mgather(x, i32, coalesce="elem", target_memory=pl.Mem.Mat, scratch=pl.slice(s1, [32], [0]))',
        ),
    ),
    mem_args(
        "tile.mscatter",
        f"pl.tile.mscatter(pl.load(x, [0, 0], [1, 64]), {_IDX_ROW}, x)",
        ("mem_tile_target", f"pl.tile.mscatter(pl.load(x, [0, 0], [1, 64]), {_IDX_ROW}, t)"),
    ),
    mem_faults(
        "tensor.create",
        ("mem_float_dim", "pl.tensor.create([f, 64], dtype=pl.FP32)"),
        ("mem_tile_dim", "pl.tensor.create([t, 64], dtype=pl.FP32)"),
    ),
    mem_faults(
        "tensor.slice",
        ("mem_float_shape", "pl.tensor.slice(x, [f, 64], [0, 0])"),
        ("mem_float_offset", "pl.tensor.slice(x, [32, 64], [f, 0])"),
        ("mem_tile_offset", "pl.tensor.slice(x, [32, 64], [t, 0])"),
        ("mem_tile_shape", "pl.tensor.slice(x, [t, 64], [0, 0])"),
        ("mem_drop_all", "pl.tensor.slice(x, [1, 1], [0, 0], drop_dims=[0, 1])"),
    ),
    mem_faults(
        "tensor.fillpad_expand",
        ("mem_dynamic_dim", "pl.tensor.fillpad_expand(x, [n, 64])"),
        ("mem_zero_dim", "pl.tensor.fillpad_expand(x, [64, 0])"),
    ),
    mem_faults(
        "tensor.assemble",
        ("mem_tile_source", "pl.tensor.assemble(y, t, [0, 0])"),
        ("mem_float_offset", "pl.tensor.assemble(y, x, [f, 0])"),
        ("mem_tile_offset", "pl.tensor.assemble(y, x, [t, 0])"),
        ("mem_atomic_int2", "pl.tensor.assemble(y, x, [0, 0], atomic=2)"),
        ("mem_atomic_uint8", "pl.tensor.assemble(u8, u8, [0, 0], atomic=pl.AtomicType.Add)"),
    ),
    mem_faults(
        "tensor.full",
        ("mem_float_dim", "pl.tensor.full([f, 64], dtype=pl.FP32, value=0.0)"),
        ("mem_scalar_value", "pl.tensor.full([64, 64], dtype=pl.FP32, value=f)"),
        ("mem_tile_dim", "pl.tensor.full([t, 64], dtype=pl.FP32, value=0.0)"),
    ),
    mem_faults(
        "tensor.ci",
        ("mem_float_dim", "pl.tensor.ci(0, [1, f], dtype=pl.INT32)"),
        ("mem_empty", "pl.tensor.ci(0, [], dtype=pl.INT32)"),
        ("mem_one_column", "pl.tensor.ci(0, [1, 1], dtype=pl.INT32)"),
        ("mem_tile_start", "pl.tensor.ci(t, [1, 64], dtype=pl.INT32)"),
        ("mem_tile_dim", "pl.tensor.ci(0, [1, t], dtype=pl.INT32)"),
    ),
    mem_faults(
        "tensor.random",
        ("mem_float_dim", "pl.tensor.random(1, 2, 0, 0, 0, 0, [1, f])"),
        ("mem_empty", "pl.tensor.random(1, 2, 0, 0, 0, 0, [])"),
        ("mem_tile_seed", "pl.tensor.random(t, 2, 0, 0, 0, 0, [1, 64])"),
        ("mem_tile_dim", "pl.tensor.random(1, 2, 0, 0, 0, 0, [1, t])"),
    ),
    mem_faults(
        "tensor.read",
        ("mem_tile_index", "pl.tensor.read(x, [t, 0])"),
        ("mem_float_index", "pl.tensor.read(x, [f, 0])"),
        ("mem_float_literal", "pl.tensor.read(x, [1.5, 0])"),
    ),
    mem_faults(
        "tensor.write",
        ("mem_tile_index", "pl.tensor.write(y, [t, 0], 1.0)"),
        ("mem_float_index", "pl.tensor.write(y, [f, 0], 1.0)"),
    ),
    mem_faults(
        "tensor.reshape",
        ("mem_float_dim", "pl.tensor.reshape(x, [f, 64])"),
        ("mem_tile_dim", "pl.tensor.reshape(x, [t, 64])"),
    ),
    mem_faults(
        "tensor.view",
        ("mem_float_dim", "pl.tensor.view(x, [f, 64])"),
        ("mem_zero_dim", "pl.tensor.view(x, [0, 64])"),
        ("mem_valid_rank", "pl.tensor.view(x, [4096], valid_shape=[64, 64])"),
        ("mem_valid_big", "pl.tensor.view(x, [64, 64], valid_shape=[65, 64])"),
        ("mem_valid_zero", "pl.tensor.view(x, [64, 64], valid_shape=[0, 64])"),
        ("mem_valid_float", "pl.tensor.view(x, [64, 64], valid_shape=[f, 64])"),
        ("mem_tile_dim", "pl.tensor.view(x, [t, 64])"),
    ),
    mem_faults("tensor.concat", ("mem_tile_src1", "pl.tensor.concat(x, t)")),
    mem_faults(
        "tensor.set_validshape",
        ("mem_int32_rows", "pl.tensor.set_validshape(x, n, 32)"),
        ("mem_float_rows", "pl.tensor.set_validshape(x, f, 32)"),
        ("mem_tile_rows", "pl.tensor.set_validshape(x, t, 32)"),
    ),
    mem_args(
        "tile.set_validshape",
        "pl.tile.set_validshape(t, k, 32)",
        ("mem_int32_rows", "pl.tile.set_validshape(t, n, 32)"),
        ("mem_negative_rows", "pl.tile.set_validshape(t, -1, 32)"),
        ("mem_tile_rows", "pl.tile.set_validshape(t, t, 32)"),
        ("mem_int32_cols", "pl.tile.set_validshape(t, 32, n)"),
    ),
    mem_args(
        "array.get_element",
        "pl.array.get_element(pl.array.create(4, pl.INT32), k)",
        ("mem_tile_array", "pl.array.get_element(t, 0)"),
        ("mem_tensor_array", "pl.array.get_element(x, 0)"),
        ("mem_float_index", "pl.array.get_element(pl.array.create(4, pl.INT32), f)"),
        ("mem_float_literal_index", "pl.array.get_element(pl.array.create(4, pl.INT32), 1.5)"),
    ),
    mem_args(
        "array.update_element",
        "pl.array.update_element(pl.array.create(4, pl.INT32), k, 1)",
        ("mem_tile_array", "pl.array.update_element(t, 0, 1)"),
        ("mem_float_index", "pl.array.update_element(pl.array.create(4, pl.INT32), f, 1)"),
    ),
    mem_args(
        "tile.slice",
        "pl.tile.slice(t, [32, 32], [k, 0])",
        ("mem_dynamic_shape", "pl.tile.slice(t, [k, 32], [0, 0])"),
        ("mem_zero_shape", "pl.tile.slice(t, [0, 32], [0, 0])"),
        ("mem_float_offset", "pl.tile.slice(t, [32, 32], [f, 0])"),
        ("mem_int32_shape", "pl.tile.slice(t, [n, 32], [0, 0])"),
        ("mem_int32_valid", "pl.tile.slice(t, [32, 32], [0, 0], valid_shape=[n, 32])"),
        ("mem_offset_rank", "pl.tile.slice(t, [32, 32], [0])"),
    ),
    mem_args(
        "tile.assemble",
        "pl.tile.assemble(t, pl.load(x, [0, 0], [32, 32]), [k, 0])",
        ("mem_int32_offset", "pl.tile.assemble(t, pl.load(x, [0, 0], [32, 32]), [n, 0])"),
        ("mem_tile_offset", "pl.tile.assemble(t, pl.load(x, [0, 0], [32, 32]), [t, 0])"),
    ),
    mem_args(
        "tile.extract",
        f"pl.tile.extract({_MAT_H}, k, 0, [16, 16], target_memory=pl.Mem.Left)",
        ("mem_int32_index", f"pl.tile.extract({_MAT_H}, n, 0, [16, 16], target_memory=pl.Mem.Left)"),
        ("mem_dynamic_shape", f"pl.tile.extract({_MAT_H}, 0, 0, [k, 16], target_memory=pl.Mem.Left)"),
        ("mem_rank1", f"pl.tile.extract({_MAT_H}, 0, 0, [16], target_memory=pl.Mem.Left)"),
        ("mem_zero_shape", f"pl.tile.extract({_MAT_H}, 0, 0, [0, 16], target_memory=pl.Mem.Left)"),
        ("mem_too_big", f"pl.tile.extract({_MAT_H}, 0, 0, [128, 16], target_memory=pl.Mem.Left)"),
        ("mem_negative_index", f"pl.tile.extract({_MAT_H}, -16, 0, [16, 16], target_memory=pl.Mem.Left)"),
        ("mem_past_end", f"pl.tile.extract({_MAT_H}, 56, 0, [16, 16], target_memory=pl.Mem.Left)"),
    ),
    mem_args(
        "tile.transpose",
        "pl.tile.transpose(t, 0, 1, pl.load(x, [0, 0], [64, 64]))",
        ("mem_tmp_fp16", "pl.tile.transpose(t, 0, 1, pl.load(h, [0, 0], [64, 64]))"),
        ("mem_tmp_rank1", "pl.tile.transpose(t, 0, 1, pl.load(s1, [0], [64]))"),
        ("mem_tmp_tensor", "pl.tile.transpose(t, 0, 1, x)"),
    ),
    mem_args(
        "tile.scatter_update",
        "pl.tile.scatter_update(t, -2, pl.load(i32, [0, 0], [1, 8]), pl.load(x, [0, 0], [8, 64]))",
        (
            "mem_dim_last",
            "pl.tile.scatter_update(t, -1, pl.load(i32, [0, 0], [1, 8]), pl.load(x, [0, 0], [8, 64]))",
        ),
        (
            "mem_src_rank1",
            "pl.tile.scatter_update(t, -2, pl.load(i32, [0, 0], [1, 8]), pl.load(s1, [0], [64]))",
        ),
    ),
    mem_args_a5(
        "tile.move",
        f"pl.tile.move({_MAT_H}, target_memory=pl.Mem.Left)",
        (
            "mem_scale_fp32",
            "pl.tile.move(pl.load(x, [0, 0], [64, 4], target_memory=pl.Mem.Mat), target_memory=pl.Mem.LeftScale)",
        ),
        ("mem_scale_vec", "pl.tile.move(pl.load(u8, [0, 0], [64, 4]), target_memory=pl.Mem.LeftScale)"),
        (
            "mem_scale_rank3",
            "pl.tile.move(pl.load(x3, [0, 0, 0], [2, 64, 4], target_memory=pl.Mem.Mat), "
            "target_memory=pl.Mem.LeftScale)",
        ),
        (
            "mem_scale_blayout",
            "pl.tile.move(pl.load(u8, [0, 0], [64, 4], target_memory=pl.Mem.Mat), target_memory=pl.Mem.LeftScale, "
            "blayout=pl.TileLayout.col_major)",
        ),
    ),
)


_VEC_TMP = "pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)"
_IDX_TILE = "pl.load(i32m, [0, 0], [16, 64])"
_LEFT_H = "pl.move(pl.load(h, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)"
_RIGHT_H = "pl.move(pl.load(h, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)"
# Operand kinds and attributes of the element-wise, gather and matmul deducers (a tensor where a tile op takes
# a tile, a tile where a tensor op takes a tensor), faulty forms only.
add(
    mem_faults("tile.xors", ("mem_tmp_tensor", f"pl.tile.xors({_IDX_TILE}, 3, i32m)")),
    mem_faults("tile.prelu", ("mem_tmp_tensor", "pl.tile.prelu(t, t, x)")),
    mem_faults("tile.sel", ("mem_tmp_tensor", "pl.tile.sel(pl.load(u8, [0, 0], [64, 8]), t, t, x)")),
    mem_faults("tile.sels", ("mem_tmp_tensor", "pl.tile.sels(pl.load(u8, [0, 0], [64, 8]), t, x, 1.0)")),
    mem_faults("tile.gather", ("mem_tmp_tensor", f"pl.tile.gather(t, {_IDX_TILE}, x)")),
    mem_faults(
        "tile.gather_compare",
        ("mem_tmp_tensor", "pl.tile.gather_compare(t, 0.0, x, out_cols=64)"),
        ("mem_count_int16", f"pl.tile.gather_compare(t, 0.0, {_VEC_TMP}, out_cols=64, count_dtype=pl.INT16)"),
    ),
    mem_faults(
        "tile.gather_mask",
        ("mem_pattern_0", "pl.tile.gather_mask(t, mask_pattern=0)"),
        (
            "mem_cols_5",
            "pl.tile.gather_mask(pl.load(x, [0, 0], [64, 5]), mask_pattern=pl.tile.MaskPattern.P0101)",
        ),
        (
            "mem_out_int16",
            "pl.tile.gather_mask(t, mask_pattern=pl.tile.MaskPattern.P0101, output_dtype=pl.INT16)",
        ),
    ),
    mem_faults("tile.matmul_acc", ("mem_acc_tensor", f"pl.tile.matmul_acc(x, {_LEFT_H}, {_RIGHT_H})")),
    mem_faults(
        "tile.matmul",
        (
            "mem_rhs_valid_k",
            f"pl.tile.matmul({_LEFT_H}, pl.move(pl.load(h, [0, 0], [64, 64], valid_shape=[32, 64], "
            "target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right))",
        ),
    ),
    mem_faults(
        "tile.gemv_acc",
        (
            "mem_acc_tensor",
            "pl.tile.gemv_acc(x, pl.move(pl.load(h, [0, 0], [1, 64], target_memory=pl.Mem.Mat), "
            f"target_memory=pl.Mem.Left), {_RIGHT_H})",
        ),
    ),
    mem_faults(
        "tile.gemv",
        (
            "mem_lhs_rows_2",
            "pl.tile.gemv(pl.move(pl.load(h, [0, 0], [2, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left), "
            f"{_RIGHT_H})",
        ),
    ),
    mem_faults(
        "tile.gatherb",
        ("mem_output_int64", f"pl.tile.gatherb(t, {_IDX_TILE}, output_dtype=pl.INT64)"),
    ),
    mem_faults(
        "tensor.matmul",
        ("mem_tile_rhs", "pl.tensor.matmul(h, pl.load(h, [0, 0], [64, 64]))"),
        ("mem_vector_a_trans", "pl.tensor.matmul(pl.tensor.view(h, [4096]), h, a_trans=True)"),
        ("mem_vector_b_trans", "pl.tensor.matmul(h, pl.tensor.view(h, [4096]), b_trans=True)"),
        ("mem_batch", "pl.tensor.matmul(pl.tensor.view(x3, [4, 32, 64]), pl.tensor.view(x3, [2, 64, 64]))"),
        ("mem_k", "pl.tensor.matmul(h, pl.tensor.view(h, [32, 128]))"),
    ),
    mem_faults(
        "tensor.matmul_acc",
        ("mem_tile_acc", "pl.tensor.matmul_acc(t, h, h)"),
        ("mem_tile_rhs", "pl.tensor.matmul_acc(x, h, pl.load(h, [0, 0], [64, 64]))"),
        ("mem_vector_lhs", "pl.tensor.matmul_acc(x, pl.tensor.view(h, [4096]), h)"),
        ("mem_vector_rhs", "pl.tensor.matmul_acc(x, h, pl.tensor.view(h, [4096]))"),
        ("mem_acc_fp16", "pl.tensor.matmul_acc(h, h, h)"),
        ("mem_k", "pl.tensor.matmul_acc(x, h, pl.tensor.view(h, [32, 128]))"),
        ("mem_acc_m", "pl.tensor.matmul_acc(pl.tensor.view(x, [32, 128]), h, h)"),
        (
            "mem_batch",
            "pl.tensor.matmul_acc(x, pl.tensor.view(x3, [4, 32, 64]), pl.tensor.view(x3, [2, 64, 64]))",
        ),
    ),
    mem_faults("tensor.gather", ("mem_tile_index", f"pl.tensor.gather(x, 1, {_IDX_TILE})")),
    mem_faults(
        "tensor.adds", ("mem_tensor_rhs", "pl.tensor.adds(x, x)"), ("mem_tile_rhs", "pl.tensor.adds(x, t)")
    ),
    mem_faults("tensor.add", ("mem_tile_rhs", "pl.tensor.add(x, t)")),
    mem_faults("tensor.part_add", ("mem_tile_rhs", "pl.tensor.part_add(x, t)")),
    mem_faults(
        "tile.fillpad_expand",
        ("mem_dynamic_dim", "pl.tile.fillpad_expand(t, [n, 64])"),
        ("mem_zero_dim", "pl.tile.fillpad_expand(t, [64, 0])"),
    ),
    mem_faults(
        "tile.batch_matmul_acc",
        (
            "mem_acc_tensor",
            "pl.tile.batch_matmul_acc(x3, pl.load(x3, [0, 0, 0], [2, 64, 64]), pl.load(x3, [0, 0, 0], [2, 64, 64]))",
        ),
    ),
    mem_faults("tile.row_max", ("mem_tmp_tensor", "pl.tile.row_max(t, x)")),
    mem_faults("tile.col_sum", ("mem_tmp_tensor", "pl.tile.col_sum(t, x)")),
    mem_faults("tile.rsqrt", ("mem_tmp_tensor", "pl.tile.rsqrt(t, tmp=x)")),
    mem_faults(
        "tile.row_expand_add",
        ("mem_tmp_tensor", "pl.tile.row_expand_add(t, pl.load(x, [0, 0], [64, 1]), tmp=x)"),
    ),
    mem_faults(
        "tensor.row_expand", ("mem_tile_vector", "pl.tensor.row_expand(x, pl.load(x, [0, 0], [64, 1]))")
    ),
    mem_faults(
        "tensor.col_expand", ("mem_tile_vector", "pl.tensor.col_expand(x, pl.load(x, [0, 0], [1, 64]))")
    ),
    mem_faults(
        "tensor.sort32", ("mem_tile_idx", f"pl.tensor.sort32(pl.tensor.view(x, [128, 32]), {_IDX_TILE})")
    ),
    mem_faults("tensor.scatter", ("mem_tile_index", f"pl.tensor.scatter(x, -1, {_IDX_TILE}, x)")),
    mem_faults(
        "tile.mrgsort_format2",
        ("mem_tmp_tensor", "pl.tile.mrgsort(pl.load(s1, [0], [128]), pl.load(s1, [0], [128]), tmp=x)"),
        (
            "mem_three_tmp_tensor",
            "pl.tile.mrgsort(pl.load(s1, [0], [128]), pl.load(s1, [0], [128]), pl.load(s1, [0], [128]), tmp=x)",
        ),
    ),
    mem_faults(
        "tile.scatter_mask",
        ("mem_pattern_0", "pl.tile.scatter_mask(t, pl.load(x, [0, 0], [64, 32]), mask_pattern=0)"),
    ),
    mem_faults(
        "tile.scatter",
        ("mem_rows", "pl.tile.scatter(t, pl.load(x, [0, 0], [32, 16]), pl.load(i32m, [0, 0], [16, 16]))"),
    ),
    mem_faults("tensor.scatter_update", ("mem_src_rank1", "pl.tensor.scatter_update(x, -2, i32, s1)")),
    mem_faults("tensor.mul", ("mem_tile_rhs", "pl.tensor.mul(x, t)")),
    mem_faults("tensor.maximum", ("mem_tile_rhs", "pl.tensor.maximum(x, t)")),
    mem_faults("tensor.and", ("mem_tile_rhs", f"pl.tensor.and_(i32m, {_IDX_TILE})")),
    mem_faults("tensor.shl", ("mem_tile_rhs", f"pl.tensor.shl(i32m, {_IDX_TILE})")),
    mem_faults(
        "tile.sels", ("mem_tile_scalar", f"pl.tile.sels(pl.load(u8, [0, 0], [64, 8]), t, {_VEC_TMP}, t)")
    ),
)


# The IR builders' own argument checks (ir/op/tensor_ops.py, tile_ops.py, _pad_value.py), in a JIT entry.
_TENSOR_ARGS = (
    HEADER
    + """

@pl.jit
def {fn}(
    x: pl.Tensor[[64, 64], pl.FP32],
    i: pl.Tensor[[64, 8], pl.INT32],
    s: pl.Tensor[[64, 64], pl.FP32],
    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = {call}
    return out
"""
)


def tensor_args(op: str, call: str, *variants: tuple[str, str]) -> Spec:
    """A tensor op's IR-builder argument forms, in one JIT entry."""
    return args_spec(_TENSOR_ARGS, op, call, *variants)


add(
    tensor_args(
        "tensor.fillpad",
        "pl.tensor.fillpad(x, pad_value=pl.PadValue.zero)",
        ("args_pad_null", "pl.tensor.fillpad(x, pad_value=pl.PadValue.null)"),
        ("args_pad_bool", "pl.tensor.fillpad(x, pad_value=True)"),
        ("args_pad_one", "pl.tensor.fillpad(x, pad_value=1)"),
        ("args_pad_half", "pl.tensor.fillpad(x, pad_value=0.5)"),
    ),
    tensor_args(
        "tensor.transpose",
        "pl.tensor.transpose(x, 0, 1)",
        ("args_float_axis", "pl.tensor.transpose(x, 0.5, 1)"),
    ),
    tensor_args(
        "tensor.view",
        "pl.tensor.view(x, [4096])",
        ("args_nothing", "pl.tensor.view(x)"),
        ("args_valid_no_shape", "pl.tensor.view(x, valid_shape=[64, 64])"),
    ),
    tensor_args(
        "tensor.gather",
        "pl.tensor.gather(x, 1, i)",
        ("args_index_form_no_index", "pl.tensor.gather(x, 1)"),
        ("args_float_dim", "pl.tensor.gather(x, 1.5, i)"),
    ),
    tensor_args(
        "tensor.scatter",
        "pl.tensor.scatter(x, 1, i, s)",
        ("args_mixed_forms", "pl.tensor.scatter(x, 1, i, s, mask_pattern=1)"),
        ("args_mask_no_dst", "pl.tensor.scatter(x, mask_pattern=1)"),
    ),
    tensor_args(
        "tensor.div",
        "pl.tensor.div(x, s, high_precision=True)",
        ("args_high_precision_scalar", "pl.tensor.div(x, 2.0, high_precision=True)"),
    ),
    tensor_args(
        "tensor.create",
        "pl.tensor.create([64, 64], dtype=pl.FP32)",
        ("args_init_inf", "pl.create_tensor([64, 64], dtype=pl.FP32, init_value=float('inf'))"),
    ),
)


# Deducer CHECKs a requested layout, a batch shape or a static extent decides (tensor_ops/transform.cpp,
# matmul.cpp, gather.cpp, sort.cpp, broadcast.cpp), in the memory ops' InCore function.
add(
    mem_faults(
        "tensor.view",
        ("deduce_layout_nz", "pl.tensor.view(x, layout=pl.TensorLayout.NZ)"),
        ("deduce_layout_dn_1d_source", "pl.tensor.view(s1, layout=pl.DN)"),
        ("deduce_layout_dn_1d_target", "pl.tensor.view(x, [4096], layout=pl.DN)"),
    ),
    mem_faults(
        "tensor.matmul_acc",
        (
            "deduce_acc_n",
            "pl.tensor.matmul_acc(pl.tensor.view(x, [128, 32]), pl.tensor.view(h, [128, 32]), "
            "pl.tensor.view(h, [32, 128]))",
        ),
        (
            "deduce_batch_broadcast",
            "pl.tensor.matmul_acc(pl.tensor.view(x3, [16, 16, 32]), pl.tensor.view(h, [4, 16, 64]), "
            "pl.tensor.view(h, [2, 64, 32]))",
        ),
    ),
    mem_faults(
        "tensor.gather_mask",
        ("deduce_columns", "pl.tensor.gather(pl.tensor.view(x, [2048, 2]), mask_pattern=3)"),
    ),
    mem_faults(
        "tensor.sort32",
        ("deduce_last_16", "pl.tensor.sort32(pl.tensor.view(x, [256, 16]), pl.tensor.view(i32m, [64, 16]))"),
    ),
    mem_faults(
        "tensor.mrgsort_format2", ("deduce_rows", "pl.tensor.mrgsort(x, pl.tensor.view(x, [32, 128]))")
    ),
    mem_faults("tensor.expand_clone", ("deduce_tile_target", "pl.tensor.expand_clone(x, t)")),
)

# The tile matmul family's valid windows and operand kinds, tile.gatherb's source dtype (tile_ops/matmul.cpp,
# batch_matmul.cpp, gather.cpp).
_ACC_TILE = "pl.tile.create([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)"
_ACC3 = "pl.tile.create([2, 64, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)"
_LEFT_ROW = "pl.move(pl.load(h, [0, 0], [1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)"
add(
    mem_faults(
        "tile.matmul_acc",
        (
            "deduce_acc_valid_m",
            f"pl.tile.matmul_acc(pl.tile.set_validshape({_ACC_TILE}, 32, 64), {_LEFT_H}, {_RIGHT_H})",
        ),
        (
            "deduce_acc_valid_n",
            f"pl.tile.matmul_acc(pl.tile.set_validshape({_ACC_TILE}, 64, 32), {_LEFT_H}, {_RIGHT_H})",
        ),
    ),
    mem_faults(
        "tile.gemv",
        ("deduce_rhs_valid_k", f"pl.tile.gemv({_LEFT_ROW}, pl.tile.set_validshape({_RIGHT_H}, 32, 64))"),
    ),
    mem_faults(
        "tile.batch_matmul_acc",
        ("deduce_tensor_lhs", f"pl.tile.batch_matmul_acc({_ACC3}, x3, x3)"),
        (
            "deduce_tensor_rhs",
            f"pl.tile.batch_matmul_acc({_ACC3}, pl.tile.create([2, 64, 64], dtype=pl.FP16, target_memory=pl.Mem.Left), x3)",
        ),
    ),
    mem_faults(
        "tile.gatherb", ("deduce_src_int64", "pl.tile.gatherb(pl.tile.create([64, 64], dtype=pl.INT64), t)")
    ),
)

# tile.reinterpret_view of a boxed cube tile, mrgsort's block_len dtype, tensor.scatter's keyword forms
# (tile_ops/transform.cpp, sort.cpp, tensor_ops/scatter.cpp).
add(
    mem_faults(
        "tile.reinterpret_view",
        ("deduce_acc_tile", f"pl.tile.reinterpret_view({_ACC_TILE}, pl.INT32)"),
        ("deduce_left_tile", f"pl.tile.reinterpret_view({_LEFT_H}, pl.INT16)"),
    ),
    mem_faults(
        "tensor.mrgsort_format1",
        ("deduce_float_block_len", "pl.tensor.mrgsort(pl.tensor.view(x, [1, 4096]), block_len=f)"),
    ),
    mem_faults(
        "tile.mrgsort_format1",
        ("deduce_float_block_len", "pl.tile.mrgsort(pl.load(x, [0, 0], [1, 64]), block_len=f)"),
    ),
    mem_faults(
        "tensor.scatter",
        ("deduce_rank3", "pl.tensor.scatter(x3, dim=-1, index=pl.tensor.view(i32m, [2, 8, 64]), src=x3)"),
        ("deduce_dim0", "pl.tensor.scatter(x, dim=0, index=i32m, src=pl.tensor.view(x, [16, 256]))"),
        ("deduce_index_rows", "pl.tensor.scatter(x, dim=-1, index=i32m, src=x)"),
        ("deduce_index_cols", "pl.tensor.scatter(x, dim=-1, index=i32m, src=pl.tensor.view(x, [16, 256]))"),
        ("deduce_src_rank", "pl.tensor.scatter(x, dim=-1, index=i32m, src=s1)"),
        ("deduce_tile_index", "pl.tensor.scatter(x, dim=-1, index=t, src=x)"),
        ("deduce_tile_src", "pl.tensor.scatter(x, dim=-1, index=i32m, src=t)"),
        (
            "deduce_src_rows",
            "pl.tensor.scatter(pl.tensor.view(x, [8, 512]), dim=-1, index=i32m, src=pl.tensor.slice(x, [16, 64], [0, 0]))",
        ),
        (
            "deduce_src_cols",
            "pl.tensor.scatter(pl.tensor.view(x, [128, 32]), dim=-1, index=i32m, src=pl.tensor.slice(x, [16, 64], [0, 0]))",
        ),
    ),
    mem_faults("tensor.scatter_mask", ("deduce_tile_dst", "pl.tensor.scatter(x, mask_pattern=1, dst=t)")),
)

# Rank-0 tensors (a `pl.Tensor[[], dtype]` parameter) where the deducers want a dimension (tensor_ops/matmul.cpp,
# sort.cpp, transform.cpp).
_RANK0 = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(
        self,
        z: pl.Tensor[[], pl.FP32],
        zh: pl.Tensor[[], pl.FP16],
        h: pl.Tensor[[64, 64], pl.FP16],
        i: pl.Tensor[[], pl.UINT32],
    ):
        r = {call}
"""
)


def rank0_faults(op: str, first: tuple[str, str], *variants: tuple[str, str]) -> Spec:
    """An op's faulty forms on rank-0 tensors only."""
    return replace(raw(op, _RANK0, first[1], *variants), valid_name=first[0])


add(
    rank0_faults(
        "tensor.matmul",
        ("deduce_rank0_lhs", "pl.tensor.matmul(zh, h)"),
        ("deduce_rank0_rhs", "pl.tensor.matmul(h, zh)"),
    ),
    rank0_faults("tensor.sort32", ("deduce_rank0", "pl.tensor.sort32(z, i)")),
    rank0_faults("tensor.mrgsort_format2", ("deduce_rank0", "pl.tensor.mrgsort(z, z)")),
    rank0_faults("tensor.reinterpret_view", ("deduce_rank0", "pl.tensor.reinterpret_view(z, pl.INT32)")),
)


# The ternary tile ops' scratch operand, tile.batch_matmul_acc's batch against its accumulator
# (tile_ops/elementwise.cpp, batch_matmul.cpp).
_LEFT3 = "pl.tile.create([2, 64, 64], dtype=pl.FP16, target_memory=pl.Mem.Left)"
_RIGHT3 = "pl.tile.create([2, 64, 64], dtype=pl.FP16, target_memory=pl.Mem.Right)"
add(
    mem_faults("tile.rem", ("deduce_tensor_tmp", "pl.tile.rem(t, t, x)")),
    mem_faults("tile.xor", ("deduce_tensor_tmp", f"pl.tile.xor({_IDX_TILE}, {_IDX_TILE}, i32m)")),
    mem_faults(
        "tile.batch_matmul_acc",
        (
            "deduce_acc_batch_dim",
            f"pl.tile.batch_matmul_acc(pl.tile.create([4, 64, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc), "
            f"{_LEFT3}, {_RIGHT3})",
        ),
        (
            "deduce_acc_batch_rank",
            f"pl.tile.batch_matmul_acc(pl.tile.create([2, 2, 64, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc), "
            f"{_LEFT3}, {_RIGHT3})",
        ),
    ),
)


# --------------------------------------------------------------------------------------------------
# Families, coverage, writing
# --------------------------------------------------------------------------------------------------


# The shared deducers' and IR builders' remaining checks (issue 21: type_inference.cpp, tensor / tile transform,
# memory, paged_gather, the builders of ir/op/tensor_ops.py and tile_ops.py): faulty forms only.
_SD_TENSOR = (
    HEADER
    + """

@pl.jit
def {fn}(
    x: pl.Tensor[[64, 64], pl.FP32],
    s: pl.Tensor[[64, 64], pl.FP32],
    i: pl.Tensor[[64, 8], pl.INT32],
    h: pl.Tensor[[256, 64], pl.FP16],
    i1: pl.Tensor[[1, 8], pl.INT32],
    t1: pl.Tensor[[1, 16], pl.INT32],
    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = {call}
    return out
"""
)


def sd_tensor(op: str, first: tuple[str, str], *variants: tuple[str, str]) -> Spec:
    """A tensor op's faulty argument forms only, in one JIT entry (case ``sd_*``)."""
    return replace(raw(op, _SD_TENSOR, first[1], *variants), valid_name=first[0])


_PG = "block_size=16, size=64, max_indices=8"
add(
    sd_tensor("tensor.mrgsort_format2", ("sd_src3_no_src2", "pl.tensor.mrgsort(x, s, src3=s)")),
    sd_tensor(
        "tensor.create",
        ("sd_init_huge", "pl.tensor.create([64, 64], dtype=pl.FP32, init_value=9007199254740993)"),
        ("sd_init_inf", "pl.tensor.create([64, 64], dtype=pl.FP32, init_value=1e400)"),
    ),
    sd_tensor("tensor.transpose", ("sd_tensor_axis2", "pl.tensor.transpose(x, 0, s)")),
    sd_tensor(
        "tensor.view",
        ("sd_valid_layout_only", "pl.tensor.view(x, valid_shape=[64, 64], layout=pl.TensorLayout.DN)"),
    ),
    sd_tensor(
        "tensor.gather",
        ("sd_offset_index_form", "pl.tensor.gather(x, 1, i, offset=4)"),
        ("sd_count_dtype_index_form", "pl.tensor.gather(x, 1, i, count_dtype=pl.INT32)"),
        ("sd_mask_output_float", "pl.tensor.gather(x, mask_pattern=1, output_dtype=1.5)"),
    ),
    sd_tensor("tensor.scatter", ("sd_index_no_src", "pl.tensor.scatter(x, 1, i)")),
    sd_tensor("tensor.expands", ("sd_tensor_scalar", "pl.tensor.expands(x, s)")),
    sd_tensor(
        "tensor.expand_clone",
        ("sd_two_dims", "pl.tensor.expand_clone(pl.tensor.slice(x, [1, 1], [0, 0]), s)"),
    ),
    sd_tensor("tensor.and", ("sd_int_rhs", "pl.tensor.and_(i, 3)")),
    sd_tensor(
        "tensor.matmul",
        ("sd_out_dtype_str", 'pl.tensor.matmul(x, s, out_dtype="FP32")'),
        ("sd_out_dtype_float", "pl.tensor.matmul(x, s, out_dtype=1.5)"),
    ),
    sd_tensor(
        "tensor.row_sum",
        ("sd_axis_out", "pl.tensor.row_sum(x, axis=5)"),
    ),
    sd_tensor("tensor.col_sum", ("sd_axis_out", "pl.tensor.col_sum(x, axis=5)")),
    sd_tensor(
        "tensor.scatter",
        (
            "sd_fp16_int32_index",
            "pl.tensor.scatter(pl.tensor.cast(s, pl.FP16), 1, i, pl.tensor.cast(s, pl.FP16))",
        ),
    ),
    sd_tensor(
        "tensor.scatter_update",
        ("sd_scalar_index", "pl.tensor.scatter_update(x, -2, 3, s)"),
        ("sd_scalar_src", "pl.tensor.scatter_update(x, -2, i, 3)"),
    ),
    sd_tensor(
        "tensor.paged_gather",
        ("sd_valid", f"pl.tensor.paged_gather(h, i1, t1, {_PG})"),
        ("sd_indices_rows", f"pl.tensor.paged_gather(h, i, t1, {_PG})"),
        ("sd_table_rows", f"pl.tensor.paged_gather(h, i1, i, {_PG})"),
        ("sd_trans_vec", f"pl.tensor.paged_gather(h, i1, t1, {_PG}, space=pl.Mem.Vec, is_trans=True)"),
        ("sd_col_off_over", f"pl.tensor.paged_gather(h, i1, t1, {_PG}, col_off=32)"),
        ("sd_indices_scalar", f"pl.tensor.paged_gather(h, 3, t1, {_PG})"),
    ),
    sd_tensor(
        "tensor.create_l1",
        ("sd_zero_dim", "pl.tensor.create_l1([64, 0], pl.FP32)"),
        ("sd_empty", "pl.tensor.create_l1([], pl.FP32)"),
    ),
    sd_tensor(
        "tensor.gather_row",
        (
            "sd_valid",
            "pl.tensor.gather_row(pl.tensor.create_l1([16, 64], pl.FP16), h, [0, 0], [0, 0], [16, 64])",
        ),
        (
            "sd_valid_rank",
            "pl.tensor.gather_row(pl.tensor.create_l1([16, 64], pl.FP16), h, [0, 0], [0, 0], [16, 64], "
            "valid_shape=[16])",
        ),
        (
            "sd_valid_float",
            "pl.tensor.gather_row(pl.tensor.create_l1([16, 64], pl.FP16), h, [0, 0], [0, 0], [16, 64], "
            "valid_shape=[16, 1.5])",
        ),
    ),
)

add(
    sd_tensor(
        "tensor.scatter_update",
        ("sd_kw_no_src", "pl.tensor.scatter_update(x, dim=-2, index=i)"),
    ),
    sd_tensor(
        "tensor.scatter",
        ("sd_no_form", "pl.tensor.scatter(x)"),
        (
            "sd_kw_fp16_int32_index",
            "pl.tensor.scatter(pl.tensor.cast(s, pl.FP16), dim=1, index=i, src=pl.tensor.cast(s, pl.FP16))",
        ),
    ),
    sd_tensor("tensor.fillpad", ("sd_pad_nan", "pl.tensor.fillpad(x, pad_value=1e400 - 1e400)")),
    sd_tensor("tensor.transpose", ("sd_tensor_axis1", "pl.transpose(x, s, 1)")),
    sd_tensor(
        "tensor.create",
        ("sd_promoted_init_inf", "pl.create_tensor([64, 64], dtype=pl.FP32, init_value=-1e400)"),
    ),
    sd_tensor(
        "tensor.paged_gather",
        (
            "sd_col_off_fits",
            "pl.tensor.paged_gather(h, i1, t1, block_size=16, size=32, max_indices=8, col_off=32)",
        ),
        ("sd_trans_mat", f"pl.tensor.paged_gather(h, i1, t1, {_PG}, is_trans=True)"),
    ),
)
add(
    sd_tensor(
        "tensor.slice",
        ("sd_valid_rank", "pl.tensor.slice(x, [32, 64], [0, 0], valid_shape=[32])"),
        ("sd_offsets_rank", "pl.tensor.slice(x, [32, 64], [0])"),
        ("sd_drop_out", "pl.tensor.slice(x, [1, 64], [0, 0], drop_dims=[2])"),
        ("sd_drop_repeat", "pl.tensor.slice(x, [1, 1], [0, 0], drop_dims=[0, 0])"),
    ),
    sd_tensor(
        "tensor.assemble",
        ("sd_offsets_rank", "pl.tensor.assemble(out, x, [0])"),
        ("sd_source_rank", "pl.tensor.assemble(out, pl.tensor.view(x, [4096]), [0, 0])"),
    ),
    sd_tensor("tensor.mrgsort_format2", ("sd_fallback_one", "pl.tensor.mrgsort_format2(x)")),
)
# A rank-0 tensor where an op needs at least one dimension.
_SD_RANK0_JIT = (
    HEADER
    + """

@pl.jit
def {fn}(e: pl.Tensor[[], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = {call}
    return out
"""
)
_SD_RANK0_TILE = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(self, e: pl.Tensor[[], pl.FP32], x: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[64, 64], pl.INT32]):
        t = pl.load(x, [0, 0], [64, 64])
        idx = pl.load(i, [0, 0], [64, 64])
        r = {call}
"""
)
add(
    replace(raw("tensor.row_sum", _SD_RANK0_JIT, "pl.tensor.row_sum(e)"), valid_name="sd_rank0"),
    replace(raw("tile.mscatter", _SD_RANK0_TILE, "pl.tile.mscatter(t, idx, e)"), valid_name="sd_rank0"),
    replace(raw("tile.mgather", _SD_RANK0_TILE, "pl.tile.mgather(e, idx)"), valid_name="sd_rank0"),
)
# Tensors whose annotation names a layout (pl.MX_A_ZZ / pl.MX_B_NN scale packs, pl.NZ): the view, transform
# and load deducers that read TensorType's tensor_view layout (tensor_ops/transform.cpp, memory.cpp,
# tile_ops/memory.cpp).
_LAYOUTS = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(
        self,
        h: pl.Tensor[[64, 64], pl.FP16],
        sc: pl.Tensor[[64, 2], pl.FP8E8M0],
        mxa: pl.Tensor[[64, 2], pl.FP8E8M0, pl.MX_A_ZZ],
        mxb: pl.Tensor[[2, 64], pl.UINT8, pl.MX_B_NN],
        mxf: pl.Tensor[[64, 2], pl.FP16, pl.MX_A_ZZ],
        mx3: pl.Tensor[[2, 64, 2], pl.FP8E8M0, pl.MX_A_ZZ],
        nz: pl.Tensor[[64, 64], pl.FP16, pl.NZ],
    ):
        r = {call}
"""
)


def layout_faults(op: str, first: tuple[str, str], *variants: tuple[str, str]) -> Spec:
    """An op's calls on layout-annotated tensors."""
    return replace(raw(op, _LAYOUTS, first[1], *variants), valid_name=first[0])


add(
    layout_faults(
        "tensor.slice",
        ("layout_mx_a", "pl.tensor.slice(mxa, [32, 2], [0, 0])"),
        ("layout_mx_b", "pl.tensor.slice(mxb, [2, 32], [0, 0])"),
        ("layout_nd_twin", "pl.tensor.slice(sc, [32, 2], [0, 0])"),
        ("layout_nz", "pl.tensor.slice(nz, [32, 64], [0, 0])"),
    ),
    layout_faults(
        "tensor.reshape",
        ("layout_mx_a", "pl.tensor.reshape(mxa, [128])"),
        ("layout_nd_twin", "pl.tensor.reshape(sc, [128])"),
    ),
    layout_faults(
        "tensor.transpose",
        ("layout_mx_b", "pl.tensor.transpose(mxb, 0, 1)"),
        ("layout_nd_twin", "pl.tensor.transpose(sc, 0, 1)"),
    ),
    layout_faults(
        "tensor.view",
        ("layout_mx_src", "pl.tensor.view(mxa, [2, 64])"),
        ("layout_mx_target", "pl.tensor.view(sc, [64, 2], layout=pl.TensorLayout.MX_A_ZZ)"),
        ("layout_nz_src", "pl.tensor.view(nz, [32, 128])"),
        ("layout_nz_src_to_nd", "pl.tensor.view(nz, [32, 128], layout=pl.TensorLayout.ND)"),
        ("layout_nd_twin", "pl.tensor.view(h, [32, 128])"),
    ),
    layout_faults(
        "tensor.reinterpret_view",
        ("layout_mx_b", "pl.tensor.reinterpret_view(mxb, pl.INT8)"),
        ("layout_nz", "pl.tensor.reinterpret_view(nz, pl.INT16)"),
        ("layout_nd_twin", "pl.tensor.reinterpret_view(h, pl.INT16)"),
        (
            "layout_dn_view_1d",
            "pl.tensor.reinterpret_view(pl.tensor.view(h, [64, 64], layout=pl.TensorLayout.DN), pl.INT16, "
            "shape=[8192])",
        ),
        (
            "layout_dn_view_2d",
            "pl.tensor.reinterpret_view(pl.tensor.view(h, [64, 64], layout=pl.TensorLayout.DN), pl.INT16, "
            "shape=[64, 128])",
        ),
        ("layout_nz_slice", "pl.tensor.reinterpret_view(pl.tensor.slice(nz, [32, 64], [0, 0]), pl.INT16)"),
    ),
    layout_faults(
        "tile.load",
        ("layout_mx_mat", "pl.load(mxa, [0, 0], [64, 2], target_memory=pl.Mem.Mat)"),
        ("layout_mx_b_mat", "pl.tile.load(mxb, [0, 0], [2, 64], target_memory=pl.Mem.Mat)"),
        ("layout_mx_default", "pl.load(mxa, [0, 0], [64, 2])"),
        ("layout_mx_vec", "pl.load(mxa, [0, 0], [64, 2], target_memory=pl.Mem.Vec)"),
        ("layout_mx_left", "pl.load(mxa, [0, 0], [64, 2], target_memory=pl.Mem.Left)"),
        ("layout_mx_dtype", "pl.load(mxf, [0, 0], [64, 2], target_memory=pl.Mem.Mat)"),
        ("layout_mx_rank3", "pl.load(mx3, [0, 0, 0], [2, 64, 2], target_memory=pl.Mem.Mat)"),
        ("layout_mx_window3", "pl.load(mxa, [0, 0, 0], [1, 64, 2], target_memory=pl.Mem.Mat)"),
        ("layout_mx_valid", "pl.load(mxa, [0, 0], [64, 2], valid_shape=[32, 2], target_memory=pl.Mem.Mat)"),
        ("layout_nz_vec", "pl.load(nz, [0, 0], [64, 64])"),
    ),
)
# A rank-1 tensor annotated DN through its view (pl.TensorView(stride=[1], layout=DN)).
_LAYOUTS_DN = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(
        self,
        d1: pl.Tensor[[64], pl.FP16, pl.TensorView(stride=[1], layout=pl.TensorLayout.DN)],
        n1: pl.Tensor[[64], pl.FP16, pl.TensorView(stride=[1], layout=pl.TensorLayout.ND)],
    ):
        r = {call}
"""
)
add(
    replace(
        raw(
            "tensor.reinterpret_view",
            _LAYOUTS_DN,
            "pl.tensor.reinterpret_view(d1, pl.INT16)",
            ("layout_nd_rank1", "pl.tensor.reinterpret_view(n1, pl.INT16)"),
        ),
        valid_name="layout_dn_rank1",
    ),
)


# pld.tile.remote_load of a window annotated with an MX scale-pack layout.
_LAYOUTS_REMOTE = (
    "import pypto.language as pl\nimport pypto.language.distributed as pld\n"
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(
        self,
        data: pld.DistributedTensor[[64, 2], pl.FP8E8M0, pl.MX_A_ZZ],
        plain: pld.DistributedTensor[[64, 2], pl.FP8E8M0],
        peer: pl.Scalar[pl.INT32],
    ):
        r = {call}
"""
)
add(
    replace(
        raw(
            "pld.tile.remote_load",
            _LAYOUTS_REMOTE,
            "pld.tile.remote_load(data, peer=peer, offsets=[0, 0], shape=[64, 2])",
            ("layout_nd_twin", "pld.tile.remote_load(plain, peer=peer, offsets=[0, 0], shape=[64, 2])"),
            ("layout_mx_short", "pld.remote_load(data, peer=peer, offsets=[0, 0], shape=[64, 2])"),
        ),
        valid_name="layout_mx_target",
    ),
)


# Tensors whose pl.TensorView annotation gives explicit strides (packed or not) with a layout.
_LAYOUTS_STRIDED = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(
        self,
        mxs: pl.Tensor[[64, 2], pl.FP8E8M0, pl.TensorView(stride=[1, 64], layout=pl.TensorLayout.MX_A_ZZ)],
        mxp: pl.Tensor[[64, 2], pl.FP8E8M0, pl.TensorView(stride=[2, 1], layout=pl.TensorLayout.MX_A_ZZ)],
        nds: pl.Tensor[[64, 64], pl.FP16, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)],
        ndp: pl.Tensor[[64, 64], pl.FP16, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)],
        dns: pl.Tensor[[64, 32], pl.FP16, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.DN)],
    ):
        r = {call}
"""
)
add(
    replace(
        raw(
            "tile.load",
            _LAYOUTS_STRIDED,
            "pl.load(mxs, [0, 0], [64, 2], target_memory=pl.Mem.Mat)",
            ("layout_mx_packed_stride", "pl.load(mxp, [0, 0], [64, 2], target_memory=pl.Mem.Mat)"),
        ),
        valid_name="layout_mx_strided",
    ),
    replace(
        raw(
            "tensor.reinterpret_view",
            _LAYOUTS_STRIDED,
            "pl.tensor.reinterpret_view(nds, pl.INT16)",
            ("layout_nd_packed_stride", "pl.tensor.reinterpret_view(ndp, pl.INT16)"),
            ("layout_dn_strided", "pl.tensor.reinterpret_view(dns, pl.INT16)"),
        ),
        valid_name="layout_nd_strided",
    ),
    replace(
        raw(
            "tensor.view",
            _LAYOUTS_STRIDED,
            "pl.tensor.view(nds, [32, 128])",
            ("layout_dn_not_canonical", "pl.tensor.view(dns, [32, 64])"),
            ("layout_nd_packed_stride", "pl.tensor.view(ndp, [32, 128])"),
            ("layout_mx_strided", "pl.tensor.view(mxs, [2, 64])"),
        ),
        valid_name="layout_nd_strided",
    ),
)


# tile.mgather into Mat reads GM tensors that must be ND (IsNdTensor / IsStaticContiguousTensor).
_LAYOUTS_GATHER = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        xnz: pl.Tensor[[64, 64], pl.FP32, pl.NZ],
        i32: pl.Tensor[[1, 64], pl.INT32],
        i32nz: pl.Tensor[[1, 64], pl.INT32, pl.NZ],
        i32m: pl.Tensor[[16, 8], pl.INT32],
        s1: pl.Tensor[[4096], pl.FP32],
    ):
        r = {call}
"""
)
add(
    replace(
        raw(
            "tile.mgather",
            _LAYOUTS_GATHER,
            "pl.tile.mgather(xnz, i32, target_memory=pl.Mem.Mat)",
            ("layout_nz_idx", "pl.tile.mgather(x, i32nz, target_memory=pl.Mem.Mat)"),
            ("layout_nd_twin", "pl.tile.mgather(x, i32, target_memory=pl.Mem.Mat)"),
            (
                "layout_nz_scratch",
                'pl.tile.mgather(x, i32m, coalesce="elem", target_memory=pl.Mem.Mat, scratch=xnz)',
            ),
            (
                "layout_nd_scratch",
                'pl.tile.mgather(x, i32m, coalesce="elem", target_memory=pl.Mem.Mat, scratch=s1)',
            ),
            ("layout_nz_vec", "pl.tile.mgather(xnz, pl.load(i32, [0, 0], [1, 64]))"),
            (
                "layout_dn_view_mem",
                "pl.tile.mgather(pl.tensor.view(x, [64, 64], layout=pl.TensorLayout.DN), i32, "
                "target_memory=pl.Mem.Mat)",
            ),
            (
                "layout_nd_view_mem",
                "pl.tile.mgather(pl.tensor.view(x, [64, 64], layout=pl.TensorLayout.ND), i32, "
                "target_memory=pl.Mem.Mat)",
            ),
        ),
        valid_name="layout_nz_mem",
    ),
)
_SD_TILE_X = "pl.load(x, [0, 0], [64, 64])"
add(
    mem_faults("tile.mrgsort_format2", ("sd_src3_no_src2", "pl.tile.mrgsort(t, t, src3=t, tmp=t)")),
    mem_faults(
        "tile.mgather",
        ("sd_coalesce_bad", f'pl.tile.mgather(x, {_IDX_ROW}, "bad")'),
        ("sd_oob_bad", f'pl.tile.mgather(x, {_IDX_ROW}, gather_oob="bad")'),
        ("sd_oob_int", f"pl.tile.mgather(x, {_IDX_ROW}, gather_oob=9)"),
        ("sd_target_acc", f"pl.tile.mgather(x, {_IDX_ROW}, target_memory=pl.Mem.Acc)"),
        ("sd_coalesce_kw_bad", f'pl.tile.mgather(x, {_IDX_ROW}, coalesce="rows")'),
        ("sd_coalesce_kw_int", f"pl.tile.mgather(x, {_IDX_ROW}, coalesce=2)"),
        ("sd_promoted_oob", f'pl.mgather(x, {_IDX_ROW}, gather_oob="clamp", target_memory=pl.Mem.Left)'),
    ),
    mem_faults(
        "tile.slice",
        ("sd_valid_rank", "pl.tile.slice(t, [64, 64], [0, 0], valid_shape=[64])"),
        ("sd_valid_empty", "pl.tile.slice(t, [64, 64], [0, 0], valid_shape=[])"),
        ("sd_unified_valid_rank", "pl.slice(t, [64, 64], [0, 0], [64, 64, 1])"),
    ),
    mem_faults(
        "tile.slice",
        ("sd_drop_out", "pl.tile.slice(t, [1, 64], [0, 0], drop_dims=[2])"),
        ("sd_drop_repeat", "pl.tile.slice(t, [1, 1], [0, 0], drop_dims=[0, 0])"),
    ),
    mem_faults("tile.mrgsort_format2", ("sd_fallback_two", "pl.tile.mrgsort_format2(t, t)")),
    mem_faults("tile.slice", ("sd_drop_scalar", "pl.tile.slice(t, [1, 64], [0, 0], drop_dims=[k])")),
    mem_faults("tensor.slice", ("sd_drop_scalar", "pl.tensor.slice(x, [1, 64], [0, 0], drop_dims=[k])")),
    mem_faults(
        "tensor.view",
        ("sd_empty_target", "pl.tensor.view(x, [])"),
        ("sd_empty_target_one", "pl.tensor.view(pl.tensor.slice(x, [1, 1], [0, 0]), [])"),
    ),
    mem_faults(
        "tensor.expand_clone",
        ("sd_two_broadcast_dims", "pl.tensor.expand_clone(pl.tensor.slice(x3, [1, 1, 64], [0, 0, 0]), x3)"),
    ),
    mem_faults(
        "tensor.paged_gather",
        (
            "sd_tile_indices",
            "pl.tensor.paged_gather(h, pl.load(i32, [0, 0], [1, 64]), i32, block_size=16, size=64, max_indices=8)",
        ),
        (
            "sd_tile_table",
            "pl.tensor.paged_gather(h, i32, pl.load(i32, [0, 0], [1, 64]), block_size=16, size=64, max_indices=8)",
        ),
    ),
    mem_faults(
        "tensor.gather_row",
        (
            "sd_tile_src",
            "pl.tensor.gather_row(pl.tensor.create_l1([16, 64], pl.FP32), t, [0, 0], [0, 0], [16, 64])",
        ),
    ),
    mem_faults(
        "tile.gather_row",
        (
            "sd_tile_src",
            "pl.tile.gather_row(pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Mat), t, [0, 0], "
            "[0, 0], [16, 64])",
        ),
    ),
    mem_faults(
        "tile.gather_compare",
        ("sd_cmp_int", "pl.tile.gather_compare(t, 0.0, t, cmp_mode=9, out_cols=64)"),
        ("sd_cmp_float", "pl.tile.gather_compare(t, 0.0, t, cmp_mode=1.5, out_cols=64)"),
    ),
    mem_faults(
        "tile.scatter_update",
        ("sd_kw_no_src", "pl.tile.scatter_update(t, dim=-2, index=pl.load(i32m, [0, 0], [16, 64]))"),
    ),
    mem_faults(
        "tile.fillpad",
        ("sd_pad_str", 'pl.tile.fillpad(t, pad_value="zero")'),
        ("sd_pad_nan", "pl.tile.fillpad(t, pad_value=1e400 - 1e400)"),
    ),
    mem_faults(
        "tile.row_expand_add",
        ("sd_carrier_cols", "pl.tile.row_expand_add(t, pl.load(x, [0, 0], [64, 16]))"),
    ),
    mem_faults(
        "tile.reinterpret_view",
        ("sd_strided", "pl.tile.reinterpret_view(pl.tile.slice(t, [32, 32], [0, 0]), pl.INT32)"),
        ("sd_offset", "pl.tile.reinterpret_view(pl.tile.slice(t, [32, 32], [0, 32]), pl.INT32)"),
        ("sd_col_major", "pl.tile.reinterpret_view(pl.tile.transpose(t, 0, 1), pl.INT32)"),
    ),
    mem_faults(
        "tile.row_min",
        ("sd_col_major", "pl.tile.row_min(pl.tile.transpose(t, 0, 1))"),
    ),
    mem_faults(
        "tile.scatter",
        (
            "sd_fp16_int32_index",
            "pl.tile.scatter(pl.load(h, [0, 0], [16, 64]), pl.load(h, [0, 0], [16, 64]), "
            "pl.load(i32m, [0, 0], [16, 64]))",
        ),
    ),
)


# Valid regions through views and writes (type_inference.cpp): a slice that drops a partially valid axis, a
# reshape of a partially valid value, an assemble / store that grows its target's valid region, gather_row's
# constant window and static transposed valid_shape.
_VR_PART = "pl.load(x, [0, 0], [64, 64], valid_shape=[32, 64])"
_VR_SLICE = "pl.tensor.slice(x, [64, 64], [0, 0], valid_shape=[32, 64])"
add(
    sd_tensor(
        "tensor.slice",
        ("vr_lowrank_valid", "pl.tensor.slice(x, [4, 8, 2], [0, 0, 0], valid_shape=[4, 8])"),
        ("vr_offrank_valid", "pl.tensor.slice(x, [32, 64], [0], valid_shape=[32])"),
        ("vr_drop_valid0", "pl.tensor.slice(x, [1, 64], [0, 0], valid_shape=[0, 64], drop_dims=[0])"),
        ("vr_drop_valid1", "pl.tensor.slice(x, [1, 64], [0, 0], valid_shape=[1, 32], drop_dims=[0])"),
        (
            "vr_drop_src",
            "pl.tensor.slice(pl.tensor.slice(x, [64, 64], [0, 0], valid_shape=[8, 64]), [1, 64], [8, 0], "
            "drop_dims=[0])",
        ),
    ),
    sd_tensor(
        "tensor.reshape",
        (
            "vr_scattered",
            "pl.tensor.reshape(pl.tensor.slice(x, [64, 64], [0, 0], valid_shape=[64, 32]), [4096])",
        ),
        (
            "vr_rows_bad",
            "pl.tensor.reshape(pl.tensor.slice(x, [64, 64], [0, 0], valid_shape=[3, 64]), [32, 128])",
        ),
        ("vr_rows_ok", f"pl.tensor.reshape({_VR_SLICE}, [32, 128])"),
    ),
    sd_tensor(
        "tensor.assemble",
        ("vr_gap", f"pl.tensor.assemble({_VR_SLICE}, pl.tensor.slice(s, [16, 64], [0, 0]), [48, 0])"),
        ("vr_grow", f"pl.tensor.assemble({_VR_SLICE}, pl.tensor.slice(s, [16, 64], [0, 0]), [32, 0])"),
        (
            "vr_src_partial",
            f"pl.tensor.assemble({_VR_SLICE}, pl.tensor.slice(s, [16, 64], [0, 0], valid_shape=[8, 64]), [40, 0])",
        ),
    ),
    sd_tensor(
        "tensor.gather_row",
        (
            "vr_shapes_scalar",
            "pl.tensor.gather_row(pl.tensor.create_l1([16, 64], pl.FP16), h, [0, 0], [0, 0], [1, pl.tensor.dim(h, 1)])",
        ),
        (
            "vr_trans_dyn",
            "pl.tensor.gather_row(pl.tensor.create_l1([64, 16], pl.FP16), h, [0, 0], [0, 0], [16, 64], "
            "transpose=True, valid_shape=[pl.tensor.dim(h, 0) // 16, 64])",
        ),
        (
            "vr_trans_static",
            "pl.tensor.gather_row(pl.tensor.create_l1([64, 16], pl.FP16), h, [0, 0], [0, 0], [16, 64], "
            "transpose=True, valid_shape=[8, 64])",
        ),
    ),
    mem_faults(
        "tile.slice",
        ("vr_drop_valid0", "pl.tile.slice(t, [1, 64], [0, 0], valid_shape=[0, 64], drop_dims=[0])"),
        (
            "vr_drop_src",
            "pl.tile.slice(pl.load(x, [0, 0], [64, 64], valid_shape=[8, 64]), [1, 64], [8, 0], drop_dims=[0])",
        ),
        (
            "vr_drop_src_ok",
            "pl.tile.slice(pl.load(x, [0, 0], [64, 64], valid_shape=[8, 64]), [1, 64], [7, 0], drop_dims=[0])",
        ),
    ),
    mem_faults(
        "tile.reshape",
        ("vr_scattered", "pl.tile.reshape(pl.load(x, [0, 0], [64, 64], valid_shape=[64, 32]), [4096, 1])"),
        ("vr_rows_bad", "pl.tile.reshape(pl.load(x, [0, 0], [64, 64], valid_shape=[3, 64]), [32, 128])"),
        ("vr_rows_ok", f"pl.tile.reshape({_VR_PART}, [32, 128])"),
        (
            "vr_set_validshape",
            "pl.tile.reshape(pl.tile.set_validshape(pl.load(x, [0, 0], [64, 64]), 3, 64), [32, 128])",
        ),
    ),
    mem_faults(
        "tile.assemble",
        ("vr_gap", f"pl.tile.assemble({_VR_PART}, pl.load(x, [0, 0], [16, 64]), [48, 0])"),
        ("vr_grow", f"pl.tile.assemble({_VR_PART}, pl.load(x, [0, 0], [16, 64]), [32, 0])"),
        ("vr_narrow", f"pl.tile.assemble({_VR_PART}, pl.load(x, [0, 0], [16, 32]), [32, 0])"),
        ("vr_off_origin", f"pl.tile.assemble({_VR_PART}, pl.load(x, [0, 0], [16, 16]), [32, 16])"),
        (
            "vr_l_shape",
            "pl.tile.assemble(pl.load(x, [0, 0], [64, 64], valid_shape=[32, 32]), pl.load(x, [0, 0], [48, 48]), "
            "[16, 16])",
        ),
        (
            "vr_cover",
            "pl.tile.assemble(pl.load(x, [0, 0], [64, 64], valid_shape=[32, 32]), pl.load(x, [0, 0], [48, 48]), "
            "[0, 0])",
        ),
        (
            "vr_empty_target",
            "pl.tile.assemble(pl.load(x, [0, 0], [64, 64], valid_shape=[0, 64]), pl.load(x, [0, 0], [16, 64]), "
            "[16, 0])",
        ),
        (
            "vr_chain",
            f"pl.tile.assemble(pl.tile.assemble({_VR_PART}, pl.load(x, [0, 0], [16, 64]), [32, 0]), "
            "pl.load(x, [0, 0], [16, 64]), [48, 0])",
        ),
        (
            "vr_src_partial",
            f"pl.tile.assemble({_VR_PART}, pl.load(x, [0, 0], [16, 64], valid_shape=[8, 64]), [40, 0])",
        ),
    ),
    mem_faults(
        "tile.store",
        (
            "vr_gap",
            "pl.store(pl.load(x, [0, 0], [16, 64]), [48, 0], pl.tensor.slice(y, [64, 64], [0, 0], valid_shape=[32, 64]))",
        ),
    ),
    mem_faults(
        "tile.load",
        ("vr_float_offset", f"pl.load({_VR_SLICE}, [1.5, 0], [16, 64])"),
        ("vr_float_scalar_offset", f"pl.load({_VR_SLICE}, [f, 0], [16, 64])"),
    ),
    mem_faults("tile.reshape", ("vr_empty_rank", "pl.tile.reshape(pl.load(x, [0, 0], [1, 1]), [])")),
    mem_faults(
        "tile.reshape",
        (
            "vr_mat_partial",
            "pl.tile.reshape(pl.load(x, [0, 0], [64, 64], valid_shape=[32, 64], target_memory=pl.Mem.Mat), [32, 128])",
        ),
        (
            "vr_mat_unit",
            "pl.tile.reshape(pl.load(x, [0, 0], [64, 64], valid_shape=[32, 64], target_memory=pl.Mem.Mat), [1, 64, 64])",
        ),
    ),
    sd_tensor(
        "tensor.reshape", ("vr_empty_rank", "pl.tensor.reshape(pl.tensor.slice(x, [1, 1], [0, 0]), [])")
    ),
    mem_faults(
        "tile.gather_row",
        (
            "vr_shapes_k",
            "pl.tile.gather_row(pl.create_tile([16, 64], dtype=pl.FP16, target_memory=pl.Mem.Mat), h, [0, 0], [0, 0], "
            "[1, k])",
        ),
    ),
)


# Issue 21, the remaining deducer sites outside type_inference.cpp: valid windows of the matmul bias / GEMV / MX
# operands, implicit col_major tiles ([N, 1]), tensor.view of a partially valid slice, the internal padded
# remote_load spelling, a pipe given as an int (tile_ops/matmul.cpp, matmul_mx.cpp, transform.cpp, broadcast.cpp,
# reduction.cpp, tensor_ops/transform.cpp, distributed/remote_load.cpp, sync_ops/cross_core.cpp).
_BIAS_ROW = "pl.move(pl.load(x, [0, 0], [1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)"
_PARTIAL = "pl.tensor.slice(x, [64, 64], [0, 0], valid_shape=[32, 64])"
_MX64 = (
    "# target: a5\n"
    + HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(self, a_gm: pl.Tensor[[64, 64], pl.FP8E4M3FN], sa_gm: pl.Tensor[[64, 2], pl.FP8E8M0], b_gm: pl.Tensor[[64, 64], pl.FP8E4M3FN], sb_gm: pl.Tensor[[2, 64], pl.FP8E8M0], z_gm: pl.Tensor[[1, 64], pl.FP32], k: pl.Scalar[pl.INDEX]):
        a = pl.move(pl.load(a_gm, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        sa = pl.load(sa_gm, [0, 0], [64, 2], target_memory=pl.Mem.Mat)
        b = pl.move(pl.load(b_gm, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        sb = pl.load(sb_gm, [0, 0], [2, 64], target_memory=pl.Mem.Mat)
        z = pl.move(pl.load(z_gm, [0, 0], [1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)
        r = {call}
"""
)
_DIST_FP16 = (
    "# entry: {fn}\nimport pypto.language as pl\nimport pypto.language.distributed as pld\n"
    + """
N = 2
S = 64


@pl.jit.incore
def kern(
    x: pl.Tensor[[1, S], pl.FP32],
    y: pl.Out[pl.Tensor[[1, S], pl.FP32]],
    data: pld.DistributedTensor[[1, S], pl.FP32],
    hd: pld.DistributedTensor[[1, S], pl.FP16],
    h3: pld.DistributedTensor[[1, 1, S], pl.FP16],
):
    ctx = pld.get_comm_ctx(data)
    my_rank = pld.rank(ctx)
    nranks = pld.nranks(ctx)
    peer = (my_rank + 1) % nranks
    local = pl.load(x, [0, 0], [1, S])
    r0 = {call}
    y = pl.store(local, [0, 0], y)
    return y


@pl.jit
def per_rank(
    x: pl.Tensor[[1, S], pl.FP32],
    y: pl.Out[pl.Tensor[[1, S], pl.FP32]],
    data: pld.DistributedTensor[[1, S], pl.FP32],
    hd: pld.DistributedTensor[[1, S], pl.FP16],
    h3: pld.DistributedTensor[[1, 1, S], pl.FP16],
):
    return kern(x, y, data, hd, h3)


@pl.jit.host
def {fn}(x: pl.Tensor[[N, 1, S], pl.FP32], y: pl.Out[pl.Tensor[[N, 1, S], pl.FP32]]):
    data_buf = pld.alloc_window_buffer([1, S], dtype=pl.FP32)
    hd_buf = pld.alloc_window_buffer([1, S], dtype=pl.FP16)
    h3_buf = pld.alloc_window_buffer([1, 1, S], dtype=pl.FP16)
    for r in pl.range(pld.world_size()):
        data = pld.window(data_buf, [1, S], dtype=pl.FP32)
        hd = pld.window(hd_buf, [1, S], dtype=pl.FP16)
        h3 = pld.window(h3_buf, [1, 1, S], dtype=pl.FP16)
        per_rank(x[r], y[r], data, hd, h3, device=r)
"""
)
_PAD_LOAD = "pld.tile._remote_load_with_physical_tail_padding"
# A rank-0 tile parameter (the deducers run while the function is parsed, before the InCore parameter check).
_TILE_RANK0 = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(self, x: pl.Tensor[[64, 64], pl.FP32], a: pl.Tile[[], pl.FP32]):
        r = {call}
"""
)


def sd2(op: str, source: str, first: str, call: str, *variants: tuple[str, str]) -> Spec:
    """A written-out program whose first call is the case ``first`` (not the op's ``valid``)."""
    return replace(raw(op, source, call, *variants), valid_name=first)


add(
    mem_faults(
        "tile.reinterpret_view",
        (
            "sd2_col_target_rank1",
            "pl.tile.reinterpret_view(pl.load(i32c, [0, 0], [64, 1]), pl.FP16, shape=[128])",
        ),
        (
            "sd2_col_target_rank2",
            "pl.tile.reinterpret_view(pl.load(i32c, [0, 0], [64, 1]), pl.FP16, shape=[128, 1])",
        ),
        ("sd2_col_rank1_load", "pl.tile.reinterpret_view(pl.load(s1, [0], [1]), pl.INT32)"),
        (
            "sd2_moved_none_box",
            "pl.tile.reinterpret_view(pl.tile.move(t, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.none_box), "
            "pl.INT32)",
        ),
        (
            "sd2_moved_col_major_rank1",
            "pl.tile.reinterpret_view(pl.tile.move(pl.load(s1, [0], [64]), target_memory=pl.Mem.Vec, "
            "blayout=pl.TileLayout.col_major), pl.INT32)",
        ),
    ),
    mem_faults(
        "tensor.view",
        ("sd2_partial_no_valid", f"pl.tensor.view({_PARTIAL}, [4096])"),
        ("sd2_partial_empty_valid", f"pl.tensor.view({_PARTIAL}, [4096], valid_shape=[])"),
        ("sd2_partial_rank1_valid", f"pl.tensor.view({_PARTIAL}, [4096], valid_shape=[2048])"),
        ("sd2_partial_column_valid", f"pl.tensor.view({_PARTIAL}, [4096, 1], valid_shape=[2048, 1])"),
        ("sd2_partial_dn_valid", f"pl.tensor.view({_PARTIAL}, [64, 64], valid_shape=[32, 64], layout=pl.DN)"),
    ),
    mem_faults(
        "tile.gemv",
        ("sd2_lhs_rows_dynamic", f"pl.tile.gemv(pl.tile.set_validshape({_LEFT_ROW}, k, 64), {_RIGHT_H})"),
        ("sd2_lhs_rows_zero", f"pl.tile.gemv(pl.tile.set_validshape({_LEFT_ROW}, 0, 64), {_RIGHT_H})"),
    ),
    mem_faults(
        "tile.gemv_bias",
        (
            "sd2_bias_rows_dynamic",
            f"pl.tile.gemv_bias({_LEFT_ROW}, {_RIGHT_H}, pl.tile.set_validshape({_BIAS_ROW}, k, 64))",
        ),
        (
            "sd2_bias_rows_zero",
            f"pl.tile.gemv_bias({_LEFT_ROW}, {_RIGHT_H}, pl.tile.set_validshape({_BIAS_ROW}, 0, 64))",
        ),
    ),
    mem_faults(
        "tile.matmul_bias",
        (
            "sd2_bias_rows_zero",
            f"pl.tile.matmul_bias({_LEFT_H}, {_RIGHT_H}, pl.tile.set_validshape({_BIAS_ROW}, 0, 64))",
        ),
        (
            "sd2_bias_valid_n",
            f"pl.tile.matmul_bias({_LEFT_H}, {_RIGHT_H}, pl.tile.set_validshape({_BIAS_ROW}, 1, 32))",
        ),
        (
            "sd2_bias_valid_n_covers",
            f"pl.tile.matmul_bias({_LEFT_H}, pl.tile.set_validshape({_RIGHT_H}, 64, 32), "
            f"pl.tile.set_validshape({_BIAS_ROW}, 1, 32))",
        ),
    ),
    mem_faults(
        "tile.row_expand_add",
        (
            "sd2_col_major_src0",
            "pl.tile.row_expand_add(pl.load(x, [0, 0], [64, 1]), pl.load(x, [0, 0], [64, 1]))",
        ),
        (
            "sd2_one_by_one_src0",
            "pl.tile.row_expand_add(pl.load(x, [0, 0], [1, 1]), pl.load(x, [0, 0], [1, 1]))",
        ),
        (
            "sd2_full_src0_row_major",
            "pl.tile.row_expand_add(pl.tile.full([64, 1], dtype=pl.FP32, value=0.0), pl.load(x, [0, 0], [64, 1]))",
        ),
        (
            "sd2_transposed_src0_row_major",
            "pl.tile.row_expand_add(pl.tile.transpose(pl.load(x, [0, 0], [1, 64]), 0, 1), pl.load(x, [0, 0], [64, 1]))",
        ),
    ),
    mem_faults(
        "tile.row_min",
        ("sd2_col_major_input", "pl.tile.row_min(pl.load(x, [0, 0], [64, 1]), pl.load(x, [0, 0], [64, 1]))"),
        ("sd2_row_input", "pl.tile.row_min(pl.load(x, [0, 0], [1, 64]), pl.load(x, [0, 0], [1, 64]))"),
        ("sd2_row_sum_input", "pl.tile.row_min(pl.tile.row_sum(t, t), pl.load(x, [0, 0], [64, 1]))"),
        (
            "sd2_moved_none_box_input",
            "pl.tile.row_min(pl.tile.move(t, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.none_box), t)",
        ),
        (
            "sd2_full_input_row_major",
            "pl.tile.row_min(pl.tile.full([64, 1], dtype=pl.FP32, value=0.0), "
            "pl.tile.full([64, 1], dtype=pl.FP32, value=0.0))",
        ),
    ),
    mem_faults("system.sync_set", ("sd2_pipe_int", "pl.system.sync_set(pipe=99, event_id=0)")),
    sd2(
        "tile.matmul_mx",
        _MX64,
        "sd2_valid_k_groups",
        "pl.tile.matmul_mx(pl.tile.set_validshape(a, 64, 32), sa, pl.tile.set_validshape(b, 32, 64), sb)",
        (
            "sd2_valid_k_zero",
            "pl.tile.matmul_mx(pl.tile.set_validshape(a, 64, 0), sa, pl.tile.set_validshape(b, 0, 64), sb)",
        ),
        (
            "sd2_rhs_valid_k_zero",
            "pl.tile.matmul_mx(pl.tile.set_validshape(a, 64, k), sa, pl.tile.set_validshape(b, 0, 64), sb)",
        ),
    ),
    sd2(
        "tile.matmul_mx_bias",
        _MX64,
        "sd2_bias_rows_zero",
        "pl.tile.matmul_mx_bias(a, sa, b, sb, pl.tile.set_validshape(z, 0, 64))",
    ),
    sd2(
        "pld.tile.remote_load",
        _DIST_FP16,
        "sd2_padded_fp16",
        f"{_PAD_LOAD}(hd, peer, [0, 0], [1, S], [1, S])",
        ("sd2_padded_fp32", f"{_PAD_LOAD}(data, peer, [0, 0], [1, S], [1, S])"),
        ("sd2_padded_rank3", f"{_PAD_LOAD}(h3, peer, [0, 0, 0], [1, 1, S], [1, 1, S])"),
    ),
    sd2("tile.reinterpret_view", _TILE_RANK0, "sd2_rank0_tile", "pl.tile.reinterpret_view(a, pl.INT32)"),
    sd2("tile.sort32", _TILE_RANK0, "sd2_rank0_tile", "pl.tile.sort32(a, a)"),
    sd2(
        "tensor.reinterpret_view", _DIST_FP16, "sd2_distributed", "pl.tensor.reinterpret_view(data, pl.INT32)"
    ),
)


# Valid regions that parameter annotations give (pl.TensorView(valid_shape=[...]), kept as the parser reads it),
# and the element dtype of an array write.
_VIEW_PARAMS = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        full: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(valid_shape=[64, 64], layout=pl.ND)],
        half: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(valid_shape=[32, 64], layout=pl.ND)],
    ):
        r = {call}
"""
)
_SHORT_VALID = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(
        self,
        half: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(valid_shape=[32, 64], layout=pl.ND)],
        short: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(valid_shape=[32], layout=pl.ND)],
    ):
        r = {call}
"""
)
_SCALAR_VALID = (
    "from __future__ import annotations\n\n"  # a valid_shape naming a parameter is read by the parser alone
    + HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(
        self,
        f: pl.Scalar[pl.FP32],
        n: pl.Scalar[pl.INDEX],
        top: pl.Tensor[[16, 64], pl.FP32, pl.TensorView(valid_shape=[8, 64], layout=pl.ND)],
        fsrc: pl.Tensor[[8, 64], pl.FP32, pl.TensorView(valid_shape=[f, 64], layout=pl.ND)],
        nsrc: pl.Tensor[[8, 64], pl.FP32, pl.TensorView(valid_shape=[n, 64], layout=pl.ND)],
    ):
        r = {call}
"""
)
_ARRAY_SCALARS = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(
        self,
        a_gm: pl.Tensor[[64, 64], pl.FP32],
        f: pl.Scalar[pl.FP32],
        w: pl.Scalar[pl.INT64],
        n: pl.Scalar[pl.INT32],
        k: pl.Scalar[pl.INDEX],
    ):
        arr = pl.array.create(4, pl.INT32)
        r = {call}
"""
)
_ARRAY_WRITE = (
    HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(
        self,
        a_gm: pl.Tensor[[64, 64], pl.FP32],
        f: pl.Scalar[pl.FP32],
        n: pl.Scalar[pl.INT32],
    ):
        arr = pl.array.create(4, pl.INT32)
        arr[1] = {call}
"""
)
add(
    sd2(
        "tensor.view",
        _VIEW_PARAMS,
        "sv_full_valid",
        "pl.tensor.view(full, [64, 64], valid_shape=[32, 64])",
        ("sv_plain_valid", "pl.tensor.view(x, [1, 4096], valid_shape=[1, 2048])"),
        ("sv_half_valid", "pl.tensor.view(half, [64, 64], valid_shape=[32, 64])"),
        ("sv_full_no_valid", "pl.tensor.view(full, [1, 4096])"),
    ),
    sd2(
        "tile.load",
        _SHORT_VALID,
        "sv_short_valid",
        "pl.load(short, [0, 0], [32, 64])",
        ("sv_half_valid", "pl.load(half, [0, 0], [32, 64])"),
        ("sv_short_valid_clamp", "pl.load(short, [0, 0], [32, 64], clamp=True)"),
    ),
    sd2(
        "tensor.slice",
        _SHORT_VALID,
        "sv_short_valid",
        "pl.tensor.slice(short, [32, 64], [0, 0])",
        ("sv_half_valid", "pl.tensor.slice(half, [32, 64], [0, 0])"),
    ),
    sd2(
        "tensor.assemble",
        _SCALAR_VALID,
        "sv_float_extent",
        "pl.tensor.assemble(top, fsrc, [8, 0])",
        ("sv_index_extent", "pl.tensor.assemble(top, nsrc, [8, 0])"),
    ),
    sd2(
        "array.update_element",
        _ARRAY_SCALARS,
        "sv_float_scalar",
        "pl.array.update_element(arr, 0, f)",
        ("sv_int64_scalar", "pl.array.update_element(arr, 0, w)"),
        ("sv_int32_scalar", "pl.array.update_element(arr, 0, n)"),
        ("sv_index_scalar", "pl.array.update_element(arr, k, k)"),
    ),
    sd2(
        "array.update_element",
        _ARRAY_WRITE,
        "sv_write_float",
        "f",
        ("sv_write_int32", "n"),
        ("sv_write_literal", "7"),
        ("sv_write_float_literal", "2.5"),
    ),
)


# A reshape of a region whose extents are runtime names (issue 21): a row that spans a dynamic dimension, a
# runtime target extent, a runtime row count (ComputeReshapeValidShape prints each with PythonPrint).
_VR_RUNTIME = (
    HEADER
    + """
N = pl.dynamic("N")


@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        d: pl.Tensor[[64, N], pl.FP32],
        k: pl.Scalar[pl.INDEX],
        n: pl.Scalar[pl.INT32],
    ):
        t = pl.load(x, [0, 0], [64, 64])
        r = {call}
"""
)


def vr_runtime(op: str, first: tuple[str, str], *variants: tuple[str, str]) -> Spec:
    """A reshape of a region with runtime extents, faulty forms and near misses, in one InCore function."""
    return replace(raw(op, _VR_RUNTIME, first[1], *variants), valid_name=first[0])


_VR_RUNTIME_JIT = (
    HEADER
    + """
N = pl.dynamic("N")


@pl.jit
def {fn}(x: pl.Tensor[[64, 64], pl.FP32], d: pl.Tensor[[64, N], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = {call}
    return out
"""
)


def vr_runtime_jit(op: str, first: tuple[str, str], *variants: tuple[str, str]) -> Spec:
    """The same reshapes in one JIT entry, where a tensor op's valid call also lowers (the near misses)."""
    return replace(raw(op, _VR_RUNTIME_JIT, first[1], *variants), valid_name=first[0])


# tile.move into an MX scale memory from a Mat tile loaded with another view (DeduceTileMoveType): a plain
# UINT8 load, or an MX_A_ZZ / MX_B_NN pack moved into the other side's scale memory.
_MX_SCALE = (
    "# target: a5\n"
    + HEADER
    + """

@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(
        self,
        u8: pl.Tensor[[64, 4], pl.UINT8],
        mxa: pl.Tensor[[64, 2], pl.FP8E8M0, pl.MX_A_ZZ],
        mxb: pl.Tensor[[2, 64], pl.FP8E8M0, pl.MX_B_NN],
    ):
        r = {call}
"""
)
_MAT_U8 = "pl.load(u8, [0, 0], [64, 4], target_memory=pl.Mem.Mat)"
_MAT_MXA = "pl.load(mxa, [0, 0], [64, 2], target_memory=pl.Mem.Mat)"
_MAT_MXB = "pl.load(mxb, [0, 0], [2, 64], target_memory=pl.Mem.Mat)"
add(
    vr_runtime(
        "tensor.reshape",
        ("vr_runtime_dim", "pl.tensor.reshape(pl.tensor.set_validshape(d, 32, N), [32, 128])"),
        ("vr_runtime_target", "pl.tensor.reshape(pl.tensor.set_validshape(x, 32, 64), [k, 64])"),
        ("vr_runtime_target_int32", "pl.tensor.reshape(pl.tensor.set_validshape(x, 32, 64), [n, 64])"),
        ("vr_runtime_rows", "pl.tensor.reshape(pl.tensor.set_validshape(x, k, 64), [32, 128])"),
        ("vr_runtime_rows_short", "pl.tensor.reshape(pl.tensor.set_validshape(x, k, 64), [2, 32, 64])"),
        ("vr_runtime_rows_mul", "pl.tensor.reshape(pl.tensor.set_validshape(x, 2 * k, 64), [32, 128])"),
        ("vr_runtime_rows_sub", "pl.tensor.reshape(pl.tensor.set_validshape(x, k - 1, 64), [32, 128])"),
        ("vr_runtime_target_mul", "pl.tensor.reshape(pl.tensor.set_validshape(x, 32, 64), [k * 2, 32])"),
    ),
    vr_runtime_jit(
        "tensor.reshape",
        ("vr_jit_runtime_dim", "pl.tensor.reshape(pl.tensor.set_validshape(d, 32, N), [32, 128])"),
        ("vr_jit_runtime_dim_kept", "pl.tensor.reshape(pl.tensor.set_validshape(d, 32, N), [64, N])"),
        ("vr_jit_runtime_rows", "pl.tensor.reshape(pl.tensor.set_validshape(x, N, 64), [32, 128])"),
        ("vr_jit_runtime_rows_kept", "pl.tensor.reshape(pl.tensor.set_validshape(x, N, 64), [64, 2, 32])"),
        ("vr_jit_static_rows", "pl.tensor.reshape(pl.tensor.set_validshape(x, 32, 64), [32, 128])"),
    ),
    vr_runtime(
        "tile.reshape",
        ("vr_runtime_target", "pl.tile.reshape(pl.tile.set_validshape(t, 32, 64), [k, 64])"),
        ("vr_runtime_target_static", "pl.tile.reshape(pl.tile.set_validshape(t, 32, 64), [32, 128])"),
        ("vr_runtime_target_int32", "pl.tile.reshape(pl.tile.set_validshape(t, 32, 64), [n, 64])"),
        ("vr_runtime_rows", "pl.tile.reshape(pl.tile.set_validshape(t, k, 64), [32, 128])"),
        ("vr_runtime_rows_kept", "pl.tile.reshape(pl.tile.set_validshape(t, k, 64), [64, 2, 32])"),
        ("vr_runtime_rows_flat", "pl.tile.reshape(pl.tile.set_validshape(t, k, 64), [4096])"),
    ),
    replace(
        raw(
            "tile.move",
            _MX_SCALE,
            f"pl.tile.move({_MAT_U8}, target_memory=pl.Mem.LeftScale)",
            ("mx_plain_right", f"pl.tile.move({_MAT_U8}, target_memory=pl.Mem.RightScale)"),
            ("mx_a_left", f"pl.tile.move({_MAT_MXA}, target_memory=pl.Mem.LeftScale)"),
            ("mx_a_right", f"pl.tile.move({_MAT_MXA}, target_memory=pl.Mem.RightScale)"),
            ("mx_b_left", f"pl.tile.move({_MAT_MXB}, target_memory=pl.Mem.LeftScale)"),
            ("mx_b_right", f"pl.tile.move({_MAT_MXB}, target_memory=pl.Mem.RightScale)"),
        ),
        valid_name="mx_plain_left",
    ),
)


# Runtime extents (issue 21): `pl.dynamic` dimensions, which the parser makes ir.Vars, where a deducer needs a
# ConstInt (tile.mgather's row and Mat forms, tile.gatherb's offset columns, an MX matmul's scale-group count),
# each beside the near miss that keeps the runtime extent where the deducer takes one.
_DYN = (
    HEADER
    + """
R = pl.dynamic("R")
C = pl.dynamic("C")


@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        xr: pl.Tensor[[R, 64], pl.FP32],
        xc: pl.Tensor[[64, C], pl.FP32],
        i32: pl.Tensor[[1, 64], pl.INT32],
        i32r: pl.Tensor[[1, R], pl.INT32],
        i32m: pl.Tensor[[16, 64], pl.INT32],
        i32mr: pl.Tensor[[R, 64], pl.INT32],
        s1: pl.Tensor[[4096], pl.FP32],
        s1c: pl.Tensor[[C], pl.FP32],
        u32c: pl.Tensor[[64, C], pl.UINT32],
    ):
        t = pl.load(x, [0, 0], [64, 64])
        r = {call}
"""
)
_DYN_MX = (
    "# target: a5\n"
    + HEADER
    + """
K = pl.dynamic("K")


@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def {fn}(
        self,
        a_gm: pl.Tensor[[64, 128], pl.FP8E4M3FN],
        ak_gm: pl.Tensor[[64, K], pl.FP8E4M3FN],
        sa_gm: pl.Tensor[[64, 4], pl.FP8E8M0, pl.MX_A_ZZ],
        b_gm: pl.Tensor[[128, 64], pl.FP8E4M3FN],
        bk_gm: pl.Tensor[[K, 64], pl.FP8E4M3FN],
        sb_gm: pl.Tensor[[4, 64], pl.FP8E8M0, pl.MX_B_NN],
    ):
        a = pl.move(pl.load(a_gm, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        ak = pl.move(pl.load(ak_gm, [0, 0], [64, K], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        sa = pl.load(sa_gm, [0, 0], [64, 4], target_memory=pl.Mem.Mat)
        b = pl.move(pl.load(b_gm, [0, 0], [128, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        bk = pl.move(pl.load(bk_gm, [0, 0], [K, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        sb = pl.load(sb_gm, [0, 0], [4, 64], target_memory=pl.Mem.Mat)
        r = {call}
"""
)


def dyn(op: str, source: str, first: tuple[str, str], *variants: tuple[str, str]) -> Spec:
    """An op's runtime-extent forms (cases ``dyn_*``), in one InCore function over pl.dynamic tensors."""
    return replace(raw(op, source, first[1], *variants), valid_name=first[0])


add(
    dyn(
        "tile.mgather",
        _DYN,
        ("dyn_vec_row_idx", "pl.tile.mgather(x, pl.load(i32r, [0, 0], [1, R]))"),
        ("dyn_vec_row_idx_static", "pl.tile.mgather(x, pl.load(i32r, [0, 0], [1, 64]))"),
        ("dyn_vec_row_table_rows", "pl.tile.mgather(xr, pl.load(i32, [0, 0], [1, 64]))"),
        ("dyn_vec_elem_idx", 'pl.tile.mgather(x, pl.load(i32r, [0, 0], [1, R]), coalesce="elem")'),
        (
            "dyn_mat_elem_output",
            'pl.tile.mgather(x, i32mr, coalesce="elem", target_memory=pl.Mem.Mat, scratch=s1)',
        ),
        (
            "dyn_mat_elem_output_static",
            'pl.tile.mgather(x, pl.tensor.view(i32mr, [16, 64]), coalesce="elem", target_memory=pl.Mem.Mat, '
            "scratch=s1)",
        ),
        (
            "dyn_mat_elem_scratch",
            'pl.tile.mgather(x, i32m, coalesce="elem", target_memory=pl.Mem.Mat, scratch=s1c)',
        ),
        (
            "dyn_mat_elem_scratch_static",
            'pl.tile.mgather(x, i32m, coalesce="elem", target_memory=pl.Mem.Mat, '
            "scratch=pl.tensor.view(s1c, [1024]))",
        ),
        ("dyn_mat_row_idx", "pl.tile.mgather(x, i32r, target_memory=pl.Mem.Mat)"),
        (
            "dyn_mat_row_idx_static",
            "pl.tile.mgather(x, pl.tensor.view(i32r, [1, 64]), target_memory=pl.Mem.Mat)",
        ),
        ("dyn_mat_row_table_cols", "pl.tile.mgather(xc, i32, target_memory=pl.Mem.Mat)"),
        ("dyn_mat_row_table_rows", "pl.tile.mgather(xr, i32, target_memory=pl.Mem.Mat)"),
        (
            "dyn_mat_elem_table_rows",
            'pl.tile.mgather(xr, i32m, coalesce="elem", target_memory=pl.Mem.Mat, scratch=s1)',
        ),
    ),
    dyn(
        "tile.gatherb",
        _DYN,
        ("dyn_offset_cols", "pl.tile.gatherb(t, pl.load(u32c, [0, 0], [64, C]))"),
        ("dyn_offset_cols_static", "pl.tile.gatherb(t, pl.load(u32c, [0, 0], [64, 8]))"),
        ("dyn_offset_cols_promoted", "pl.gatherb(t, pl.load(u32c, [0, 0], [64, C]))"),
    ),
    dyn(
        "tile.matmul_mx",
        _DYN_MX,
        ("dyn_lhs_k_scale_tensor", "pl.tile.matmul_mx(ak, sa_gm, b, sb)"),
        ("dyn_lhs_k_scale_tile", "pl.tile.matmul_mx(ak, sa, b, sb)"),
        ("dyn_rhs_k_scale_tensor", "pl.tile.matmul_mx(a, sa, bk, sb_gm)"),
        ("dyn_rhs_k_scale_tile", "pl.tile.matmul_mx(a, sa, bk, sb)"),
        ("dyn_both_k_scales_tensor", "pl.tile.matmul_mx(ak, sa_gm, bk, sb_gm)"),
        ("dyn_static_k_scale_tensor", "pl.tile.matmul_mx(a, sa_gm, bk, sb)"),
        (
            "dyn_acc_lhs_k_scale_tensor",
            "pl.tile.matmul_mx_acc(pl.tile.create([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc), ak, sa_gm, "
            "b, sb)",
        ),
    ),
)


def family_of(op: str) -> str:
    """The op's upstream source file without extension (``tile_ops/elementwise``)."""
    from compiler.ops.registry import get_op

    opdef = get_op(op)
    if opdef is None or not opdef.source:
        return "other"
    return opdef.source.rsplit(".", 1)[0]


# Registered ops that DSL source cannot call, and why (no wrapper spells them).
NO_DSL_SPELLING: dict[str, str] = {
    **{
        f"builtin.tensor.{n}": "internal: LowerHostTensorCollectives builds it from a pld.tensor collective"
        for n in (
            "all_to_all",
            "all_to_all_v",
            "allgather",
            "allreduce",
            "allreduce_ring",
            "barrier",
            "broadcast",
            "reduce_scatter",
        )
    },
    **{
        f"dist.{n}": "internal: a host-runtime intrinsic the distributed passes emit"
        for n in ("future_get", "make_tensor", "submit_orchestrator", "submit_worker", "tree_reduce")
    },
    "system.task_is_valid": "internal: no DSL wrapper; the task passes emit it",
    "tile.tget_scale_addr": "internal: InsertMxScaleAddr inserts it after InferTileMemorySpace",
    **{
        f"test.{n}": "upstream's unit-test ops (testing.cpp)"
        for n in ("deduce_raises_internal", "deduce_raises_type", "op", "tensor_op_no_conv")
    },
}


def uncovered() -> list[str]:
    """Registry ops that no spec calls."""
    from compiler.ops.registry import all_ops

    covered = {s.op for s in SPECS}
    return sorted(name for name in all_ops() if name not in covered)


def generate(out: Path) -> list[Case]:
    """Write every case program into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    all_cases = cases(SPECS)
    for case in all_cases:
        (out / f"{case.name}.py").write_text(case.text, encoding="utf-8")
    return all_cases


_KEEP = ("stage", "pass", "rule", "message", "line", "col", "approx_line")


def collect(src: Path, dest: Path = GOLDENS) -> dict[str, int]:
    """Pack each case's program and recorded outcome into ``dest/<family>.json``; a case with no new
    recording keeps the one already packed (so a new variant family can be recorded on its own)."""
    packed = {
        row["case"]: row
        for path in sorted(dest.glob("*.json"))
        for row in json.loads(path.read_text("utf-8"))
    }
    by_family: dict[str, list[dict[str, object]]] = {}
    for case in cases(SPECS):
        expected = src / f"{case.name}.expected.json"
        if not expected.exists():
            if case.name in packed:
                by_family.setdefault(family_of(case.op), []).append(packed[case.name])
            continue
        outcome = json.loads(expected.read_text(encoding="utf-8"))
        if any(
            e.get("exception") == "ProcessCrash" or "oracle" in str(e.get("message", ""))
            for e in outcome["errors"]
        ):
            continue  # the compiler process died (a native crash): no verdict to compare with
        program = (src / f"{case.name}.py").read_text(encoding="utf-8")
        row = {
            "case": case.name,
            "op": case.op,
            "variant": case.variant,
            "source": program,
            "ok": outcome["ok"],
            "errors": [{k: e[k] for k in _KEEP if e.get(k) is not None} for e in outcome["errors"]],
            "lanes": outcome.get("lanes", {}),
        }
        by_family.setdefault(family_of(case.op), []).append(row)
    dest.mkdir(parents=True, exist_ok=True)
    counts = {}
    for fam, rows in sorted(by_family.items()):
        path = dest / (fam.replace("/", "__") + ".json")
        path.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        counts[fam] = len(rows)
    return counts


def main(argv: list[str] | None = None) -> int:
    """Command line: generate / collect / uncovered."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("dir", type=Path)
    c = sub.add_parser("collect")
    c.add_argument("dir", type=Path)
    sub.add_parser("uncovered")
    args = ap.parse_args(argv)
    if args.cmd == "generate":
        made = generate(args.dir)
        print(f"{len(made)} cases over {len({c.op for c in made})} ops written to {args.dir}")
    elif args.cmd == "collect":
        counts = collect(args.dir)
        print(f"{sum(counts.values())} cases in {len(counts)} families")
    else:
        for name in uncovered():
            print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
