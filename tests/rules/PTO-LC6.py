# rule: PTO-LC6
# line: 17
# message: mode=ring signal must be 2D [2*(NR-1), NR]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld

N = 2
S = 64


@pl.jit.incore
def faulty(
    data: pld.DistributedTensor[[1, S], pl.FP32],
    signal: pld.DistributedTensor[[8], pl.INT32],
):
    r = pld.tensor.allreduce(data, signal, mode="ring")
    return r


@pl.jit.incore
def twin(
    data: pld.DistributedTensor[[1, S], pl.FP32],
    signal: pld.DistributedTensor[[2, 2], pl.INT32],
):
    r = pld.tensor.allreduce(data, signal, mode="ring")
    return r
