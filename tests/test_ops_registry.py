"""Registry data model, ValidateArgEffects, affinity classification and DSL resolution."""

from __future__ import annotations

import pytest

from compiler.ops.opdef import ArgEffect, ArgEffectDecl, Effects, OpDef, WriteChannel
from compiler.ops.registry import (
    Affinity,
    RegistryError,
    all_ops,
    classify_affinity,
    dsl_names,
    get_op,
    has_stated_lane,
    validate_op,
    validate_registry,
)
from compiler.ops.resolve import resolve_call
from compiler.types import UNKNOWN, EnumValue, ScalarType, TensorType, TileType


def _op(name: str) -> OpDef:
    op = get_op(name)
    assert op is not None, name
    return op


def test_registry_covers_appendix_c() -> None:
    ops = all_ops()
    assert len(ops) == 312
    for name in ("tile.matmul", "tensor.adds", "system.syncall", "pld.system.notify", "prefetch.wait"):
        assert name in ops
    assert get_op("tile.softmax") is None


def test_registry_fields() -> None:
    mm = _op("tile.matmul")
    assert mm.args == ("lhs", "rhs")
    assert mm.input_memory == ((0, ("Left",)), (1, ("Right",)))
    assert mm.output_memory is not None and (mm.output_memory.kind, mm.output_memory.space) == (
        "fixed",
        "Acc",
    )
    load = _op("tile.load")
    assert load.output_memory is not None and load.output_memory.kind == "kwarg"
    assert load.output_memory.space is None
    assert _op("tile.slice").output_memory is not None
    assert _op("pld.system.notify").no_duplicate
    assert _op("builtin.tensor.allreduce").internal_only
    assert _op("tensor.add").tile_op == "tile.add"
    assert _op("tensor.matmul").tile_op == "tile.matmul"
    assert _op("tile.tpush_to_aiv").cross_core_role == "TPush"
    assert all(op.doc for op in all_ops().values())


def test_shipped_table_passes_validation() -> None:
    validate_registry(all_ops().values())


def test_effects_declared_per_spec() -> None:
    store = _op("tile.store").effects
    assert store.write_channel is WriteChannel.DMA
    decl = store.verdict(2)
    assert decl is not None
    assert decl.resolve({}) is ArgEffect.WRITE
    assert decl.resolve({"atomic": EnumValue("AtomicType", "Add")}) is ArgEffect.READ_WRITE
    acc = _op("tile.matmul_acc").effects
    assert acc.output_reuses_input == 0
    assert acc.verdict(0) is not None and acc.verdict(0).effect is ArgEffect.READ_WRITE  # type: ignore[union-attr]
    notify = _op("pld.system.notify").effects.verdict(0)
    assert notify is not None
    assert notify.resolve({}) is ArgEffect.READ_WRITE
    assert notify.resolve({"op": EnumValue("NotifyOp", "Set")}) is ArgEffect.WRITE
    assert _op("pld.system.wait").effects.no_arg_writes
    assert _op("system.set_ffts").effects.no_arg_writes
    assert _op("tile.row_sum").effects.workspace_args == (1,)


def test_validator_rejects_channel_without_write() -> None:
    bad = OpDef("test.bad_channel", "TestOp", args=("x",), effects=Effects(write_channel=WriteChannel.DMA))
    problems = validate_op(bad)
    assert len(problems) == 1 and "declares write channel Dma but writes no argument" in problems[0]


def test_validator_rejects_reuse_without_verdict() -> None:
    bad = OpDef("test.bad_reuse", "TestOp", args=("acc", "x"), effects=Effects(output_reuses_input=0))
    assert "set_output_reuses_input(0)" in validate_op(bad)[0]
    ok = OpDef(
        "test.ok_reuse",
        "TestOp",
        args=("acc", "x"),
        effects=Effects(args=(ArgEffectDecl(0, ArgEffect.READ),), output_reuses_input=0),
    )
    assert validate_op(ok) == []


def test_validator_rejects_unworkspaced_write_of_multi_output_op() -> None:
    bad = OpDef(
        "test.bad_multi",
        "TestOp",
        args=("src", "out", "tmp"),
        effects=Effects(
            args=(ArgEffectDecl(1, ArgEffect.WRITE), ArgEffectDecl(2, ArgEffect.WRITE)),
            output_arity=2,
            workspace_args=(2,),
        ),
    )
    problems = validate_op(bad)
    assert len(problems) == 1 and "writes argument 1 (out)" in problems[0]


