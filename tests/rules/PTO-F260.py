# rule: PTO-F260
# line: 9
# message: @pl.jit function 'faulty': parameter 'x' annotates a TensorView in its layout slot, which @pl.jit does not yet support — it would be dropped and the parameter compiled as ND. Use a plain layout (e.g. pl.MX_A_ZZ), or declare the kernel with @pl.function, which resolves the annotation directly.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32, pl.TensorView()], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        out[:] = pl.add(x, x)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32, pl.ND], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out[:] = pl.add(x, x)
    return out
