"""The inliner's renaming of a helper's names (a rewrite specialised to names) gives what the generic
map_ir rewrite gives: the same tree, unchanged subtrees shared, a `with`'s bound name renamed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from compiler import ir
from compiler.frontend.parser import parse_document
from compiler.ir_walk import map_ir, walk_stmts
from compiler.passes.inline_functions import SpliceMemo, _at, _names_of, _substitute, _substitute_expr
from compiler.source import Span

S = Span(3, 4, 3, 9)
KERNELS = sorted((Path(__file__).parent / "data" / "lanes_lib" / "models").rglob("*.py"))


def _reference(stmt: Any, substitutions: dict[str, ir.Expr], compound: bool) -> Any:
    """The rewrite the inliner used before: map_ir with a callback per node."""

    def rewrite(node: Any) -> Any | None:
        if type(node) is ir.Name and node.id in substitutions:
            return _at(substitutions[node.id], node.span)
        return None

    def rename_target(node: Any) -> Any:
        if type(node) is ir.With and node.target is not None:
            sub = substitutions.get(node.target)
            if isinstance(sub, ir.Name):
                return replace(node, target=sub.id)
        return node

    return map_ir(stmt, rewrite, rename_target if compound else None)


def _names(stmt: ir.Stmt) -> set[str]:
    found: set[str] = set()

    def note(node: Any) -> None:
        if type(node) is ir.Name:
            found.add(node.id)

    map_ir(stmt, lambda node: note(node))
    if isinstance(stmt, ir.With) and stmt.target:
        found.add(stmt.target)
    return found


def _substitutions(names: set[str], kind: int) -> dict[str, ir.Expr]:
    """Every other name renamed (the splice's locals), or replaced by a literal / an attribute
    (a call's arguments); the rest stay."""
    out: dict[str, ir.Expr] = {}
    for index, name in enumerate(sorted(names)):
        choice = (index + kind) % 4
        if choice == 0:
            out[name] = ir.Name(f"{name}__inline7", S)
        elif choice == 1:
            out[name] = ir.Const(index, S)
        elif choice == 2:
            out[name] = ir.Attribute(f"cfg.{name.upper()}", S)
    return out


def test_renaming_matches_the_generic_rewrite_on_real_style_kernels() -> None:
    statements = 0
    for path in KERNELS:
        parsed = parse_document(path.read_text(encoding="utf-8"), str(path))
        for function in parsed.module.all_functions():
            for stmt in walk_stmts(function.body):
                compound = isinstance(stmt, ir.For | ir.While | ir.With | ir.If)
                names = _names(stmt)
                assert _names_of(stmt, set()) == names, (path.name, stmt.span)
                for kind in range(4):
                    subs = _substitutions(names, kind)
                    got, want = _substitute(stmt, subs), _reference(stmt, subs, compound)
                    assert got == want, (path.name, stmt.span)
                    if want is stmt:
                        assert got is stmt  # an unchanged statement is shared, as downstream memos expect
                    statements += 1
    assert statements > 500


def test_with_target_and_unchanged_parts() -> None:
    call = ir.Call("pl.at", (ir.Name("n", S),), (), S, S)
    keyword = ir.Keyword("offsets", ir.ListExpr((ir.Name("x", S), ir.Const(0, S)), S), S)
    body = (ir.Assign((ir.Name("t", S),), ir.Call("pl.exp", (ir.Name("x", S),), (keyword,), S, S), S),)
    stmt = ir.With(call, "at", body, S, S, target="scope")
    subs: dict[str, ir.Expr] = {"scope": ir.Name("scope__inline2", S), "x": ir.Name("x__inline2", S)}
    out = _substitute(stmt, subs)
    assert out == _reference(stmt, subs, True)
    assert out.target == "scope__inline2"
    assert out.call is call  # nothing substituted in the header: the same object
    assert out.body[0].targets[0] is body[0].targets[0]
    assert out.body[0].value.args[0] == ir.Name("x__inline2", S)
    assert out.body[0].value.keywords[0].value.elts == (ir.Name("x__inline2", S), ir.Const(0, S))
    assert _substitute(stmt, {}) is stmt
    value = ir.BinOp("+", ir.Name("x", S), ir.Const(1, S), S)
    assert _substitute_expr(value, {"x": ir.Const(4, Span(9, 0, 9, 1))}) == ir.BinOp(
        "+", ir.Const(4, S), ir.Const(1, S), S
    )


def test_a_new_local_in_a_helper_keeps_the_other_spliced_statements() -> None:
    """Typing `t = ...` into a helper adds a local to rename: only the statements holding `t` are spliced
    anew; every other spliced statement is the object it was, so the checks downstream replay it."""
    source = """import pypto.language as pl


@pl.jit.inline
def helper(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]):
    for i in pl.range(4):
        a = pl.exp(x)
        b = pl.add(a, x)
    c = pl.mul(x, x)
    return out
"""
    function = next(f for f in parse_document(source, "k.py").module.all_functions() if f.name == "helper")
    memo = SpliceMemo()
    renamed = {name: ir.Name(f"{name}__inline1", S) for name in ("i", "a", "b", "c")}
    first, _ = memo.substituted(function, function.body[-1], renamed)  # type: ignore[arg-type]
    with_t = {**renamed, "t": ir.Name("t__inline1", S)}
    again, _ = memo.substituted(function, function.body[-1], with_t)  # type: ignore[arg-type]
    assert again is not first and len(again) == len(first) == 2
    assert all(x is y for x, y in zip(again, first, strict=True))
    # A statement that holds a name whose substitution changed is spliced anew, with the new name.
    moved = {**renamed, "a": ir.Name("a__inline2", S)}
    third, _ = memo.substituted(function, function.body[-1], moved)  # type: ignore[arg-type]
    assert third[1] is first[1] and third[0] is not first[0]
    assert third[0].body[0].targets[0].id == "a__inline2"
