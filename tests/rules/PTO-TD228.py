# rule: PTO-TD228
# line: 12
# message: pl.prefetch operation 'async_prefetch': prefetch.async_prefetch expects src to be a Var or IterArg
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.Orchestration)
    def faulty(self, p: pl.Tensor[[1, 4096], pl.FP32]):
        ev = pl.prefetch.async_prefetch(pl.tensor.view(p, [1, 4096]), pl.prefetch.make_context())


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.Orchestration)
    def twin(self, p: pl.Tensor[[1, 4096], pl.FP32]):
        v = pl.tensor.view(p, [1, 4096])
        ev = pl.prefetch.async_prefetch(v, pl.prefetch.make_context())
