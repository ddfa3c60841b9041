# rule: PTO-TD231
# line: 15
# message: pl operation 'load': tile.load source valid_shape rank 1 does not match its shape rank 2
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(
        self,
        rows: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(valid_shape=[48], layout=pl.ND)],
    ):
        tile = pl.load(rows, [0, 0], [48, 64])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(
        self,
        rows: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(valid_shape=[48, 64], layout=pl.ND)],
    ):
        tile = pl.load(rows, [0, 0], [48, 64])
