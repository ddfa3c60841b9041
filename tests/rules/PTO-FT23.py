# rule: PTO-FT23
# line: 12
# message: tile.matmul left operand 'la' is already resident in Left (L0A) with physical shape [256, 256] and dtype fp32, requiring 262144 bytes, but the active backend provides 65536 bytes. AutoTileMatmulL0 does not retile operands already placed in Left or Right. Keep this operand in Mat and pass it directly to tile.matmul so AutoTileMatmulL0 can choose legal L0 tiles, or manually extract a smaller Left tile.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[256, 256], pl.FP32], b: pl.Tensor[[256, 64], pl.FP32], out: pl.Out[pl.Tensor[[256, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        ta = pl.load(a, [0, 0], [256, 256], target_memory=pl.Mem.Mat)
        la = pl.move(ta, target_memory=pl.Mem.Left)
        tb = pl.load(b, [0, 0], [256, 64], target_memory=pl.Mem.Mat)
        lb = pl.move(tb, target_memory=pl.Mem.Right)
        out = pl.store(pl.matmul(la, lb), [0, 0], out)
    return out


@pl.jit
def twin(a: pl.Tensor[[128, 128], pl.FP32], b: pl.Tensor[[128, 64], pl.FP32], out: pl.Out[pl.Tensor[[128, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        ta = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Mat)
        la = pl.move(ta, target_memory=pl.Mem.Left)
        tb = pl.load(b, [0, 0], [128, 64], target_memory=pl.Mem.Mat)
        lb = pl.move(tb, target_memory=pl.Mem.Right)
        out = pl.store(pl.matmul(la, lb), [0, 0], out)
    return out
