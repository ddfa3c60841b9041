"""Unit tests per pass: outlining, tensor-to-tile conversion, memory inference, lanes after expansion."""

from __future__ import annotations

from pathlib import Path

from compiler import analyze
from compiler.diagnostics import Diagnostic
from compiler.frontend.checks.facts import FunctionFacts
from compiler.frontend.checks.walk import FunctionChecker
from compiler.frontend.parser import parse_document
from compiler.passes.convert_tensor_to_tile_ops import convert
from compiler.passes.infer_tile_memory_space import infer
from compiler.passes.model import BRIDGE_LOAD, CROSSING_MOVE, ENTRY_LOAD, Kernel, TOp, ops_of
from compiler.passes.outline_incore_scopes import outline

HEADER = "import pypto.language as pl\n\n\n"


def lowered(source: str) -> list[Kernel]:
    """Run the front end, OutlineIncoreScopes, ConvertTensorToTileOps and InferTileMemorySpace."""
    parsed = parse_document(source)
    env = dict(parsed.env)
    sink: list[Diagnostic] = []
    facts: dict[str, FunctionFacts] = {}
    for program in [None, *parsed.module.programs]:
        functions = parsed.module.functions if program is None else program.functions
        members = {f.name: f for f in functions} if program is not None else {}
        for f in functions:
            facts[f"{f.program or ''}.{f.name}"] = FunctionChecker(
                f, env, frozenset(), members, sink.append
            ).run()
    kernels, _ = outline(parsed.module, facts, env, sink.append)
    out = []
    for item in kernels:
        kernel = convert(item, facts[f"{item.function.program or ''}.{item.function.name}"], env)
        out.append(infer(kernel, sink.append, "a2a3"))
    return out


def ops(kernel: Kernel) -> list[TOp]:
    """The op statements of a kernel in program order."""
    return [op for op, _ in ops_of(kernel.body)]


JIT_TWO_SCOPES = (
    HEADER
    + """@pl.jit
def f(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):
        acc = pl.matmul(x, w, out_dtype=pl.FP32)
        out[:] = pl.exp(acc)
    with pl.at(level=pl.Level.CORE_GROUP):
        out[:] = pl.mul(out, 2.0)
    return out
"""
)


def test_outline_names_and_kinds() -> None:
    """@pl.jit scopes are named '<function>_<name_hint>', unnamed ones '<function>_incore_<n>'."""
    kernels = lowered(JIT_TWO_SCOPES)
    assert [(k.name, k.source_kind, k.outlined) for k in kernels] == [
        ("f_mm", "pl.at", True),
        ("f_incore_1", "pl.at", True),
    ]


def test_convert_bridges_matmul_operands_to_mat_at_the_matmul() -> None:
    """GM matmul operands get tile.load(Mat) with the matmul's span; the result lives in Acc."""
    first = ops(lowered(JIT_TWO_SCOPES)[0])
    bridges = [op for op in first if op.origin == BRIDGE_LOAD]
    matmul = next(op for op in first if op.op == "tile.matmul")
    assert [(b.memory, b.call_span) for b in bridges] == [("Mat", matmul.call_span)] * 2
    assert matmul.memory == "Acc"


def test_convert_subscript_store_and_entry_load() -> None:
    """`out[:] = v` is a tile.store; a GM parameter read by a vector op is loaded to Vec once, at entry."""
    second = ops(lowered(JIT_TWO_SCOPES)[1])
    assert [op.op for op in second] == ["tile.load", "tile.muls", "tile.store"]
    assert second[0].origin == ENTRY_LOAD and second[0].memory == "Vec"
    assert second[0].line_span is None  # outlined: the entry load has the function's own span


