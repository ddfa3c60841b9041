"""ExpandMixedKernel: spec 000's worked examples, pipe setup, split codes, fences and slot checks."""

from __future__ import annotations

import textwrap

from compiler import analyze
from compiler.analysis import Analysis, KernelInfo
from pypto_lsp.features.expanded_kernels import render

EXAMPLE_1 = """
import pypto.language as pl


@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def compute_incore_0(self, x: pl.Tensor[[16, 128], pl.BF16],
                         y: pl.Tensor[[128, 128], pl.BF16],
                         out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]
                         ) -> pl.Tensor[[16, 128], pl.FP32]:
        x_mat: pl.Tile[[16, 128], pl.BF16] = pl.load(x, [0, 0], [16, 128], target_memory=pl.Mem.Mat)
        y_mat: pl.Tile[[128, 128], pl.BF16] = pl.load(y, [0, 0], [128, 128], target_memory=pl.Mem.Mat)
        x_left: pl.Tile[[16, 128], pl.BF16] = pl.move(x_mat, target_memory=pl.Mem.Left)
        y_right: pl.Tile[[128, 128], pl.BF16] = pl.move(y_mat, target_memory=pl.Mem.Right)
        z_tile: pl.Tile[[16, 128], pl.FP32] = pl.matmul(x_left, y_right)
        z_vec: pl.Tile[[16, 128], pl.FP32] = pl.move(z_tile, target_memory=pl.Mem.Vec)
        out_0 = pl.store(z_vec, [0, 0], out_0)
        return out_0

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 128], pl.BF16], y: pl.Tensor[[128, 128], pl.BF16]
             ) -> pl.Tensor[[16, 128], pl.FP32]:
        out_0 = pl.create_tensor([16, 128], dtype=pl.FP32)
        return self.compute_incore_0(x, y, out_0)
"""

# Example 2: the same kernel, called from an existing Group.
EXAMPLE_2 = EXAMPLE_1.replace(
    """    @pl.function(type=pl.FunctionType.Orchestration)""",
    """    @pl.function(type=pl.FunctionType.Group)
    def compute_group(self, x: pl.Tensor[[16, 128], pl.BF16], y: pl.Tensor[[128, 128], pl.BF16],
                      out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        result = self.compute_incore_0(x, y, out_0)
        return result

    @pl.function(type=pl.FunctionType.Orchestration)""",
).replace("return self.compute_incore_0(x, y, out_0)", "return self.compute_group(x, y, out_0)")


def _line(source: str, text: str) -> int:
    return next(i for i, line in enumerate(source.split("\n"), 1) if text in line)


def _only_kernel(analysis: Analysis) -> KernelInfo:
    assert not analysis.has_errors, [d.message for d in analysis.diagnostics]
    assert len(analysis.kernels) == 1
    return analysis.kernels[0]


def test_example_1_splits_into_aic_aiv_and_a_new_group() -> None:
    """Mixed InCore without a Group caller -> AIC + AIV + a Group with the original name."""
    analysis = analyze(EXAMPLE_1)
    kernel = _only_kernel(analysis)
    assert (kernel.func_type, kernel.aic_name, kernel.aiv_name, kernel.group_name) == (
        "Mixed (Group)",
        "compute_incore_0_aic",
        "compute_incore_0_aiv",
        "compute_incore_0",
    )
    lanes = analysis.lane_map()
    for text, lane in (
        ("x_mat: pl.Tile", "aic"),
        ("y_mat: pl.Tile", "aic"),
        ("x_left: pl.Tile", "aic"),
        ("y_right: pl.Tile", "aic"),
        ("z_tile: pl.Tile", "aic"),
        ("z_vec: pl.Tile", "both"),  # the boundary move: tpush on AIC, tpop on AIV
        ("out_0 = pl.store", "aiv"),
        ("return out_0", "aiv"),
    ):
        assert lanes[_line(EXAMPLE_1, text)] == lane, text
    assert [(c.direction, c.value, c.explicit) for c in kernel.crossings] == [("C2V", "z_tile", True)]
    text = render(kernel)
    assert "tile.tpush_to_aiv(z_tile, split=0)" in text
    assert "z_vec = tile.tpop_from_aic(split=0)" in text
    assert "system.tfree_to_aic(z_vec)" in text
    assert "def compute_incore_0(...):" in text and "new Group" in text


