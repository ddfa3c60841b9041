# rule: PTO-TD238
# line: 15
# message: pl operation 'gatherb': The operator tile.gatherb requires static offset columns
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

C = pl.dynamic("C")


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, src: pl.Tensor[[64, 64], pl.FP32], offsets: pl.Tensor[[64, C], pl.UINT32]):
        blocks = pl.load(src, [0, 0], [64, 64])
        picked = pl.gatherb(blocks, pl.load(offsets, [0, 0], [64, C]))


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, src: pl.Tensor[[64, 64], pl.FP32], offsets: pl.Tensor[[64, C], pl.UINT32]):
        blocks = pl.load(src, [0, 0], [64, 64])
        picked = pl.gatherb(blocks, pl.load(offsets, [0, 0], [64, 8]))