def test_infer_inserts_one_crossing_move_per_value_and_block() -> None:
    """Two vector readers of a matmul result share one Acc->Vec move (the first one's line)."""
    source = (
        HEADER
        + """@pl.jit
def g(q: pl.Tensor[[64, 64], pl.FP16], k: pl.Tensor[[64, 64], pl.FP16], p: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        s = pl.matmul(q, k, out_dtype=pl.FP32)
        m = pl.row_max(s)
        p[:] = pl.row_expand_sub(s, m)
    return p
"""
    )
    moves = [op for op in ops(lowered(source)[0]) if op.origin == CROSSING_MOVE]
    assert [(m.operands, m.memory, m.crossing, m.line_span.line if m.line_span else 0) for m in moves] == [
        (("s",), "Vec", "C2V", 8)
    ]
    lanes = analyze(source).lane_map()
    assert (lanes[7], lanes[8], lanes[9]) == ("aic", "both", "aiv")


def test_infer_matmul_reading_a_vector_value_is_a_v2c_crossing() -> None:
    """A matmul operand computed on the vector lane is moved Vec->Left before the matmul."""
    source = (
        HEADER
        + """@pl.jit
def h(a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        s = pl.add(a, b)
        out = pl.assemble(out, pl.matmul(s, b), [0, 0])
    return out
"""
    )
    moves = [op for op in ops(lowered(source)[0]) if op.origin == CROSSING_MOVE]
    assert [(m.operands, m.memory, m.crossing) for m in moves] == [(("s",), "Left", "V2C")]


def test_acc_store_into_int8_is_rejected() -> None:
    """AccToGmStoreValid: the fix-pipe narrows Acc only into INT32 / FP32 / FP16 / BF16."""
    source = (
        HEADER
        + """@pl.jit
def q(a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], c: pl.Out[pl.Tensor[[64, 64], pl.INT8]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="qmm"):
        acc = pl.matmul(a, b, out_dtype=pl.FP32)
        c = pl.assemble(c, acc, [0, 0])
    return c
"""
    )
    (diag,) = analyze(source).diagnostics
    assert diag.code == "PTO-AG1" and diag.span.line == 8
    assert "'int8' global tensor on the 'a2a3' backend (function 'q_qmm')" in diag.message


def test_hand_declared_incore_entry_load_keeps_the_parameter_line() -> None:
    """In a hand-declared InCore function the entry load carries the parameter's span (its lane shows there)."""
    source = (
        HEADER
        + """@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def vec(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        out = pl.assemble(out, pl.exp(x), [0, 0])
        return out
"""
    )
    lanes = analyze(source).lane_map()
    assert lanes == {9: "aiv", 12: "aiv", 13: "aiv"}


def test_dead_shared_declarations_leave_the_lane_that_does_not_use_them() -> None:
    """A tile.create used only by cube work, and an unread region lane index, are dropped from AIV."""
    source = (
        HEADER
        + """@pl.jit
def acc_loop(x: pl.Tensor[[64, 256], pl.BF16], w: pl.Tensor[[256, 64], pl.BF16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        acc = pl.create_tensor([64, 64], dtype=pl.FP32)
        for kb in pl.range(0, 4):
            k0 = kb * 64
            acc = pl.matmul_acc(acc, x[:, k0 : k0 + 64], w[k0 : k0 + 64, :])
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            out[:, :] = pl.exp(acc)
    return out
"""
    )
    analysis = analyze(source)
    assert not analysis.has_errors, [d.message for d in analysis.diagnostics]
    lanes = analysis.lane_map()
    assert (lanes[7], lanes[8], lanes[9], lanes[10]) == ("aic", "aic", "aic", "aic")
    assert 11 not in lanes  # `lane` is never read, so its get_subblock_idx is dead
    assert lanes[12] == "both"


CLUSTER = (
    HEADER
    + """@pl.program
class C:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        i = pl.tile.get_block_idx()
        out = pl.store(pl.exp(pl.load(x, [i * 0, 0], [64, 64])), [i * 0, 0], out)
        return out

    @pl.function
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.cluster():
            n = pl.system.available_cluster_count()
            with pl.spmd(n):
                out = self.k(x, out)
        return out
"""
)


