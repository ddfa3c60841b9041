# rule: PTO-CT12
# line: 17
# message: pld.tensor.put src must be a GM tensor, but got a computed value that lowers to a tile: TPUT transfers between two GM regions, and a UB tile has no GM address. Use pld.tensor.remote_store(src, target, peer, offsets) to push a computed value straight to a peer (pld.remote_store dispatches to it automatically).
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


import pypto.language.distributed as pld


@pl.jit
def faulty(x: pl.Tensor[[16, 256], pl.FP32], win: pld.DistributedTensor[[16, 256], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        y = pl.exp(x)
        pld.tensor.put(win, 1, y, [0, 0], [0, 0], [16, 256])
    return win


@pl.jit
def twin(x: pl.Tensor[[16, 256], pl.FP32], win: pld.DistributedTensor[[16, 256], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        pld.tensor.put(win, 1, x, [0, 0], [0, 0], [16, 256])
    return win