def test_validator_lists_every_offender() -> None:
    good = _op("tile.add")
    bad1 = OpDef("test.a", "TestOp", args=("x",), effects=Effects(write_channel=WriteChannel.SCALAR))
    bad2 = OpDef(
        "test.b",
        "TestOp",
        args=("x",),
        effects=Effects(args=(ArgEffectDecl(0, ArgEffect.WRITE),), no_arg_writes=True),
    )
    with pytest.raises(RegistryError) as info:
        validate_registry([good, bad1, bad2, good])
    offenders = info.value.offenders
    assert len(offenders) == 3
    assert any(o.startswith("test.a:") for o in offenders)
    assert any(o.startswith("test.b:") and "no_arg_writes" in o for o in offenders)
    assert any(o == "tile.add: registered twice" for o in offenders)


VEC = TileType((64, 64), "FP32", "Vec")
MAT = TileType((64, 64), "FP16", "Mat")
ACC = TileType((64, 64), "FP32", "Acc")


@pytest.mark.parametrize(
    ("name", "args", "kwargs", "expected"),
    [
        ("tile.matmul", (), {}, Affinity.CUBE),  # fixed(Acc) output
        ("tile.add", (VEC, VEC), {}, Affinity.VECTOR),  # fixed(Vec) output
        ("tile.create", (), {"target_memory": EnumValue("MemorySpace", "Acc")}, Affinity.SHARED),
        ("tile.load", (), {"target_memory": EnumValue("MemorySpace", "Mat")}, Affinity.CUBE),
        ("tile.load", (), {"target_memory": EnumValue("Mem", "Vec")}, Affinity.VECTOR),
        ("tile.load", (), {}, Affinity.SHARED),  # kwarg-less compiler load
        ("tile.tpush_to_aiv", (ACC,), {}, Affinity.CUBE),
        ("tile.tpop_from_aiv", (), {}, Affinity.CUBE),
        ("tile.tpush_to_aic", (MAT,), {}, Affinity.VECTOR),
        ("tile.tpop_from_aic", (), {}, Affinity.VECTOR),
        ("tile.move", (ACC,), {"target_memory": EnumValue("MemorySpace", "Vec")}, Affinity.MIXED),
        ("tile.move", (MAT,), {"target_memory": EnumValue("MemorySpace", "Left")}, Affinity.CUBE),
        ("tile.store", (ACC,), {}, Affinity.CUBE),
        ("tile.store", (VEC,), {}, Affinity.VECTOR),
        ("tile.reshape", (MAT,), {}, Affinity.CUBE),
        ("tile.extract", (MAT,), {}, Affinity.VECTOR),
        ("tile.aiv_shard", (ACC,), {"split": 1}, Affinity.MIXED),
        ("system.syncall", (), {"core_type": EnumValue("KernelType", "AIC")}, Affinity.CUBE),
        ("system.syncall", (), {}, Affinity.SHARED),
        ("system.sync_set", (), {"core_type": EnumValue("KernelType", "AIV")}, Affinity.VECTOR),
        ("tensor.matmul", (), {}, Affinity.SHARED),
        ("pld.system.notify", (), {}, Affinity.SHARED),
        ("prefetch.async_prefetch", (), {}, Affinity.VECTOR),
        ("tile.get_subblock_idx", (), {}, Affinity.VECTOR),
    ],
)
def test_classify_affinity(name: str, args: tuple, kwargs: dict, expected: Affinity) -> None:
    assert classify_affinity(_op(name), args, kwargs) is expected


def test_stated_lanes() -> None:
    assert has_stated_lane(_op("tile.tpush_to_aiv"))
    assert has_stated_lane(_op("tile.tpop_from_aic"))
    assert has_stated_lane(_op("system.sync_wait"))
    assert not has_stated_lane(_op("pld.system.notify"))
    assert not has_stated_lane(_op("tile.add"))


