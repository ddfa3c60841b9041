# rule: PTO-IN6
# line: 44
# message: 'bound_later' is called like an inline helper, but it resolves to no inline helper: the code it runs is not expanded or checked here
# `faulty` calls a name its factory binds only when IMPL (from the environment) is known; `twin` calls
# the helper a factory binds from a module constant, which is expanded.
import os

import pypto.language as pl

MODE = "exp"
IMPL = os.environ["IMPL"]


def _bind_scale():
    if MODE == "exp":
        @pl.jit.inline
        def scale(t: pl.Tensor, out: pl.Out[pl.Tensor]):
            out[:] = pl.exp(t)
            return out
    else:
        @pl.jit.inline
        def scale(t: pl.Tensor, out: pl.Out[pl.Tensor]):
            out[:] = pl.mul(t, 2.0)
            return out
    return scale


def _bind_later():
    if IMPL == "fast":
        @pl.jit.inline
        def bound_later(t: pl.Tensor, out: pl.Out[pl.Tensor]):
            out[:] = pl.exp(t)
            return out
    return bound_later


scale = _bind_scale()
bound_later = _bind_later()


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        out = bound_later(x, out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out = scale(x, out)
    return out
