# rule: PTO-F281
# line: 20
# message: `pl.submit(...)` inside `pl.cluster()` cannot carry per-task dispatch metadata (allow_early_resolve) — the cluster is dispatched as one Group task, so metadata on an inner Submit would be ignored
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.AIV)
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        y = pl.store(t, [0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.create_tensor([64], dtype=pl.FP32)
        with pl.cluster():
            y, tid = pl.submit(self.kern, x, y, allow_early_resolve=True)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.AIV)
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        y = pl.store(t, [0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.create_tensor([64], dtype=pl.FP32)
        with pl.cluster():
            y, tid = pl.submit(self.kern, x, y)
        return y
