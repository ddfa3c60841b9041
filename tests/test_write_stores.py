"""Two ConvertTensorToTileOps-era rules on pl.write, as the compiler built from upstream e2d0f78 reported them
(`run_compiler.py` on each program; none when it accepted the program).

* PTO-TD150: the written value's dtype must be the destination's: a float literal is FP32, an int literal,
  tensor.dim and a block index INDEX, pl.read the source's dtype, scalar arithmetic the wider operand's.
* PTO-CT4: one GM parameter of an InCore function written both by MTE3 (store / assemble) and by pl.write,
  over the whole function (if / else branches, nested loops, aliases), outlined pl.at kernels included;
  a constant fill loop and a full-tensor pl.full staged before the writes (CanonicalizeFullTensorScalarUpdates)
  are not mixed."""

from __future__ import annotations

import pytest

from compiler.pipeline import analyze

WRITE_DTYPE: dict[str, tuple[str, list[tuple[int, int, str]]]] = {
    "dim32": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP16], s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[16, 64], pl.INT32]]) -> pl.Tensor[[16, 64], pl.INT32]:\n        pl.write(out, [0, 0], pl.tensor.dim(x, 0))\n        return out\n",
        [
            (
                8,
                9,
                "pl operation 'write': tensor.write requires value dtype to match tensor dtype, but got value dtype index and tensor dtype int32",
            )
        ],
    ),
    "dim64": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP16], s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[16, 64], pl.INT64]]) -> pl.Tensor[[16, 64], pl.INT64]:\n        pl.write(out, [0, 0], pl.tensor.dim(x, 0))\n        return out\n",
        [
            (
                8,
                9,
                "pl operation 'write': tensor.write requires value dtype to match tensor dtype, but got value dtype index and tensor dtype int64",
            )
        ],
    ),
    "dimidx": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP16], s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[16, 64], pl.INDEX]]) -> pl.Tensor[[16, 64], pl.INDEX]:\n        pl.write(out, [0, 0], pl.tensor.dim(x, 0))\n        return out\n",
        [],
    ),
    "litf": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP16], s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:\n        pl.write(out, [0, 0], 1.0)\n        return out\n",
        [],
    ),
    "litf16": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP16], s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:\n        pl.write(out, [0, 0], 1.0)\n        return out\n",
        [
            (
                8,
                9,
                "pl operation 'write': tensor.write requires value dtype to match tensor dtype, but got value dtype fp32 and tensor dtype fp16",
            )
        ],
    ),
    "liti": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP16], s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[16, 64], pl.INT32]]) -> pl.Tensor[[16, 64], pl.INT32]:\n        pl.write(out, [0, 0], 1)\n        return out\n",
        [
            (
                8,
                9,
                "pl operation 'write': tensor.write requires value dtype to match tensor dtype, but got value dtype index and tensor dtype int32",
            )
        ],
    ),
    "neglit": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP16], s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:\n        pl.write(out, [0, 0], -1.0)\n        return out\n",
        [],
    ),
    "read16": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP16], s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:\n        pl.write(out, [0, 0], pl.read(x, [0, 0]))\n        return out\n",
        [
            (
                8,
                9,
                "pl operation 'write': tensor.write requires value dtype to match tensor dtype, but got value dtype fp16 and tensor dtype fp32",
            )
        ],
    ),
    "readadd": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP16], s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:\n        pl.write(out, [0, 0], pl.read(x, [0, 0]) + pl.read(x, [0, 1]))\n        return out\n",
        [],
    ),
    "readmul": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP16], s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:\n        pl.write(out, [0, 0], pl.read(x, [0, 0]) * 2.0)\n        return out\n",
        [
            (
                8,
                9,
                "pl operation 'write': tensor.write requires value dtype to match tensor dtype, but got value dtype fp32 and tensor dtype fp16",
            )
        ],
    ),
    "readsame": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP16], s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:\n        pl.write(out, [0, 0], pl.read(x, [0, 0]))\n        return out\n",
        [],
    ),
    "sidx": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP16], s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[16, 64], pl.INT32]]) -> pl.Tensor[[16, 64], pl.INT32]:\n        pl.write(out, [0, 0], n)\n        return out\n",
        [
            (
                8,
                9,
                "pl operation 'write': tensor.write requires value dtype to match tensor dtype, but got value dtype int64 and tensor dtype int32",
            )
        ],
    ),
    "sidx64": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP16], s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[16, 64], pl.INT64]]) -> pl.Tensor[[16, 64], pl.INT64]:\n        pl.write(out, [0, 0], n)\n        return out\n",
        [],
    ),
    "sidxmul": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP16], s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[16, 64], pl.INT64]]) -> pl.Tensor[[16, 64], pl.INT64]:\n        pl.write(out, [0, 0], n * 2)\n        return out\n",
        [],
    ),
    "sparam": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP16], s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:\n        pl.write(out, [0, 0], s)\n        return out\n",
        [],
    ),
    "sparam16": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP16], s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:\n        pl.write(out, [0, 0], s)\n        return out\n",
        [
            (
                8,
                9,
                "pl operation 'write': tensor.write requires value dtype to match tensor dtype, but got value dtype fp32 and tensor dtype fp16",
            )
        ],
    ),
    "tilef16": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP16], out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:\n        t = pl.load(x, [0, 0], [16, 64])\n        pl.write(t, [0, 0], 1.0)\n        out = pl.store(t, [0, 0], out)\n        return out\n",
        [
            (
                9,
                9,
                "pl operation 'write': tile.write requires value dtype to match tile dtype, but got value dtype fp32 and tile dtype fp16",
            )
        ],
    ),
    "tileread": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP16], y: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:\n        t = pl.load(x, [0, 0], [16, 64])\n        v = pl.read(y, [0, 0])\n        pl.tile.write(t, [0, 0], v)\n        out = pl.store(t, [0, 0], out)\n        return out\n",
        [
            (
                10,
                9,
                "pl.tile operation 'write': tile.write requires value dtype to match tile dtype, but got value dtype fp32 and tile dtype fp16",
            )
        ],
    ),
}

