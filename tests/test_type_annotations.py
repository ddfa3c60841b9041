"""Local annotations and statement forms the parser rejects, beyond the one-fault rule fixtures: each case's
verdict was recorded on the reference compiler (a faulty body and its accepted twin)."""

from __future__ import annotations

import pytest

from compiler.pipeline import analyze

KERNEL = """import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
{body}
        y = pl.store(t, [0, 0], y)
        return y
"""

CASES = [
    ("u: pl.Tensor[[64, 64], pl.FP32, ZN] = x", ("PTO-F197", 9, "Unknown layout: ZN")),
    (
        "u: pl.Tile[[64, 64], pl.FP32, pl.MemRef(pl.Mem.Vec, 1.5, 16384, 0), pl.Mem.Vec] = pl.load(x, [0, 0], [64, 64])",
        ("PTO-F164", 9, "MemRef address must be an integer, got: 1.5"),
    ),
    (
        "u: pl.Tile[[64, 64], pl.FP32, pl.MemRef(pl.Mem.Vec, 0, 16384, 0), pl.Mem.Vec] = pl.load(x, [0, 0], [64, 64])",
        None,
    ),
    ("u: pl.Tile[NN, pl.FP32] = pl.load(x, [0, 0], [64, 64])", ("PTO-F184", 9, "Unknown shape variable: NN")),
    (
        "u: pl.Tile[[64, 64], DataType.FOO] = pl.load(x, [0, 0], [64, 64])",
        ("PTO-F183", 9, "Unknown DataType: FOO"),
    ),
    ("m = +1", None),  # a constant operand is folded before the operator is read
    ("n = pl.tile.get_block_idx()\n        m = +n", ("PTO-F170", 10, "Unsupported unary operator: UAdd")),
    (
        "with pl.spmd(4) as (a, b):\n            pass",
        ("PTO-F171", 9, "`as` target on `with pl.spmd(...)` must be a plain variable name"),
    ),
]


@pytest.mark.parametrize(("body", "expected"), CASES)
def test_the_compilers_verdict(body: str, expected: tuple[str, int, str] | None) -> None:
    source = KERNEL.format(body="        " + body)
    errors = [
        (d.code, d.span.line, d.message.splitlines()[0])
        for d in analyze(source, "k.py").diagnostics
        if d.is_error
    ]
    if expected is None:
        assert errors == []
    else:
        assert errors[0] == expected
