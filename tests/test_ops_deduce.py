"""Type-deduction families: result types and the compiler's exact error texts."""

from __future__ import annotations

import pytest

from compiler.ops.deduce import broadcast_shapes, promote_dtypes
from compiler.ops.resolve import op_error, resolve_call
from compiler.types import (
    UNKNOWN,
    ArgValue,
    DTypeValue,
    EnumValue,
    ScalarType,
    TensorType,
    TileType,
    ValueType,
)


def T(shape: tuple, dtype: str = "FP32") -> TensorType:
    return TensorType(shape, dtype)


def Tl(shape: tuple, dtype: str = "FP32", memory: str | None = "Vec") -> TileType:
    return TileType(shape, dtype, memory)


def ok(dsl: str, *args: ArgValue, **kwargs: ArgValue) -> ValueType:
    res = resolve_call(dsl, args, kwargs)
    assert res.error is None, res.error
    assert not res.unknown
    return res.result


def err(dsl: str, *args: ArgValue, **kwargs: ArgValue) -> str:
    res = resolve_call(dsl, args, kwargs)
    assert res.error is not None, res
    assert res.result == UNKNOWN
    return str(op_error(dsl, res.error))  # as the parser words it


MEM = "MemorySpace"


# --- corpus-verified texts ------------------------------------------------------------------------


def test_corpus_tensor_matmul_k_mismatch() -> None:
    assert (
        err("pl.matmul", T((64, 128), "FP16"), T((64, 64), "FP16"))
        == "pl operation 'matmul': tensor.matmul requires matching inner dimensions, but got lhs K=128 and rhs K=64"
    )


def test_corpus_add_broadcast_failure() -> None:
    assert (
        err("pl.add", T((64, 128)), T((32, 128)))
        == "pl operation 'add': The operator tensor.add requires compatible shapes, but got [64, 128] and [32, 128]"
    )


def test_corpus_tile_matmul_physical_k() -> None:
    assert err("pl.matmul", Tl((32, 64), "FP16", "Left"), Tl((32, 64), "FP16", "Right")) == (
        "pl operation 'matmul': The operator tile.matmul requires matching physical inner dimensions "
        "(physical K), but got lhs K=64 and rhs K=32"
    )


# --- helpers ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "want"),
    [
        ("INT32", "INT32", "INT32"),
        ("INT32", "FP32", "FP32"),
        ("INT32", "INT64", "INT64"),
        ("UINT32", "INT32", "INT32"),
        ("FP16", "BF16", "FP16"),
        ("FP16", "FP32", "FP32"),
    ],
)
def test_promotion(a: str, b: str, want: str) -> None:
    assert promote_dtypes(a, b) == want


def test_broadcasting() -> None:
    assert broadcast_shapes((4, 8), (4, 8)) == (4, 8)
    assert broadcast_shapes((4, 8), (8,)) == (4, 8)
    assert broadcast_shapes((4, 1), (8,)) == (4, 8)
    assert broadcast_shapes((1, 8), (4, 8)) == (4, 8)
    assert broadcast_shapes((4, 8), (5,)) is None
    assert broadcast_shapes(("M", 8), (4, 8)) == (4, 8)  # symbolic: never an error


# --- families -----------------------------------------------------------------------------------------


def test_binary() -> None:
    assert ok("pl.add", T((4, 8), "INT32"), T((8,), "FP32")) == T((4, 8), "FP32")
    assert ok("pl.tile.mul", Tl((4, 1)), Tl((4, 8))) == Tl((4, 8))
    assert err("pl.tile.sub", Tl((4, 8)), Tl((4, 5))) == (
        "pl.tile operation 'sub': The operator tile.sub requires compatible shapes, but got [4, 8] and [4, 5]"
    )


def test_binary_scalar_and_unary() -> None:
    assert ok("pl.mul", Tl((16, 32), "FP16"), 0.5) == Tl((16, 32), "FP16")
    assert ok("pl.exp", T((16, 32))) == T((16, 32))
    assert ok("pl.neg", Tl((16, 32), memory=None)) == Tl((16, 32))


def test_cast() -> None:
    assert ok("pl.cast", Tl((16, 32), "FP32"), DTypeValue("FP16")) == Tl((16, 32), "FP16")
    assert ok("pl.cast", ScalarType("INT32"), DTypeValue("FP32")) == ScalarType("FP32")


