# rule: PTO-F48
# line: 25
# message: AssertionError: assert VOCAB % VOCAB_CHUNK == 0
# The module-level `assert` at the end is proven false, so Python's import of this module fails there;
# the near miss (`assert VOCAB_CHUNK % 32 == 0`) holds and stays silent, as does the unknown
# `assert ROWS % 8 == 0` (ROWS comes from the environment).
import os

import pypto.language as pl

VOCAB = 1000
VOCAB_CHUNK = 64
ROWS = int(os.environ["ROWS"])
assert VOCAB_CHUNK % 32 == 0
assert ROWS % 8 == 0


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out[:] = pl.exp(x)
    return out


assert VOCAB % VOCAB_CHUNK == 0
