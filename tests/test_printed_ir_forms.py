"""Forms that the compiler's own printer writes and its parser reads back: an op call's `attrs={...}`
and an InCore function that carries the outliner's `split_aiv` stamp. The real compiler accepts both
(upstream's positive programs, run through the compiler built from e2d0f78), so they get no error."""

from __future__ import annotations

from compiler import analyze

HEAD = "import pypto.language as pl\n\n\n"

OP_ATTRS = (
    HEAD
    + """@pl.program
class Staged:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, a: pl.Tensor[[64, 64], pl.BF16], out: pl.Out[pl.Tensor[[64, 64], pl.BF16]]) -> pl.Tensor[[64, 64], pl.BF16]:
        a_mat: pl.Tile[[64, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(
            a, [0, 0], [64, 64], target_memory=pl.Mem.Mat, attrs={ATTRS}
        )
        a_vec: pl.Tile[[64, 64], pl.BF16, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [64, 64])
        out = pl.tile.store(a_vec, [0, 0], out)
        return out
"""
)

STAMPED = (
    HEAD
    + """@pl.program
class Lifted:
    @pl.function(type=pl.FunctionType.InCore, attrs={STAMP})
    def main_incore_0(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        a_mat: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        acc: pl.Tile[[64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a_mat, a_mat)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            half: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(acc)
        out = pl.tile.store(half, [0, 0], out)
        return out
"""
)


def _error_codes(source: str) -> list[str]:
    return [d.code for d in analyze(source, "/tmp/printed.py").diagnostics if d.is_error]


def test_an_op_calls_attrs_dict_is_the_parsers_not_the_wrappers() -> None:
    assert _error_codes(OP_ATTRS.replace("{ATTRS}", '{"pipeline_membership": 1}')) == []
    # Any other keyword the wrapper does not take is still its TypeError.
    assert _error_codes(OP_ATTRS.replace("attrs={ATTRS}", "stage=1")) == ["PTO-F15b"]


def test_an_incore_function_stamped_split_aiv_may_hold_a_region() -> None:
    assert (
        _error_codes(STAMPED.replace("{STAMP}", '{"split": pl.SplitMode.UP_DOWN, "split_aiv": True}')) == []
    )
    assert "PTO-AV-H" in _error_codes(STAMPED.replace("{STAMP}", '{"split": pl.SplitMode.UP_DOWN}'))