def test_reductions() -> None:
    assert ok("pl.row_sum", Tl((16, 32)), Tl((16, 32))) == Tl((16, 1))
    assert ok("pl.col_max", T((16, 32))) == T((1, 32))
    assert ok("pl.row_argmax", Tl((16, 32)), Tl((16, 32))) == Tl((16, 1), "INT32")
    assert ok("pl.row_max", T((32,))) == T((1,))
    assert err("pl.col_max", T((32,))) == (
        "pl operation 'col_max': The operator tensor.col_max requires at least a 2D tensor, but got 1 dimensions"
    )


def test_row_and_col_expand() -> None:
    assert ok("pl.row_expand_mul", Tl((16, 32)), Tl((16, 1))) == Tl((16, 32))
    assert err("pl.row_expand_mul", Tl((16, 32)), Tl((8, 1))) == (
        "pl operation 'row_expand_mul': The operator tile.row_expand_mul requires matching row dimensions, "
        "but got tile rows=16 and row_vec rows=8"
    )
    assert ok("pl.col_expand_add", T((16, 32)), T((1, 32))) == T((16, 32))
    assert err("pl.col_expand_add", T((16, 32)), T((1, 16))) == (
        "pl operation 'col_expand_add': The operator tensor.col_expand_add requires matching column dimensions, "
        "but got tensor cols=32 and col_vec cols=16"
    )


def test_tensor_matmul_shapes() -> None:
    a, b = T((64, 128), "FP16"), T((128, 32), "FP16")
    assert ok("pl.matmul", a, b) == T((64, 32), "FP16")
    assert ok("pl.matmul", a, b, out_dtype=DTypeValue("FP32")) == T((64, 32), "FP32")
    assert ok("pl.matmul", T((128, 64), "FP16"), T((32, 128), "FP16"), a_trans=True, b_trans=True) == T(
        (64, 32), "FP16"
    )
    assert ok("pl.matmul", T((2, 64, 128)), T((128, 32))) == T((2, 64, 32))


def test_tile_matmul_result_and_dtype() -> None:
    assert ok("pl.matmul", Tl((16, 64), "FP16", "Left"), Tl((64, 32), "FP16", "Right")) == Tl(
        (16, 32), "FP32", "Acc"
    )
    assert ok("pl.tile.matmul", Tl((16, 64), "INT8"), Tl((64, 32), "INT8")) == Tl((16, 32), "INT32", "Acc")
    assert err("pl.matmul", Tl((16, 64), "FP16"), Tl((64, 32), "BF16")) == (
        "pl operation 'matmul': The operator tile.matmul requires identical lhs and rhs data types, "
        "but got fp16 and bfloat16"
    )


def test_matmul_acc_and_init_cond() -> None:
    acc = Tl((16, 32), "FP32", "Acc")
    lhs, rhs = Tl((16, 64), "FP16", "Left"), Tl((64, 32), "FP16", "Right")
    assert ok("pl.matmul_acc", acc, lhs, rhs, init_cond=ScalarType("BOOL")) == acc
    assert err("pl.tile.matmul_acc", acc, lhs, rhs, ScalarType("INDEX")) == (
        "pl.tile operation 'matmul_acc': The operator tile.matmul_acc requires init_cond to have dtype BOOL, "
        "but got INDEX. Write a comparison such as `k == 0` rather than passing the index itself."
    )
    assert err("pl.matmul_acc", Tl((16, 32), "INT32", "Acc"), lhs, rhs) == (
        "pl operation 'matmul_acc': The operator tile.matmul_acc requires accumulator dtype fp32, but got int32"
    )
    assert err("pl.matmul_acc", Tl((32, 32), "FP32", "Acc"), lhs, rhs) == (
        "pl operation 'matmul_acc': The operator tile.matmul_acc requires matching physical M dimensions, "
        "but got acc M=32 and product M=16"
    )
    tacc = T((16, 32))
    assert ok("pl.matmul_acc", tacc, T((16, 64), "FP16"), T((64, 32), "FP16")) == tacc
    assert err("pl.matmul_acc", tacc, T((16, 64)), T((64, 32)), init_cond=ScalarType("INT64")).endswith(
        "tensor.matmul_acc requires init_cond to have dtype BOOL, but got INT64. "
        "Write a comparison such as `k == 0` rather than passing the index itself."
    )


