"""Decode step of the navigation test package: entries, helpers from other modules, config constants."""

import pypto.language as pl

from .config import ACTIVE as M, K_TILE, TILE_ROWS
from .layers.attention import attention_block
from .layers.norm import rms_norm

ROWS = TILE_ROWS
HIDDEN = M.hidden_size


@pl.jit.inline
def project(x: pl.Tensor, w: pl.Tensor, out: pl.Out[pl.Tensor]):
    """x @ w on the cube."""
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="project"):
        acc = pl.matmul(x, w, out_dtype=pl.FP32)
        out = pl.assemble(out, acc, offset=[0, 0])
    return out


@pl.jit
def decode(
    x: pl.Tensor[[ROWS, HIDDEN], pl.FP32],
    gamma: pl.Tensor[[1, HIDDEN], pl.FP32],
    wq: pl.Tensor[[HIDDEN, 64], pl.FP16],
    k: pl.Tensor[[64, 64], pl.FP32],
    v: pl.Tensor[[64, 64], pl.FP32],
    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    normed = pl.create_tensor([ROWS, HIDDEN], dtype=pl.FP32)
    normed = rms_norm(x, gamma, normed)
    q = pl.create_tensor([ROWS, 64], dtype=pl.FP32)
    q = project(normed, wq, q)
    out = attention_block(q, k, v, q, out)
    return out


def build_specs(batch: int = 1) -> dict[str, tuple[int, int]]:
    """Host-side shapes of the decode inputs (plain Python: never a kernel)."""
    rows = batch * ROWS
    return {"x": (rows, HIDDEN), "wq": (HIDDEN, K_TILE)}


def build_program():
    @pl.program
    class DecodeProgram:
        @pl.function(type=pl.FunctionType.InCore)
        def scale_rows(
            self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]
        ) -> pl.Tensor[[64, 64], pl.FP32]:
            t = pl.load(a, [0, 0], [64, 64])
            s = pl.mul(t, 2.0)
            out = pl.store(s, [0, 0], out)
            return out

        @pl.function(type=pl.FunctionType.Orchestration)
        def main(
            self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]
        ) -> pl.Tensor[[64, 64], pl.FP32]:
            out = self.scale_rows(a, out)
            return out

    return DecodeProgram
