# rule: PTO-TD226
# line: 17
# message: Failed to parse function 'faulty': Dynamic type variable 'N' has conflicting bindings 16 and 32 that are not provably equal at argument 1 physical shape[0]; cross-function calls do not emit a runtime shape guard
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

N = pl.dynamic("N")


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.Opaque)
    def pair(self, a: pl.Tensor[[N, 64], pl.FP32], b: pl.Tensor[[N, 64], pl.FP32]) -> pl.Tensor[[N, 64], pl.FP32]:
        return a

    @pl.function(type=pl.FunctionType.Opaque)
    def faulty(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Tensor[[32, 64], pl.FP32]):
        r = self.pair(x, y)
        return r


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.Opaque)
    def pair(self, a: pl.Tensor[[N, 64], pl.FP32], b: pl.Tensor[[N, 64], pl.FP32]) -> pl.Tensor[[N, 64], pl.FP32]:
        return a

    @pl.function(type=pl.FunctionType.Opaque)
    def twin(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32]):
        r = self.pair(x, y)
        return r
