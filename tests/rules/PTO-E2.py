# rule: PTO-E2
# line: 18
# message: deferred waiter 'faulty' must be dispatched directly from an Orchestration function via a task-level pl.at(CORE_GROUP) scope
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, sig: pld.DistributedTensor[[1, 8], pl.INT32]):
        pl.func_attr({"deferred_completion_waiter": True})
        pld.system.defer_wait(sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)

    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, sig: pld.DistributedTensor[[1, 8], pl.INT32]):
        self.faulty(sig)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, sig: pld.DistributedTensor[[1, 8], pl.INT32]):
        pl.func_attr({"deferred_completion_waiter": True})
        pld.system.defer_wait(sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, sig: pld.DistributedTensor[[1, 8], pl.INT32]):
        self.twin(sig)
