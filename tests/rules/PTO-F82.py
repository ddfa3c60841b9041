# rule: PTO-F82
# line: 13
# message: `with pl.spmd(...) as tid:` cannot capture a TaskId when nested inside `pl.cluster()` — a cluster-nested pl.spmd is unwrapped into the Group function and never produces a Submit.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.Orchestration)
    def faulty(self, a: pl.Tensor[[512, 128], pl.FP32], out: pl.Out[pl.Tensor[[512, 128], pl.FP32]]) -> pl.Tensor[[512, 128], pl.FP32]:
        with pl.cluster():
            with pl.spmd(4) as tid:
                i = pl.tile.get_block_idx()
                t = pl.load(a, [i * 128, 0], [128, 128])
                out = pl.store(t, [i * 128, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def twin(self, a: pl.Tensor[[512, 128], pl.FP32], out: pl.Out[pl.Tensor[[512, 128], pl.FP32]]) -> pl.Tensor[[512, 128], pl.FP32]:
        with pl.spmd(4) as tid:
            i = pl.tile.get_block_idx()
            t = pl.load(a, [i * 128, 0], [128, 128])
            out = pl.store(t, [i * 128, 0], out)
        return out