def test_cluster_spmd_width_bound_inside_the_cluster_is_rejected() -> None:
    """OC-1 at the cluster; computing the width before `with pl.cluster():` is accepted."""
    (diag,) = analyze(CLUSTER).diagnostics
    assert diag.code == "PTO-OC1" and diag.span.line == 14
    assert diag.message.startswith("pl.spmd() block count references 'n', which is defined inside")
    fixed = CLUSTER.replace(
        "        with pl.cluster():\n            n = pl.system.available_cluster_count()",
        "        n = pl.system.available_cluster_count()\n        with pl.cluster():",
    )
    assert analyze(fixed).diagnostics == ()


def test_missing_gather_fix_offered_only_for_vector_values() -> None:
    """AV-F offers `x = pl.aic_gather(x)` for a Vec value (057), not for a cube-side move in a region (051)."""
    from tests.corpus_check import CORPUS

    def fixes(case: str) -> list[tuple[str, ...]]:
        found = analyze((CORPUS / case).read_text()).diagnostics
        return [tuple(f.kind for f in d.fixes) for d in found if d.code == "PTO-AV-F"]

    assert fixes("057_jit_tensor_missing_gather.py") == [("insert_aic_gather",)]
    assert fixes("051_program_cube_move_in_region.py") == [()]


def test_flatten_rejects_batch_axis_transpose_of_a_3d_tile() -> None:
    """FT-7 for a >2D transpose touching a batch axis; transposing the last two axes is fine."""
    source = (
        HEADER
        + """@pl.jit
def t3(x: pl.Tensor[[2, 32, 32], pl.FP32], out: pl.Out[pl.Tensor[OUT, pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        xt = pl.load(x, [0, 0, 0], [2, 32, 32])
        out = pl.store(pl.transpose(xt, AXES), [0, 0, 0], out)
    return out
"""
    )
    # The destination has the transposed shape, so the store itself fits (tile.store checks its bounds).
    (diag,) = analyze(source.replace("AXES", "0, 1").replace("OUT", "[32, 2, 32]")).diagnostics
    assert diag.code == "PTO-FT7" and diag.span.line == 8
    assert "(axes 0, 1 of rank 3)" in diag.message
    assert not analyze(source.replace("AXES", "1, 2").replace("OUT", "[2, 32, 32]")).has_errors


def test_module_names_bound_any_way_are_never_undefined() -> None:
    """Tuple unpacking, unreadable imports and names bound under a top-level `if` are known names."""
    source = (
        HEADER
        + """from .missing_config import ROWS
T, N = 128, 64
if True:
    COLS = 64


@pl.jit
def k(a: pl.Tensor[[128, 64], pl.FP32], out: pl.Out[pl.Tensor[[128, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        t = pl.load(a, [0, 0], [T, N])
        u = pl.load(a, [0, 0], [ROWS, COLS])
        out = pl.store(pl.add(t, u), [0, 0], out)
    return out
"""
    )
    assert [d.code for d in analyze(source, "/nonexistent/dir/k.py").diagnostics] == []


def test_scalar_read_of_a_gm_tensor_stays_a_shared_tensor_op() -> None:
    """`pl.tensor.read(gm, ...)` is a scalar GM read (SHARED), not a vector op outside the regions."""
    source = (
        HEADER
        + """@pl.program
class R:
    @pl.function
    def main(self, a: pl.Tensor[[512, 128], pl.FP32], lens: pl.Tensor[[4], pl.INT32],
             out: pl.Out[pl.Tensor[[512, 128], pl.FP32]]) -> pl.Tensor[[512, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            n = pl.tensor.read(lens, [0])
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                offset = aiv_id * 128 + n
                t = pl.load(a, [offset, 0], [128, 128])
                out = pl.store(t, [offset, 0], out)
        return out
"""
    )
    analysis = analyze(source)
    assert analysis.diagnostics == ()
    assert analysis.kernels[0].func_type == "AIV"


