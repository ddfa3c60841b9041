"""Real-library-style code: entries, inline helpers across modules, config modules, compile-time folding.

The package under tests/data/kernel_pkg is written in the style of a public kernel library: a config
module of frozen dataclass presets chosen by an environment variable, a helper module of
`@pl.jit.inline` functions, entry modules that import both, a module-level `if` that picks a helper,
`with pl.at(...) as tid`, multi-line statements, a static `if` and a one-trip loop.
"""

from __future__ import annotations

from pathlib import Path

from compiler.analysis import Analysis
from compiler.modules import ModuleGraph
from compiler.pipeline import Analyzer
from pypto_lsp.features.expanded_kernels import render

PKG = Path(__file__).parent / "data" / "kernel_pkg"


def _analyze(name: str, environ: dict[str, str] | None = None, text: str | None = None) -> Analysis:
    path = PKG / name
    graph = ModuleGraph(environ=environ or {})
    return Analyzer(graph=graph).analyze(text if text is not None else path.read_text(), str(path))


def _lanes(analysis: Analysis) -> dict[int, str]:
    return dict(analysis.lanes)


def test_entry_lanes_come_from_the_helpers_it_reaches() -> None:
    analysis = _analyze("model.py")
    assert [d for d in analysis.diagnostics if d.is_error] == []
    # plain epilogue (small preset), the multi-line add on its first line only, the assemble
    assert _lanes(analysis) == {25: "aiv", 33: "aiv", 37: "aiv"}
    names = sorted(k.name for k in analysis.kernels)
    assert names == ["forward_bias", "forward_plain_epilogue", "forward_project", "forward_scale_rows"]


def test_environment_setting_selects_the_preset_and_the_module_level_branch() -> None:
    analysis = _analyze("model.py", {"KPKG_PRESET": "wide"})
    lanes = _lanes(analysis)
    assert lanes.get(17) == "aiv" and 25 not in lanes
    assert "forward_fused_epilogue" in {k.name for k in analysis.kernels}


def test_folding_is_what_removes_the_loop_header_and_the_dead_scope() -> None:
    text = (PKG / "model.py").read_text()
    unfolded = text.replace("pl.range(1)", "pl.range(2)").replace("HEAD_DIM > 1000", "HEAD_DIM > 0")
    lanes = _lanes(_analyze("model.py", text=unfolded))
    assert lanes.get(32) == "aiv"  # a 2-trip loop keeps its header
    assert lanes.get(54) == "aiv"  # a provably true branch is kept (its header folds away)
    assert 52 not in lanes


def test_ops_of_an_imported_helper_are_not_lines_of_the_entry() -> None:
    analysis = _analyze("model.py")
    assert all(op.span.line < 100 for op in analysis.ops)
    project = next(k for k in analysis.kernels if k.name == "forward_project")
    assert project.span.line == 49  # the call site of the imported helper
    assert project.func_type == "AIC"


def test_a_module_without_an_entry_gets_no_lanes() -> None:
    analysis = _analyze("kernels/helpers.py")
    assert analysis.lanes == () and analysis.kernels == ()


def test_faults_in_helpers_are_reported_on_the_helper_line_or_its_call_site() -> None:
    analysis = _analyze("model_faults.py")
    errors = {(d.code, d.span.line): d.message for d in analysis.diagnostics if d.is_error}
    assert errors[("PTO-F15", 15)] == (
        "pl operation 'matmul': tensor.matmul requires matching inner dimensions, but got lhs K=128 and rhs K=64"
    )
    imported = errors[("PTO-F1", 28)]
    assert imported.startswith("Unknown operation 'pl.row_mean'")
    assert "(in inline helper 'bad_scale', kernels/helpers.py:30)" in imported
    # The kernel with the fault still has its lanes (the model keeps going).
    assert _lanes(analysis).get(15) == "aic"


def test_helper_module_edits_invalidate_the_entry(tmp_path: Path) -> None:
    (tmp_path / "helpers.py").write_text(
        "import pypto.language as pl\n\n\n@pl.jit.inline\ndef act(x: pl.Tensor, y: pl.Out[pl.Tensor]):\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n        y[:] = pl.exp(x)\n    return y\n"
    )
    entry = tmp_path / "entry.py"
    entry.write_text(
        "import pypto.language as pl\nfrom helpers import act\n\n\n@pl.jit\n"
        "def run(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
        "    y = act(x, y)\n    return y\n"
    )
    analyzer = Analyzer(graph=ModuleGraph())
    first = analyzer.analyze(entry.read_text(), str(entry))
    assert [d for d in first.diagnostics if d.is_error] == []
    (tmp_path / "helpers.py").write_text((tmp_path / "helpers.py").read_text().replace("pl.exp", "pl.expo"))
    second = analyzer.analyze(entry.read_text(), str(entry))
    assert [(d.code, d.span.line) for d in second.diagnostics if d.is_error] == [("PTO-F1", 7)]


