# rule: PTO-F278
# line: 21
# message: 'kern' deps= cannot mix a whole TASK_ID array with per-element entries (got array entry 'tids' after a per-element / comprehension entry)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        y = pl.store(t, [0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.create_tensor([64], dtype=pl.FP32)
        tids = pl.array.create(4, pl.TASK_ID)
        with pl.manual_scope():
            y, tid = pl.submit(self.kern, x, y, deps=[tids[0], tids])
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        y = pl.store(t, [0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.create_tensor([64], dtype=pl.FP32)
        tids = pl.array.create(4, pl.TASK_ID)
        with pl.manual_scope():
            y, tid = pl.submit(self.kern, x, y, deps=[tids[0], tids[1]])
        return y
