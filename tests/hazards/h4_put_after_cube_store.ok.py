# expect: none
# Twin of h4_put_after_cube_store: the store is published, fenced and barriered, and the vector lane
# invalidates before it sends the buffer.
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
        pl.system.cacheinvalid()
        pl.system.fence()
        pl.system.syncall(
            mode=pl.SyncAllMode.SOFT, core_type=pl.KernelType.MIX, gm_workspace=sync_ws, used_cores=3
        )
        pl.system.cacheinvalid()
        pld.tensor.put(win, 1, ws, [0, 0], [0, 0], [M, N])
    return ws