def test_bare_tensor_annotations_of_jit_parameters_still_place_ops() -> None:
    """`pl.Tensor` without a shape (typed at call time): the matmul still lands on AIC, the epilogue on AIV."""
    source = (
        HEADER
        + """@pl.jit
def mm(a: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        c = pl.matmul(a, b)
        out[:] = pl.exp(c)
    return out
"""
    )
    analysis = analyze(source)
    assert analysis.diagnostics == ()
    assert analysis.lane_map() == {7: "aic", 8: "both"}


def test_op_at_returns_the_innermost_call() -> None:
    """Hovering the inner `pl.load` of `pl.move(pl.load(...), ...)` shows the load, not the move."""
    from tests.corpus_check import CORPUS

    source = (CORPUS / "014_program_manual_leftright_qkpv.py").read_text()
    line = source.split("\n")[19]  # line 20
    analysis = analyze(source)
    inner = analysis.op_at(20, line.index("pl.load") + 3)
    outer = analysis.op_at(20, line.index("pl.move") + 3)
    assert inner is not None and inner.dsl_name == "pl.load"
    assert outer is not None and outer.dsl_name == "pl.move"


def test_loop_carried_accumulator_stays_on_chip_and_on_the_cube_lane() -> None:
    """`init_values=` carries are on-chip values (no GM entry load); a matmul_acc loop is all AIC."""
    source = (
        HEADER
        + """@pl.program
class Loops:
    @pl.function
    def main(self, x: pl.Tensor[[64, 256], pl.FP16], w: pl.Tensor[[256, 64], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="kloop"):
            acc0 = pl.create_tensor([64, 64], dtype=pl.FP32)
            for k, (acc,) in pl.range(0, 4, init_values=(acc0,)):
                xk = pl.slice(x, [64, 64], [0, k * 64])
                wk = pl.slice(w, [64, 64], [k * 64, 0])
                acc_next = pl.matmul_acc(acc, xk, wk)
                acc_out = pl.yield_(acc_next)
            out = pl.assemble(out, pl.mul(acc_out, 0.5), [0, 0])
        return out
"""
    )
    analysis = analyze(source)
    assert analysis.diagnostics == ()
    assert analysis.lane_map() == {
        10: "aic",
        11: "aic",
        12: "aic",
        13: "aic",
        14: "aic",
        15: "aic",
        16: "both",
    }
    loads = [op for op in ops(lowered(source)[0]) if op.origin == ENTRY_LOAD]
    assert loads == []


LOOP_THEN_REGION = (
    HEADER
    + """@pl.program
class Acc:
    @pl.function
    def main(self, a: pl.Tensor[[64, 256], pl.FP16], b: pl.Tensor[[256, 64], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            acc = pl.matmul(a[:, 0:64], b[0:64, :], out_dtype=pl.FP32)
            LOOP
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
                out[:, :] = pl.exp(acc)
        return out
"""
)


def test_missing_shard_is_judged_on_ssa_definitions() -> None:
    """AV-G needs a call-bound definition: a loop result reaching the region is lowered silently (§6)."""
    direct = analyze(LOOP_THEN_REGION.replace("            LOOP\n", ""))
    assert [d.code for d in direct.diagnostics if d.is_error] == ["PTO-AV-G"]
    loop = (
        "for kb in pl.range(1, 4):\n"
        "                acc = pl.matmul_acc(acc, a[:, kb * 64 : kb * 64 + 64], b[kb * 64 : kb * 64 + 64, :])"
    )
    through_loop = analyze(LOOP_THEN_REGION.replace("LOOP", loop))
    assert [d.code for d in through_loop.diagnostics if d.is_error] == []


