# expect: PTO-H4 at "pld.tensor.put(win"
# The cube stores its product to GM and the vector lane sends that buffer to a peer right away: the
# communication op reads GM on the vector lane, and nothing fences it after the cube's store.
import pypto.language as pl
import pypto.language.distributed as pld

M = 64
N = 64


@pl.jit
def send_product(
    a: pl.Tensor[[M, N], pl.FP16],
    b: pl.Tensor[[N, N], pl.FP16],
    ws: pl.InOut[pl.Tensor[[M, N], pl.FP32]],
    win: pld.DistributedTensor[[M, N], pl.FP32],
    sync_ws: pl.InOut[pl.Tensor[[16], pl.INT32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="send_product"):
        la = pl.load(a, [0, 0], [M, N], target_memory=pl.MemorySpace.Mat)
        lb = pl.load(b, [0, 0], [N, N], target_memory=pl.MemorySpace.Mat)
        acc = pl.matmul(la, lb)
        ws = pl.store(acc, [0, 0], ws)
        pld.tensor.put(win, 1, ws, [0, 0], [0, 0], [M, N])
    return ws
