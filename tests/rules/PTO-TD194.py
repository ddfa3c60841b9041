# rule: PTO-TD194
# line: 14
# message: pld.tile operation 'remote_load': create_op_call(): incompatible function arguments. The following argument types are supported:
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.jit.incore
def faulty(
    x: pl.Tensor[[1, 64], pl.FP32],
    data: pld.DistributedTensor[[1, 64], pl.FP32],
):
    recv = pld.tile.remote_load(data, peer=1, offsets=[0, 0], shape=[1, 64])
    x = pl.store(recv, [0, 0], x)
    return x


@pl.jit.incore
def twin(
    x: pl.Tensor[[1, 64], pl.FP32],
    data: pld.DistributedTensor[[1, 64], pl.FP32],
):
    recv = pld.tile.remote_load(data, 1, offsets=[0, 0], shape=[1, 64])
    x = pl.store(recv, [0, 0], x)
    return x
