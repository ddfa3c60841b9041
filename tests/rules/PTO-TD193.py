# rule: PTO-TD193
# line: 13
# message: pld.tensor.put: a dynamic leading transfer dim needs a static chunk_rows to bound the VEC staging tile
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.jit
def faulty(dst: pld.DistributedTensor[[4, 64], pl.FP32], src: pld.DistributedTensor[[4, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        rows = pl.tile.get_block_idx() + 1
        pld.tensor.put(dst, 1, src, dst_offsets=[0, 0], src_offsets=[0, 0], shape=[rows, 64])
    return dst


@pl.jit
def twin(dst: pld.DistributedTensor[[4, 64], pl.FP32], src: pld.DistributedTensor[[4, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        rows = pl.tile.get_block_idx() + 1
        pld.tensor.put(dst, 1, src, dst_offsets=[0, 0], src_offsets=[0, 0], shape=[rows, 64], chunk_rows=1)
    return dst
