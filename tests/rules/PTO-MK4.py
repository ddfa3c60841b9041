# rule: PTO-MK4
# line: 12
# message: Function 'faulty_faulty_aic' uses cross-core tile ops with non-static tile size; auto pipe setup requires statically known tile shapes
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

M = pl.dynamic("M")


@pl.jit
def faulty(x: pl.Tensor[[M, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[M, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.matmul(x, w, out_dtype=pl.FP32)
        out[:] = pl.exp(acc)
    return out


@pl.jit
def twin(x: pl.Tensor[[M, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[M, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(x[0:64, :], w, out_dtype=pl.FP32)
        out[0:64, :] = pl.exp(acc)
    return out
