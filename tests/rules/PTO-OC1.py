# rule: PTO-OC1
# line: 20
# message: pl.spmd() block count references 'n', which is defined inside the enclosing pl.cluster(). The block count is evaluated at the cluster's launch site, so it must be computed before `with pl.cluster():` and captured, e.g.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.program
class C:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        i = pl.tile.get_block_idx()
        out = pl.store(pl.exp(pl.load(x, [i * 0, 0], [64, 64])), [i * 0, 0], out)
        return out

    @pl.function
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.cluster():
            n = pl.system.available_cluster_count()
            with pl.spmd(n):
                out = self.k(x, out)
        return out

    @pl.function
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        m = pl.system.available_cluster_count()
        with pl.cluster():
            with pl.spmd(m):
                out = self.k(x, out)
        return out
