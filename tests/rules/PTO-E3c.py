# rule: PTO-E3c
# line: 18
# message: deferred waiter 'faulty' must be a single-block task and cannot use core_num or sync_start
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, sig: pld.DistributedTensor[[1, 8], pl.INT32]):
        pl.func_attr({"deferred_completion_waiter": True})
        pld.system.defer_wait(sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, sig: pld.DistributedTensor[[1, 8], pl.INT32], gate: pl.Tensor[[1], pl.INT32]):
        self.faulty(sig, attrs={"core_num": 2})


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, sig: pld.DistributedTensor[[1, 8], pl.INT32]):
        pl.func_attr({"deferred_completion_waiter": True})
        pld.system.defer_wait(sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, sig: pld.DistributedTensor[[1, 8], pl.INT32], gate: pl.Tensor[[1], pl.INT32]):
        # A waiter task is dispatched plain: one block, always submitted, never resolved early.
        self.twin(sig)
