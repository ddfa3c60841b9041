# rule: PTO-TD12
# line: 14
# message: pl operation 'matmul': The operator tile.matmul requires matching physical inner dimensions (physical K), but got lhs K=128 and rhs K=64
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 128], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16]):
        l = pl.load(a, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        c = pl.matmul(l, r)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 128], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16]):
        l = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        c = pl.matmul(l, r)


@pl.program
class GatheredTwin:
    @pl.function(type=pl.FunctionType.InCore)
    def gathered_twin(self, a: pl.Tensor[[16, 32], pl.FP16], table: pl.Tensor[[128, 64], pl.FP16], index: pl.Tensor[[1, 32], pl.INT32]):
        l = pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
        # Row-mode mgather: one table row per index, so the rhs is [32, 64] and its K is 32.
        r = pl.tile.mgather(table, index, target_memory=pl.Mem.Mat)
        c = pl.matmul(l, r)
