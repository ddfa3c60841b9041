# rule: PTO-E4
# line: 12
# message: pld.system.defer_wait in function 'faulty' bypasses the deferred-waiter task contract. Use a task-level `with pl.at(level=pl.Level.CORE_GROUP)` scope; capture its TaskId and use `deps=[wait_tid]` only when a later consumer must be gated.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Waits:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, sig: pld.DistributedTensor[[1, 8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pld.system.defer_wait(sig, [0, 0], 1, cmp=pld.WaitCmp.Ge)
        t = pl.load(x, [0, 0], [64, 64])
        out = pl.store(pl.exp(t), [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, sig: pld.DistributedTensor[[1, 8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        out = pl.store(pl.exp(t), [0, 0], out)
        return out


@pl.program
class Marked:
    @pl.function(type=pl.FunctionType.InCore)
    def marked(self, sig: pld.DistributedTensor[[1, 8], pl.INT32]):
        # A hand-written waiter marked as one passes the audit (the parser merges every leading pl.func_attr);
        # the trailing empty return is structural.
        pl.func_attr({"split": pl.SplitMode.NONE})
        pl.func_attr({"deferred_completion_waiter": True})
        pld.system.defer_wait(sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)
        return

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, sig: pld.DistributedTensor[[1, 8], pl.INT32]):
        self.marked(sig)
