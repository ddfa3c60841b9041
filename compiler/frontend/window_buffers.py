"""Window-buffer names across a program: the parser names each `pld.alloc_window_buffer` after its variable,
and a name is declared once per program (ASTParser._alloc_window_buffer_names)."""

from __future__ import annotations

from collections.abc import Iterator

from compiler import ir
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.frontend.checks.expressions import WINDOW_BUFFER_ALLOCS
from compiler.ir_walk import child_blocks


def duplicate_window_buffers(module: ir.Module) -> list[Diagnostic]:
    """F276: a window buffer whose name an earlier allocation of the same @pl.program already declared."""
    out: list[Diagnostic] = []
    for program in module.programs:  # a @pl.jit.host entry may rebind a name (compiler run)
        declared: set[str] = set()
        for function in program.functions:
            if function.decorator != "function" or function.level != "HOST":
                continue  # elsewhere an allocation is rejected first (PTO-F142)
            for name, call in _allocations(function.body):
                if name in declared:
                    out.append(diagnostic("PTO-F276", call.span, name=name))
                declared.add(name)
    return out


def _allocations(body: tuple[ir.Stmt, ...]) -> Iterator[tuple[str, ir.Call]]:
    """`name = pld.alloc_window_buffer(...)` in host code, in source order (a device scope is rejected first)."""
    for stmt in body:
        if (
            isinstance(stmt, ir.Assign)
            and isinstance(stmt.value, ir.Call)
            and stmt.value.func in WINDOW_BUFFER_ALLOCS
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ir.Name)
            and stmt.value.kwarg("name") is None
        ):
            yield stmt.targets[0].id, stmt.value
        if isinstance(stmt, ir.With):
            continue
        for block in child_blocks(stmt):
            yield from _allocations(block)
