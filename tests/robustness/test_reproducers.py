"""Hostile input through compiler.analyze: every reproducer answers, quickly, without an exception."""

from __future__ import annotations

import time

import pytest

from compiler import analyze, budget

KERNEL = (
    "import pypto.language as pl\n\n\n@pl.jit\n"
    "def f(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
    "    with pl.at(level=pl.Level.CORE_GROUP):\n"
    "        {line}\n"
    "        y[:] = pl.exp(x)\n"
    "    return y\n"
)

HOSTILE = {
    "power tower": "X = 10 ** 10 ** 10\n",
    "power of powers": "X = 2 ** 2 ** 40\n",
    "power of a big base": "A = 2 ** 200\nX = A ** A\n",
    "huge shift": "X = 1 << 10 ** 18\n",
    "huge repetition": "X = 'ab' * 10 ** 12\nY = [0] * 10 ** 12\n",
    "huge range": "X = list(range(10 ** 15))\n",
    "runaway loop": "X = 0\nwhile True:\n    X += 1\n",
    "recursion": "def f(n):\n    return f(n + 1)\n\n\nX = f(0)\n",
    "shift in a kernel": KERNEL.format(line="t = pl.full([1 << 10 ** 18, 64], dtype=pl.FP32, value=0.0)"),
    "power in a kernel": KERNEL.format(line="t = pl.full([10 ** 10 ** 10, 64], dtype=pl.FP32, value=0.0)"),
    "4300-digit reshape": KERNEL.format(line="t = pl.reshape(x, [0x" + "f" * 5000 + ", 1])"),
    "one-argument assemble": KERNEL.format(line="y = pl.assemble(y)"),
    "brackets with CR line ends": "import pypto.language as pl\r" + "x = " + "[" * 200 + "]" * 200 + "\r",
    "deep nesting": "import pypto.language as pl\n\n\n@pl.jit\ndef f():\n    x = "
    + "(" * 3000
    + ")" * 3000
    + "\n",
    "NUL bytes": "import pypto.language as pl\n\x00\x00@pl.jit\ndef f(\x00):\n    pass\n",
    "lone surrogate": "import pypto.language as pl\nx = '\ud800'\n",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_input_is_answered_quickly(name: str) -> None:
    started = time.perf_counter()
    analysis = analyze(HOSTILE[name], "/tmp/hostile.py")
    assert time.perf_counter() - started < 2.0
    assert all(d.code != "PTO-F47" for d in analysis.diagnostics), analysis.diagnostics


def test_one_argument_assemble_keeps_the_kernel_analysed() -> None:
    analysis = analyze(KERNEL.format(line="y = pl.assemble(y)"))
    assert all(d.code != "PTO-F47" for d in analysis.diagnostics)
    assert dict(analysis.lanes).get(8) == "aiv"


def _fan_out(depth: int) -> str:
    """Inline helpers that each call the next twice: 2**depth splices."""
    lines = ["import pypto.language as pl", ""]
    lines += ["", "@pl.jit.inline", f"def h{depth}(x: pl.Tensor, y: pl.Out[pl.Tensor]):", "    return y", ""]
    for i in range(depth - 1, -1, -1):
        lines += [
            "",
            "@pl.jit.inline",
            f"def h{i}(x: pl.Tensor, y: pl.Out[pl.Tensor]):",
            f"    y = h{i + 1}(x, y)",
            f"    y = h{i + 1}(x, y)",
            "    return y",
            "",
        ]
    lines += [
        "",
        "@pl.jit",
        "def bomb(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):",
        "    y = h0(x, y)",
        "    return y",
        "",
        "",
        "@pl.jit",
        "def fine(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):",
        "    with pl.at(level=pl.Level.CORE_GROUP):",
        "        y[:] = pl.exp(x)",
        "    return y",
    ]
    return "\n".join(lines) + "\n"


def test_a_runaway_unit_gets_one_hint_and_the_rest_is_analysed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budget, "UNIT_BUDGET_S", 0.3)
    source = _fan_out(24)
    started = time.perf_counter()
    analysis = analyze(source)
    assert time.perf_counter() - started < 5.0
    hints = [d for d in analysis.diagnostics if d.code == "PTO-F47b"]
    assert len(hints) == 1 and "'bomb'" in hints[0].message
    fine_line = source.split("\n").index("        y[:] = pl.exp(x)") + 1
    assert dict(analysis.lanes).get(fine_line) == "aiv"


def test_a_huge_literal_in_an_annotation_dimension() -> None:
    source = (
        "import pypto.language as pl\n\n\n@pl.jit\n"
        "def f(x: pl.Tensor[[64, 0x" + "f" * 5000 + "], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
        "    return y\n"
    )
    analysis = analyze(source)
    assert all(d.code != "PTO-F47" for d in analysis.diagnostics)