def test_dsl_names() -> None:
    names = dsl_names()
    for name in (
        "pl.add",
        "pl.tile.load",
        "pl.system.syncall",
        "pld.system.notify",
        "pld.remote_store",
        "pl.prefetch.async_prefetch",
        "pl.range",
        "pl.at",
        "pl.split_aiv",
        "pl.aiv_shard",
        "pl.aic_gather",
        "pl.const",
        "pl.yield_",
        "pl.dynamic",
        "pl.create_tensor",
    ):
        assert name in names, name
    assert "pl.softmax" not in names
    assert len(names) > 400


@pytest.mark.parametrize(
    ("dsl", "args", "ir"),
    [
        ("pl.add", (TensorType((4, 8), "FP32"), TensorType((4, 8), "FP32")), "tensor.add"),
        ("pl.add", (TensorType((4, 8), "FP32"), 1.0), "tensor.adds"),
        ("pl.mul", (TensorType((4, 8), "FP32"), 2.0), "tensor.muls"),
        ("pl.mul", (VEC, 0.5), "tile.muls"),
        ("pl.mul", (VEC, ScalarType("FP32")), "tile.muls"),
        ("pl.mul", (VEC, VEC), "tile.mul"),
        ("pl.tile.add", (VEC, 1), "tile.adds"),
        ("pl.maximum", (VEC, 0.0), "tile.maximums"),
        ("pl.and_", (TileType((4, 8), "INT32", "Vec"), 1), "tile.ands"),
        ("pl.exp", (VEC,), "tile.exp"),
        ("pl.exp", (TensorType((4, 8), "FP32"),), "tensor.exp"),
        ("pl.load", (TensorType((4, 8), "FP32"), (0, 0), (4, 8)), "tile.load"),
        ("pl.store", (VEC, (0, 0), TensorType((64, 64), "FP32")), "tile.store"),
        ("pl.move", (ACC,), "tile.move"),
        ("pl.create_tensor", ((4, 8),), "tensor.create"),
        ("pl.system.syncall", (), "system.syncall"),
        ("pld.system.notify", (), "pld.system.notify"),
        ("pld.remote_store", (VEC,), "pld.tile.remote_store"),
        ("pld.remote_store", (TensorType((4, 8), "FP32"),), "pld.tensor.remote_store"),
        ("pl.prefetch.make_context", (), "prefetch.make_context"),
        ("pl.tpop_from_aiv", (), "tile.tpop_from_aiv"),
        ("pl.aiv_shard", (ACC,), "tile.aiv_shard"),
        ("pl.aiv_shard", (TensorType((4, 8), "FP32"),), "tensor.aiv_shard"),
    ],
)
def test_resolution(dsl: str, args: tuple, ir: str) -> None:
    res = resolve_call(dsl, args, {})
    assert not res.unknown
    assert res.error is None
    assert res.ir_name == ir
    assert res.op is not None and res.op.name == ir


@pytest.mark.parametrize(
    ("args", "kwargs", "ir"),
    [((VEC,), {"block_len": 64}, "tile.mrgsort_format1"), ((VEC, VEC), {"tmp": VEC}, "tile.mrgsort_format2")],
)
def test_mrgsort_forms_resolve(args: tuple, kwargs: dict, ir: str) -> None:
    """pl.tile.mrgsort's two forms, as the wrapper takes them: block_len= alone, or two sources and tmp=."""
    res = resolve_call("pl.tile.mrgsort", args, kwargs)
    assert res.error is None and res.ir_name == ir


def test_mrgsort_without_a_form_is_the_wrappers_error() -> None:
    """Neither form (one source and no block_len, or two sources and no tmp) is the wrapper's ValueError."""
    for args in ((VEC,), (VEC, VEC)):
        res = resolve_call("pl.tile.mrgsort", args, {})
        assert res.error is not None and res.error.rule.code == "PTO-WR16"


def test_unknown_and_frontend_names() -> None:
    res = resolve_call("pl.softmax", (TensorType((4, 8), "FP32"),), {})
    assert res.unknown and res.ir_name is None and res.error is None
    for name in ("pl.range", "pl.at", "pl.const", "pl.yield_", "pl.dynamic", "pl.split_aiv"):
        res = resolve_call(name, (), {})
        assert not res.unknown and res.error is None and res.result == UNKNOWN


