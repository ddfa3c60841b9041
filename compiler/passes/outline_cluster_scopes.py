"""OutlineClusterScopes: `with pl.cluster():` becomes a Group function; a nested `pl.spmd` is unwrapped.

The spmd block count is evaluated at the cluster's launch site, so it must not read a value bound
inside the cluster (OC-1). Also names the Group each clustered kernel joins.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler import ir
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.incremental import LastingMemo, nested_fold
from compiler.ir_walk import walk_expr, walk_stmts
from compiler.rules.outline_cluster_scopes import READ_HERE


def check_clusters(module: ir.Module, memo: LastingMemo | None = None) -> list[Diagnostic]:
    """OC-1 for every `pl.spmd` nested in a `pl.cluster()` of the module (`memo`: per compound
    statement, what it and the statements in it give: a cluster reads nothing outside itself)."""
    memo = memo if memo is not None else LastingMemo()
    out: list[Diagnostic] = []
    for function in module.all_functions():
        for stmt in function.body:
            out.extend(nested_fold(memo, stmt, _cluster_faults))
    return out


def _cluster_faults(stmt: ir.Stmt) -> tuple[Diagnostic, ...]:
    """OC-1 of a `pl.cluster()` statement (the clusters nested in it give their own)."""
    out: list[Diagnostic] = []
    if isinstance(stmt, ir.With) and stmt.kind == "cluster":
        cluster = stmt
        bound = _bound_names(cluster.body)
        for spmd in _spmd_scopes(cluster.body):
            width = spmd.args[0] if spmd.args else spmd.kwarg("core_num")
            if width is None:
                continue
            for name in (e.id for e in walk_expr(width) if isinstance(e, ir.Name)):
                if name in bound:
                    out.append(
                        diagnostic(
                            "PTO-OC1",
                            cluster.header,
                            related=(READ_HERE.at(width.span, name=name),),
                            value=name,
                        )
                    )
                    break
    return tuple(out)


def _spmd_scopes(stmts: tuple[ir.Stmt, ...]) -> Iterator[ir.Call]:
    for stmt in walk_stmts(stmts):
        if isinstance(stmt, ir.With) and stmt.kind == "spmd":
            yield stmt.call
        elif isinstance(stmt, ir.For) and stmt.kind == "spmd":
            yield stmt.iter


def _bound_names(stmts: tuple[ir.Stmt, ...]) -> set[str]:
    names: set[str] = set()
    for stmt in walk_stmts(stmts):
        if isinstance(stmt, ir.Assign):
            for target in stmt.targets:
                names.update(e.id for e in walk_expr(target) if isinstance(e, ir.Name))
    return names
