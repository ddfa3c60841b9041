"""Runtime extents (issue 21): a `pl.dynamic` dimension is a runtime variable (`RuntimeDim`), which the
deducers that need a ConstInt reject, while a dimension the evaluator merely could not fold (a plain str)
keeps them silent. The dynamic forms' verdicts and messages are the reference compiler's (recorded as the
``dyn_*`` op conformance cases); here the same programs with the extent made unknown must stay silent."""

from __future__ import annotations

import ast

import pytest

from compiler.evaluator import Dynamic
from compiler.frontend.parser import annotation_type
from compiler.pipeline import analyze
from compiler.types import RuntimeDim, TensorType, is_runtime
from tests.script_loader import load_script

_conformance = load_script("op_conformance")
_OPS = frozenset({"tile.mgather", "tile.gatherb", "tile.matmul_mx"})
_DYNAMIC_CASES = [
    c for c in _conformance.cases(_conformance.SPECS) if c.op in _OPS and c.variant.startswith("dyn_")
]
# The same programs with each pl.dynamic symbol bound to a value the evaluator cannot fold.
_UNKNOWN = "import random\n"


def _unknown(text: str) -> str:
    for name in ("R", "C", "K"):
        text = text.replace(f'{name} = pl.dynamic("{name}")', f"{name} = random.randint(1, 64)")
    return text.replace("import pypto.language as pl\n", _UNKNOWN + "import pypto.language as pl\n", 1)


def _errors(text: str) -> list[str]:
    return [d.message.splitlines()[0] for d in analyze(text, path="dyn.py").diagnostics if d.is_error]


def test_a_dynamic_annotation_dimension_is_a_runtime_extent() -> None:
    node = ast.parse("pl.Tensor[[M, 64, N], pl.FP32]", mode="eval").body
    typ, _ = annotation_type(node, {"M": Dynamic("M"), "N": object()})
    assert isinstance(typ, TensorType)
    assert typ.shape == ("M", 64, "N")
    assert [is_runtime(d) for d in typ.shape] == [True, False, False]
    assert isinstance(typ.shape[0], RuntimeDim) and not isinstance(typ.shape[2], RuntimeDim)


def test_the_dynamic_cases_are_covered() -> None:
    assert {c.op for c in _DYNAMIC_CASES} == _OPS


@pytest.mark.parametrize("case", _DYNAMIC_CASES, ids=[c.name for c in _DYNAMIC_CASES])
def test_an_unknown_extent_stays_silent(case: object) -> None:
    text = _unknown(case.text)  # type: ignore[attr-defined]
    assert "pl.dynamic" not in text
    found = _errors(text)
    if case.variant.endswith("_tensor"):  # type: ignore[attr-defined]
        # An MX scale given as a tensor is an error for any K: with K not known to be a runtime extent, the
        # message is the one a static K gives.
        assert len(found) == 1 and found[0].endswith("_scale to be a TileType"), found
    else:
        assert found == []


@pytest.mark.parametrize("first_dynamic", [True, False])
def test_the_call_memo_tells_a_runtime_extent_from_an_unknown_one(first_dynamic: bool) -> None:
    # resolve_call memoises by argument value, and RuntimeDim("R") == "R": the key must tell them apart.
    case = next(c for c in _DYNAMIC_CASES if c.variant == "dyn_mat_row_idx")
    dynamic, unknown = case.text, _unknown(case.text)
    expected = {
        dynamic: ["pl.tile operation 'mgather': The operator tile.mgather Mat output shape must be static"]
    }
    for text in (dynamic, unknown) if first_dynamic else (unknown, dynamic):
        assert _errors(text) == expected.get(text, [])