def test_example_1_pipe_setup() -> None:
    """dir_mask C2V, slot_size = the FP32 [16, 128] tile, default slot_num 2, spec buffer names."""
    pipe = _only_kernel(analyze(EXAMPLE_1)).pipe
    assert pipe is not None
    assert (pipe.dir_mask, pipe.slot_size, pipe.slot_num) == (1, 16 * 128 * 4, 2)
    assert pipe.c2v_buffer == "compute_incore_0_c2v_slot_buffer" and pipe.v2c_buffer is None
    assert pipe.buffer_bytes == 16 * 128 * 4 * 2


def test_example_2_rewrites_the_existing_group() -> None:
    """With a Group caller the pass rewrites that Group instead of creating a wrapper."""
    kernel = _only_kernel(analyze(EXAMPLE_2))
    assert kernel.group_name == "compute_group"
    assert "existing Group rewritten in place compute_group" in render(kernel)
    assert "def compute_incore_0(...)" not in render(kernel)


def _jit(body: str, *, opts: str = "", params: str = "") -> str:
    params = params or (
        "a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], "
        "out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]"
    )
    lines = [
        "import pypto.language as pl",
        "",
        "",
        "@pl.jit",
        f"def k({params}):",
        f'    with pl.at(level=pl.Level.CORE_GROUP{opts}, name_hint="k"):',
        textwrap.indent(body, " " * 8).rstrip("\n"),
        "    return out",
        "",
    ]
    return "\n".join(lines)


def test_dual_aiv_dispatch_only_for_no_split_a2a3_kernels() -> None:
    """a2a3 no-split mixed kernels run on both AIV lanes; a split or a5 does not."""
    body = "c = pl.matmul(a, b, out_dtype=pl.FP32)\nout[:] = pl.exp(c)\n"
    assert _only_kernel(analyze(_jit(body))).dual_aiv_dispatch
    assert not _only_kernel(analyze("# target: a5\n" + _jit(body))).dual_aiv_dispatch
    split = _jit(body, opts=", optimizations=[pl.split(pl.SplitMode.UP_DOWN)]")
    assert not _only_kernel(analyze(split)).dual_aiv_dispatch


def test_split_code_takes_the_odd_form_for_an_odd_split_axis() -> None:
    """A C->V crossing of a 63-row tile under UP_DOWN gets TILE_UP_DOWN_ODD (3); 64 rows get 1."""
    params = (
        "a: pl.Tensor[[{m}, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], "
        "out: pl.Out[pl.Tensor[[{m}, 64], pl.FP32]]"
    )
    body = "c = pl.matmul(a, b, out_dtype=pl.FP32)\nout[:] = pl.exp(c)\n"
    opts = ", optimizations=[pl.split(pl.SplitMode.UP_DOWN)]"
    for rows, code in ((64, 1), (63, 3)):
        kernel = _only_kernel(analyze(_jit(body, opts=opts, params=params.format(m=rows))))
        assert [c.split for c in kernel.crossings] == [code]


def test_cross_core_slot_sets_the_ring_depth() -> None:
    """pl.cross_core_slot(slot_num=4) overrides the default depth of 2."""
    body = "c = pl.matmul(a, b, out_dtype=pl.FP32)\nout[:] = pl.exp(c)\n"
    kernel = _only_kernel(analyze(_jit(body, opts=", optimizations=[pl.cross_core_slot(slot_num=4)]")))
    assert kernel.pipe is not None and kernel.pipe.slot_num == 4


def test_local_slot_num_rejected_on_a5() -> None:
    """Spec 000: an explicit local depth is rejected on Ascend950 even when equal to slot_num."""
    body = "c = pl.matmul(a, b, out_dtype=pl.FP32)\nout[:] = pl.exp(c)\n"
    opts = ", optimizations=[pl.cross_core_slot(slot_num=2, local_slot_num=2)]"
    codes = [d.code for d in analyze("# target: a5\n" + _jit(body, opts=opts)).diagnostics]
    assert codes == ["PTO-SP2"]
    assert not analyze(_jit(body, opts=opts)).has_errors


def test_local_depth_smaller_than_retained_pops_is_rejected() -> None:
    """Two popped tiles used together are retained at once: local_slot_num=1 cannot hold them."""
    body = (
        "c = pl.matmul(a, b, out_dtype=pl.FP32)\n"
        "d = pl.matmul(b, a, out_dtype=pl.FP32)\n"
        "out[:] = pl.add(c, d)\n"
    )
    opts = ", optimizations=[pl.cross_core_slot(slot_num=2, local_slot_num={n})]"
    rejected = analyze(_jit(body, opts=opts.format(n=1)))
    assert [d.code for d in rejected.diagnostics if d.is_error] == ["PTO-SP3"]
    assert "consumer pops" in rejected.diagnostics[0].message
    assert not analyze(_jit(body, opts=opts.format(n=2))).has_errors


