# rule: PTO-LC12
# line: 13
# message: pld.tensor.allreduce mode=ring target valid_shape must be a contiguous row-major prefix
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, data: pld.DistributedTensor[[4, 64], pl.FP32, pl.TensorView(valid_shape=[2, 32], layout=pl.ND)], signal: pld.DistributedTensor[[2, 2], pl.INT32]):
        r = pld.tensor.allreduce(data, signal, mode="ring")
        return r


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, data: pld.DistributedTensor[[4, 64], pl.FP32, pl.TensorView(valid_shape=[2, 64], layout=pl.ND)], signal: pld.DistributedTensor[[2, 2], pl.INT32]):
        r = pld.tensor.allreduce(data, signal, mode="ring")
        return r