MIXED_STORES: dict[str, tuple[str, list[tuple[int, int, str]]]] = {
    "a_ifelse": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP32], c: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:\n        t = pl.exp(pl.load(x, [0, 0], [16, 64]))\n        if c > 0:\n            out = pl.store(t, [0, 0], out)\n        else:\n            pl.write(out, [0, 0], 0.0)\n        return out\n",
        [(12, 13, "")],
    ),
    "b_nested": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP32], c: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:\n        t = pl.exp(pl.load(x, [0, 0], [16, 64]))\n        for i in pl.range(2):\n            out = pl.store(t, [0, 0], out)\n            for j in pl.range(4):\n                pl.write(out, [i, j * 3], pl.read(x, [i, j]))\n        return out\n",
        [(12, 17, "")],
    ),
    "c2_writefirst": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP32], c: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:\n        t = pl.exp(pl.load(x, [0, 0], [16, 64]))\n        pl.write(out, [0, 0], 0.0)\n        pl.write(out, [1, 0], 0.0)\n        out = pl.store(t, [0, 0], out)\n        return out\n",
        [(9, 9, "")],
    ),
    "c_alias": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP32], c: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:\n        t = pl.exp(pl.load(x, [0, 0], [16, 64]))\n        y = pl.store(t, [0, 0], out)\n        pl.write(y, [0, 0], 0.0)\n        return y\n",
        [(10, 9, "")],
    ),
    "d2_at_slice": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        t = pl.exp(x[0:16, 0:64])\n        out[0:16, 0:64] = t\n        pl.write(out, [0, 0], 0.0)\n    return out\n',
        [(9, 9, "")],
    ),
    "d3_at_two": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k1"):\n        t = pl.exp(pl.load(x, [0, 0], [16, 64]))\n        out = pl.store(t, [0, 0], out)\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k2"):\n        pl.write(out, [0, 0], 0.0)\n    return out\n',
        [],
    ),
    "d_at": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        t = pl.exp(pl.load(x, [0, 0], [16, 64]))\n        out = pl.store(t, [0, 0], out)\n        pl.write(out, [0, 0], 0.0)\n    return out\n',
        [(9, 9, "")],
    ),
    "e2_orchlocal": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    tmp = pl.create_tensor([16, 64], dtype=pl.FP32)\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        t = pl.exp(pl.load(x, [0, 0], [16, 64]))\n        tmp = pl.store(t, [0, 0], tmp)\n        pl.write(tmp, [0, 0], 0.0)\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k2"):\n        out = pl.store(pl.load(tmp, [0, 0], [16, 64]), [0, 0], out)\n    return out\n',
        [(10, 9, "")],
    ),
    "f_fill": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP32], c: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:\n        t = pl.exp(pl.load(x, [0, 0], [16, 64]))\n        out = pl.store(t, [0, 0], out)\n        for j in pl.range(64):\n            pl.write(out, [15, j], 0.0)\n        return out\n",
        [],
    ),
    "g_loopval": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP32], c: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:\n        t = pl.exp(pl.load(x, [0, 0], [16, 64]))\n        out = pl.store(t, [0, 0], out)\n        for j in pl.range(64):\n            pl.write(out, [15, j], pl.read(x, [0, j]))\n        return out\n",
        [(11, 13, "")],
    ),
    "i_tilewrite": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP32], c: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:\n        t = pl.exp(pl.load(x, [0, 0], [16, 64]))\n        pl.write(t, [0, 0], 0.0)\n        out = pl.store(t, [0, 0], out)\n        pl.write(out, [1, 1], 1.0)\n        return out\n",
        [(11, 9, "")],
    ),
    "h_at_if": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        t = pl.exp(pl.load(x, [0, 0], [16, 64]))\n        for i in pl.range(2):\n            if i > 0:\n                out = pl.store(t, [0, 0], out)\n            else:\n                for j in pl.range(8):\n                    pl.write(out, [0, j * 2], pl.read(x, [0, j]))\n    return out\n',
        [(13, 21, "")],
    ),
    "j_at_fill": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        t = pl.exp(pl.load(x, [0, 0], [16, 64]))\n        out = pl.store(t, [0, 0], out)\n        for j in pl.range(64):\n            pl.write(out, [15, j], 0.0)\n    return out\n',
        [],
    ),
    "k_jitparam": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:\n        t = pl.exp(pl.load(x, [0, 0], [16, 64]))\n        pl.write(out, [0, 0], 0.0)\n        out = pl.store(t, [0, 0], out)\n        return out\n",
        [(9, 9, "")],
    ),
    "a_fullorch": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    tmp = pl.create_tensor([1, 64], dtype=pl.FP32)\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        tmp[0:1, 0:64] = pl.full([1, 64], dtype=pl.FP32, value=0.0)\n        pl.write(tmp, [0, 3], pl.read(x, [0, 0]))\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k2"):\n        out[0:1, 0:64] = tmp[0:1, 0:64]\n    return out\n',
        [],
    ),
    "b_fullparam": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        out[0:1, 0:64] = pl.full([1, 64], dtype=pl.FP32, value=0.0)\n        pl.write(out, [0, 3], pl.read(x, [0, 0]))\n    return out\n',
        [(8, 9, "")],
    ),
    "c_expparam": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        out[0:1, 0:64] = pl.exp(x[0:1, 0:64])\n        pl.write(out, [0, 3], pl.read(x, [0, 0]))\n    return out\n',
        [(8, 9, "")],
    ),
    "d_exporch": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    tmp = pl.create_tensor([1, 64], dtype=pl.FP32)\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        tmp[0:1, 0:64] = pl.exp(x[0:1, 0:64])\n        pl.write(tmp, [0, 3], pl.read(x, [0, 0]))\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k2"):\n        out[0:1, 0:64] = tmp[0:1, 0:64]\n    return out\n',
        [(9, 9, "")],
    ),
    "a_readafter": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    tmp = pl.create_tensor([1, 64], dtype=pl.FP32)\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        tmp[0:1, 0:64] = pl.full([1, 64], dtype=pl.FP32, value=0.0)\n        pl.write(tmp, [0, 3], pl.read(x, [0, 0]))\n        v = pl.read(tmp, [0, 1])\n        pl.write(out, [0, 0], v)\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k2"):\n        out[0:1, 0:64] = tmp[0:1, 0:64]\n    return out\n',
        [(9, 9, "")],
    ),
    "b_inloop": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    tmp = pl.create_tensor([1, 64], dtype=pl.FP32)\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        for i in pl.range(2):\n            tmp[0:1, 0:64] = pl.full([1, 64], dtype=pl.FP32, value=0.0)\n            pl.write(tmp, [0, i], pl.read(x, [0, 0]))\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k2"):\n        out[0:1, 0:64] = tmp[0:1, 0:64]\n    return out\n',
        [(10, 13, "")],
    ),
    "c_loopwrites": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    tmp = pl.create_tensor([1, 64], dtype=pl.FP32)\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        tmp[0:1, 0:64] = pl.full([1, 64], dtype=pl.FP32, value=0.0)\n        for i in pl.range(4):\n            if i > 1:\n                pl.write(tmp, [0, i * 2], pl.read(x, [0, i]))\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k2"):\n        out[0:1, 0:64] = tmp[0:1, 0:64]\n    return out\n',
        [],
    ),
    "d_halffull": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    tmp = pl.create_tensor([1, 64], dtype=pl.FP32)\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        tmp[0:1, 0:32] = pl.full([1, 32], dtype=pl.FP32, value=0.0)\n        pl.write(tmp, [0, 40], pl.read(x, [0, 0]))\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k2"):\n        out[0:1, 0:64] = tmp[0:1, 0:64]\n    return out\n',
        [(9, 9, "")],
    ),
}


@pytest.mark.parametrize("name", sorted(WRITE_DTYPE))
def test_write_value_dtype(name: str) -> None:
    """The compiler's verdict, message and position for a pl.write of each kind of value."""
    source, expected = WRITE_DTYPE[name]
    analysis = analyze(source, f"{name}.py")
    found = [(d.span.line, d.span.col + 1, d.message) for d in analysis.diagnostics if "PTO-TD150" in d.codes]
    assert found == expected
    assert [d.code for d in analysis.diagnostics if d.is_error and "PTO-TD150" not in d.codes] == []


@pytest.mark.parametrize("name", sorted(MIXED_STORES))
def test_mixed_store_paths(name: str) -> None:
    """PTO-CT4 where the compiler reports it (the first pl.write into the parameter), nowhere else."""
    source, expected = MIXED_STORES[name]
    analysis = analyze(source, f"{name}.py")
    found = [(d.span.line, d.span.col + 1, "") for d in analysis.diagnostics if d.code == "PTO-CT4"]
    assert found == expected
    assert [d.code for d in analysis.diagnostics if d.is_error and d.code != "PTO-CT4"] == []
