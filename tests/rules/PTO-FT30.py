# rule: PTO-FT30
# line: 24
# message: tile.matmul_mx is only supported on the Ascend950 ('a5') backend, but got 'a2a3'
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    # No '# target: a5' first line: the default a2a3 backend has no MX matmul.
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[64, 64], pl.FP8E4M3FN],
        a_scale: pl.Tensor[[64, 2], pl.FP8E8M0, pl.MX_A_ZZ],
        b: pl.Tensor[[64, 64], pl.FP8E4M3FN],
        b_scale: pl.Tensor[[2, 64], pl.FP8E8M0, pl.MX_B_NN],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        lhs = pl.move(pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        lhs_scale = pl.move(pl.load(a_scale, [0, 0], [64, 2], target_memory=pl.Mem.Mat), target_memory=pl.Mem.LeftScale)
        rhs = pl.move(pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        rhs_scale = pl.move(pl.load(b_scale, [0, 0], [2, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.RightScale)
        base = pl.matmul_mx(lhs, lhs_scale, rhs, rhs_scale)
        out = pl.store(base, [0, 0], out)
        return out


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[64, 64], pl.FP16],
        b: pl.Tensor[[64, 64], pl.FP16],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        lhs = pl.move(pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        rhs = pl.move(pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        base = pl.matmul(lhs, rhs)
        out = pl.store(base, [0, 0], out)
        return out
