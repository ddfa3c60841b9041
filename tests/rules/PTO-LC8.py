# rule: PTO-LC8
# line: 17
# message: pld.tensor.allreduce target view only supports ND layout
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld

N = 2


@pl.jit.incore
def faulty(
    data: pld.DistributedTensor[[4, 64], pl.FP32],
    signal: pld.DistributedTensor[[N, 1], pl.INT32],
):
    cols = pl.tensor.view(data, layout=pl.DN)
    r = pld.tensor.allreduce(cols, signal)
    return r


@pl.jit.incore
def twin(
    data: pld.DistributedTensor[[4, 64], pl.FP32],
    signal: pld.DistributedTensor[[N, 1], pl.INT32],
):
    rows = pl.tensor.view(data, [2, 128])
    r = pld.tensor.allreduce(rows, signal)
    return r
