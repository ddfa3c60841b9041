# rule: PTO-TD221
# line: 14
# message: pl.tile operation 'assemble': tile.assemble leaves a gap in dimension 0: the write starts at 48, which is not provably at or before the target valid extent 32. A valid shape names one contiguous origin-anchored rectangle, so a write that grows it must abut the region already there
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], k: pl.Scalar[pl.INDEX]):
        acc = pl.load(x, [0, 0], [64, 64], valid_shape=[32, 64])
        rows = pl.load(x, [32, 0], [16, 64])
        grown = pl.tile.assemble(acc, rows, [48, 0])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], k: pl.Scalar[pl.INDEX]):
        acc = pl.load(x, [0, 0], [64, 64], valid_shape=[32, 64])
        rows = pl.load(x, [32, 0], [16, 64])
        grown = pl.tile.assemble(acc, rows, [32, 0])