def test_unknown_operands_never_error() -> None:
    t = TensorType((64, 128), "FP32")
    for args in ((UNKNOWN, t), (t, UNKNOWN), (UNKNOWN, UNKNOWN), (UNKNOWN,)):
        res = resolve_call("pl.add", args, {})
        assert res.error is None
    res = resolve_call("pl.matmul", (UNKNOWN, TensorType((3, 7), "FP16")), {})
    assert res.error is None and res.result == UNKNOWN


def test_mixing_tensor_and_tile_is_an_error() -> None:
    res = resolve_call("pl.add", (TensorType((4, 8), "FP32"), TileType((4, 8), "FP32", "Vec")), {})
    assert res.error is not None and str(res.error) == (
        "pl.add: cannot mix Tensor and Tile arguments (Tensor, Tile). All operands must be the same type level — "
        "either all Tensor or all Tile"
    )


def test_scalar_expression() -> None:
    res = resolve_call("pl.add", (ScalarType("INT32"), ScalarType("INT64")), {})
    assert res.ir_name is None and res.error is None
    assert res.result == ScalarType("INT64")


def test_registry_import_stays_light() -> None:
    """The op registry is read on every hover and completion: importing it loads the op data model and the
    vocabulary only, never the deducers, the front end, the passes or the LSP stack. (Its import time is
    measured by benchmarks/bench_frontend.py, not asserted here.)"""
    import subprocess
    import sys

    probe = (
        "import sys, compiler.ops.registry as r; assert r.get_op('tile.add'); print('\\n'.join(sys.modules))"
    )
    loaded = set(
        subprocess.run(
            [sys.executable, "-c", probe], check=True, capture_output=True, text=True
        ).stdout.split()
    )
    heavy = ("compiler.ops.deduce", "compiler.frontend", "compiler.passes", "compiler.pipeline", "compiler.evaluator",
             "compiler.catalog", "libcst", "lsprotocol", "pygls")  # fmt: skip
    assert "compiler.ops.table" in loaded
    assert sorted(m for m in loaded if m.startswith(heavy)) == []


def test_ops_used_by_real_kernels_have_hover_docs() -> None:
    """Every op the corpus and the examples use has a real one-line doc, not a placeholder."""
    import re
    from pathlib import Path

    from compiler import analyze

    root = Path(__file__).resolve().parents[1]
    files = [*(root.parent / "shared" / "corpus").glob("*.py"), *(root / "examples").glob("*.py")]
    placeholder = re.compile(r"\w+Op [\w.]+\.")
    missing = set()
    for path in files:
        for op in analyze(path.read_text(), str(path)).ops:
            opdef = get_op(op.ir_name)
            if opdef is not None and (not opdef.doc or placeholder.fullmatch(opdef.doc)):
                missing.add(op.ir_name)
    assert sorted(missing) == []


def test_op_classifications_are_flags_of_the_declarations() -> None:
    """Boundary ops, row/col reductions (AivSplitValid (b) matches only tile.row_* / tile.col_*) and the
    load/store exemption of (e), (f), (g) (pypto-diagnostics §6) are declared on the ops themselves."""
    from compiler.ops.registry import is_boundary, is_crossing_exempt, reduced_axis

    ops = all_ops()
    assert {n for n, op in ops.items() if op.boundary} == {
        "tile.aiv_shard", "tile.aic_gather", "tensor.aiv_shard", "tensor.aic_gather",
    }  # fmt: skip
    kinds = ("sum", "max", "min", "prod", "argmax", "argmin")
    assert {n: op.reduced_axis for n, op in ops.items() if op.reduced_axis is not None} == {
        **{f"tile.row_{k}": 1 for k in kinds},
        **{f"tile.col_{k}": 0 for k in kinds},
    }
    assert {n for n, op in ops.items() if op.crossing_exempt} == {"tile.load", "tile.store"}
    assert is_boundary("tensor.aiv_shard") and not is_boundary("tile.add") and not is_boundary("alias")
    assert reduced_axis("tile.row_max") == 1 and reduced_axis("tensor.row_max") is None
    assert is_crossing_exempt("tile.store") and not is_crossing_exempt("tile.move")
    assert classify_affinity(_op("tensor.aic_gather")) is Affinity.MIXED