def test_gm_store_then_load_gets_a_fence() -> None:
    """A cube store to GM read back by a vector load in the same body is fenced (C->V only)."""
    params = (
        "a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], "
        "tmp: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]"
    )
    body = (
        "c = pl.matmul(a, b, out_dtype=pl.FP32)\n"
        "tmp = pl.assemble(tmp, c, [0, 0])\n"
        "t = pl.load(tmp, [0, 0], [64, 64])\n"
        "out = pl.store(pl.exp(t), [0, 0], out)\n"
    )
    kernel = _only_kernel(analyze(_jit(body, params=params)))
    fences = [c for c in kernel.crossings if c.transport.startswith("GM fence")]
    assert [(c.direction, c.value) for c in fences] == [("C2V", "tmp")]


def test_vector_to_cube_crossing_uses_the_nz_transfer_view() -> None:
    """A Vec value read by a matmul crosses as NZ: the AIV side adapts it, the AIC pop carries the view."""
    body = "s = pl.add(a, b)\nout = pl.assemble(out, pl.matmul(s, b, out_dtype=pl.FP32), [0, 0])\n"
    params = (
        "a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32], "
        "out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]"
    )
    text = render(_only_kernel(analyze(_jit(body, params=params))))
    assert "s_nz = tile.move(s, blayout=col_major, slayout=row_major)" in text
    assert "tile.tpush_to_aic(s_nz, split=0)" in text
    assert "s_Left = tile.tpop_from_aiv(split=0)  # TileView(col_major, row_major) — NZ" in text


def test_a_move_of_a_gathered_value_is_not_a_second_crossing() -> None:
    """Spec 000: a crossing-shaped tile.move whose source already crossed stays on its consuming side."""
    source = (
        "import pypto.language as pl\n\n\n@pl.program\nclass G:\n    @pl.function\n"
        "    def main(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]"
        ") -> pl.Tensor[[64, 64], pl.FP32]:\n"
        "        with pl.at(level=pl.Level.CORE_GROUP):\n"
        "            for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):\n"
        "                t = pl.load(x, [0, 0], [64, 64])\n"
        "                g = pl.aic_gather(pl.exp(t))\n"
        "            back = pl.move(g, target_memory=pl.MemorySpace.Vec)\n"
        "            out = pl.store(back, [0, 0], out)\n"
        "        return out\n"
    )
    analysis = analyze(source)
    lanes = analysis.lane_map()
    assert not analysis.has_errors, [d.message for d in analysis.diagnostics]
    assert lanes[11] == "both"  # the gather itself: tpush on AIV, tpop on AIC
    # reference §3.5: downgraded to its consuming side (VECTOR for a Vec target), no new tpush / tpop
    assert lanes[12] == "aiv"
    assert [c.direction for c in analysis.kernels[0].crossings] == ["V2C"]


NOTIFY_IN_REGION = """import pypto.language as pl
import pypto.language.distributed as pld


@pl.jit
def f(
    x: pl.Tensor[[64, 64], pl.FP16],
    w: pl.Tensor[[64, 64], pl.FP16],
    sig: pld.DistributedTensor[[8], pl.INT32],
    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
        acc = pl.matmul(x, w, out_dtype=pl.FP32)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            t = pl.aiv_shard(acc)
            out[:] = pl.mul(t, 2.0)
            pld.system.notify(sig, 0, [aiv_id], 1, op=pld.NotifyOp.AtomicAdd)
    return out
"""


def test_no_duplicate_op_in_a_region_is_pinned_to_the_vector_lane() -> None:
    lanes = dict(analyze(NOTIFY_IN_REGION).lanes)
    assert lanes[17] == "aiv"  # notify: SHARED, but no-duplicate, so not copied to the cube
    assert lanes[13] == "aic" and lanes[15] == "both"


NAME_REUSED = """import pypto.language as pl


@pl.jit
def f(
    x: pl.Tensor[[64, 64], pl.FP16],
    w: pl.Tensor[[64, 64], pl.FP16],
    offs: pl.Tensor[[8], pl.INDEX],
    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
        n = pl.read(offs, [0])
        acc = pl.matmul(x[n : n + 64, :], w, out_dtype=pl.FP32)
        n = pl.read(offs, [1])
        out[n : n + 64, :] = pl.exp(acc)
    return out
"""


def test_values_are_tracked_by_definition_not_by_name() -> None:
    lanes = dict(analyze(NAME_REUSED).lanes)
    # Each read is dead on the lane that never uses its value, although both bind `n`.
    assert lanes[12] == "aic" and lanes[14] == "aiv"
    assert lanes[13] == "aic"


