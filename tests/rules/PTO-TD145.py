# rule: PTO-TD145
# line: 12
# message: pld.tensor.barrier expects a DistributedTensor signal (window-bound); got pl.Tensor[[2, 1], pl.INT32]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.jit
def faulty(x: pl.Tensor[[2, 1], pl.INT32], sig: pld.DistributedTensor[[2, 1], pl.INT32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        pld.tensor.barrier(x)
    return sig


@pl.jit
def twin(x: pl.Tensor[[2, 1], pl.INT32], sig: pld.DistributedTensor[[2, 1], pl.INT32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        pld.tensor.barrier(sig)
    return sig
