# rule: PTO-AV-H
# line: 14
# message: 'pl.split_aiv' opens a CORE_GROUP-level region, so it cannot be authored inside a function declared 'pl.FunctionType.InCore' — that function is already a core function. A region reaches an InCore function only when OutlineIncoreScopes lifted the enclosing CORE_GROUP scope into it, and that pass processes only Opaque / Orchestration functions. Declare the enclosing function with plain @pl.function / @pl.jit (Opaque), or open the region inside a 'with pl.at(level=pl.Level.CORE_GROUP):' scope in such a function, and let pass 8 outline it.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.program
class Regions:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            t = pl.load(x, [0, 0], [64, 64])
            out = pl.store(pl.mul(t, pl.cast(aiv_id, pl.FP32)), [0, 0], out)
        return out

    @pl.function
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
            for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
                t = pl.load(x, [0, 0], [64, 64])
                out = pl.store(pl.mul(t, pl.cast(lane, pl.FP32)), [0, 0], out)
        return out