def test_analysis_never_runs_workspace_code(tmp_path: Path) -> None:
    sentinel = tmp_path / "ran"
    (tmp_path / "cfg.py").write_text(
        "import os\n"
        f"os.system('touch {sentinel}')\n"
        f"open({str(sentinel)!r}, 'w').write('x')\n"
        f"__import__('subprocess').run(['touch', {str(sentinel)!r}])\n"
        "ROWS = 64\n"
    )
    entry = tmp_path / "entry.py"
    entry.write_text(
        "import pypto.language as pl\nfrom cfg import ROWS\n\n\n@pl.jit\n"
        "def run(x: pl.Tensor[[ROWS, 64], pl.FP32], y: pl.Out[pl.Tensor[[ROWS, 64], pl.FP32]]):\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n        y[:] = pl.exp(x)\n    return y\n"
    )
    analysis = Analyzer(graph=ModuleGraph()).analyze(entry.read_text(), str(entry))
    assert dict(analysis.lanes) == {8: "aiv"}
    assert not sentinel.exists()


def test_runtime_bound_declaration_with_ellipsis_body_is_valid() -> None:
    source = (
        "import pypto.language as pl\n\n\n"
        "@pl.function(role=pl.Role.SubWorker)\n"
        "def callback(x: pl.Tensor[[64], pl.FP32]):\n"
        "    ...\n"
    )
    analysis = Analyzer().analyze(source)
    assert [d for d in analysis.diagnostics if d.is_error] == []


RANGES = """import pypto.language as pl


@pl.jit
def f(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
        for i in pl.range(4):
            if i < 8:
                y[:] = pl.exp(x)
            else:
                y[:] = pl.neg(x)
            if i == 0:
                if i > 2:
                    y[:] = pl.abs(x)
                y[:] = pl.sqrt(x)
    return y
"""


def test_loop_ranges_and_enclosing_conditions_fold_dead_branches() -> None:
    lanes = dict(Analyzer().analyze(RANGES).lanes)
    assert lanes.get(9) == "aiv" and 8 not in lanes  # i < 8 always holds: the header folds away
    assert 11 not in lanes  # the else branch never runs
    assert lanes.get(12) == "aiv" and lanes.get(15) == "aiv"  # i == 0 is possible
    assert 13 not in lanes and 14 not in lanes  # inside `i == 0`, `i > 2` never holds


PADDED_STORE = """import pypto.language as pl

WIDTH = 64
PADDED = 64
TILE = 8


@pl.jit
def padded(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="pad"):
        for t0 in pl.range(0, 16, TILE):
            out[t0 : t0 + TILE, 0:WIDTH] = pl.exp(x[t0 : t0 + TILE, 0:WIDTH])
            if PADDED > WIDTH:
                out[t0 : t0 + TILE, WIDTH:PADDED] = pl.full([TILE, PADDED - WIDTH], dtype=pl.FP32, value=0.0)
    return out
"""


def test_a_subscript_store_leaves_the_names_of_its_index_known() -> None:
    """`out[t0 : t0 + TILE, 0:WIDTH] = ...` in a loop rebinds `out` only: the later `if PADDED > WIDTH`
    still folds away, and the 0-column fill in its dead branch is never checked (the compiler accepts it)."""
    analysis = Analyzer().analyze(PADDED_STORE)
    assert [d for d in analysis.diagnostics if d.is_error] == []
    assert dict(analysis.lanes) == {11: "aiv", 12: "aiv"}  # as the compiler built from e2d0f78 gives


CAST_CONSTANTS = """import pypto.language as pl


@pl.jit
def steps(scratch: pl.Out[pl.Tensor[[8, 8], pl.INT32]]):
    step = pl.cast(0, pl.INT32)
    wide = pl.cast(2, pl.INT64)
    byte = pl.cast(300, pl.INT8)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="fill"):
        for r in pl.range(8):
            value = pl.read(scratch, [r, 0])
            if step > 0:
                value = pl.read(scratch, [r, 1])
            if wide == 2:
                pl.write(scratch, [r, 2], value)
            if byte > 0:
                pl.write(scratch, [r, 3], value)
    return scratch
"""


def test_a_top_level_cast_of_an_integer_constant_folds_in_conditions() -> None:
    """`step = pl.cast(0, pl.INT32)` is the constant 0 to Simplify; a constant the dtype cannot hold is not
    folded (every lane as the compiler built from e2d0f78 gives)."""
    lanes = dict(Analyzer().analyze(CAST_CONSTANTS).lanes)
    assert lanes == {10: "aiv", 11: "aiv", 15: "aiv", 16: "aiv", 17: "aiv"}
    assert lanes.get(10) == "aiv" and lanes.get(11) == "aiv"
    assert 12 not in lanes and 13 not in lanes  # step > 0 never holds
    assert 14 not in lanes and lanes.get(15) == "aiv"  # wide == 2 always holds: only its body stays
    assert lanes.get(16) == "aiv" and lanes.get(17) == "aiv"  # 300 does not fit INT8: left as written


ONE_TRIP_FROM_A_NAME = """import pypto.language as pl


@pl.jit
def rows(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="rows"):
        for task in pl.range(4):
            r0 = task * 4
            for r in pl.range(r0, r0 + 1):
                out[r : r + 4, :] = pl.exp(x[r : r + 4, :])
            for s in pl.range(r0, 2 + r0):
                out[s : s + 4, :] = pl.neg(x[s : s + 4, :])
    return out
"""


