# rule: PTO-TD106
# line: 11
# message: pl operation 'row_expand_add': The operator tensor.row_expand_add requires src0 and src1 to have the same dtype, but got fp32 and fp16
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32], v: pl.Tensor[[64, 1], pl.FP16], w: pl.Tensor[[64, 1], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.row_expand_add(a, v)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32], v: pl.Tensor[[64, 1], pl.FP16], w: pl.Tensor[[64, 1], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.row_expand_add(a, w)
