# rule: PTO-TD70
# line: 11
# message: pl operation 'and_': The operator tensor.and requires both operands to have the same shape, but got [64, 64] and [1, 64]. Broadcasting is not supported for bitwise/shift operators because the hardware provides no row/col-expand form; reshape or expand the operand explicitly first.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.INT32], b: pl.Tensor[[1, 64], pl.INT32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.and_(a, b)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.INT32], b: pl.Tensor[[1, 64], pl.INT32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.and_(a, a)
