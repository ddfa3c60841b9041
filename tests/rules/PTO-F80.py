# rule: PTO-F80
# line: 10
# message: `with pl.cluster(...) as ...:` is not supported — the `as` clause only applies to `with pl.at(...) as tid:` and `with pl.spmd(...) as tid:`
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.cluster() as tid:
        with pl.at(level=pl.Level.CORE_GROUP):
            out = pl.assemble(out, pl.mul(x, 2.0), [0, 0])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.cluster():
        with pl.at(level=pl.Level.CORE_GROUP):
            out = pl.assemble(out, pl.mul(x, 2.0), [0, 0])
    return out
