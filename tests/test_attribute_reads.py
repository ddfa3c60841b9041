"""PTO-F87, "Standalone attribute access not supported": where an imported module's attribute may be read in a
kernel body. Every case's verdict (and line) was confirmed on the compiler built from public source (run_compiler.py)."""

from __future__ import annotations

import pytest

from compiler import analyze

HEAD = "import math\n\nimport pypto.language as pl\n\nPI = math.pi\n\n\n"

JIT = HEAD + (
    "@pl.jit\n"
    "def k(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
    '    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n'
    "{body}\n"
    "    return out\n"
)
PROGRAM = HEAD + (
    "@pl.program\n"
    "class P:\n"
    "    @pl.function(type=pl.FunctionType.InCore)\n"
    "    def k(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]])"
    " -> pl.Tensor[[64, 64], pl.FP32]:\n"
    "        t = pl.load(x, [0, 0], [64, 64])\n"
    "{body}\n"
    "        return out\n"
)


def _f87(text: str) -> list[tuple[int, str]]:
    found = analyze(text).diagnostics
    return [(d.span.line, d.message) for d in found if d.code == "PTO-F87"]


@pytest.mark.parametrize(
    "body",
    [
        "        out[:] = pl.add(x, math.pi)",  # a jit body is parsed again with only pl / pld defined
        "        out[:] = pl.add(x, PI * math.e)",
    ],
    ids=["positional-op-argument", "operand"],
)
def test_a_module_attribute_in_a_jit_body(body: str) -> None:
    assert [line for line, _ in _f87(JIT.format(body=body))] == [11]


def test_a_module_level_alias_is_inlined_in_a_jit_body() -> None:
    assert _f87(JIT.format(body="        out[:] = pl.add(x, PI)")) == []


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ("        half = math.pi * 0.5\n        out = pl.store(pl.add(t, half), [0, 0], out)", 13),
        ("        if math.pi > 3:\n            out = pl.store(t, [0, 0], out)", 13),
        ("        out = pl.store(t, [0, math.e], out)", 13),
    ],
    ids=["operand", "condition", "list-element"],
)
def test_a_module_attribute_where_a_program_parses_an_expression(body: str, line: int) -> None:
    assert [n for n, _ in _f87(PROGRAM.format(body=body))] == [line]


def test_where_a_program_evaluates_the_attribute() -> None:
    body = (
        "        pl.static_assert(math.pi > 3)\n"
        "        u = pl.load(x, [0, 0], [64, 64], valid_shape=[math.floor(math.pi) * 16, 64])\n"
        "        out = pl.store(pl.add(u, -math.pi), [0, 0], out)"
    )
    assert _f87(PROGRAM.format(body=body)) == []


def _positions(text: str, code: str) -> list[tuple[int, int, str]]:
    found = analyze(text).diagnostics
    return [(d.span.line, d.span.col + 1, d.message) for d in found if d.code == code]


@pytest.mark.parametrize(
    ("body", "line", "col", "expr"),
    [
        ("        n = x.shape[0]\n        out = pl.store(t, [0, 0], out)", 13, 13, "x.shape"),
        (
            "        u = pl.reshape(t, x.shape)\n        out = pl.store(pl.exp(u), [0, 0], out)",
            13,
            27,
            "x.shape",
        ),
        ("        d = t.dtype\n        out = pl.store(t, [0, 0], out)", 13, 13, "t.dtype"),
        ("        if x.shape[0] > 0:\n            out = pl.store(t, [0, 0], out)", 13, 12, "x.shape"),
    ],
    ids=["assignment", "positional-op-argument", "tile-attribute", "condition"],
)
def test_a_variables_attribute_in_a_program(body: str, line: int, col: int, expr: str) -> None:
    """The parser has no value for `x.shape` outside a @pl.jit body (positions as the compiler gives them)."""
    message = f"Standalone attribute access not supported: {expr}"
    assert _positions(PROGRAM.format(body=body), "PTO-F87") == [(line, col, message)]


def test_a_variables_attribute_as_a_keyword_is_evaluated_in_the_closure() -> None:
    body = "        u = pl.reshape(t, shape=x.shape)\n        out = pl.store(pl.exp(u), [0, 0], out)"
    message = "Cannot resolve expression 'x.shape': name 'x' is not defined"
    assert _positions(PROGRAM.format(body=body), "PTO-F10") == [(13, 33, message)]


def test_a_jit_body_reads_its_parameters_shape_and_fails_on_a_module_attribute_keyword() -> None:
    assert _positions(JIT.format(body="        out[0:x.shape[0], 0:64] = pl.exp(x)"), "PTO-F87") == []
    body = "        out[0:64, 0:64] = pl.full([64, 64], dtype=pl.FP32, value=math.pi)"
    message = "Cannot resolve expression 'math.pi': name 'math' is not defined"
    assert _positions(JIT.format(body=body), "PTO-F10") == [(11, 9, message)]
