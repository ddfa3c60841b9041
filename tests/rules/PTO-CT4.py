# rule: PTO-CT4
# line: 14
# message: GM tensor 'out' mixes MTE3 and scalar stores in one InCore function. tile.store/tensor.assemble uses the MTE3 path while tensor.write uses the scalar D-cache path; PyPTO cannot guarantee ordering or cache-line coherence between them. Rewrite the updates through one UB tile (use tile.write, then one tile.store), or use tensor.write for every GM element written to this tensor.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Stores:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        out = pl.store(pl.exp(t), [0, 0], out)
        pl.write(out, [0, 0], 0.0)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.exp(pl.load(x, [0, 0], [16, 64]))
        pl.write(t, [0, 0], 0.0)
        out = pl.store(t, [0, 0], out)
        return out
