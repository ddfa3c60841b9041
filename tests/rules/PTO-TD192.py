# rule: PTO-TD192
# line: 12
# message: pld.tensor.put src subregion dimension 0 exceeds src shape (offset=1, shape=2, src_dim=2)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.jit
def faulty(dst: pld.DistributedTensor[[2, 64], pl.FP32], src: pld.DistributedTensor[[2, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        pld.tensor.put(dst, 1, src, dst_offsets=[0, 0], src_offsets=[1, 0], shape=[2, 64])
    return dst


@pl.jit
def twin(dst: pld.DistributedTensor[[2, 64], pl.FP32], src: pld.DistributedTensor[[2, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        pld.tensor.put(dst, 1, src, dst_offsets=[0, 0], src_offsets=[1, 0], shape=[1, 64])
    return dst