def test_matmul_bias() -> None:
    lhs, rhs = Tl((16, 64), "FP16", "Left"), Tl((64, 32), "FP16", "Right")
    assert ok("pl.matmul_bias", lhs, rhs, Tl((1, 32), "FP32", "Bias")) == Tl((16, 32), "FP32", "Acc")
    assert err("pl.matmul_bias", lhs, rhs, Tl((2, 32), "FP32", "Bias")) == (
        "pl operation 'matmul_bias': The operator tile.matmul_bias requires bias to have shape [1, N], "
        "but got [2, 32]"
    )


def test_batch_matmul() -> None:
    assert ok("pl.batch_matmul", Tl((4, 16, 64), "FP16"), Tl((1, 64, 32), "FP16")) == Tl(
        (4, 16, 32), "FP32", "Acc"
    )
    assert err("pl.batch_matmul", Tl((4, 16, 64), "FP16"), Tl((4, 32, 32), "FP16")) == (
        "pl operation 'batch_matmul': The operator tile.batch_matmul requires matching inner dimensions, "
        "but got lhs K=64 and rhs K=32"
    )


def test_gemv() -> None:
    assert ok("pl.gemv", Tl((1, 64), "FP16", "Left"), Tl((64, 32), "FP16", "Right")) == Tl(
        (16, 32), "FP32", "Acc"
    )
    assert err("pl.gemv", Tl((2, 64), "FP16"), Tl((64, 32), "FP16")) == (
        "pl operation 'gemv': GEMV requires lhs physical row extent to be exactly 1, but got shape [2, 64]"
    )
    assert err("pl.gemv", Tl((1, 64), "INT16"), Tl((64, 32), "INT16")) == (
        "pl operation 'gemv': The operator tile.gemv supports only INT8 x INT8 -> INT32 and same-type "
        "FP16/BF16/FP32 inputs -> FP32, but got INT16"
    )
    assert err("pl.gemv_acc", Tl((1, 32), "FP32", "Acc"), Tl((1, 64), "FP16"), Tl((64, 32), "FP16")) == (
        "pl operation 'gemv_acc': The operator tile.gemv_acc requires accumulator physical shape [16, 32], "
        "but got [1, 32]"
    )


def test_matmul_mx_alignment() -> None:
    lhs, rhs = Tl((128, 64), "FP8E4M3FN", "Left"), Tl((64, 64), "FP8E4M3FN", "Right")
    ls, rs = Tl((128, 2), "FP8E8M0", "LeftScale"), Tl((2, 64), "FP8E8M0", "RightScale")
    assert ok("pl.matmul_mx", lhs, ls, rhs, rs) == Tl((128, 64), "FP32", "Acc")
    assert err("pl.matmul_mx", Tl((120, 64), "FP8E4M3FN"), ls, rhs, rs) == (
        "pl operation 'matmul_mx': The operator tile.matmul_mx requires physical M divisible by 16 "
        "(ISA/PTOAS tmatmul_mx), but got M=120"
    )
    assert err("pl.matmul_mx", Tl((128, 96), "FP8E4M3FN"), ls, Tl((96, 64), "FP8E4M3FN"), rs) == (
        "pl operation 'matmul_mx': The operator tile.matmul_mx requires physical K divisible by 64 "
        "(ISA/PTOAS tmatmul_mx), but got lhs K=96"
    )
    assert err("pl.matmul_mx", lhs, Tl((128, 4), "FP8E8M0"), rhs, rs) == (
        "pl operation 'matmul_mx': The operator tile.matmul_mx requires lhs_scale physical cols=2, but got 4"
    )
    assert "native FP4 matmul is not supported, so cast the FP4 lhs to FP8E4M3FN" in err(
        "pl.matmul_mx", Tl((128, 64), "FP4"), ls, rhs, rs
    )


