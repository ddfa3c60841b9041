"""An allocation declared in Python (`scratch = pl.MemRef()`) and referenced by name in local tile
annotations (type_resolver.py `_declared_alloc_name`): an unnamed declaration takes the name of the variable
that references it, so one declaration reached through two names (F316) and two declarations that claim one
name (F317) are rejected. The parser keeps the correspondence per function, in the order it reads the
annotations (source order); the first break stops the function."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from compiler import ir
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.evaluator.values import DeclaredAlloc
from compiler.ir_walk import walk_stmts


def declared_alloc_faults(module: ir.Module, env: Mapping[str, object]) -> list[Diagnostic]:
    """F316 / F317 in every function of the module."""
    if not any(isinstance(v, DeclaredAlloc) for v in env.values()):
        return []
    out: list[Diagnostic] = []
    for function in module.all_functions():
        fault = _function_fault(function, env)
        if fault is not None:
            out.append(fault)
    return out


def _function_fault(function: ir.Function, env: Mapping[str, object]) -> Diagnostic | None:
    names: dict[tuple[int, int], str] = {}  # declaration -> the name it goes by
    owners: dict[str, tuple[int, int]] = {}  # name -> the declaration that claimed it
    for ref, declared in _references(function, env):
        key = (declared.line, declared.col)
        name = declared.name or ref.id
        seen = names.setdefault(key, name)
        if seen != name:
            return diagnostic("PTO-F316", ref.span, seen=seen, name=name)
        owner = owners.setdefault(name, key)
        if owner != key:
            return diagnostic("PTO-F317", ref.span, name=name)
    return None


def _references(function: ir.Function, env: Mapping[str, object]) -> Iterator[tuple[ir.Name, DeclaredAlloc]]:
    """Each name of a declared allocation (or `decl[k]`, one of its slots) among the trailing items of a local
    `pl.Tile[...]` annotation, in source order."""
    for stmt in walk_stmts(function.body):
        if not isinstance(stmt, ir.Assign) or stmt.annotation is None or stmt.declared is not None:
            continue
        if len(stmt.targets) != 1 or not isinstance(stmt.targets[0], ir.Name):
            continue
        value = stmt.value
        if isinstance(value, ir.Call) and value.func.rsplit(".", 1)[-1] == "yield_":
            continue  # the parser never resolves a yield assignment's annotation
        annotation = stmt.annotation
        if not isinstance(annotation, ir.Subscript) or not isinstance(annotation.index, ir.TupleExpr):
            continue
        head = annotation.value
        if not (isinstance(head, ir.Attribute) and head.dotted.rsplit(".", 1)[-1] == "Tile"):
            continue
        for extra in annotation.index.elts[2:]:
            ref = extra.value if isinstance(extra, ir.Subscript) else extra
            if not isinstance(ref, ir.Name) or ref.id in function.closure:
                continue
            declared = env.get(ref.id)
            if isinstance(declared, DeclaredAlloc):
                yield ref, declared
