# rule: PTO-LC11
# line: 13
# message: pld.tensor.allreduce partial valid_shape must fit within one 16384-byte mesh chunk using a statically bounded tile; chunking a partial rectangle with row gaps is not supported
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, data: pld.DistributedTensor[[64, 256], pl.FP32, pl.TensorView(valid_shape=[32, 256], layout=pl.ND)], signal: pld.DistributedTensor[[2, 1], pl.INT32]):
        r = pld.tensor.allreduce(data, signal)
        return r


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, data: pld.DistributedTensor[[64, 256], pl.FP32, pl.TensorView(valid_shape=[16, 256], layout=pl.ND)], signal: pld.DistributedTensor[[2, 1], pl.INT32]):
        r = pld.tensor.allreduce(data, signal)
        return r
