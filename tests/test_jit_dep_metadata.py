"""PTO-F314 / F315 (the specializer's metadata of a sub-function's tensor arguments) on the forms the rule
fixtures do not show: only a sure fault is reported."""

from __future__ import annotations

import pytest

from compiler import ir, pipeline
from compiler.frontend.jit_dep_metadata import function_calls
from compiler.pipeline import analyze

_FILE = """import pypto.language as pl


@pl.jit.incore
def k(a: pl.Tensor, y: pl.Out[pl.Tensor]):
    t = pl.load(a, [0], [64])
    y = pl.store(t, [0], y)
    return y


@pl.jit
def entry(x: pl.Tensor[[128], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
{body}
    return y
"""


def _errors(body: str) -> list[tuple[str, int]]:
    text = _FILE.format(body=body)
    return [(d.code, d.span.line) for d in analyze(text).diagnostics if d.is_error]


@pytest.mark.parametrize(
    "body",
    [
        "    y = k(x, y)",  # a parameter
        "    t = pl.slice(x, [64], [0])\n    y = k(t, y)",  # compiler run: accepted
        "    t = pl.create_tensor([64], dtype=pl.FP32)\n    t = pl.add(t, t)\n    y = k(t, y)",  # kept
        "    t = pl.add(x, x)\n    t = pl.create_tensor([64], dtype=pl.FP32)\n    y = k(t, y)",  # one tracked
        "    y = k(a=x, y=y)",
        "    for i in pl.range(2):\n        y = k(x, y)",
        # bound again where the metadata may come back: not sure, so silent
        "    t = pl.add(x, x)\n    t, u = x, x\n    y = k(t, y)",
        "    t = pl.add(x, x)\n    for t in pl.range(2):\n        pass\n    y = k(t, y)",
    ],
)
def test_followed_arguments_stay_silent(body: str) -> None:
    assert _errors(body) == []


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ("    y = k(pl.add(x, x), y)", 13),  # compiler run: missing metadata
        ("    y = k(x[0:64], y)", 13),  # a slice-only subscript (compiler run)
        ("    t = pl.tensor.slice(x, [64], [0])\n    y = k(t, y)", 14),  # compiler run
        ("    t = pl.add(x, x)\n    y = k(a=t, y=y)", 14),
    ],
)
def test_untyped_arguments(body: str, line: int) -> None:
    assert _errors(body) == [("PTO-F314", line)]


def test_a_second_caller_is_not_modelled() -> None:
    body = "    t = pl.add(x, x)\n    y = k(t, y)\n    y = k(x, y)"
    assert _errors(body) == []


def test_a_keystroke_walks_only_the_functions_it_changed_for_their_calls(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The check reads every call of every entry; an unchanged entry's calls are not gathered again.
    walked: list[str] = []

    def counting(function: ir.Function) -> list[ir.Call]:
        walked.append(function.name)
        return function_calls(function)

    monkeypatch.setattr(pipeline, "function_calls", counting)
    other = "\n\n@pl.jit\ndef other(x: pl.Tensor[[128], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):\n{body}\n    return y\n"
    text = _FILE.format(body="    y = k(x, y)") + other.format(body="    y = k(x, y)")
    analyzer = pipeline.Analyzer()
    analyzer.analyze(text, "<memory>")
    assert sorted(walked) == ["entry", "k", "other"]
    walked.clear()
    edited = _FILE.format(body="    y = k(x, y)") + other.format(body="    t = pl.add(x, x)\n    y = k(x, y)")
    analyzer.analyze(edited, "<memory>")
    assert walked == ["other"]
