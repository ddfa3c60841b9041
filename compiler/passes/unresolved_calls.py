"""Statement-level calls that look like inline-helper calls but resolve to no helper.

InlineFunctions splices `x = f(..)` / `f(..)` / `return f(..)` when `f` is an inline helper. When `f` is
a name that pypto-lsp cannot resolve to one (bound by a factory whose choice is unknown, imported from a
module that defines no such helper, not defined), the code it runs is neither expanded nor checked: the
call gets a hint saying so, never an error and never silence.
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from compiler import ir
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.frontend.factories import is_dsl_def
from compiler.frontend.parser import ImportedName
from compiler.ir_walk import walk_stmts
from compiler.modules import ModuleGraph, ModuleSummary
from compiler.passes.inline_functions import Helper, is_foreign

_PYTHON_NAMES = frozenset(dir(builtins))


def unresolved_calls(
    module: ir.Module,
    helpers: Mapping[str, Helper],
    is_dsl_function: Callable[[str], bool],
    calls_of: Callable[[ir.Function], tuple[ir.Call, ...]] | None = None,
) -> list[Diagnostic]:
    """One hint per statement-level call of a bare name that is neither a helper nor a DSL function (of
    the document, or imported: a call of another kernel is not a helper call); the document's own code
    only, as a helper of another module is checked in its own file."""
    known = {f.name for f in module.functions} | {p.name for p in module.programs} | set(helpers)
    found: list[Diagnostic] = []
    seen: set[tuple[str, int, int]] = set()
    for function in module.all_functions():
        for call in (calls_of or statement_calls)(function):
            name = call.func
            if name in known or name in _PYTHON_NAMES or is_foreign(call.span):
                continue
            if is_dsl_function(name):
                known.add(name)
                continue
            key = (name, call.func_span.line, call.func_span.col)
            if key not in seen:
                seen.add(key)
                found.append(diagnostic("PTO-IN6", call.func_span, name=name))
    return found


def statement_calls(function: ir.Function) -> tuple[ir.Call, ...]:
    """The statement-level calls of bare names in a function (`x = f(..)`, `f(..)`, `return f(..)`): the
    calls InlineFunctions would splice if `f` were a helper."""
    return tuple(
        stmt.value
        for stmt in walk_stmts(function.body)
        if isinstance(stmt, ir.Assign | ir.ExprStmt | ir.Return)
        and isinstance(stmt.value, ir.Call)
        and "." not in stmt.value.func
    )


def dsl_function_named(
    source: str,
    imports: tuple[ImportedName, ...],
    path: str | None,
    graph: ModuleGraph,
    name: str,
    module_defs: DslDefinitions | None = None,
) -> bool:
    """True when `name` is a `@pl.*`-decorated function or class: of the document (found in its text,
    whatever the decorator), or imported from a module that defines one (`module_defs`: what each
    module version defines, kept across analyses)."""
    lines: list[str] | None = None
    for line_start in _definition_lines(source, name):  # the name's occurrences, not every line
        lines = lines if lines is not None else source.split("\n")
        if _decorated(lines, source.count("\n", 0, line_start)):
            return True
    file = Path(path) if path else None
    for imported in imports:
        if imported.local != name:
            continue
        target = graph.resolve(file, imported.module, imported.level)
        summary = graph.summary(target) if target is not None else None
        if summary is None:
            return False
        names = (module_defs or DslDefinitions()).of(graph, summary)
        return imported.name in names
    return False


class DslDefinitions:
    """The names each module version defines with a `@pl.*` decorator at its top level, found once per
    version: an imported name is looked up at every analysis, and the module's tree is parsed again
    once the analysis has released it."""

    __slots__ = ("_found",)

    def __init__(self) -> None:
        self._found: dict[Path, tuple[str, frozenset[str]]] = {}

    def of(self, graph: ModuleGraph, summary: ModuleSummary) -> frozenset[str]:
        """The DSL functions and classes `summary`'s module defines (none when it does not parse)."""
        known = self._found.get(summary.path)
        if known is not None and known[0] == summary.text:
            return known[1]
        tree = graph.syntax(summary)
        names = frozenset(
            stmt.name
            for stmt in (tree.body if tree is not None else ())
            if isinstance(stmt, ast.FunctionDef | ast.ClassDef) and is_dsl_def(stmt)
        )
        self._found[summary.path] = (summary.text, names)
        return names


_DEFINITION_HEAD = re.compile(r"(?:async[^\S\n]+)?(?:def|class)[^\S\n]+")


def _definition_lines(source: str, name: str) -> Iterator[int]:
    """Where each line that starts `def name` / `class name` (async too) begins in `source`."""
    at = source.find(name)
    while at >= 0:
        end = at + len(name)
        if end == len(source) or not (source[end].isalnum() or source[end] == "_"):
            line_start = source.rfind("\n", 0, at) + 1
            if _DEFINITION_HEAD.fullmatch(source, line_start, at):
                yield line_start
        at = source.find(name, end)


def _decorated(lines: list[str], index: int) -> bool:
    """True when the definition at `lines[index]` has a `@pl.` / `@pld.` decorator above it."""
    for line in reversed(lines[max(0, index - 40) : index]):
        if line.startswith(("@pl.", "@pld.")):
            return True
        if line.startswith("@") or not line.strip() or line.lstrip().startswith("#") or line[:1] in " \t)]}":
            continue  # another decorator, a decorator's continuation, a blank or a comment
        return False
    return False
