"""Parser structure rules whose verdict depends on where the code sits (outcomes recorded from the compiler
built from e2d0f78): a runtime scope is checked with the auto_scope of the function that holds it, even when an
entry inlines that function; a JIT entry's specializer writes module constants into the source it parses, so
`pl.const(N, ...)` is a literal there but not in a `@pl.function`."""

from __future__ import annotations

import pytest

from compiler import analyze

STAGE = """import pypto.language as pl


@pl.jit.inline{flags}
def stage(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.scope():
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="stage"):
            t = pl.load(x, [0, 0], [64, 64])
            out = pl.store(t, [0, 0], out)
    return out


@pl.jit
def entry(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    out = stage(x, out)
    return out
"""

CONST = """import pypto.language as pl

N = 3


@pl.jit
def entry(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="entry"):
        c = pl.const(N, pl.INT32)
        t = pl.load(x, [0, 0], [64, 64])
        t = pl.add(t, c)
        out = pl.store(t, [0, 0], out)
    return out


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 64], pl.FP32]):
        c = pl.const(N, pl.INT32)
        t = pl.load(x, [0, 0], [64, 64])
"""


def _errors(source: str) -> list[tuple[int, str]]:
    return [(d.span.line, d.code) for d in analyze(source, "/tmp/case.py").diagnostics if d.is_error]


@pytest.mark.parametrize(("flags", "expected"), [("(auto_scope=False)", []), ("", [(6, "PTO-F109")])])
def test_an_inlined_helper_places_its_scopes_under_its_own_auto_scope(
    flags: str, expected: list[object]
) -> None:
    found = _errors(STAGE.format(flags=flags))
    assert [e for e in found if e[1] == "PTO-F109"] == expected


def test_a_module_constant_is_a_literal_to_pl_const_only_in_a_jit_entry() -> None:
    assert [e for e in _errors(CONST) if e[1] == "PTO-F97"] == [(20, "PTO-F97")]


SLOTS = """import pypto.language as pl


@pl.program
class Slots:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], o: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
        t: pl.Tile[[64, 64], pl.FP32, pl.MemRef("ring", slots=2)[{slot}], pl.Mem.{memory}] = pl.load(a, [0, 0], [64, 64])
        o = pl.store(t, [0, 0], o)
        return o
"""


@pytest.mark.parametrize(("slot", "memory", "expected"), [("1", "Vec", []), ("1", "Vecc", ["PTO-F133"])])
def test_a_declared_allocation_slot_is_a_tile_annotation_item(
    slot: str, memory: str, expected: list[str]
) -> None:
    found = [
        code for _line, code in _errors(SLOTS.format(slot=slot, memory=memory)) if code.startswith("PTO-F13")
    ]
    assert found == expected


COMPARE = """import pypto.language as pl

MODE = None


@pl.jit
def k(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
        t = pl.load(x, [0, 0], [64, 64])
        for i in pl.range(4):
            if {condition}:
                t = pl.exp(t)
        out = pl.store(t, [0, 0], out)
    return out
"""


@pytest.mark.parametrize(("condition", "expected"), [("i is 3", [(11, "PTO-F95")]), ("MODE is None", [])])
def test_is_on_a_loop_variable_is_unsupported_but_a_module_constant_fails_otherwise(
    condition: str, expected: list[object]
) -> None:
    # The compiler: "Unsupported comparison: Is" for the loop variable; "Undefined variable 'MODE'" for the
    # constant, which we do not model (silent).
    assert [e for e in _errors(COMPARE.format(condition=condition)) if e[1] == "PTO-F95"] == expected
