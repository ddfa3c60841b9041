"""Runtime extents a reshape's valid-region messages print (PythonPrint of a scalar name, or of one +, - or * of
it with an int): spelled only where the parser keeps that text, silent where it may fold or specialize it."""

from __future__ import annotations

import pytest

from compiler.pipeline import analyze

_PROGRAM = """import pypto.language as pl


@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def case(self, x: pl.Tensor[[64, 64], pl.FP32], d: pl.Tensor[[64, 64], pl.FP32], k: pl.Scalar[pl.INDEX]):
{body}
"""

_JIT = """import pypto.language as pl


@pl.jit
def case(x: pl.Tensor[[64, 64], pl.FP32], k: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
{body}
    return out
"""


def _errors(template: str, *lines: str) -> list[str]:
    body = "\n".join(f"        {line}" for line in lines)
    return [d.message for d in analyze(template.format(body=body)).diagnostics if d.is_error]


@pytest.mark.parametrize(
    ("lines", "rows"),
    [
        (("r = pl.tensor.reshape(pl.tensor.set_validshape(x, k, 64), [32, 128])",), "k"),
        (("r = pl.tensor.reshape(pl.tensor.set_validshape(x, 2 * k, 64), [32, 128])",), "2 * k"),
        (("r = pl.tensor.reshape(pl.tensor.set_validshape(x, k - 1, 64), [32, 128])",), "k - 1"),
        (("m = k + 1", "r = pl.tensor.reshape(pl.tensor.set_validshape(x, m, 64), [32, 128])"), "m"),
    ],
)
def test_a_runtime_row_count_is_spelled_as_the_compiler_prints_it(lines: tuple[str, ...], rows: str) -> None:
    assert [m for m in _errors(_PROGRAM, *lines) if "runtime number of rows" in m] == [
        "pl.tensor operation 'reshape': tensor.reshape: cannot reshape [64, 64] to [32, 128] because its real "
        f"data extends a runtime number of rows ({rows}) and no dimension of [32, 128] has the matching row size "
        "of 64 elements. Keep that dimension intact in the target shape, or copy the real data out first "
        "(pl.slice / pl.store)."
    ]


@pytest.mark.parametrize(
    "lines",
    [
        # In an Orchestration body the parser folds pl.tensor.dim onto the tensor's extent symbol (not told apart).
        ("n = pl.tensor.dim(d, 0)", "r = pl.tensor.reshape(pl.tensor.set_validshape(x, n, 64), [32, 128])"),
        # k * 0 is provably empty and k * 1 may fold to k: neither is spelled.
        ("r = pl.tensor.reshape(pl.tensor.set_validshape(x, k * 0, 64), [32, 128])",),
        ("r = pl.tensor.reshape(pl.tensor.set_validshape(x, k * 1, 64), [32, 128])",),
        ("r = pl.tensor.reshape(pl.tensor.set_validshape(x, k // 2, 64), [32, 128])",),
    ],
)
def test_an_extent_the_compiler_may_print_otherwise_is_left_alone(lines: tuple[str, ...]) -> None:
    assert _errors(_PROGRAM, *lines) == []


def test_a_jit_scalar_parameter_is_left_alone() -> None:
    """The specializer bakes a @pl.jit scalar parameter in: k = 64 leaves x fully valid."""
    assert _errors(_JIT, "r = pl.tensor.reshape(pl.tensor.set_validshape(x, k, 64), [32, 128])") == []
    assert _errors(_JIT, "r = pl.tensor.reshape(pl.tensor.set_validshape(x, 32, 64), [k, 64])") == []


def test_the_resolution_memo_tells_names_apart() -> None:
    """Two calls equal but for the scalar's name (or a jit scalar's source text) resolve apart."""
    faulty = "r = pl.tensor.reshape(pl.tensor.set_validshape(x, 32, 64), [{}, 64])"
    message = (
        "pl.tensor operation 'reshape': tensor.reshape: cannot reshape a partially-valid [64, 64] into [{0}, 64] "
        "because target dimension 0 has the runtime extent {0}. Mapping the real data needs the target size at "
        "compile time; use a static shape, or reshape before narrowing."
    )
    assert _errors(_PROGRAM, "m = k + 1", faulty.format("m")) == [message.format("m")]
    assert _errors(_PROGRAM, faulty.format("k")) == [message.format("k")]
    assert _errors(_JIT, faulty.format("k")) == []


_MX = """# target: a5
import pypto.language as pl


@pl.program
class Case:
    @pl.function(type=pl.FunctionType.InCore)
    def case(self, nd: pl.Tensor[[64, 2], pl.FP8E8M0], mx: pl.Tensor[[64, 2], pl.FP8E8M0, pl.MX_A_ZZ]):
        r = pl.tile.move(pl.load({src}, [0, 0], [64, 2], target_memory=pl.Mem.Mat), target_memory=pl.Mem.LeftScale)
"""


def test_a_scale_move_needs_the_mx_view_of_its_load() -> None:
    """The same Mat tile type from an ND and an MX_A_ZZ tensor: only the MX load has the row/row/32 view."""
    errors = [d.message for d in analyze(_MX.format(src="nd")).diagnostics if d.is_error]
    assert errors == [
        "pl.tile operation 'move': The operator tile.move into LeftScale requires the source Mat tile to use the "
        "matching row/row/32 layout"
    ]
    assert [d.message for d in analyze(_MX.format(src="mx")).diagnostics if d.is_error] == []
