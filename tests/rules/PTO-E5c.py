# rule: PTO-E5c
# line: 9
# message: deferred waiter 'faulty' has no task-level Orchestration call site; a printable function attr alone is not a valid deferred-completion contract
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Faulty:
    # Nothing dispatches the waiter: the attribute alone registers no completion.
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, sig: pld.DistributedTensor[[1, 8], pl.INT32]):
        pl.func_attr({"deferred_completion_waiter": True})
        pld.system.defer_wait(sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, sig: pld.DistributedTensor[[1, 8], pl.INT32]):
        pl.func_attr({"deferred_completion_waiter": True})
        pld.system.defer_wait(sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, sig: pld.DistributedTensor[[1, 8], pl.INT32]):
        self.twin(sig)
