# rule: PTO-TD233
# line: 14
# message: Function 'faulty' parameter[1] 'rows' has invalid TensorType valid_shape rank mismatch: got rank 1 [48], but physical shape has rank 2 [64, 64]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(
        self,
        src: pl.Tensor[[64, 64], pl.FP32],
        rows: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(valid_shape=[48], layout=pl.ND)],
    ):
        tile = pl.load(src, [0, 0], [48, 64])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(
        self,
        src: pl.Tensor[[64, 64], pl.FP32],
        rows: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(valid_shape=[48, 64], layout=pl.ND)],
    ):
        tile = pl.load(src, [0, 0], [48, 64])