CHAINED_CAST = """import pypto.language as pl


@pl.jit
def f(
    q: pl.Tensor[[64, 64], pl.BF16],
    k: pl.Tensor[[64, 64], pl.BF16],
    v: pl.Tensor[[64, 64], pl.BF16],
    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="chain"):
        s = pl.matmul(q, k, out_dtype=pl.FP32)
        p = pl.cast(s, target_type=pl.BF16, mode="rint")
        o = pl.matmul(p, v, out_dtype=pl.FP32)
        out = pl.assemble(out, o, [0, 0])
    return out
"""


def test_a_cast_the_cube_write_out_folds_stays_on_the_cube() -> None:
    folded = analyze(CHAINED_CAST)
    assert dict(folded.lanes) == {12: "aic", 13: "aic", 14: "aic", 15: "aic"}
    assert [k.func_type for k in folded.kernels] == ["AIC"]
    # FIXPIPE rounds half to even only: the default rounding keeps the vector cast (and its crossings).
    vector = dict(analyze(CHAINED_CAST.replace(', mode="rint"', "")).lanes)
    assert vector[13] == "both" and vector[14] == "both"


def test_a_scalar_gm_write_outside_regions_is_no_vector_op() -> None:
    # tensor.write is registered SHARED: in manual mode it is not "a vector op outside every region".
    source = NOTIFY_IN_REGION.replace(
        "    return out\n", "        pl.write(sig, [0], pl.const(1, pl.INT32))\n    return out\n"
    )
    analysis = analyze(source)
    assert [d.code for d in analysis.diagnostics if d.is_error] == []
    assert dict(analysis.lanes)[18] == "both"


L1_BUFFER = """import pypto.language as pl


@pl.jit
def f(
    x: pl.Tensor[[64, 64], pl.BF16],
    w: pl.Tensor[[64, 64], pl.BF16],
    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="l1"):
        buf = pl.create_l1([64, 64], pl.BF16)
        buf = pl.assemble(buf, x, [0, 0])
        acc = pl.matmul(buf, w, out_dtype=pl.FP32)
        out = pl.assemble(out, pl.exp(acc), [0, 0])
    return out
"""


def test_an_l1_buffer_lives_on_the_cube_side() -> None:
    lanes = dict(analyze(L1_BUFFER).lanes)
    assert lanes[11] == "aic" and lanes[12] == "aic" and lanes[13] == "aic"


DEAD_YIELD = """import pypto.language as pl


@pl.jit
def f(
    x: pl.Tensor[[64, 64], pl.FP32],
    flag: pl.Tensor[[8], pl.INT32],
    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="y"):
        n = pl.read(flag, [0])
        t = pl.load(x, [0, 0], [64, 64])
        if n > 0:
            a = pl.exp(t)
            r = pl.yield_(a)
        else:
            r = pl.yield_(t)
        out = pl.store(t, [0, 0], out)
    return out
"""


def test_a_yield_of_if_results_nothing_reads_gets_no_lane() -> None:
    lanes = dict(analyze(DEAD_YIELD).lanes)
    assert 15 not in lanes and 17 not in lanes  # DCE removes the dead results with their yields
    assert lanes[14] == "aiv" and lanes[13] == "aiv"
    live = dict(analyze(DEAD_YIELD.replace("pl.store(t, [0, 0], out)", "pl.store(r, [0, 0], out)")).lanes)
    assert live[15] == "aiv" and live[17] == "aiv"


REBOUND = """
import pypto.language as pl


@pl.jit
def rebound(
    a: pl.Tensor[[16, 64], pl.BF16],
    b: pl.Tensor[[64, 64], pl.BF16],
    x: pl.Tensor[[16, 64], pl.FP32],
    out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    side: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="rebound"):
        for i in pl.range(2):
            y = pl.exp(x)
            y = pl.add(y, 1.0)
            side[0:16, 0:64] = pl.exp(x)
            out[0:16, 0:64] = pl.add(pl.matmul(a, b, out_dtype=pl.FP32), y)
    return out, side
"""


def test_expanded_view_keeps_every_statement_after_a_rebound_name() -> None:
    """A name bound again in the same block gets a new version; the statements after it that do not read
    it are still shown on their lane (the AIV view lost them: they were copied, not the kernel's own)."""
    kernel = _only_kernel(analyze(REBOUND))
    text = render(kernel)
    aiv = text[text.index("def rebound_rebound_aiv") : text.index("type=pl.FunctionType.Group")]
    assert "side = tile.store" in aiv and "out = tile.store" in aiv, aiv
    assert analyze(REBOUND).lane_map()[_line(REBOUND, "side[0:16")] == "aiv"
