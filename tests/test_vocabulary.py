"""The DSL vocabulary has one home: the evaluator and the front end read the same names the same way."""

from __future__ import annotations

import ast

import pytest

from compiler.evaluator import evaluate_module
from compiler.frontend.consts import attribute_value, enum_member_error, module_constants
from compiler.vocabulary import DTypeValue, EnumValue, target_comment

MODULE = """
import pypto.language as pl

BASE = pl.AUTO
NEXT = pl.AUTO + 1
SPACE = pl.Mem.Vec
SAME_SPACE = pl.MemorySpace.Vec
DTYPE = pl.FP16
MODE = pl.SplitMode.UP_DOWN
"""


@pytest.mark.parametrize(
    ("name", "dotted", "expected"),
    [
        ("BASE", "pl.AUTO", -1),  # system_ops.AUTO: reserve_buffer's base, an int
        ("SPACE", "pl.Mem.Vec", EnumValue("MemorySpace", "Vec")),  # pl.Mem is pl.MemorySpace
        ("SAME_SPACE", "pl.MemorySpace.Vec", EnumValue("MemorySpace", "Vec")),
        ("DTYPE", "pl.FP16", DTypeValue("FP16")),
        ("MODE", "pl.SplitMode.UP_DOWN", EnumValue("SplitMode", "UP_DOWN")),
    ],
)
def test_the_evaluator_and_the_front_end_agree(name: str, dotted: str, expected: object) -> None:
    tree = ast.parse(MODULE)
    evaluated = evaluate_module(tree, {}, lambda _name, _level: None)
    assert evaluated[name] == expected
    assert module_constants(tree, None)[name] == expected
    assert attribute_value(dotted) == expected


def test_pl_auto_folds_as_a_number() -> None:
    assert evaluate_module(ast.parse(MODULE), {}, lambda _name, _level: None)["NEXT"] == 0


def test_a_bad_member_of_an_alias_is_reported_like_the_enum() -> None:
    assert enum_member_error("pl.Mem.Foo") == "Foo"
    assert enum_member_error("pl.MemorySpace.Foo") == "Foo"
    assert enum_member_error("pl.Mem.Vec") is None
    assert enum_member_error("np.Mem.Foo") is None


@pytest.mark.parametrize(
    ("first_line", "target"),
    [("# target: a5", "a5"), ("  #target:a2a3 more", "a2a3"), ("# target: a6", None), ("x = 1", None)],
)
def test_target_comment(first_line: str, target: str | None) -> None:
    assert target_comment(first_line + "\nimport pypto.language as pl\n") == target


@pytest.mark.parametrize(
    "member", ["AIV", "AIC", "CORE_GROUP", "CHIP_DIE", "HOST", "CLUSTER_0", "GLOBAL", "POD", "CLOS2"]
)
def test_every_level_of_the_machine_model_is_a_member(member: str) -> None:
    assert enum_member_error(f"pl.Level.{member}") is None


@pytest.mark.parametrize("member", ["CLUSTER", "CORE", "DIE"])
def test_a_level_the_compiler_does_not_know_is_reported(member: str) -> None:
    # 'Unknown Level value: CLUSTER' on the compiler built from e2d0f78 (enum_utils.py).
    assert enum_member_error(f"pl.Level.{member}") == member
