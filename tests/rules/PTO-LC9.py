# rule: PTO-LC9
# line: 13
# message: pld.tensor.allreduce target shape reinterpret requires a packed source
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, data: pld.DistributedTensor[[4, 64], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.ND)], signal: pld.DistributedTensor[[2, 1], pl.INT32]):
        r = pld.tensor.allreduce(data, signal)
        return r


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, data: pld.DistributedTensor[[4, 64], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.ND)], signal: pld.DistributedTensor[[2, 1], pl.INT32]):
        r = pld.tensor.allreduce(data, signal)
        return r
