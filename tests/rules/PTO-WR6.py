# rule: PTO-WR6
# line: 14
# message: pl.matmul: 'b_trans' is not supported for Tile operands. At tile level a transposed operand is an explicit zero-copy view, not an op flag: wrap the operand with pl.tile.transpose_view(...) and pass it directly.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16]):
        l = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        c = pl.matmul(l, r, b_trans=True)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16]):
        l = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        c = pl.matmul(l, r)