def test_constants_imported_from_a_workspace_module_are_read_not_imported(tmp_path: Path) -> None:
    """`from .config import K` folds K from config.py's text; config.py is never executed."""
    (tmp_path / "config.py").write_text(
        "import os\nos.system('touch EXECUTED')\nM = 64\nK = M * 2\n", encoding="utf-8"
    )
    kernel = tmp_path / "kernel.py"
    source = HEADER.replace("\n\n\n", "\nfrom .config import K, M\n\n\n") + (
        "@pl.jit\n"
        "def mm(a: pl.Tensor[[M, K], pl.FP16], b: pl.Tensor[[M, M], pl.FP16], "
        "out: pl.Out[pl.Tensor[[M, M], pl.FP32]]):\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n"
        "        out[:] = pl.matmul(a, b, out_dtype=pl.FP32)\n"
        "    return out\n"
    )
    kernel.write_text(source, encoding="utf-8")
    (diag,) = analyze(source, str(kernel)).diagnostics
    assert diag.message.endswith("but got lhs K=128 and rhs K=64")  # K and M came from config.py
    assert not (tmp_path / "EXECUTED").exists()


def test_mixed_kernel_returns_from_its_aiv_function() -> None:
    """ExpandMixedKernel gives the AIC function no return: `return c` stays on AIV even for a cube store."""
    source = HEADER + (
        "@pl.program\n"
        "class P:\n"
        "    @pl.function(type=pl.FunctionType.InCore)\n"
        "    def k(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16],\n"
        "          t: pl.Out[pl.Tensor[[64, 64], pl.FP32]], c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]\n"
        "          ) -> pl.Tensor[[64, 64], pl.FP32]:\n"
        "        acc = pl.matmul(a, b, out_dtype=pl.FP32)\n"
        "        t = pl.assemble(t, pl.exp(acc), [0, 0])\n"
        "        c = pl.assemble(c, acc, [0, 0])\n"
        "        return c\n"
    )
    lanes = analyze(source).lane_map()
    # As the compiler built from e2d0f78 gives them: the store of `acc` takes the Vec copy that pl.exp
    # needed (InferTileMemorySpace moves a value once for every consumer that prefers Vec), so it runs on AIV.
    assert (lanes[10], lanes[11], lanes[12], lanes[13]) == ("aic", "both", "aiv", "aiv")


def test_dead_iter_arg_init_is_dropped_from_the_lane_that_does_not_carry_it() -> None:
    """A mixed loop carries a cube accumulator: its tile.create init stays on AIC only."""
    source = HEADER + (
        "@pl.jit\n"
        "def f(x: pl.Tensor[[64, 256], pl.FP16], w: pl.Tensor[[256, 64], pl.FP16],\n"
        "      out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n"
        "        acc0 = pl.create_tensor([64, 64], dtype=pl.FP32)\n"
        "        for k, (acc,) in pl.range(0, 4, init_values=(acc0,)):\n"
        "            part = pl.matmul(x[:, k * 64 : k * 64 + 64], w[k * 64 : k * 64 + 64, :], out_dtype=pl.FP32)\n"
        "            out = pl.assemble(out, pl.exp(part), [0, 0])\n"
        "            acc_next = pl.add(acc, part)\n"
        "            acc_out = pl.yield_(acc_next)\n"
        "    return out\n"
    )
    analysis = analyze(source)
    assert not analysis.has_errors, [d.message for d in analysis.diagnostics]
    lanes = analysis.lane_map()
    assert lanes[9] == "both"  # the loop holds cube and vector work
    assert lanes[8] == "aiv"  # acc is carried (and read by pl.add) on the vector lane only


def test_acc_store_into_a_call_time_typed_tensor_is_not_judged() -> None:
    """A bare `pl.Tensor` output has no dtype yet: AccToGmStoreValid cannot (and must not) reject it."""
    source = (
        HEADER
        + """@pl.jit
def mm(a: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        out[:] = pl.matmul(a, b)
    return out
"""
    )
    analysis = analyze(source)
    assert analysis.diagnostics == ()
    assert analysis.lane_map() == {7: "aic"}


