"""map_ir's rebuilds (leaves mapped without a recursive call), names_and_calls (walk_expr's order without a
generator) and TOp.with_ (a positional rebuild)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from compiler import ir
from compiler.ir_walk import map_ir, names_and_calls, walk_expr
from compiler.passes.model import TLoop, TOp, TRegion, ops_of, walk
from compiler.source import Span

S = Span(1, 0, 1, 9)


def _call() -> ir.Call:
    args = (ir.Name("x", S), ir.Const(2, S), ir.BinOp("+", ir.Name("y", S), ir.Attribute("pl.FP32", S), S))
    return ir.Call("pl.add", args, (ir.Keyword("k", ir.Name("x", S), S),), S, S)


def test_unchanged_tree_is_shared() -> None:
    stmt = ir.Assign((ir.Name("z", S),), _call(), S)
    assert map_ir(stmt, lambda _: None) is stmt
    assert map_ir(stmt, lambda _: None, lambda node: node) is stmt


def test_fn_replaces_leaves_in_tuples_and_fields() -> None:
    stmt = ir.Assign((ir.Name("z", S),), _call(), S)

    def rename(node: Any) -> Any | None:
        return ir.Name("w", node.span) if type(node) is ir.Name and node.id in ("x", "y") else None

    out = map_ir(stmt, rename)
    call = out.value
    assert call.args[0] == ir.Name("w", S)  # a leaf in a tuple
    assert call.args[2].left == ir.Name("w", S)  # a leaf in a field
    assert call.keywords[0].value == ir.Name("w", S)
    assert out.targets[0] is stmt.targets[0] and call.args[1] is stmt.value.args[1]


def test_post_sees_every_leaf() -> None:
    seen: list[str] = []

    def post(node: Any) -> Any:
        seen.append(type(node).__name__)
        return node

    map_ir(ir.ExprStmt(_call(), S), lambda _: None, post)
    assert seen.count("Name") == 3 and seen.count("Const") == 1 and seen.count("Attribute") == 1


def test_top_with_is_replace() -> None:
    op = TOp("tile.add", "r", ("a", "b"), ("a", "b"), (("k", 1),), S, S, dsl_name="pl.add")
    assert op.with_(result="q", memory="Vec") == replace(op, result="q", memory="Vec")
    assert op.with_() == op


def test_walk_of_a_body_is_a_fresh_list_each_time() -> None:
    op = TOp("tile.add", "r", ("a",), ("a",), (), S, S)
    region = TRegion("UP_DOWN", None, (op,), S, S)
    body = (TLoop("range", "i", (), (region, op), S, S), op)
    first = walk(body)
    assert first == [(body[0], None), (region, None), (op, region), (op, None), (op, None)]
    first.clear()
    assert walk(body) == [(body[0], None), (region, None), (op, region), (op, None), (op, None)]
    assert walk(body) is not walk(body)
    assert ops_of(body) == [(op, region), (op, None), (op, None)]
    listed: list[Any] = [op]
    assert walk(listed) == [(op, None)]  # type: ignore[arg-type]
    listed.append(region)
    assert walk(listed) == [(op, None), (region, None), (op, region)]  # type: ignore[arg-type]


def test_ops_of_is_a_fresh_list_each_time() -> None:
    op = TOp("tile.add", "r", ("a",), ("a",), (), S, S)
    body = (TLoop("range", "i", (), (op,), S, S), op)
    first = ops_of(body)
    first.append(first[0])
    assert ops_of(body) == [(op, None), (op, None)]
    assert ops_of(body) is not ops_of(body)


def test_op_affinity_is_classified_once_per_op_and_its_table_stays_small() -> None:
    from compiler.ops.opdef import Affinity
    from compiler.passes import core_affinity

    cube = TOp("tile.move", "r", ("a",), ("a",), (("target_memory", "Vec"),), S, S, in_spaces=("Acc",))
    vec = TOp("tile.add", "r", ("a", "b"), ("a", "b"), (), S, S, in_spaces=("Vec", "Vec"))
    assert core_affinity.op_affinity(cube) is Affinity.MIXED  # Acc -> Vec crosses
    assert core_affinity.op_affinity(vec) is Affinity.VECTOR
    assert core_affinity.op_affinity(cube) is Affinity.MIXED  # from the table
    for k in range(core_affinity._MAX_AFFINITIES + 10):
        core_affinity.op_affinity(TOp("tile.add", f"r{k}", ("a",), ("a",), (), S, S, in_spaces=("Vec",)))
    assert len(core_affinity._AFFINITIES) <= core_affinity._MAX_AFFINITIES
    assert core_affinity.op_affinity(vec) is Affinity.VECTOR


def test_names_and_calls_follow_walk_expr() -> None:
    """The names and the call spans, in walk_expr's order: nested calls, keywords and subscripts too."""
    inner = ir.Call("pl.exp", (ir.Subscript(ir.Name("t", S), ir.Name("i", S), S),), (), Span(2, 0, 2, 5), S)
    outer = ir.Call("pl.add", (inner, ir.Name("x", S)), (ir.Keyword("k", _call(), S),), Span(3, 0, 3, 9), S)
    names: set[str] = set()
    calls: list[Span] = []
    names_and_calls(outer, names, calls)
    walked = list(walk_expr(outer))
    assert names == {n.id for n in walked if isinstance(n, ir.Name)} == {"t", "i", "x", "y"}
    assert (
        calls == [n.span for n in walked if isinstance(n, ir.Call)] == [Span(3, 0, 3, 9), Span(2, 0, 2, 5), S]
    )
