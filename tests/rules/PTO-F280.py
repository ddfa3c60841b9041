# rule: PTO-F280
# line: 22
# message: 'kern' predicate reads 'y', which is produced by the task bound to 'tid', but 'tid' is not in deps=
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def kern(self, x: pl.Tensor[[64], pl.INT32], y: pl.Out[pl.Tensor[[64], pl.INT32]]) -> pl.Tensor[[64], pl.INT32]:
        t: pl.Tile[[64], pl.INT32] = pl.load(x, [0], [64])
        y = pl.store(t, [0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.INT32]) -> pl.Tensor[[64], pl.INT32]:
        y: pl.Tensor[[64], pl.INT32] = pl.create_tensor([64], dtype=pl.INT32)
        z: pl.Tensor[[64], pl.INT32] = pl.create_tensor([64], dtype=pl.INT32)
        with pl.manual_scope():
            y, tid = pl.submit(self.kern, x, y)
            z, tid2 = pl.submit(self.kern, x, z, predicate=(y[0] > 0))
        return z


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kern(self, x: pl.Tensor[[64], pl.INT32], y: pl.Out[pl.Tensor[[64], pl.INT32]]) -> pl.Tensor[[64], pl.INT32]:
        t: pl.Tile[[64], pl.INT32] = pl.load(x, [0], [64])
        y = pl.store(t, [0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.INT32]) -> pl.Tensor[[64], pl.INT32]:
        y: pl.Tensor[[64], pl.INT32] = pl.create_tensor([64], dtype=pl.INT32)
        z: pl.Tensor[[64], pl.INT32] = pl.create_tensor([64], dtype=pl.INT32)
        with pl.manual_scope():
            y, tid = pl.submit(self.kern, x, y)
            z, tid2 = pl.submit(self.kern, x, z, deps=[tid], predicate=(y[0] > 0))
        return z
