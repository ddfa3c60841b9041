# rule: PTO-F75
# line: 22
# message: Function 'scale' does not accept keyword argument 'deps'
# `main` breaks the rule once (a plain call given deps=); `twin` submits the same call, which takes it.
import pypto.language as pl


@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(
        self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        out = pl.store(pl.mul(t, 2.0), [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        first, tid = pl.submit(self.scale, x, out)
        out = first
        out = self.scale(x, out, deps=[tid])
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        first, tid = pl.submit(self.scale, x, out)
        out = first
        second, _tid2 = pl.submit(self.scale, x, out, deps=[tid])
        out = second
        return out
