# rule: PTO-WR22
# line: 11
# message: pl.tensor operation 'scatter': scatter() mask form requires both mask_pattern and dst
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], h: pl.Tensor[[64, 32], pl.FP32], s: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.scatter(h, mask_pattern=1)


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], h: pl.Tensor[[64, 32], pl.FP32], s: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.scatter(h, mask_pattern=1, dst=s)
