# rule: PTO-HS2
# line: 15
# message: hard pl.system.syncall(core_type="aiv_only") requires the SPMD launch to fill all 48 AIV cores (one block per physical core), but the launch sizes itself on pl.system.available_cluster_count(). Use pl.system.available_aiv_count() instead, or mode="soft" (GM-polling) for partial occupancy.
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
        with pl.spmd(pl.system.available_cluster_count(), sync_start=True):
            out = self.faulty(x, out)
        with pl.spmd(pl.system.available_aiv_count(), sync_start=True):
            out = self.twin(x, out)
        return out
