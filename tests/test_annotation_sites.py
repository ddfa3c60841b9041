"""The type resolver's expression checks (PTO-F301 ... F310) and the `@pl.jit.extern` path checks
(PTO-F311 ... F313) on the forms the rule fixtures do not show: what stays silent, and where a
multi-line decorator is reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.pipeline import analyze

_KERNEL = """import pypto.language as pl
SHAPE = [64, 64]
ROWS = 64
HALF = 0.5
M = pl.dynamic("M")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: {ann} = pl.load(x, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y
"""


def _errors(text: str, path: str = "<memory>") -> list[tuple[str, int]]:
    return [(d.code, d.span.line) for d in analyze(text, path=path).diagnostics if d.is_error]


@pytest.mark.parametrize(
    "ann",
    [
        "pl.Tile[SHAPE, pl.FP32]",  # a module list: eval reads it
        "pl.Tile[SHAPE[0:2], pl.FP32]",
        "pl.Tile[[ROWS * 1, 64], pl.FP32]",
        "pl.Tile[[n + 0, 64], pl.FP32]",  # rebuilt from the AST
        "pl.Tile[[64 // 1, n * 1], pl.FP32]",
        "pl.Tile[[M / 2, 64], pl.FP32]",  # pl.dynamic arithmetic over integers (compiler run)
        'pl.Tile[[64, 64], pl.FP32, pl.MemRef("buf", n * 4, 16384), pl.Mem.Vec]',  # a scope variable
        'pl.Tile[[64, 64], pl.FP32, pl.MemRef("buf", ROWS * 4, 16384), pl.Mem.Vec]',
        'pl.Tile[[64, 64], pl.FP32, pl.MemRef("buf", 0, 16384, slots=2)[n], pl.Mem.Vec]',
        "pl.Tile[[64, 64], pl.FP32, pl.MemRef(Vec, 0, 16384, 0), pl.Mem.Vec]",  # a bare space name
    ],
)
def test_accepted_forms_stay_silent(ann: str) -> None:
    assert _errors(_KERNEL.format(ann=ann)) == []


@pytest.mark.parametrize(
    ("ann", "code"),
    [
        ("pl.Tile[[-n, 64], pl.FP32]", "PTO-F304"),  # a unary minus is not rebuilt
        ("pl.Tile[[n / 2, 64], pl.FP32]", "PTO-F304"),  # nor a true division
        ("pl.Tile[[M * 1.5, 64], pl.FP32]", "PTO-F304"),  # pl.dynamic times a float: eval fails
        ('pl.Tile[[64, 64], pl.FP32, pl.MemRef("buf", HALF * 4, 16384), pl.Mem.Vec]', "PTO-F308"),
        ('pl.Tile[[64, 64], pl.FP32, pl.MemRef("buf", 0, 16384, slots=2)[HALF], pl.Mem.Vec]', "PTO-F305"),
        ("pl.Tile[[64, 64], pl.FP32, pl.MemRef(SPACE, 0, 16384, 0), pl.Mem.Vec]", "PTO-F310"),
    ],
)
def test_faults_inside_expressions(ann: str, code: str) -> None:
    assert _errors(_KERNEL.format(ann=ann)) == [(code, 12)]


_EXTERN = """import pypto.language as pl
SRC = "missing.cpp"


@pl.jit.extern(
    core_type="aiv",
    source={source},
)
def kern(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    ...
"""


def test_extern_paths_resolve_against_the_file(tmp_path: Path) -> None:
    stub = tmp_path / "stub.py"
    (tmp_path / "k.cpp").write_text("", encoding="utf-8")
    for source, expected in (('"k.cpp"', []), ('"nope.cpp"', [("PTO-F311", 5)]), ("SRC", [])):
        text = _EXTERN.format(source=source)
        stub.write_text(text, encoding="utf-8")
        assert _errors(text, str(stub)) == expected, source
    # An unsaved buffer has no folder to resolve against: silent.
    assert _errors(_EXTERN.format(source='"nope.cpp"')) == []


_DECLARED = """import pypto.language as pl
l0c = pl.MemRef(slots=2)
alias = l0c


@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.InCore)
    def first(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t0: pl.Tile[[64, 64], pl.FP32, l0c[0], pl.Mem.Vec] = pl.load(x, [0, 0], [64, 64])
        t1: pl.Tile[[64, 64], pl.FP32, {second}[1], pl.Mem.Vec] = pl.exp(t0)
        y = pl.store(t1, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def other(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t0: pl.Tile[[64, 64], pl.FP32, alias[0], pl.Mem.Vec] = pl.load(x, [0, 0], [64, 64])
        y = pl.store(t0, [0, 0], y)
        return y
"""


def test_declared_allocation_names_are_kept_per_function() -> None:
    # Slots of one declaration through two names in one function (compiler run); another function may
    # reach it by the other name: each function's parser keeps its own names.
    assert _errors(_DECLARED.format(second="alias")) == [("PTO-F316", 11)]
    assert _errors(_DECLARED.format(second="l0c")) == []
