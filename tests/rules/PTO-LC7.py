# rule: PTO-LC7
# line: 18
# message: pld.tensor.allgather local_data must be a plain Tensor [1, SIZE] on the InCore path, got DistributedTensorType
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld

N = 2
S = 64


@pl.jit.incore
def faulty(
    local: pld.DistributedTensor[[1, S], pl.FP32],
    target: pld.DistributedTensor[[N, S], pl.FP32],
    signal: pld.DistributedTensor[[N, 1], pl.INT32],
):
    r = pld.tensor.allgather(local, target, signal)
    return r


@pl.jit.incore
def twin(
    local: pl.Tensor[[1, S], pl.FP32],
    target: pld.DistributedTensor[[N, S], pl.FP32],
    signal: pld.DistributedTensor[[N, 1], pl.INT32],
):
    r = pld.tensor.allgather(local, target, signal)
    return r
