"""Helpers bound through a factory (`gate = _bind_gate()`, the choice made by a module constant): the
chosen definition is expanded at the call sites of every module (kernels, lanes, diagnostics); when the
choice cannot be made, the call gets a hint."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.modules import ModuleGraph
from compiler.pipeline import Analyzer

GATES = '''import os

import pypto.language as pl

GATE_IMPL = os.environ.get("GATE_IMPL", "vector")
ROWS = 64


@pl.jit.inline
def _gate_vector(x: pl.Tensor, y: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y[:] = pl.exp(x)
    return y


@pl.jit.inline
def _gate_cube(x: pl.Tensor, y: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y[:] = pl.matmul(x, x, out_dtype=pl.FP32)
    return y


def _bind_gate():
    """Bind `gate` to the implementation GATE_IMPL selects (a plain `if` at import)."""
    if GATE_IMPL == "vector":
        @pl.jit.inline
        def gate(x: pl.Tensor, y: pl.Out[pl.Tensor]):
            _gate_vector(x, y)
            return y
    else:
        @pl.jit.inline
        def gate(x: pl.Tensor, y: pl.Out[pl.Tensor]):
            _gate_cube(x, y)
            return y
    return gate


gate = _bind_gate()
'''

ENTRY = """import pypto.language as pl
from gates import gate


@pl.jit
def layer(x: pl.Tensor[[64, {k}], pl.FP16], y: pl.Out[pl.Tensor[[64, {k}], pl.FP32]]):
    y = gate(x, y)
    return y
"""


def _analyse(tmp_path: Path, k: int = 64, env: dict[str, str] | None = None, gates: str = GATES):
    (tmp_path / "gates.py").write_text(gates)
    entry = tmp_path / "layer.py"
    text = ENTRY.format(k=k)
    entry.write_text(text)
    return Analyzer(graph=ModuleGraph(environ=env or {})).analyze(text, str(entry))


def _gates_lanes(analysis) -> dict[int, str]:
    return {line: lane for path, line, lane in analysis.foreign_lanes if path.endswith("gates.py")}


@pytest.mark.parametrize(("impl", "lanes"), [("vector", {12: "aiv"}), ("cube", {19: "aic"})])
def test_the_module_constant_chooses_the_helper_that_is_expanded(
    tmp_path: Path, impl: str, lanes: dict[int, str]
) -> None:
    analysis = _analyse(tmp_path, env={"GATE_IMPL": impl})
    assert analysis.diagnostics == ()
    assert len(analysis.kernels) == 1
    assert _gates_lanes(analysis) == lanes


def test_a_fault_in_the_chosen_helper_is_reported(tmp_path: Path) -> None:
    vector = _analyse(tmp_path, k=32)  # x @ x with x [64, 32]: only the cube variant multiplies
    assert vector.diagnostics == ()
    cube = _analyse(tmp_path, k=32, env={"GATE_IMPL": "cube"})
    assert [(d.code, d.span.line) for d in cube.diagnostics] == [("PTO-F15", 7)]
    assert [(Path(f.path).name, f.diagnostic.span.line) for f in cube.foreign_diagnostics] == [
        ("gates.py", 19)
    ]


def test_a_factory_whose_choice_is_unknown_gives_a_hint_at_the_call(tmp_path: Path) -> None:
    unknown = GATES.replace('os.environ.get("GATE_IMPL", "vector")', 'os.environ["GATE_IMPL"]')
    analysis = _analyse(tmp_path, gates=unknown)
    assert [(d.code, d.severity.value, d.span.line, d.span.col) for d in analysis.diagnostics] == [
        ("PTO-IN6", "hint", 7, 8)
    ]
    assert "'gate'" in analysis.diagnostics[0].message
    assert analysis.foreign_lanes == ()


def test_the_factory_module_itself_expands_the_choice_for_its_own_entry(tmp_path: Path) -> None:
    text = GATES + (
        "\n\n@pl.jit\n"
        "def gate_test(x: pl.Tensor[[64, 64], pl.FP16], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
        "    y = gate(x, y)\n"
        "    return y\n"
    )
    path = tmp_path / "gates.py"
    path.write_text(text)
    analysis = Analyzer().analyze(text, str(path))
    assert analysis.diagnostics == ()
    assert dict(analysis.lanes) == {12: "aiv"}
