"""Helpers bound through a factory: `hc_pre = _bind_hc_pre()`, where a plain function defines one of
several `@pl.jit.inline` functions under an `if` on module values and returns it.

The choice is a plain-Python `if` at import, so it is evaluated statically (never run): the branch the
module's values (and the factory's own plain statements) select is the one whose definition is bound.
When the condition is unknown nothing is chosen, and the call sites get a hint instead.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping

from compiler.evaluator import UNKNOWN_VALUE, evaluate_statements
from compiler.frontend.consts import eval_expr
from compiler.syntax import dotted_name

MAX_DEPTH = 8


def is_dsl_def(node: ast.FunctionDef | ast.ClassDef) -> bool:
    """True for a function with a `@pl...` decorator."""
    for dec in node.decorator_list:
        name = dotted_name(dec.func if isinstance(dec, ast.Call) else dec)
        if name is not None and (name.startswith("pl.") or name.startswith("pld.")):
            return True
    return False


def factory_env(node: ast.FunctionDef, env: Mapping[str, object]) -> dict[str, object]:
    """The module values plus what the factory's own plain statements compute (its parameters unknown)."""
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)]
    body = [s for s in node.body if not isinstance(s, ast.FunctionDef | ast.ClassDef | ast.Return | ast.If)]
    return {**env, **evaluate_statements(body, env, dict.fromkeys(params, UNKNOWN_VALUE))}


def selected_defs(node: ast.FunctionDef, env: Mapping[str, object]) -> list[ast.FunctionDef]:
    """The DSL functions a factory's body defines inside the `if` branches that known values select."""
    local = factory_env(node, env)
    out: list[ast.FunctionDef] = []
    _select(node.body, local, out, 0)
    return out


def _select(stmts: list[ast.stmt], env: Mapping[str, object], out: list[ast.FunctionDef], depth: int) -> bool:
    """Collect the selected branches' DSL definitions; False when a condition on the way is unknown."""
    for stmt in stmts:
        if isinstance(stmt, ast.If):
            if depth >= MAX_DEPTH:
                return False
            test = eval_expr(stmt.test, env)
            if not isinstance(test, bool | int | str):
                return False
            if not _select(stmt.body if test else stmt.orelse, env, out, depth + 1):
                return False
        elif isinstance(stmt, ast.FunctionDef) and depth > 0 and is_dsl_def(stmt):
            out.append(stmt)
        elif isinstance(stmt, ast.Return):
            return True
    return True


def returned_def(node: ast.FunctionDef, env: Mapping[str, object]) -> ast.FunctionDef | None:
    """The DSL function a factory returns (`return hc_pre` after defining it in the selected branch)."""
    defs: dict[str, ast.FunctionDef] = {}
    local = factory_env(node, env)

    def walk(stmts: list[ast.stmt], depth: int) -> ast.FunctionDef | bool | None:
        for stmt in stmts:
            if isinstance(stmt, ast.If):
                if depth >= MAX_DEPTH:
                    return False
                test = eval_expr(stmt.test, local)
                if not isinstance(test, bool | int | str):
                    return False
                found = walk(stmt.body if test else stmt.orelse, depth + 1)
                if found is not None:
                    return found
            elif isinstance(stmt, ast.FunctionDef) and is_dsl_def(stmt):
                defs[stmt.name] = stmt
            elif isinstance(stmt, ast.Return):
                value = stmt.value
                return defs.get(value.id) if isinstance(value, ast.Name) else False
        return None

    found = walk(node.body, 0)
    return found if isinstance(found, ast.FunctionDef) else None


def bound_helpers(tree: ast.Module, env: Mapping[str, object]) -> list[tuple[str, ast.FunctionDef]]:
    """`NAME = factory()` at module level, with the DSL function the factory returns (its body chosen by
    known values); a factory whose choice is unknown binds nothing."""
    factories = {s.name: s for s in tree.body if isinstance(s, ast.FunctionDef) and not s.decorator_list}
    out: list[tuple[str, ast.FunctionDef]] = []
    for stmt in tree.body:
        if not (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name)
            and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Name)
        ):
            continue
        factory = factories.get(stmt.value.func.id)
        if factory is None:
            continue
        chosen = returned_def(factory, env)
        if chosen is not None:
            out.append((stmt.targets[0].id, chosen))
    return out


def factory_bound_names(tree: ast.Module) -> frozenset[str]:
    """The module-level names bound to what a plain function returns (`NAME = factory()`)."""
    factories = {s.name for s in tree.body if isinstance(s, ast.FunctionDef) and not s.decorator_list}
    return frozenset(
        s.targets[0].id
        for s in tree.body
        if isinstance(s, ast.Assign)
        and len(s.targets) == 1
        and isinstance(s.targets[0], ast.Name)
        and isinstance(s.value, ast.Call)
        and isinstance(s.value.func, ast.Name)
        and s.value.func.id in factories
    )
