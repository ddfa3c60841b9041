# rule: PTO-E5
# line: 13
# message: deferred waiter 'faulty' must be an outlined InCore function or its pure-AIV expanded form
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Faulty:
    # A marked waiter must be InCore (or AIV): a cube kernel cannot wait.
    @pl.function(type=pl.FunctionType.AIC)
    def faulty(self, sig: pld.DistributedTensor[[1, 8], pl.INT32]):
        pl.func_attr({"deferred_completion_waiter": True})
        pld.system.defer_wait(sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, sig: pld.DistributedTensor[[1, 8], pl.INT32]):
        self.faulty(sig)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.AIV)
    def twin(self, sig: pld.DistributedTensor[[1, 8], pl.INT32]):
        pl.func_attr({"deferred_completion_waiter": True})
        pld.system.defer_wait(sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, sig: pld.DistributedTensor[[1, 8], pl.INT32]):
        self.twin(sig)
