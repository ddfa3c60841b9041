# rule: PTO-LC4
# line: 17
# message: pld.tensor.allreduce mode must be "ring" or "mesh", got "tree"
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld

N = 2
S = 64


@pl.jit.incore
def faulty(
    data: pld.DistributedTensor[[1, S], pl.FP32],
    signal: pld.DistributedTensor[[N, 1], pl.INT32],
):
    r = pld.tensor.allreduce(data, signal, mode="tree")
    return r


@pl.jit.incore
def twin(
    data: pld.DistributedTensor[[1, S], pl.FP32],
    signal: pld.DistributedTensor[[N, 1], pl.INT32],
):
    r = pld.tensor.allreduce(data, signal, mode="mesh")
    return r
