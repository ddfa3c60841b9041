# rule: PTO-LC5
# line: 17
# message: pld.tensor.allreduce signal shape[1] must be 1 (one cell per rank), got 2 — a signal shaped for mode="ring" allreduce ([2*(NR-1), NR]) cannot be shared with this collective; give it its own [NR, 1] signal window
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld

N = 2
S = 64


@pl.jit.incore
def faulty(
    data: pld.DistributedTensor[[1, S], pl.FP32],
    signal: pld.DistributedTensor[[N, 2], pl.INT32],
):
    r = pld.tensor.allreduce(data, signal)
    return r


@pl.jit.incore
def twin(
    data: pld.DistributedTensor[[1, S], pl.FP32],
    signal: pld.DistributedTensor[[N, 2], pl.INT32],
):
    r = pld.tensor.allreduce(data, signal, mode="ring")
    return r
