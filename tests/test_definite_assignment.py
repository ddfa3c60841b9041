"""PTO-F88 (SSAVerify after ConvertToSSA): reads that some path reaches with no assignment.

Each program is ours; the expected positions are what the compiler built from upstream e2d0f78 reported
for it (`run_compiler.py`, scalar parameters left unspecialised), or none when it accepted the program.
"""

from __future__ import annotations

import pytest

from compiler.pipeline import analyze

CASES: dict[str, tuple[str, list[tuple[int, int]]]] = {
    "if_without_else": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INT32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        if n > 0:\n            y = pl.exp(x)\n        out[0:16, 0:64] = y\n    return out\n',
        [(8, 13)],
    ),
    "assigned_only_in_loop": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        for i in pl.range(4):\n            y = pl.exp(x)\n        out[0:16, 0:64] = y\n    return out\n',
        [(7, 9)],
    ),
    "first_iteration_branch_then_after_loop": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        for i in pl.range(4):\n            if i == 0:\n                y = pl.exp(x)\n            else:\n                y = pl.add(y, x)\n        out[0:16, 0:64] = y\n    return out\n',
        [(7, 9)],
    ),
    "across_scopes": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        y = pl.exp(x)\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k2"):\n        out[0:16, 0:64] = pl.add(y, x)\n    return out\n',
        [],
    ),
    "both_branches": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INT32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        if n > 0:\n            y = pl.exp(x)\n        else:\n            y = pl.neg(x)\n        out[0:16, 0:64] = y\n    return out\n',
        [],
    ),
    "read_before_assignment_in_loop": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INT32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    for i in pl.range(4):\n        with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n            if i == 0:\n                y = pl.exp(x)\n            else:\n                y = pl.add(y, x)\n            out[0:16, 0:64] = y\n    return out\n',
        [(9, 17)],
    ),
    "unrolled_loop": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        for i in pl.unroll(2):\n            y = pl.exp(x)\n        out[0:16, 0:64] = y\n    return out\n',
        [],
    ),
    "constant_condition": (
        'import pypto.language as pl\n\nN = 4\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        if N > 0:\n            y = pl.exp(x)\n        out[0:16, 0:64] = y\n    return out\n',
        [(10, 13)],
    ),
    "orchestration_loop": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INT32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    for i in pl.range(4):\n        if n > i:\n            with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n                y = pl.exp(x)\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k2"):\n        out[0:16, 0:64] = pl.add(y, x)\n    return out\n',
        [(6, 5)],
    ),
    "loop_local_and_branches": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INT32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        for i in pl.range(4):\n            z = pl.exp(x)\n            out[0:16, 0:64] = z\n        if n > 0:\n            w = pl.exp(x)\n        else:\n            w = pl.neg(x)\n        out[0:16, 0:64] = pl.add(w, x)\n    return out\n',
        [],
    ),
    "scalar_after_loop": (
        'import pypto.language as pl\n\n\n@pl.jit\ndef k(x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INT32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):\n    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n        s = 0\n        for i in pl.range(4):\n            t = s + i\n            s = t\n        out[0:16, 0:64] = pl.add(x, pl.cast(t, pl.FP32))\n    return out\n',
        [(8, 9)],
    ),
    "scalar_of_new_type": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:\n        q = n + 1\n        for b in pl.range(4):\n            t = q + b\n        out = pl.store(pl.load(x, [t, 0], [16, 64]), [0, 0], out)\n        return out\n",
        [(9, 9)],
    ),
    "alias_keeps_type": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:\n        for b in pl.range(4):\n            y = x\n        out = pl.store(pl.load(y, [0, 0], [16, 64]), [0, 0], out)\n        return out\n",
        [],
    ),
    "store_result_is_its_destination": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:\n        for b in pl.range(4):\n            t = pl.load(x, [b * 16, 0], [16, 64])\n            out_new = pl.store(pl.exp(t), [b * 16, 0], out)\n        return out_new\n",
        [],
    ),
    "tile_after_loop": (
        "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:\n        for b in pl.range(4):\n            t = pl.load(x, [b * 16, 0], [16, 64])\n            u = pl.exp(t)\n        out = pl.store(u, [0, 0], out)\n        return out\n",
        [(8, 9)],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_compilers_verdict_and_position(name: str) -> None:
    source, expected = CASES[name]
    found = [d for d in analyze(source, f"/tmp/{name}.py").diagnostics if d.code == "PTO-F88"]
    assert [(d.span.line, d.span.col + 1) for d in found] == expected
    for d in found:
        assert d.message.startswith("Variable '") and d.message.endswith("' used outside its defining scope")
        assert d.related, "the read is given as related information"


def test_a_new_version_derives_names_for_new_statements_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The names each expression reads are kept by expression object across versions of a function: an
    edit of one statement walks that statement's expressions again, not the function's."""
    from dataclasses import replace

    from compiler import ir
    from compiler.frontend import definite_assignment as da
    from compiler.frontend.parser import parse_document

    source, _ = CASES["first_iteration_branch_then_after_loop"]
    function = next(iter(parse_document(source, "k.py").module.all_functions()))
    walked: list[ir.Expr] = []
    real = da._name_nodes
    monkeypatch.setattr(da, "_name_nodes", lambda expr: walked.append(expr) or real(expr))
    memo = da.FlowMemo()
    first = da.undefined_on_some_path(function, memo)
    assert [d.code for d in first] == ["PTO-F88"]
    assert len(walked) > 3
    everything = len(walked)
    walked.clear()
    scope = function.body[0]
    assert isinstance(scope, ir.With)
    last = scope.body[-1]
    assert isinstance(last, ir.Assign)
    typed = replace(last, value=replace(last.value))  # the last statement typed again: a new value object
    edited = replace(scope, body=(*scope.body[:-1], typed))
    again = da.undefined_on_some_path(replace(function, body=(edited, *function.body[1:])), memo)
    assert again == first
    assert walked and all(expr is typed.value for expr in walked) and everything > 3 * len(walked)