def test_a_loop_from_a_name_to_the_name_plus_its_step_loses_its_header() -> None:
    """`pl.range(r0, r0 + 1)` runs once whatever r0 holds: its header goes and the body reads r0 (which
    keeps its lane); two trips stay a loop (every lane as the compiler built from e2d0f78 gives)."""
    lanes = dict(Analyzer().analyze(ONE_TRIP_FROM_A_NAME).lanes)
    assert lanes == {7: "aiv", 8: "aiv", 10: "aiv", 11: "aiv", 12: "aiv"}


SPELLING_FAULT = """import pypto.language as pl


@pl.jit
def f(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
        acc = pl.matmul(x, w, out_dtype=pl.FP32)
        pl.system.syncall(core_type="mix")
        y[:] = pl.exp(acc)
        z = pl.expo(acc)
    return y
"""


def test_a_fault_does_not_stop_the_model() -> None:
    analysis = Analyzer().analyze(SPELLING_FAULT)
    codes = sorted(d.code for d in analysis.diagnostics if d.is_error)
    assert codes == ["PTO-F1", "PTO-SP5"]  # both independent faults, as the compiler words them
    lanes = dict(analysis.lanes)
    assert lanes.get(7) == "aic" and lanes.get(9) in ("aiv", "both")  # the kernel keeps its lanes
    assert [k.name for k in analysis.kernels] == ["f_k"]  # and its hover / code lens data
    assert analysis.op_at(7, 20) is not None


def test_nothing_of_an_imported_helper_leaks_its_private_line_space() -> None:
    from compiler.passes.inline_functions import FOREIGN_LINE_BASE

    analysis = _analyze("model.py")
    spans = [d.span for d in analysis.diagnostics] + [op.span for op in analysis.ops]
    spans += [s.span for s in analysis.scopes] + [r.span for r in analysis.regions]
    for kernel in analysis.kernels:
        spans += [
            kernel.span,
            kernel.header,
            *(c.span for c in kernel.crossings),
            *(r.span for r in kernel.regions),
        ]
    assert all(span.line < FOREIGN_LINE_BASE for span in spans)
    assert all(line < FOREIGN_LINE_BASE for line, _ in analysis.lanes)
    project = next(k for k in analysis.kernels if k.name == "forward_project")
    text = render(project, analysis.line_name)
    assert "kernels/helpers.py:22 acc = tile.matmul" in text
    assert str(FOREIGN_LINE_BASE // 10) not in text


ONE_MISTAKE = """import pypto.language as pl

N = 4


@pl.jit
def f(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
        y[:] = pl.cast(x, target_type=pl.BF16)
    for b in pl.spmd(N, name_hint="blocks"):
        y[b : b + 1, :] = pl.exp(x[b : b + 1, :])
    return y
"""


def test_single_real_code_mistakes_are_reported_as_the_compiler_words_them() -> None:
    assert [d for d in Analyzer().analyze(ONE_MISTAKE).diagnostics if d.is_error] == []
    keyword = Analyzer().analyze(ONE_MISTAKE.replace("target_type=pl.BF16", "dtype=pl.BF16"))
    [error] = [d for d in keyword.diagnostics if d.is_error]
    assert error.code == "PTO-F15" and error.span.line == 9
    assert error.message == "pl operation 'cast': cast() got an unexpected keyword argument 'dtype'"
    zero = Analyzer().analyze(ONE_MISTAKE.replace("N = 4", "N = 0"))
    [error] = [d for d in zero.diagnostics if d.is_error]
    assert (error.code, error.span.line, error.message) == (
        "PTO-F34",
        10,
        "core_num must be a positive integer, got 0",
    )
    extra = Analyzer().analyze(ONE_MISTAKE.replace("pl.cast(x, target_type=pl.BF16)", "pl.exp(x, x)"))
    [error] = [d for d in extra.diagnostics if d.is_error]
    assert error.message == "pl operation 'exp': exp() takes 1 positional argument but 2 were given"


REGION_HELPER = """import pypto.language as pl


@pl.jit.inline
def helper(x: pl.Tensor, y: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        acc = pl.matmul(x, x, out_dtype=pl.FP32)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.mul(acc, 2.0)
            y[:] = t
    return y


@pl.jit
def f(x: pl.Tensor[[64, 64], pl.FP16], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    y = helper(x, y)
    return y
"""


def test_spliced_locals_are_shown_by_the_users_names() -> None:
    analysis = Analyzer().analyze(REGION_HELPER)
    assert [r.lane_var for r in analysis.regions] == ["aiv_id"]
    [error] = [d for d in analysis.diagnostics if d.is_error]
    assert error.code == "PTO-AV-G" and "'acc = pl.aiv_shard(acc)'" in error.message
    assert error.fixes[0].values()["value"] == "acc"
    assert all("__" not in render(k, analysis.line_name) for k in analysis.kernels)
