# rule: PTO-F12
# line: 21
# message: `with pl.spmd(...)` dispatch body launches 2 kernels; only one kernel dispatch per SPMD scope is supported.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.program
class Launch:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        blk = pl.tile.get_block_idx()
        t = pl.load(x, [blk * 32, 0], [32, 64])
        out = pl.store(pl.exp(t), [blk * 32, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.spmd(2):
            out = self.kernel(x, out)
            out = self.kernel(x, out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.spmd(4):
            out = self.kernel(x, out)
        return out