def test_load_store_move() -> None:
    src = T((64, 128), "FP16")
    assert ok("pl.load", src, (0, 0), (32, 64)) == Tl((32, 64), "FP16", "Vec")
    assert ok("pl.load", src, (0, 0), (32, 64), target_memory=EnumValue(MEM, "Mat")) == Tl(
        (32, 64), "FP16", "Mat"
    )
    out = T((32, 64), "FP32")
    assert ok("pl.store", Tl((32, 64), "FP32", "Acc"), (0, 0), out) == out
    assert ok("pl.move", Tl((32, 64), "FP16", "Mat"), target_memory=EnumValue(MEM, "Left")) == Tl(
        (32, 64), "FP16", "Left"
    )


def test_views() -> None:
    assert ok("pl.slice", T((64, 128)), (16, 32), (0, 0)) == T((16, 32))
    assert ok("pl.slice", Tl((64, 128), memory="Mat"), (16, 32), (0, 0)) == Tl((16, 32), memory="Mat")
    assert ok("pl.reshape", T((64, 128)), (128, 64)) == T((128, 64))
    assert err("pl.reshape", Tl((64, 128)), (64, 64)) == (
        "pl operation 'reshape': tile.reshape: cannot reshape tile of size 8192 into shape with size 4096"
    )
    assert ok("pl.reshape", T((64, 128)), (-1, 64)) == T((-1, 64))  # a -1 extent is inferred, not compared
    assert ok("pl.transpose", T((64, 128)), 0, 1) == T((128, 64))
    assert ok("pl.assemble", T((64, 128)), T((16, 128)), (0, 0)) == T((64, 128))
    assert ok("pl.concat", Tl((16, 32)), Tl((16, 32))) == Tl((16, 64))


def test_creators() -> None:
    assert ok("pl.full", (16, 32), DTypeValue("FP32"), 0.0) == T((16, 32))
    assert ok("pl.tile.full", (16, 32), DTypeValue("FP32"), 0.0) == Tl((16, 32))
    assert ok("pl.create_tensor", (16, 32), DTypeValue("BF16")) == T((16, 32), "BF16")
    assert ok("pl.create_tile", (16, 32), DTypeValue("FP32"), target_memory=EnumValue(MEM, "Acc")) == Tl(
        (16, 32), "FP32", "Acc"
    )
    assert ok("pl.tile.create", (16, 32), DTypeValue("FP32")) == Tl((16, 32), "FP32", "Vec")
    assert ok("pl.arange", 0, (1, 32)) == T((1, 32), "INT32")


def test_shard_and_gather() -> None:
    acc = Tl((64, 32), "FP32", "Acc")
    assert ok("pl.aiv_shard", acc, split=1) == Tl((32, 32), "FP32", "Vec")
    assert ok("pl.aiv_shard", Tl((63, 32), "FP32", "Acc"), split=1) == Tl((32, 32), "FP32", "Vec")
    assert ok("pl.aic_gather", Tl((32, 16), "FP16"), split=2) == Tl((32, 32), "FP16", "Mat")
    assert ok("pl.aiv_shard", acc, split=0) == Tl((64, 32), "FP32", "Vec")
    assert ok("pl.aiv_shard", acc) == UNKNOWN  # split comes from the region
    assert err("pl.aiv_shard", T((2, 64, 32)), split=1) == (
        "pl operation 'aiv_shard': tensor.aiv_shard requires a 2D tensor, but got rank 3. Reshape the operand to 2D (pl.reshape) before "
        "the shard / gather so the UP_DOWN / LEFT_RIGHT split axis is unambiguous."
    )


def test_store_takes_a_tile() -> None:
    """DeduceTileStoreType: pl.store writes a tile; a tensor (a tensor-level matmul's result) is rejected (the
    built compiler's words on a jit kernel storing pl.matmul of two tensors)."""
    out = T((64, 64))
    assert ok("pl.store", Tl((64, 64)), (0, 0), out) == out
    assert err("pl.store", T((64, 64)), (0, 0), out) == (
        "pl operation 'store': The operator tile.store requires first argument to be a TileType, but got TensorType"
    )


