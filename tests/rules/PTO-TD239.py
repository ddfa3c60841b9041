# rule: PTO-TD239
# line: 15
# message: pl.tensor operation 'reshape': tensor.reshape: cannot reshape a partially-valid [64, N] because dimension 1 has the runtime extent N. Mapping the real data into [32, 128] needs its size at compile time; use a static shape, or reshape before narrowing.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

N = pl.dynamic("N")


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, d: pl.Tensor[[64, N], pl.FP32]):
        head = pl.tensor.set_validshape(d, 32, N)
        flat = pl.tensor.reshape(head, [32, 128])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, d: pl.Tensor[[64, N], pl.FP32]):
        head = pl.tensor.set_validshape(d, 32, N)
        flat = pl.tensor.reshape(head, [64, 1, N])
