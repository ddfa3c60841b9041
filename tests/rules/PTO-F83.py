# rule: PTO-F83
# line: 13
# message: `pl.spmd(..., allow_early_resolve=True)` cannot be nested inside `pl.cluster()` — a cluster-nested pl.spmd is unwrapped into the Group function and never produces a Submit, so the early-dispatch hint would be lost.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.Orchestration)
    def faulty(self, a: pl.Tensor[[512, 128], pl.FP32], out: pl.Out[pl.Tensor[[512, 128], pl.FP32]]) -> pl.Tensor[[512, 128], pl.FP32]:
        with pl.cluster():
            for i in pl.spmd(4, allow_early_resolve=True):
                t = pl.load(a, [i * 128, 0], [128, 128])
                out = pl.store(t, [i * 128, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def twin(self, a: pl.Tensor[[512, 128], pl.FP32], out: pl.Out[pl.Tensor[[512, 128], pl.FP32]]) -> pl.Tensor[[512, 128], pl.FP32]:
        for i in pl.spmd(4, allow_early_resolve=True):
            t = pl.load(a, [i * 128, 0], [128, 128])
            out = pl.store(t, [i * 128, 0], out)
        return out