def test_mgather_shapes() -> None:
    """Row mode gathers whole table rows ([R, the table's last dimension]); elem mode keeps the index shape
    (DeduceTileMgatherType; the compiler accepts a matmul on a Mat row gather with K = R)."""
    table = T((256, 64), "BF16")
    column = TileType((16, 1), "INT32", "Vec", (9, 1))
    row = ok("pl.tile.mgather", table, column)
    assert row == Tl((16, 64), "BF16", "Vec") and row.valid == (9, 64)
    assert ok("pl.tile.mgather", table, Tl((1, 32), "INT32")) == Tl((32, 64), "BF16", "Vec")
    mat = EnumValue(MEM, "Mat")
    assert ok("pl.tile.mgather", T((128, 64), "FP16"), T((1, 32), "INT32"), target_memory=mat) == Tl(
        (32, 64), "FP16", "Mat"
    )
    windowed = ok(
        "pl.tile.mgather", T((128, 64), "FP16"), T((1, 32), "INT32"), target_memory=mat, valid_shape=(9, 21)
    )
    assert windowed.valid == (9, 21)
    elem = TileType((8, 32), "INT32", "Vec", (5, 19))
    gathered = ok("pl.tile.mgather", T((256,), "INT16"), elem, coalesce="elem")
    assert gathered == Tl((8, 32), "INT16", "Vec") and gathered.valid == (5, 19)


def test_tpop() -> None:
    assert ok("pl.tpop_from_aic", shape=(16, 32), dtype=DTypeValue("FP32")) == Tl((16, 32), "FP32", "Vec")
    assert ok("pl.tpop_from_aiv", shape=(16, 32), dtype=DTypeValue("FP16")) == Tl((16, 32), "FP16", None)
    assert ok("pl.tpop_from_aiv") == UNKNOWN


def test_prefetch() -> None:
    ok("pl.prefetch.async_prefetch", T((1, 4096)), UNKNOWN)
    assert err("pl.prefetch.async_prefetch", T((4, 1024)), UNKNOWN) == (
        "pl.prefetch operation 'async_prefetch': prefetch.async_prefetch expects src to be a flat contiguous "
        "logical 1D GM region (all dimensions except the last must be 1), but dimension 0 is 4; reshape the "
        "tensor to [N] or [1, ..., N] before prefetching"
    )
    assert ok("pl.prefetch.wait", UNKNOWN, UNKNOWN) == ScalarType("BOOL")


def test_syncall_enums() -> None:
    ok("pl.system.syncall", core_type=EnumValue("KernelType", "AIC"), mode=EnumValue("SyncAllMode", "HARD"))
    assert err("pl.system.syncall", core_type="mix") == (
        "pl.system.syncall: core_type must be a pl.KernelType member "
        "(pl.KernelType.AIC / pl.KernelType.AIV / pl.KernelType.MIX), but got str 'mix'"
    )
    assert err("pl.system.syncall", mode=EnumValue("SyncAllMode", "SOFT")) == (
        "pl.system.syncall: mode=pl.SyncAllMode.SOFT requires gm_workspace= and used_cores= "
        "(used_cores=0 selects the single-operand form)"
    )
    assert err(
        "pl.system.sync_set", 0, pipe=EnumValue("PipeType", "V"), core_type=EnumValue("KernelType", "MIX")
    )
    ok("pl.system.sync_wait", 3, pipe=EnumValue("PipeType", "V"), core_type=EnumValue("KernelType", "AIV"))


def test_scalar_queries() -> None:
    assert ok("pl.get_block_idx") == ScalarType("INDEX")
    assert ok("pl.system.available_aiv_count") == ScalarType("INT32")
    assert ok("pl.read", T((4, 8), "FP16"), (0, 0)) == ScalarType("FP16")


def test_the_resolution_memo_keeps_apart_what_equality_does_not() -> None:
    """resolve_call is memoised by value: a tile's valid extents (not compared by ==) and a literal's type
    (1 == 1.0 == True) are part of the key, whichever call comes first."""
    from compiler.ops.resolve import _RESOLVED, _arg_key, resolve_call
    from compiler.types import TileType

    full = TileType((16, 64), "FP32", "Vec")
    part = TileType((16, 64), "FP32", "Vec", valid=(8, 64))
    for first, second in ((full, part), (part, full)):
        _RESOLVED.clear()
        assert resolve_call("pl.exp", [first], {}).result.valid == first.valid  # type: ignore[union-attr]
        assert resolve_call("pl.exp", [second], {}).result.valid == second.valid  # type: ignore[union-attr]
    assert len({_arg_key(1), _arg_key(1.0), _arg_key(True)}) == 3
    assert _arg_key((full,)) != _arg_key((part,))
