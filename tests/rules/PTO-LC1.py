# rule: PTO-LC1
# line: 17
# message: pld.tensor.allreduce requires an explicit signal outside host orchestrator functions. Use pld.tensor.allreduce(target, signal, op=...) for InCore/lowered composite paths.
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
    r = pld.tensor.allreduce(data)
    return r


@pl.jit.incore
def twin(
    data: pld.DistributedTensor[[1, S], pl.FP32],
    signal: pld.DistributedTensor[[N, 1], pl.INT32],
):
    r = pld.tensor.allreduce(data, signal)
    return r
