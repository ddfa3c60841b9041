"""Every branch of every type deducer in the op registry, reached from DSL source.

Each case is a small program whose one call makes exactly that `raise DeduceError` fire (the compiler's text
arrives as the parser's PTO-F15 / PTO-F15b / PTO-F15c / PTO-D* error) and a near-miss twin that deduces
cleanly. A last test scans `compiler/ops/deducers/` so that a new branch comes with its case, or with the
reason DSL source cannot reach it."""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path

import pytest

import compiler.ops.resolve
from compiler.ops import deducers
from compiler.ops.deducers import core
from compiler.pipeline import analyze

DEDUCERS = Path(deducers.__file__).parent


@functools.cache
def _raise_sites() -> dict[tuple[str, str, int], str]:
    """(module, deducer function, line of its `raise DeduceError`) -> `function#n` (`module.function#n` outside
    the modules the first cases were written for), n counting the function's raises in order."""
    out: dict[tuple[str, str, int], str] = {}
    for path in sorted(DEDUCERS.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            raises = sorted(
                n.lineno
                for n in ast.walk(fn)
                if isinstance(n, ast.Raise)
                and isinstance(n.exc, ast.Call)
                and getattr(n.exc.func, "id", "") == "DeduceError"
            )
            prefix = "" if path.stem in _FIRST_MODULES else f"{path.stem}."
            out.update(
                {(path.stem, fn.name, line): f"{prefix}{fn.name}#{i}" for i, line in enumerate(raises)}
            )
    return out


# The modules of the first deducer file, whose sites keep their short names.
_FIRST_MODULES = frozenset({"core", "elementwise", "reduction", "matmul", "memory", "cross_core", "system"})


T = "pl.Tensor"
LA = "t = pl.load(a, [0, 0], [64, 64])"
MAT = "target_memory=pl.Mem.Mat"
F16 = f"a: {T}[[64, 64], pl.FP16], b: {T}[[64, 64], pl.FP16]"
LR = f"l = pl.load(a, [0, 0], [64, 64], {MAT})\nr = pl.load(b, [0, 0], [64, 64], {MAT})"
GV = f"l = pl.load(a, [0, 0], [1, 64], {MAT})\nr = pl.load(b, [0, 0], [64, 64], {MAT})"  # a GEMV row
# MX operands on Ascend950: FP8 data and FP8E8M0 scales of K/32 groups.
MX = (
    f"a: {T}[[64, 128], pl.FP8E4M3FN], sa: {T}[[64, 4], pl.FP8E8M0], b: {T}[[128, 64], pl.FP8E4M3FN], "
    f"sb: {T}[[4, 64], pl.FP8E8M0], c: {T}[[64, 64], pl.FP32], z: {T}[[1, 64], pl.FP32]"
)
MXL = (
    f"l = pl.load(a, [0, 0], [64, 128], {MAT})\nls = pl.load(sa, [0, 0], [64, 4], {MAT})\n"
    f"r = pl.load(b, [0, 0], [128, 64], {MAT})\nrs = pl.load(sb, [0, 0], [4, 64], {MAT})"
)
# An MX lhs whose K is a runtime extent (kind "a5k": K is a module pl.dynamic symbol).
MXK = f"ak: {T}[[64, K], pl.FP8E4M3FN]"
MXKL = f"lk = pl.load(ak, [0, 0], [64, K], {MAT})"
# Each case: (site, program kind, parameters, the faulty statement(s), the twin's statement(s)).
# "jit": tensor code in a pl.at scope; "tile": tile code in a hand-written InCore function; "a5": tile code
# for Ascend950 (the MX ops), "a5k" the same with a module pl.dynamic symbol K.
CASES: list[tuple[str, str, str, str, str]] = [
    ("_store#0", "tile", f"a: {T}[[64, 64], pl.FP32], b: pl.Out[{T}[[64, 64], pl.FP32]]",
     f"{LA}\nb = pl.tile.store(t, [0, 0], b, [])", f"{LA}\nb = pl.tile.store(t, [0, 0], b, [64, 64])"),
    ("_create#1", "tile", f"a: {T}[[64, 64], pl.FP32]",
     "r = pl.tile.create([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec, transpose=True)",
     "r = pl.tile.create([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Mat, transpose=True)"),
    ("_create#2", "tile", f"a: {T}[[64, 64], pl.FP32]",
     "r = pl.tile.create([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec, flat_layout=True)",
     "r = pl.tile.create([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Mat, flat_layout=True)"),
    ("_ci#0", "tile", f"a: {T}[[64, 64], pl.FP32]", "r = pl.tile.tri(1.5, [64, 64], dtype=pl.FP32)",
     "r = pl.tile.tri(1, [64, 64], dtype=pl.FP32)"),
    ("_require#0", "tile", f"a: {T}[[64, 64], pl.FP32]", "r = pl.tile.tri(0, [64, 64], [64, 0], dtype=pl.FP32)",
     "r = pl.tile.tri(0, [64, 64], [64, 32], dtype=pl.FP32)"),
    ("_matmul#0", "jit", f"a: {T}[[64, 64], pl.FP16], b: {T}[[64], pl.FP16]",
     "r = pl.tensor.matmul(b, a, a_trans=True)", "r = pl.tensor.matmul(a, a, a_trans=True)"),
    ("_valid_k#0", "tile", f"a: {T}[[64, 64], pl.FP16], b: {T}[[64, 64], pl.FP16]",
     f"l = pl.load(a, [0, 0], [64, 64], {MAT})\nr = pl.load(b, [0, 0], [64, 64], valid_shape=[32, 64], {MAT})\n"
     "c = pl.tile.matmul(pl.move(l, target_memory=pl.Mem.Left), pl.move(r, target_memory=pl.Mem.Right))",
     f"l = pl.load(a, [0, 0], [64, 64], {MAT})\nr = pl.load(b, [0, 0], [64, 64], {MAT})\n"
     "c = pl.tile.matmul(pl.move(l, target_memory=pl.Mem.Left), pl.move(r, target_memory=pl.Mem.Right))"),
    ("_requirement#0", "tile", f"a: {T}[[64, 64], pl.FP16], b: {T}[[64, 64], pl.FP16]",
     f"l = pl.load(a, [0, 0], [64, 64], {MAT})\nr = pl.load(b, [0, 0], [64, 64], {MAT})\n"
     "acc = pl.tile.create([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)\n"
     "c = pl.tile.matmul_acc(pl.tile.set_validshape(acc, 64, 32), pl.move(l, target_memory=pl.Mem.Left), "
     "pl.move(r, target_memory=pl.Mem.Right))",
     f"l = pl.load(a, [0, 0], [64, 64], {MAT})\nr = pl.load(b, [0, 0], [64, 64], {MAT})\n"
     "acc = pl.tile.create([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)\n"
     "c = pl.tile.matmul_acc(acc, pl.move(l, target_memory=pl.Mem.Left), "
     "pl.move(r, target_memory=pl.Mem.Right))"),
    ("_atomic#0", "jit", f"a: {T}[[64, 64], pl.FP32], b: pl.Out[{T}[[64, 64], pl.FP32]]",
     "r = pl.tensor.assemble(b, a, [0, 0], atomic=2)",
     "r = pl.tensor.assemble(b, a, [0, 0], atomic=pl.AtomicType.None_)"),
    ("_element_kind#0", "tile", f"a: {T}[[64, 64], pl.FP32]", f"{LA}\nr = pl.tile.read(t, [t, 0])",
     f"{LA}\nr = pl.tile.read(t, [0, 0])"),
    ("_scalar_elements#0", "tile", f"a: {T}[[64, 64], pl.FP32], f: pl.Scalar[pl.FP32]",
     "r = pl.tensor.create([f, 64], dtype=pl.FP32)", "r = pl.tensor.create([64, 64], dtype=pl.FP32)"),
    ("_check#0", "tile", f"a: {T}[[64, 64], pl.FP16]",
     f"m = pl.load(a, [0, 0], [64, 64], {MAT})\nr = pl.tile.extract(m, -16, 0, [16, 16], target_memory=pl.Mem.Left)",
     f"m = pl.load(a, [0, 0], [64, 64], {MAT})\nr = pl.tile.extract(m, 16, 0, [16, 16], target_memory=pl.Mem.Left)"),
    ("indexing._mgather#0", "tile", f"m: {T}[[256, 64], pl.FP32], i: {T}[[1, 64], pl.INT32]",
     "r = pl.tile.mgather(m, i)", "r = pl.tile.mgather(m, pl.load(i, [0, 0], [1, 64]))"),
    ("_tile_row_expand_add#0", "tile", f"a: {T}[[64, 64], pl.FP32], v: {T}[[64, 1], pl.FP16]",
     "t = pl.load(a, [0, 0], [64, 64])\nr = pl.tile.row_expand_add(t, pl.load(v, [0, 0], [64, 1]))",
     "t = pl.load(a, [0, 0], [64, 64])\nr = pl.tile.row_expand_add(t, pl.load(a, [0, 0], [64, 1]))"),
    ("_tile_row_expand_add#1", "tile", f"a: {T}[[64, 64], pl.BF16], b: {T}[[64, 64], pl.FP16]",
     "t = pl.load(a, [0, 0], [64, 64])\nr = pl.tile.row_expand_add(t, pl.load(a, [0, 0], [64, 1]))",
     "t = pl.load(b, [0, 0], [64, 64])\nr = pl.tile.row_expand_add(t, pl.load(b, [0, 0], [64, 1]))"),
    ("windows._drop_dims_constant#0", "tile", f"a: {T}[[64, 64], pl.FP32], k: pl.Scalar[pl.INDEX]",
     f"{LA}\nr = pl.tile.slice(t, [1, 64], [0, 0], drop_dims=[k])", f"{LA}\nr = pl.tile.slice(t, [1, 64], [0, 0], drop_dims=[0])"),
    ("_row_axis#0", "jit", f"a: {T}[[], pl.FP32], b: {T}[[64, 64], pl.FP32]", "r = pl.tensor.row_sum(a)",
     "r = pl.tensor.row_sum(b)"),
    ("_tile_row_expand_add#3", "tile", f"a: {T}[[64, 64], pl.FP32]",
     "t = pl.load(a, [0, 0], [64, 64])\nr = pl.tile.row_expand_add(t, pl.load(a, [0, 0], [64, 16]))",
     "t = pl.load(a, [0, 0], [64, 64])\nr = pl.tile.row_expand_add(t, pl.load(a, [0, 0], [64, 8]))"),
    ("_fillpad_expand#0", "jit", f"a: {T}[[64, 64], pl.FP32]", "r = pl.tensor.fillpad_expand(a, [64])",
     "r = pl.tensor.fillpad_expand(a, [64, 64])"),
    ("_set_validshape#0", "jit", f"a: {T}[[64, 64], pl.FP32]", "r = pl.tensor.set_validshape(a, -1, 32)",
     "r = pl.tensor.set_validshape(a, 0, 32)"),
    ("_concat#0", "jit", f"a: {T}[[64, 64], pl.FP32], b: {T}[[64, 64], pl.FP32]",
     "t = pl.load(b, [0, 0], [64, 64])\nr = pl.tensor.concat(a, t)", "r = pl.tensor.concat(a, b)"),
    ("_concat#1", "jit", f"a: {T}[[64, 64], pl.FP32], b: {T}[[64, 64], pl.FP16]", "r = pl.concat(a, b)",
     "r = pl.concat(a, a)"),
    ("_concat#2", "jit", f"a: {T}[[64, 64], pl.FP32], b: {T}[[64], pl.FP32]", "r = pl.concat(a, b)",
     "r = pl.concat(a, a)"),
    ("_concat#3", "jit", f"a: {T}[[64, 64], pl.FP32], b: {T}[[32, 64], pl.FP32]", "r = pl.concat(a, b)",
     "r = pl.concat(b, b)"),
    ("check_init_cond#0", "jit", f"c: {T}[[64, 64], pl.FP32], {F16}", "r = pl.matmul_acc(c, a, b, init_cond=a)",
     "r = pl.matmul_acc(c, a, b, init_cond=True)"),
    ("check_init_cond#1", "jit", f"c: {T}[[64, 64], pl.FP32], {F16}, k: pl.Scalar[pl.INDEX]",
     "r = pl.matmul_acc(c, a, b, init_cond=k)", "r = pl.matmul_acc(c, a, b, init_cond=k == 0)"),
    ("_k_mismatch#0", "jit", f"a: {T}[[64, 128], pl.FP16], b: {T}[[64, 64], pl.FP16]", "r = pl.matmul(a, b)",
     "r = pl.matmul(a, pl.transpose(a, 0, 1))"),
    ("_tensor_product#0", "jit", f"s: {T}[[], pl.FP16], b: {T}[[64, 64], pl.FP16]", "r = pl.matmul(s, b)",
     "r = pl.matmul(b, b)"),
    # The twin is no 1-D matmul: ConvertTensorToTileOps lowers one to tile.matmul, which takes 2D operands only.
    ("_tensor_product#1", "jit", f"u: {T}[[64], pl.FP16], v: {T}[[32], pl.FP16]", "r = pl.matmul(u, v)",
     "r = pl.mul(u, u)"),
    ("_tensor_product#2", "jit", f"a: {T}[[2, 64, 64], pl.FP16], v: {T}[[64], pl.FP16]", "r = pl.matmul(a, v)",
     "r = pl.matmul(a, a)"),
    ("_tensor_product#3", "jit", f"a: {T}[[2, 64, 64], pl.FP16], b: {T}[[3, 64, 64], pl.FP16]",
     "r = pl.matmul(a, b)", "r = pl.matmul(a, a)"),
    ("_tile_product#0", "tile", f"a: {T}[[2, 64, 64], pl.FP16], b: {T}[[64, 64], pl.FP16]",
     f"l = pl.load(a, [0, 0, 0], [2, 64, 64], {MAT})\nr = pl.load(b, [0, 0], [64, 64], {MAT})\n"
     "c = pl.matmul(l, r)", f"r = pl.load(b, [0, 0], [64, 64], {MAT})\nc = pl.matmul(r, r)"),
    ("_tile_product#1", "tile", f"a: {T}[[64, 64], pl.FP16], b: {T}[[64, 64], pl.BF16]",
     f"{LR}\nc = pl.matmul(l, r)", f"{LR}\nc = pl.matmul(l, l)"),
    ("_check_acc#0", "tile", F16,
     f"{LR}\nacc = pl.create_tile([2, 64, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)\n"
     "c = pl.matmul_acc(acc, l, r)",
     f"{LR}\nacc = pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)\nc = pl.matmul_acc(acc, l, r)"),
    ("_check_acc#1", "tile", F16,
     f"{LR}\nacc = pl.create_tile([32, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)\n"
     "c = pl.matmul_acc(acc, l, r)",
     f"{LR}\nacc = pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)\nc = pl.matmul_acc(acc, l, r)"),
    ("_check_acc#2", "tile", F16,
     f"{LR}\nacc = pl.create_tile([64, 64], dtype=pl.FP16, target_memory=pl.Mem.Acc)\n"
     "c = pl.matmul_acc(acc, l, r)",
     f"{LR}\nacc = pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)\nc = pl.matmul_acc(acc, l, r)"),
    ("_tensor_matmul_acc#0", "jit", f"c: {T}[[64], pl.FP32], d: {T}[[64, 64], pl.FP32], {F16}",
     "r = pl.matmul_acc(c, a, b)", "r = pl.matmul_acc(pl.matmul(a, b, out_dtype=pl.FP32), a, b)"),
    ("_check_bias#0", "tile", f"{F16}, z: {T}[[1, 1, 64], pl.FP32], y: {T}[[1, 64], pl.FP32]",
     f"{LR}\nbias = pl.move(pl.load(z, [0, 0, 0], [1, 1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)\nc = pl.matmul_bias(l, r, bias)",
     f"{LR}\nbias = pl.move(pl.load(y, [0, 0], [1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)\nc = pl.matmul_bias(l, r, bias)"),
    ("_check_bias#1", "tile", f"{F16}, z: {T}[[2, 64], pl.FP32], y: {T}[[1, 64], pl.FP32]",
     f"{LR}\nbias = pl.move(pl.load(z, [0, 0], [2, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)\nc = pl.matmul_bias(l, r, bias)",
     f"{LR}\nbias = pl.move(pl.load(y, [0, 0], [1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)\nc = pl.matmul_bias(l, r, bias)"),
    ("_check_bias#2", "tile", f"{F16}, z: {T}[[1, 32], pl.FP32], y: {T}[[1, 64], pl.FP32]",
     f"{LR}\nbias = pl.move(pl.load(z, [0, 0], [1, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)\nc = pl.matmul_bias(l, r, bias)",
     f"{LR}\nbias = pl.move(pl.load(y, [0, 0], [1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)\nc = pl.matmul_bias(l, r, bias)"),
    ("_check_bias#3", "tile", f"{F16}, z: {T}[[1, 64], pl.FP16], y: {T}[[1, 64], pl.FP32]",
     f"{LR}\nbias = pl.move(pl.load(z, [0, 0], [1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)\nc = pl.matmul_bias(l, r, bias)",
     f"{LR}\nbias = pl.move(pl.load(y, [0, 0], [1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)\nc = pl.matmul_bias(l, r, bias)"),
    ("_batch_product#0", "tile", f"a: {T}[[64], pl.FP16], b: {T}[[2, 64, 64], pl.FP16]",
     f"l = pl.load(a, [0], [64], {MAT})\nr = pl.load(b, [0, 0, 0], [2, 64, 64], {MAT})\nc = pl.batch_matmul(l, r)",
     f"r = pl.load(b, [0, 0, 0], [2, 64, 64], {MAT})\nc = pl.batch_matmul(r, r)"),
    ("_batch_product#1", "tile", f"a: {T}[[2, 64, 64], pl.FP16], b: {T}[[3, 64, 64], pl.FP16]",
     f"l = pl.load(a, [0, 0, 0], [2, 64, 64], {MAT})\nr = pl.load(b, [0, 0, 0], [3, 64, 64], {MAT})\n"
     "c = pl.batch_matmul(l, r)", f"l = pl.load(a, [0, 0, 0], [2, 64, 64], {MAT})\nc = pl.batch_matmul(l, l)"),
    ("_batch_product#2", "tile", f"a: {T}[[2, 64, 64], pl.FP16], b: {T}[[2, 64, 64], pl.BF16]",
     f"l = pl.load(a, [0, 0, 0], [2, 64, 64], {MAT})\nr = pl.load(b, [0, 0, 0], [2, 64, 64], {MAT})\n"
     "c = pl.batch_matmul(l, r)", f"l = pl.load(a, [0, 0, 0], [2, 64, 64], {MAT})\nc = pl.batch_matmul(l, l)"),
    ("_gemv_phase#0", "tile", f"a: {T}[[1, 64], pl.FP16], b: {T}[[64, 64], pl.FP16]",
     f"{GV}\n"
     'c = pl.gemv(l, r, acc_phase="halfway")',
     f"{GV}\n"
     'c = pl.gemv(l, r, acc_phase="final")'),
    ("_gemv_product#0", "tile", f"a: {T}[[1, 64], pl.INT16], b: {T}[[64, 64], pl.INT16], "
     f"e: {T}[[1, 64], pl.INT8], f: {T}[[64, 64], pl.INT8]",
     f"l = pl.load(a, [0, 0], [1, 64], {MAT})\nr = pl.load(b, [0, 0], [64, 64], {MAT})\nc = pl.gemv(l, r)",
     f"l = pl.load(e, [0, 0], [1, 64], {MAT})\nr = pl.load(f, [0, 0], [64, 64], {MAT})\nc = pl.gemv(l, r)"),
    ("_gemv_product#1", "tile", F16, f"{LR}\nc = pl.gemv(l, r)",
     f"l = pl.load(a, [0, 0], [1, 64], {MAT})\nr = pl.load(b, [0, 0], [64, 64], {MAT})\nc = pl.gemv(l, r)"),
    ("_gemv_product#2", "tile", f"a: {T}[[1, 64], pl.FP16], b: {T}[[64, 64], pl.FP16], k: pl.Scalar[pl.INDEX]",
     f"{GV}\nc = pl.gemv(pl.tile.set_validshape(l, k, 64), r)", f"{GV}\nc = pl.gemv(pl.tile.set_validshape(l, 1, 64), r)"),
    ("_gemv_acc#0", "tile", F16,
     f"{GV}\n"
     "acc = pl.create_tile([2, 16, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)\nc = pl.gemv_acc(acc, l, r)",
     f"{GV}\n"
     "acc = pl.create_tile([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)\nc = pl.gemv_acc(acc, l, r)"),
    ("_gemv_acc#1", "tile", F16,
     f"{GV}\n"
     "acc = pl.create_tile([1, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)\nc = pl.gemv_acc(acc, l, r)",
     f"{GV}\n"
     "acc = pl.create_tile([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)\nc = pl.gemv_acc(acc, l, r)"),
    ("_gemv_acc#2", "tile", F16,
     f"{GV}\n"
     "acc = pl.create_tile([16, 64], dtype=pl.INT32, target_memory=pl.Mem.Acc)\nc = pl.gemv_acc(acc, l, r)",
     f"{GV}\n"
     "acc = pl.create_tile([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)\nc = pl.gemv_acc(acc, l, r)"),
    ("_reshape#0", "jit", f"a: {T}[[64, 64], pl.FP32]", "r = pl.reshape(a, [64, 32])",
     "r = pl.reshape(a, [32, 128])"),
    ("_transpose#1", "jit", f"a: {T}[[64, 64], pl.FP32]", "r = pl.transpose(a, 0, 2)",
     "r = pl.transpose(a, 0, 1)"),
    ("_create#0", "tile", f"a: {T}[[64, 64], pl.FP32]",
     "s = pl.create_tile([64, 4], dtype=pl.FP8E8M0, target_memory=pl.Mem.LeftScale)",
     "s = pl.create_tile([64, 4], dtype=pl.FP8E8M0, target_memory=pl.Mem.Mat)"),
    ("_tile_shape#1", "tile", f"a: {T}[[64, 64], pl.FP32]",
     "s = pl.create_tile([], dtype=pl.FP32, target_memory=pl.Mem.Vec)",
     "s = pl.create_tile([1], dtype=pl.FP32, target_memory=pl.Mem.Vec)"),
    ("_enum_kwarg#1", "jit", f"a: {T}[[64, 64], pl.FP32]", "pl.system.syncall(core_type=pl.SyncAllMode.HARD)",
     "pl.system.syncall(core_type=pl.KernelType.AIV)"),
    ("_sync_event#1", "jit", f"a: {T}[[64, 64], pl.FP32]",
     "pl.system.sync_set(14, pipe=pl.PipeType.V, core_type=pl.KernelType.AIV)",
     "pl.system.sync_set(13, pipe=pl.PipeType.V, core_type=pl.KernelType.AIV)"),
    ("_sync_event#2", "jit", f"a: {T}[[64, 64], pl.FP32]",
     "pl.system.sync_set(1, pipe=pl.PipeType.V, ffts_mode=3, core_type=pl.KernelType.AIV)",
     "pl.system.sync_set(1, pipe=pl.PipeType.V, ffts_mode=2, core_type=pl.KernelType.AIV)"),
    ("_sync_event#4", "jit", f"a: {T}[[64, 64], pl.FP32]",
     "pl.system.sync_set(1, pipe=99, core_type=pl.KernelType.AIV)",
     "pl.system.sync_set(1, pipe=pl.PipeType.V, core_type=pl.KernelType.AIV)"),
    ("implicit_layout.require_row_major_src0#0", "tile", f"a: {T}[[64, 1], pl.FP32], b: {T}[[64, 64], pl.FP32]",
     "c = pl.load(a, [0, 0], [64, 1])\nr = pl.tile.row_expand_add(c, c)",
     "c = pl.load(a, [0, 0], [64, 1])\nt = pl.load(b, [0, 0], [64, 64])\nr = pl.tile.row_expand_add(t, c)"),
    ("implicit_layout.require_nd_row_min_input#0", "tile", f"a: {T}[[64, 1], pl.FP32], b: {T}[[1, 64], pl.FP32]",
     "c = pl.load(a, [0, 0], [64, 1])\nr = pl.tile.row_min(c, c)",
     "c = pl.load(b, [0, 0], [1, 64])\nr = pl.tile.row_min(c, c)"),
    ("implicit_layout.require_col_major_target_rank#0", "tile", f"a: {T}[[64, 64], pl.INT32]",
     "c = pl.load(a, [0, 0], [64, 64])\nm = pl.tile.move(c, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.none_box)\n"
     "r = pl.tile.reinterpret_view(m, pl.INT16)",
     "c = pl.load(a, [0, 0], [64, 64])\nm = pl.tile.move(c, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major)\n"
     "r = pl.tile.reinterpret_view(m, pl.INT16)"),
    ("implicit_layout.require_col_major_target_rank#1", "tile", f"a: {T}[[1], pl.INT32], b: {T}[[2], pl.INT32]",
     "c = pl.load(a, [0], [1])\nr = pl.tile.reinterpret_view(c, pl.INT16)",
     "c = pl.load(b, [0], [2])\nr = pl.tile.reinterpret_view(c, pl.INT16)"),
    ("implicit_layout.require_col_major_target_rank#2", "tile", f"a: {T}[[64, 1], pl.INT32]",
     "c = pl.load(a, [0, 0], [64, 1])\nr = pl.tile.reinterpret_view(c, pl.FP16, shape=[128])",
     "c = pl.load(a, [0, 0], [64, 1])\nr = pl.tile.reinterpret_view(c, pl.FP16, shape=[128, 1])"),
    ("valid_views._colon#0", "tile", f"x: {T}[[64, 64], pl.FP32]",
     "s = pl.tensor.slice(x, [64, 64], [0, 0], valid_shape=[32, 64])\nr = pl.tensor.view(s, [4096])",
     "s = pl.tensor.slice(x, [64, 64], [0, 0], valid_shape=[64, 64])\nr = pl.tensor.view(s, [4096])"),
    ("_prefetch#0", "tile", f"a: {T}[[1, 4096], pl.FP16]",
     "ctx = pl.prefetch.make_context()\nt = pl.load(a, [0, 0], [1, 64])\nev = pl.prefetch.async_prefetch(t, ctx)",
     "ctx = pl.prefetch.make_context()\nev = pl.prefetch.async_prefetch(a, ctx)"),
    ("_prefetch#1", "jit", f"s: {T}[[], pl.FP16], a: {T}[[1, 4096], pl.FP16]",
     "ctx = pl.prefetch.make_context()\nev = pl.prefetch.async_prefetch(s, ctx)",
     "ctx = pl.prefetch.make_context()\nev = pl.prefetch.async_prefetch(a, ctx)"),
    ("_prefetch#2", "jit", f"a: {T}[[64, 64], pl.FP16], f: {T}[[1, 4096], pl.FP16]",
     "ctx = pl.prefetch.make_context()\nev = pl.prefetch.async_prefetch(a, ctx)",
     "ctx = pl.prefetch.make_context()\nev = pl.prefetch.async_prefetch(f, ctx)"),
    ("_mx_product#0", "a5", f"{MX}, a3: {T}[[2, 64, 128], pl.FP8E4M3FN]",
     f"{MXL}\nl3 = pl.load(a3, [0, 0, 0], [2, 64, 128], {MAT})\nc = pl.matmul_mx(l3, ls, r, rs)",
     f"{MXL}\nc = pl.matmul_mx(l, ls, r, rs)"),
    ("_mx_product#1", "a5", f"{MX}, h: {T}[[64, 128], pl.FP16]",
     f"{MXL}\nlh = pl.load(h, [0, 0], [64, 128], {MAT})\nc = pl.matmul_mx(lh, ls, r, rs)",
     f"{MXL}\nc = pl.matmul_mx(l, ls, r, rs)"),
    ("_mx_product#2", "a5", f"{MX}, m: {T}[[8, 128], pl.FP8E4M3FN], ms: {T}[[8, 4], pl.FP8E8M0]",
     f"{MXL}\nlm = pl.load(m, [0, 0], [8, 128], {MAT})\nlms = pl.load(ms, [0, 0], [8, 4], {MAT})\n"
     "c = pl.matmul_mx(lm, lms, r, rs)", f"{MXL}\nc = pl.matmul_mx(l, ls, r, rs)"),
    ("_mx_product#3", "a5", f"{MX}, n: {T}[[128, 48], pl.FP8E4M3FN], ns: {T}[[4, 48], pl.FP8E8M0]",
     f"{MXL}\nrn = pl.load(n, [0, 0], [128, 48], {MAT})\nrns = pl.load(ns, [0, 0], [4, 48], {MAT})\n"
     "c = pl.matmul_mx(l, ls, rn, rns)", f"{MXL}\nc = pl.matmul_mx(l, ls, r, rs)"),
    ("_mx_product#4", "a5", f"{MX}, k: {T}[[64, 64], pl.FP8E4M3FN]",
     f"{MXL}\nrk = pl.load(k, [0, 0], [64, 64], {MAT})\nc = pl.matmul_mx(l, ls, rk, rs)",
     f"{MXL}\nc = pl.matmul_mx(l, ls, r, rs)"),
    ("_mx_product#5", "a5", f"{MX}, k: {T}[[64, 96], pl.FP8E4M3FN], kr: {T}[[96, 64], pl.FP8E4M3FN]",
     f"{MXL}\nlk = pl.load(k, [0, 0], [64, 96], {MAT})\nrk = pl.load(kr, [0, 0], [96, 64], {MAT})\n"
     "c = pl.matmul_mx(lk, ls, rk, rs)", f"{MXL}\nc = pl.matmul_mx(l, ls, r, rs)"),
    ("_mx_product#6", "a5", f"{MX}, sh: {T}[[64, 4], pl.FP16]",
     f"{MXL}\nlsh = pl.load(sh, [0, 0], [64, 4], {MAT})\nc = pl.matmul_mx(l, lsh, r, rs)",
     f"{MXL}\nc = pl.matmul_mx(l, ls, r, rs)"),
    ("_mx_product#7", "a5", f"{MX}, s3: {T}[[1, 64, 4], pl.FP8E8M0]",
     f"{MXL}\nls3 = pl.load(s3, [0, 0, 0], [1, 64, 4], {MAT})\nc = pl.matmul_mx(l, ls3, r, rs)",
     f"{MXL}\nc = pl.matmul_mx(l, ls, r, rs)"),
    ("_mx_product#8", "a5", f"{MX}, s2: {T}[[64, 2], pl.FP8E8M0]",
     f"{MXL}\nls2 = pl.load(s2, [0, 0], [64, 2], {MAT})\nc = pl.matmul_mx(l, ls2, r, rs)",
     f"{MXL}\nc = pl.matmul_mx(l, ls, r, rs)"),
    # A runtime K (a pl.dynamic extent): the scale must be a 2D tile before the scale-group count is read off it.
    ("_mx_scale_kinds#0", "a5k", f"{MX}, {MXK}", f"{MXL}\n{MXKL}\nd = pl.matmul_mx(lk, sa, r, rs)",
     f"{MXL}\n{MXKL}\nd = pl.matmul_mx(lk, ls, r, rs)"),
    ("_mx_scale_kinds#1", "a5k", f"{MX}, {MXK}, s3: {T}[[1, 64, 4], pl.FP8E8M0]",
     f"{MXL}\n{MXKL}\nls3 = pl.load(s3, [0, 0, 0], [1, 64, 4], {MAT})\nd = pl.matmul_mx(lk, ls3, r, rs)",
     f"{MXL}\n{MXKL}\nd = pl.matmul_mx(lk, ls, r, rs)"),
    ("_mx_scale_kinds#2", "a5k", f"{MX}, {MXK}", f"{MXL}\n{MXKL}\nd = pl.matmul_mx(lk, ls, r, sb)",
     f"{MXL}\n{MXKL}\nd = pl.matmul_mx(lk, ls, r, rs)"),
    ("_matmul_mx_acc#0", "a5", MX,
     f"{MXL}\nacc = pl.create_tile([2, 64, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)\n"
     "d = pl.matmul_mx_acc(acc, l, ls, r, rs)",
     f"{MXL}\nacc = pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)\n"
     "d = pl.matmul_mx_acc(acc, l, ls, r, rs)"),
    ("_matmul_mx_acc#1", "a5", MX,
     f"{MXL}\nacc = pl.create_tile([64, 64], dtype=pl.FP16, target_memory=pl.Mem.Acc)\n"
     "d = pl.matmul_mx_acc(acc, l, ls, r, rs)",
     f"{MXL}\nacc = pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)\n"
     "d = pl.matmul_mx_acc(acc, l, ls, r, rs)"),
    ("_matmul_mx_acc#2", "a5", MX,
     f"{MXL}\nacc = pl.create_tile([32, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)\n"
     "d = pl.matmul_mx_acc(acc, l, ls, r, rs)",
     f"{MXL}\nacc = pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)\n"
     "d = pl.matmul_mx_acc(acc, l, ls, r, rs)"),
    ("_matmul_mx_bias#0", "a5", f"{MX}, z3: {T}[[1, 1, 64], pl.FP32]",
     f"{MXL}\nbias = pl.move(pl.load(z3, [0, 0, 0], [1, 1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)\n"
     "d = pl.matmul_mx_bias(l, ls, r, rs, bias)",
     f"{MXL}\nbias = pl.move(pl.load(z, [0, 0], [1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)\nd = pl.matmul_mx_bias(l, ls, r, rs, bias)"),
    ("_matmul_mx_bias#1", "a5", f"{MX}, zh: {T}[[1, 64], pl.FP16]",
     f"{MXL}\nbias = pl.move(pl.load(zh, [0, 0], [1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)\n"
     "d = pl.matmul_mx_bias(l, ls, r, rs, bias)",
     f"{MXL}\nbias = pl.move(pl.load(z, [0, 0], [1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)\nd = pl.matmul_mx_bias(l, ls, r, rs, bias)"),
    ("_matmul_mx_bias#2", "a5", f"{MX}, z2: {T}[[2, 64], pl.FP32]",
     f"{MXL}\nbias = pl.move(pl.load(z2, [0, 0], [2, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)\n"
     "d = pl.matmul_mx_bias(l, ls, r, rs, bias)",
     f"{MXL}\nbias = pl.move(pl.load(z, [0, 0], [1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)\nd = pl.matmul_mx_bias(l, ls, r, rs, bias)"),
    ("_matmul_mx_bias#3", "a5", f"{MX}, zn: {T}[[1, 32], pl.FP32]",
     f"{MXL}\nbias = pl.move(pl.load(zn, [0, 0], [1, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)\n"
     "d = pl.matmul_mx_bias(l, ls, r, rs, bias)",
     f"{MXL}\nbias = pl.move(pl.load(z, [0, 0], [1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)\nd = pl.matmul_mx_bias(l, ls, r, rs, bias)"),
    # Element-wise branches whose rule's fixture exercises another branch.
    ("_tile_trinary#0", "tile", f"a: {T}[[64, 64], pl.FP32], b: {T}[[32, 64], pl.FP32]",
     f"{LA}\nu = pl.load(b, [0, 0], [32, 64])\nr = pl.tile.addc(t, u, t)", f"{LA}\nr = pl.tile.addc(t, t, t)"),
    ("_tile_scalar_tile#0", "tile", f"a: {T}[[64, 64], pl.FP32], b: {T}[[32, 64], pl.FP32]",
     f"{LA}\nu = pl.load(b, [0, 0], [32, 64])\nr = pl.tile.addsc(t, 1.0, u)", f"{LA}\nr = pl.tile.addsc(t, 1.0, t)"),
    ("_binary_scalar#1", "tile", f"a: {T}[[64, 64], pl.INT32]", f"{LA}\nr = pl.xors(t, 2.0, t)",
     f"{LA}\nr = pl.xors(t, 2, t)"),
    ("_binary_scalar#3", "tile", f"a: {T}[[64, 64], pl.FP32], s: pl.Scalar[pl.UINT8]", f"{LA}\nr = pl.sub(t, s)",
     f"{LA}\nr = pl.add(t, s)"),
    ("_tensor_binary#2", "jit", f"a: {T}[[64, 64], pl.INT32]", "r = pl.div(a, a, high_precision=True)",
     "r = pl.div(a, a)"),
    ("_tensor_scalar#0", "jit", f"a: {T}[[64, 64], pl.INT32]", "r = pl.shl(a, 2.0)", "r = pl.shl(a, 2)"),
    ("_tensor_scalar#2", "jit", f"a: {T}[[64, 64], pl.UINT8]", "r = pl.sub(a, 1)", "r = pl.add(a, 1)"),
    ("_tensor_scalar#3", "jit", f"a: {T}[[64, 64], pl.FP32], b: {T}[[4], pl.UINT8]",
     "s = pl.read(b, [0])\nr = pl.sub(a, s)", "s = pl.read(b, [0])\nr = pl.add(a, s)"),
    ("_tile_prelu#5", "tile", f"a: {T}[[64, 64], pl.FP32], b: {T}[[64], pl.FP32]",
     f"{LA}\nu = pl.load(b, [0], [64])\nr = pl.prelu(t, t, u)", f"{LA}\nr = pl.prelu(t, t, t)"),
    ("_sels#0", "tile", f"a: {T}[[64, 64], pl.FP32], m: {T}[[64], pl.INT8]",
     f"{LA}\nk = pl.load(m, [0], [64])\nr = pl.sels(k, t, t, 1.0)", f"{LA}\nk = pl.load(m, [0], [64])\nr = pl.exp(t)"),
    ("_sels#2", "tile", f"a: {T}[[64], pl.FP32], m: {T}[[64, 32], pl.INT8]",
     "t = pl.load(a, [0], [64])\nk = pl.load(m, [0, 0], [64, 32])\nr = pl.sels(k, t, t, 1.0)",
     "t = pl.load(a, [0], [64])\nk = pl.load(m, [0, 0], [64, 32])\nr = pl.exp(t)"),
    ("_sels#3", "tile", f"a: {T}[[64, 64], pl.BF16], m: {T}[[64, 32], pl.INT8]",
     f"{LA}\nk = pl.load(m, [0, 0], [64, 32])\nr = pl.sels(k, t, t, 1.0)",
     f"{LA}\nk = pl.load(m, [0, 0], [64, 32])\nr = pl.sels(k, pl.cast(t, pl.FP32), pl.cast(t, pl.FP32), 1.0)"),
    ("_sels#4", "tile", f"a: {T}[[64, 64], pl.FP32], b: {T}[[64], pl.FP32], m: {T}[[64, 32], pl.INT8]",
     f"{LA}\nu = pl.load(b, [0], [64])\nk = pl.load(m, [0, 0], [64, 32])\nr = pl.sels(k, t, u, 1.0)",
     f"{LA}\nk = pl.load(m, [0, 0], [64, 32])\nr = pl.sels(k, t, t, 1.0)"),
    # Reduction branches whose rule's fixture exercises another branch.
    ("_tile_col#1", "tile", f"a: {T}[[64], pl.FP32]", "t = pl.load(a, [0], [64])\nr = pl.col_max(t)",
     "t = pl.load(a, [0], [64])\nr = pl.exp(t)"),
    ("_tensor_reduce#0", "jit", f"a: {T}[[64], pl.FP32]", "r = pl.col_sum(a)",
     "r = pl.col_sum(pl.reshape(a, [1, 64]))"),
    ("_reduce#0", "tile", f"a: {T}[[64, 64], pl.BF16]", f"{LA}\nr = pl.row_min(t, t)", f"{LA}\nr = pl.row_max(t, t)"),
    # Tensor matmul_acc batch dimensions; window reads and writes (type_inference.cpp).
    # Twins of the batched matmul_acc branches are plain batched matmuls: a GM accumulator, or one of more than
    # one batch, crosses into Acc, which ExpandMixedKernel cannot do (PTO-E10).
    ("_tensor_matmul_acc#4", "jit", f"c: {T}[[2, 64, 64], pl.FP32], a: {T}[[2, 64, 64], pl.FP16], "
     f"b: {T}[[3, 64, 64], pl.FP16]", "r = pl.matmul_acc(c, a, b)", "r = pl.matmul(a, a)"),
    ("_tensor_matmul_acc#6", "jit", f"c: {T}[[3, 64, 64], pl.FP32], d: {T}[[2, 64, 64], pl.FP32], "
     f"a: {T}[[2, 64, 64], pl.FP16]", "r = pl.matmul_acc(c, a, a)", "r = pl.matmul(a, a)"),
    ("windows._require#0", "tile", f"a: {T}[[64, 64], pl.FP32]", f"{LA}\nr = pl.tile.slice(t, [32], [0])",
     f"{LA}\nr = pl.tile.slice(t, [32, 32], [0, 0])"),
    ("windows.check_write#0", "tile", f"a: {T}[[64, 64], pl.FP32], b: {T}[[32, 32], pl.FP32]",
     f"{LA}\nu = pl.load(b, [0, 0], [32, 32])\nr = pl.tile.assemble(t, u, [-32, 0])",
     f"{LA}\nu = pl.load(b, [0, 0], [32, 32])\nr = pl.tile.assemble(t, u, [32, 0])"),
    ("windows.check_drop_dims#0", "jit", f"a: {T}[[64, 64], pl.FP32]",
     "r = pl.slice(a, [1, 64], [0, 0], drop_dims=[2])", "r = pl.slice(a, [1, 64], [0, 0], drop_dims=[0])"),
    ("windows.check_drop_dims#1", "jit", f"a: {T}[[64, 64], pl.FP32]",
     "r = pl.slice(a, [1, 1], [0, 0], drop_dims=[0, 0])", "r = pl.slice(a, [1, 1], [0, 0], drop_dims=[0])"),
    # expand_clone, array.create and cast modes.
    ("_expand_clone#0", "jit", f"a: {T}[[16, 64], pl.FP32], b: {T}[[4, 16, 64], pl.FP32]",
     "r = pl.tensor.expand_clone(a, b)", "r = pl.tensor.expand_clone(b, b)"),
    ("_expand_clone#1", "jit", f"a: {T}[[1, 16, 64], pl.FP32], b: {T}[[2, 4, 16, 64], pl.FP32], "
     f"c: {T}[[4, 16, 64], pl.FP32]", "r = pl.tensor.expand_clone(a, b)", "r = pl.tensor.expand_clone(a, c)"),
    ("_expand_clone#3", "jit", f"a: {T}[[1, 1, 64], pl.FP32], b: {T}[[4, 16, 64], pl.FP32], "
     f"c: {T}[[1, 16, 64], pl.FP32]", "r = pl.tensor.expand_clone(a, b)", "r = pl.tensor.expand_clone(c, b)"),
    ("_array_create#0", "tile", f"a: {T}[[64, 64], pl.FP32]", "arr = pl.array.create(4, pl.FP32)",
     "arr = pl.array.create(4, pl.BOOL)"),
    ("_cast_mode#0", "jit", f"a: {T}[[64, 64], pl.FP32]", "r = pl.cast(a, pl.FP16, mode=True)",
     "r = pl.cast(a, pl.FP16, mode=1)"),
    ("_cast_mode#1", "jit", f"a: {T}[[64, 64], pl.FP32]", "r = pl.cast(a, pl.FP16, mode=7)",
     "r = pl.cast(a, pl.FP16, mode=6)"),
    ("_set_ffts#0", "tile", f"w: {T}[[256], pl.INT32], w64: {T}[[256], pl.INT64]",
     "pl.system.set_ffts(w)", "pl.system.set_ffts(w64)"),
    ("_set_ffts#1", "tile", f"w: {T}[[2, 256], pl.INT64], w64: {T}[[256], pl.INT64]",
     "pl.system.set_ffts(w)", "pl.system.set_ffts(w64)"),
    ("_check_reinterpret#0", "jit", f"a: {T}[[64, 64], pl.INT32]", "r = pl.tensor.reinterpret_view(a, pl.INT32)",
     "r = pl.tensor.reinterpret_view(a, pl.FP32)"),
    ("_check_reinterpret#1", "jit", f"a: {T}[[64, 64], pl.FP32]",
     "r = pl.tensor.reinterpret_view(a, pl.FP16, shape=[64, 64])",
     "r = pl.tensor.reinterpret_view(a, pl.FP16, shape=[64, 128])"),
    ("_extract#0", "tile", f"a: {T}[[2, 64, 64], pl.FP16], b: {T}[[64, 64], pl.FP16]",
     f"t = pl.load(a, [0, 0, 0], [2, 64, 64], {MAT})\n"
     "r = pl.tile.extract(t, 0, 0, [16, 16], target_memory=pl.Mem.Left)",
     f"t = pl.load(b, [0, 0], [64, 64], {MAT})\nr = pl.tile.extract(t, 0, 0, [16, 16], target_memory=pl.Mem.Left)"),
    ("_check_handles#0", "jit", f"p: {T}[[1, 4096], pl.FP32]",
     "r = pl.prefetch.wait(pl.prefetch.async_prefetch(p, pl.prefetch.make_context()), p)",
     "r = pl.prefetch.session(pl.prefetch.make_context())"),
    # Tensors whose annotation names an MX scale-pack layout (TensorType's layout).
    ("_load#0", "tile", f"a: {T}[[64, 2], pl.FP8E8M0, pl.MX_A_ZZ]",
     "t = pl.load(a, [0, 0], [64, 2])", f"t = pl.load(a, [0, 0], [64, 2], {MAT})"),
    ("_no_mx#0", "tile", f"a: {T}[[64, 2], pl.FP8E8M0, pl.MX_A_ZZ], b: {T}[[64, 2], pl.FP8E8M0]",
     "r = pl.tensor.slice(a, [32, 2], [0, 0])", "r = pl.tensor.slice(b, [32, 2], [0, 0])"),
    ("_mx#0", "tile", f"a: {T}[[64, 2], pl.FP16, pl.MX_A_ZZ], b: {T}[[2, 64], pl.UINT8, pl.MX_B_NN]",
     f"t = pl.load(a, [0, 0], [64, 2], {MAT})", f"t = pl.load(b, [0, 0], [2, 64], {MAT})"),
    # Valid regions through views and writes (valid_regions.py, type_inference.cpp).
    ("_reshape#1", "tile", f"a: {T}[[64, 64], pl.FP32]",
     "t = pl.load(a, [0, 0], [1, 1])\nr = pl.tile.reshape(t, [])", "t = pl.load(a, [0, 0], [1, 1])\nr = pl.tile.reshape(t, [1])"),
    ("valid_regions.check_narrowing_offsets#0", "tile", f"a: {T}[[64, 64], pl.FP32]",
     "s = pl.tensor.slice(a, [64, 64], [0, 0], valid_shape=[32, 64])\nt = pl.load(s, [1.5, 0], [16, 64])",
     "s = pl.tensor.slice(a, [64, 64], [0, 0], valid_shape=[32, 64])\nt = pl.load(s, [1, 0], [16, 64])"),
    ("valid_regions.check_drop_valid#0", "tile", f"a: {T}[[64, 64], pl.FP32]",
     "t = pl.load(a, [0, 0], [64, 64], valid_shape=[8, 64])\nr = pl.tile.slice(t, [1, 64], [8, 0], drop_dims=[0])",
     "t = pl.load(a, [0, 0], [64, 64], valid_shape=[8, 64])\nr = pl.tile.slice(t, [1, 64], [7, 0], drop_dims=[0])"),
    ("valid_regions.check_gather_row_shapes#0", "jit", f"h: {T}[[256, 64], pl.FP16]",
     "n = 64\nc = pl.tensor.create_l1([16, 64], pl.FP16)\nc = pl.tensor.gather_row(c, h, [0, 0], [0, 0], [1, n])",
     "n = 64\nc = pl.tensor.create_l1([16, 64], pl.FP16)\nc = pl.tensor.gather_row(c, h, [0, 0], [0, 0], [1, 64])"),
    ("valid_regions.check_gather_row_valid#0", "jit", f"h: {T}[[256, 64], pl.FP16]",
     "n = 64\nc = pl.tensor.create_l1([64, 16], pl.FP16)\n"
     "c = pl.tensor.gather_row(c, h, [0, 0], [0, 0], [16, 64], transpose=True, valid_shape=[16, n])",
     "n = 64\nc = pl.tensor.create_l1([64, 16], pl.FP16)\n"
     "c = pl.tensor.gather_row(c, h, [0, 0], [0, 0], [16, 64], valid_shape=[16, n])"),
    ("valid_regions.check_gather_row_valid#1", "jit", f"h: {T}[[256, 64], pl.FP16]",
     "c = pl.tensor.create_l1([16, 64], pl.FP16)\nc = pl.tensor.gather_row(c, h, [0, 0], [0, 0], [16, 64], valid_shape=[-1, 64])",
     "c = pl.tensor.create_l1([16, 64], pl.FP16)\nc = pl.tensor.gather_row(c, h, [0, 0], [0, 0], [16, 64], valid_shape=[0, 64])"),
    ("valid_regions.check_gather_row_valid#2", "jit", f"h: {T}[[256, 64], pl.FP16]",
     "c = pl.tensor.create_l1([16, 64], pl.FP16)\nc = pl.tensor.gather_row(c, h, [0, 0], [0, 0], [16, 64], valid_shape=[16, 65])",
     "c = pl.tensor.create_l1([16, 64], pl.FP16)\nc = pl.tensor.gather_row(c, h, [0, 0], [0, 0], [16, 64], valid_shape=[16, 64])"),
    ("valid_regions.reshape_valid#0", "tile", f"a: {T}[[64, 64], pl.FP32]",
     f"t = pl.load(a, [0, 0], [64, 64], valid_shape=[32, 64], {MAT})\nr = pl.tile.reshape(t, [32, 128])",
     f"t = pl.load(a, [0, 0], [64, 64], valid_shape=[32, 64], {MAT})\nr = pl.tile.reshape(t, [1, 64, 64])"),
    ("valid_regions.reshape_valid#1", "jit", f"a: {T}[[64, 64], pl.FP32]",
     "s = pl.slice(a, [64, 64], [0, 0], valid_shape=[64, 32])\nr = pl.reshape(s, [4096])",
     "s = pl.slice(a, [64, 64], [0, 0], valid_shape=[32, 64])\nr = pl.reshape(s, [4096])"),
    ("valid_regions.reshape_valid#4", "tile", f"a: {T}[[64, 64], pl.FP32]",
     "t = pl.load(a, [0, 0], [64, 64], valid_shape=[3, 64])\nr = pl.tile.reshape(t, [32, 128])",
     "t = pl.load(a, [0, 0], [64, 64], valid_shape=[3, 64])\nr = pl.tile.reshape(t, [16, 256])"),
    ("valid_regions.write_union#0", "tile", f"a: {T}[[64, 64], pl.FP32]",
     "t = pl.load(a, [0, 0], [64, 64], valid_shape=[0, 64])\nu = pl.load(a, [0, 0], [16, 64])\n"
     "r = pl.tile.assemble(t, u, [16, 0])",
     "t = pl.load(a, [0, 0], [64, 64], valid_shape=[0, 64])\nu = pl.load(a, [0, 0], [16, 64])\n"
     "r = pl.tile.assemble(t, u, [0, 0])"),
    ("valid_regions.write_union#1", "jit", f"a: {T}[[64, 64], pl.FP32], b: {T}[[64, 64], pl.FP32]",
     "t = pl.slice(a, [64, 64], [0, 0], valid_shape=[32, 32])\nu = pl.slice(b, [48, 48], [0, 0])\n"
     "r = pl.assemble(t, u, [16, 16])",
     "t = pl.slice(a, [64, 64], [0, 0], valid_shape=[32, 32])\nu = pl.slice(b, [48, 48], [0, 0])\n"
     "r = pl.assemble(t, u, [0, 0])"),
    ("valid_regions.write_union#2", "tile", f"a: {T}[[64, 64], pl.FP32], b: pl.Out[{T}[[64, 64], pl.FP32]]",
     "t = pl.load(a, [0, 0], [16, 64])\nv = pl.slice(b, [64, 64], [0, 0], valid_shape=[32, 64])\n"
     "r = pl.store(t, [48, 0], v)",
     "t = pl.load(a, [0, 0], [16, 64])\nv = pl.slice(b, [64, 64], [0, 0], valid_shape=[32, 64])\n"
     "r = pl.store(t, [32, 0], v)"),
    ("valid_regions.write_union#3", "tile", f"a: {T}[[64, 64], pl.FP32]",
     "t = pl.load(a, [0, 0], [64, 64], valid_shape=[32, 64])\nu = pl.load(a, [0, 0], [16, 16])\n"
     "r = pl.tile.assemble(t, u, [32, 16])",
     "t = pl.load(a, [0, 0], [64, 64], valid_shape=[32, 64])\nu = pl.load(a, [0, 0], [16, 16])\n"
     "r = pl.tile.assemble(t, u, [16, 16])"),
    ("valid_regions.write_union#4", "tile", f"a: {T}[[64, 64], pl.FP32]",
     "t = pl.load(a, [0, 0], [64, 64], valid_shape=[32, 64])\nu = pl.load(a, [0, 0], [16, 32])\n"
     "r = pl.tile.assemble(t, u, [32, 0])",
     "t = pl.load(a, [0, 0], [64, 64], valid_shape=[32, 64])\nu = pl.load(a, [0, 0], [16, 64])\n"
     "r = pl.tile.assemble(t, u, [32, 0])"),
]  # fmt: skip

# Branches whose rule has a fixture of its own (tests/rules/<code>.py), which the test below runs.
RULE_FIXTURES: dict[str, str] = {
    "_boundary#0": "PTO-D2",
    "_boundary#1": "PTO-D4",
    "_boundary#2": "PTO-D5",
    "_boundary#3": "PTO-D5b",
    "_boundary#4": "PTO-D6",
    "_boundary#5": "PTO-D7",
    "_check_shard_valid_shape#0": "PTO-D8",
    "_check_shard_valid_shape#1": "PTO-D9",
    "_check_shard_valid_shape#2": "PTO-D10",
    "_check_shard_valid_shape#3": "PTO-D11",
    "_enum_kwarg#0": "PTO-SP5",
    "_sync_event#0": "PTO-SP5b",
    "_syncall#0": "PTO-SP7",
    "valid_regions.check_drop_valid#0": "PTO-TD215",
    "valid_regions.check_gather_row_shapes#0": "PTO-TD216",
    "valid_regions.check_gather_row_valid#0": "PTO-TD217",
    "valid_regions.check_gather_row_valid#2": "PTO-TD218",
    "valid_regions.reshape_valid#1": "PTO-TD219",
    "valid_regions.reshape_valid#2": "PTO-TD239",
    "valid_regions.reshape_valid#3": "PTO-TD240",
    "valid_regions.reshape_valid#4": "PTO-TD220",
    "valid_regions.reshape_valid#5": "PTO-TD241",
    "valid_regions.write_union#1": "PTO-TD222",
    "valid_regions.write_union#2": "PTO-TD221",
    "valid_regions.write_union#3": "PTO-TD223",
    "valid_regions.write_union#4": "PTO-TD224",
}

# Branches DSL source cannot reach, with the reason.
NOT_FROM_SOURCE: dict[str, str] = {}


def _program(kind: str, params: str, body: str, name: str) -> str:
    lines = body.split("\n")
    if kind == "jit":
        inner = "\n".join(f"        {line}" for line in lines)
        return f'@pl.jit\ndef {name}({params}):\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="{name}"):\n{inner}\n'
    inner = "\n".join(f"        {line}" for line in lines)
    return (
        f"@pl.program\nclass {name.title()}:\n    @pl.function(type=pl.FunctionType.InCore)\n"
        f"    def {name}(self, {params}):\n{inner}\n"
    )


def _source(kind: str, params: str, body: str, name: str) -> str:
    head = "# target: a5\n" if kind.startswith("a5") else ""
    # "a5k": a module-level runtime extent K (a pl.dynamic symbol) for the MX operands' K.
    symbols = 'K = pl.dynamic("K")\n\n\n' if kind == "a5k" else ""
    program = _program("tile" if kind.startswith("a5") else kind, params, body, name)
    return head + "import pypto.language as pl\n\n\n" + symbols + program


class _Recorder:
    """Which deducer branches fire while a program is analysed."""

    def __init__(self) -> None:
        self.hits: list[str] = []

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        recorder = self
        original = core.DeduceError.__init__

        def recording(
            error: core.DeduceError, code: str, subject: str | None = None, **fields: object
        ) -> None:
            frame = sys._getframe(1)
            module = Path(frame.f_code.co_filename).stem
            site = _raise_sites().get((module, frame.f_code.co_name, frame.f_lineno))
            if site is not None:
                recorder.hits.append(site)
            original(error, code, subject, **fields)

        monkeypatch.setattr(core.DeduceError, "__init__", recording)
        # Resolutions are memoised by value for the whole process: a call another test resolved first
        # would not run its deducer here. A fresh memo while recording.
        monkeypatch.setattr(compiler.ops.resolve, "_RESOLVED", {})


@pytest.mark.parametrize(("site", "kind", "params", "faulty", "twin"), CASES, ids=[case[0] for case in CASES])
def test_branch_fires_from_source_and_the_twin_is_clean(
    monkeypatch: pytest.MonkeyPatch, site: str, kind: str, params: str, faulty: str, twin: str
) -> None:
    recorder = _Recorder()
    recorder.install(monkeypatch)
    analysis = analyze(_source(kind, params, faulty, "faulty"))
    assert site in recorder.hits, (site, recorder.hits)
    errors = [d for d in analysis.diagnostics if d.is_error]
    assert errors, "the deducer's error reaches the user"
    assert all(d.code.startswith(("PTO-F15", "PTO-D")) for d in errors), [d.code for d in errors]
    recorder.hits.clear()
    clean = analyze(_source(kind, params, twin, "twin"))
    assert recorder.hits == []
    assert [d.code for d in clean.diagnostics if d.is_error] == []


@pytest.mark.parametrize(("site", "code"), sorted(RULE_FIXTURES.items()))
def test_branch_fires_in_its_rule_fixture(monkeypatch: pytest.MonkeyPatch, site: str, code: str) -> None:
    recorder = _Recorder()
    recorder.install(monkeypatch)
    path = Path(__file__).parent / "rules" / f"{code}.py"
    analyze(path.read_text(encoding="utf-8"), path=str(path))
    assert site in recorder.hits, (site, recorder.hits)


@functools.cache
def _fixture_hits() -> frozenset[str]:
    """Every deducer branch that some rule fixture (tests/rules/PTO-*.py) makes fire."""
    recorder = _Recorder()
    with pytest.MonkeyPatch.context() as monkeypatch:
        recorder.install(monkeypatch)
        for path in sorted((Path(__file__).parent / "rules").glob("PTO-*.py")):
            analyze(path.read_text(encoding="utf-8"), path=str(path))
    return frozenset(recorder.hits)


def test_every_deducer_branch_has_a_case_or_a_reason() -> None:
    covered = {case[0] for case in CASES} | set(RULE_FIXTURES) | set(NOT_FROM_SOURCE) | _fixture_hits()
    missing = [site for site in _raise_sites().values() if site not in covered]
    assert missing == [], f"deducer branches without a case: {missing}"
    assert set(NOT_FROM_SOURCE) <= set(_raise_sites().values()) and all(NOT_FROM_SOURCE.values())
