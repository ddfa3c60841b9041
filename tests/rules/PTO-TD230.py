# rule: PTO-TD230
# line: 15
# message: pl.tensor operation 'view': tensor.view: an explicit target valid_shape requires a source valid_shape
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(
        self,
        rows: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(valid_shape=[64, 64], layout=pl.ND)],
    ):
        flat = pl.tensor.view(rows, [64, 64], valid_shape=[48, 64])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(
        self,
        rows: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(valid_shape=[48, 64], layout=pl.ND)],
    ):
        flat = pl.tensor.view(rows, [64, 64], valid_shape=[48, 64])