def test_a_transpose_of_a_singleton_split_axis_moves_no_split_data() -> None:
    """FindTransposeSplitHazard skips a source whose split axis is statically 1 (L-3, as E-1): the built
    compiler reports only the region's full-width ops (L-4) here."""
    text = HEADER + (
        "@pl.jit\n"
        "def k(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[1, 64], pl.FP32],"
        " out: pl.Out[pl.Tensor[[64, 64], pl.FP32]], col: pl.Out[pl.Tensor[[64, 2], pl.FP32]]):\n"
        '    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n'
        "        acc = pl.matmul(x, w)\n"
        "        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):\n"
        "            h = pl.aiv_shard(acc)\n"
        "            out[lane * 32 : lane * 32 + 32, :] = pl.exp(h)\n"
        "            t = pl.transpose(pl.exp(b), 0, 1)\n"
        "            col[:, lane : lane + 1] = t\n"
        "    return out, col\n"
    )
    assert [(d.code, d.span.line) for d in analyze(text).diagnostics if d.is_error] == [("PTO-L4", 8)]


# A put / get in a pl.at scope; the compiler's verdict on each (recorded with the compiler built from e2d0f78):
# ConvertTensorToTileOps loads the plain tensor operands of an assigned call into Vec tiles at the entry.
_TRANSFER = """import pypto.language as pl
import pypto.language.distributed as pld


@pl.jit
def k(x: pl.Tensor[[16, 256], pl.FP32], win: pld.DistributedTensor[[16, 256], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
        {stmt}
    return win
"""
_TRANSFER_VERDICTS = {
    "r = pld.tensor.put(win, 1, x, [0, 0], [0, 0], [16, 256])": ("PTO-CT12", 8),
    "pld.tensor.put(win, 1, x, [0, 0], [0, 0], [16, 256])": None,
    "r = pld.tensor.get(x, 1, win)": ("PTO-CT20", 8),
    "pld.tensor.get(x, 1, win)": None,
    "for i in pl.range(2):\n            r = pld.tensor.put(win, i, x, [0, 0], [0, 0], [16, 256])": (
        "PTO-CT12",
        9,
    ),
}


def test_an_assigned_put_or_get_loads_its_plain_tensor_into_a_tile() -> None:
    for stmt, expected in _TRANSFER_VERDICTS.items():
        errors = [d for d in analyze(_TRANSFER.format(stmt=stmt)).diagnostics if d.is_error]
        assert [(d.code, d.span.line) for d in errors] == ([expected] if expected else []), stmt


def test_simplify_reads_again_agrees_with_the_reads_it_recorded() -> None:
    """`_reads_again` (the memo's check, without building the tuple) is `_reads(names) == recorded`."""
    from compiler.passes.simplify import _Folder

    folder = _Folder({"K": 4, "M": 8})
    folder.ranges["i"] = (0, 4)
    folder.facts["K > 2"] = (True, frozenset({"K"}))
    names = ("K", "M", "i", "absent")
    recorded = folder._reads(names)
    assert folder._reads_again(names, recorded)
    assert not folder._reads_again(names[:-1], recorded)  # another layout: never reused
    for change in (
        lambda f: f.env.__setitem__("M", 9),
        lambda f: f.env.__setitem__("absent", 1),
        lambda f: f.ranges.__setitem__("i", (0, 8)),
        lambda f: f.facts.__setitem__("K > 2", (False, frozenset({"K"}))),
    ):
        changed = _Folder(dict(folder.env))
        changed.ranges, changed.facts = dict(folder.ranges), dict(folder.facts)
        assert changed._reads_again(names, recorded)
        change(changed)
        assert not changed._reads_again(names, recorded)
        assert changed._reads(names) != recorded
