# rule: PTO-HS3
# line: 15
# message: hard pl.system.syncall(core_type="aiv_only") requires the SPMD launch to set sync_start=True so all blocks are co-resident at the FFTS barrier; without it the runtime may dispatch blocks in waves and the barrier deadlocks on device (507018). Add sync_start=True to the launch, or use mode="soft" (GM-polling).
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.program
class Barrier:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        pl.system.syncall(core_type=pl.KernelType.AIV)
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
        with pl.spmd(pl.system.available_aiv_count()):
            out = self.faulty(x, out)
        with pl.spmd(pl.system.available_aiv_count(), sync_start=True):
            out = self.twin(x, out)
        return out
