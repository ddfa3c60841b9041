# rule: PTO-HS4
# line: 15
# message: hard pl.system.syncall(core_type="mix") can never complete in a vector-only (AIV) launch: it waits for all CUBE cores, but a single-core-type SPMD launch provides none of them. Use a barrier core_type that matches the launch, or launch this barrier from a mixed (cube+vector) kernel.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.program
class Barrier:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        pl.system.syncall(core_type=pl.KernelType.MIX)
        out = pl.store(pl.exp(t), [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        pl.system.syncall(core_type=pl.KernelType.AIV)
        out = pl.store(pl.exp(t), [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.spmd(pl.system.available_aiv_count(), sync_start=True):
            out = self.faulty(x, out)
        with pl.spmd(pl.system.available_aiv_count(), sync_start=True):
            out = self.twin(x, out)
        return out
