# rule: PTO-F15b
# line: 16
# message: pl.tile operation 'matmul': The operator tile.matmul requires matching physical inner dimensions (physical K), but got lhs K=32 and rhs K=64
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.program
class Explicit:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Left)
        r = pl.move(pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Right)
        out = pl.store(pl.tile.matmul(l, r), [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        l = pl.move(pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Left)
        r = pl.move(pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Right)
        out = pl.store(pl.tile.matmul(l, r), [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def while_twin(self, a: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        # A pl.while_ header names only carries: `acc` is the tile it starts from, `i` the scalar.
        for (acc, i) in pl.while_(init_values=(t, 0)):
            pl.cond(i < n)
            acc_out, i_out = pl.yield_(pl.tile.add(acc, t), i + 1)
        out = pl.store(acc_out, [0, 0], out)
        return out
