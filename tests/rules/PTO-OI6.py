# rule: PTO-OI6
# line: 11
# message: pl.at(no_dep_args=[...]) references tensor 'sig', which is not captured by the scope body. Only tensors actually read or written inside `with pl.at(...):` can appear in no_dep_args=.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.jit
def faulty(sig: pl.Tensor[[8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, no_dep_args=[sig], name_hint="consumer"):
        out[:] = pl.exp(x)
    return out


@pl.jit
def twin(sig: pl.Tensor[[8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, no_dep_args=[x], name_hint="consumer"):
        out[:] = pl.exp(x)
    return out
