"""Definitions, references, scopes and calls of one Python module, built from `ast` unit by unit.

A document is cut into the same top-level units as the front end uses (`compiler/frontend/units.py`). Each
unit is indexed on its own with spans relative to the unit, so a unit whose text did not change keeps its
facts even when lines above it moved; `IndexCache` keeps them between versions. A module imported from disk
is indexed whole, as one unit. Name lookups follow Python's rules (LEGB, class bodies invisible to the
functions inside them, comprehensions their own scope); what crosses modules lives in `workspace.py`.
"""

from __future__ import annotations

import ast
import bisect
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field

from compiler.frontend.builder import SpanMaker
from compiler.frontend.units import Unit, parse_typed_lines_as_pass, split_units
from compiler.modules import parse_source
from compiler.navigation.surface import Parameter
from compiler.source import Span
from compiler.syntax import dotted_name

_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
MODULE_REFERENCE = "<module>"
_LOOKUP_CALLS = frozenset(
    {"getattr", "setattr", "hasattr", "delattr"}
)  # Reference.base of the module name in `from <module> import ...`
_DETAIL_CHARS = 120


@dataclass(eq=False, slots=True)
class Scope:
    """A namespace: the module, a function, a class, a comprehension or lambda (compared by identity)."""

    kind: str  # "module", "program" (the class of @pl.program members), "function", "class", "comprehension"
    name: str
    span: Span  # relative to its unit
    parent: Scope | None = None
    globals: set[str] = field(default_factory=set)  # names declared `global` / `nonlocal` here

    @property
    def is_class(self) -> bool:
        """True for a class body (its names are invisible to the functions inside it)."""
        return self.kind in ("class", "program")

    def chain(self) -> Iterator[Scope]:
        """This scope and its parents, innermost first."""
        scope: Scope | None = self
        while scope is not None:
            yield scope
            scope = scope.parent


@dataclass(frozen=True, slots=True)
class Definition:
    """A name bound by a statement: def, class, parameter, assignment, loop target, import, field."""

    name: str
    kind: str  # "function", "class", "parameter", "variable", "constant", "import", "field", "method", "property"
    span: Span  # the name token, relative to its unit
    extent: Span  # the whole definition or statement, relative to its unit
    scope: Scope  # the scope it binds the name in
    detail: str = ""  # an annotation, a value or a decorator, short
    decorator: str = ""  # the decorator that matters: `pl.jit.inline`, `pl.function`, `dataclass`, `property`
    params: tuple[Parameter, ...] = ()
    doc: str = ""
    value: Span | None = None  # the assigned expression (relative), for the op that produced a local
    imported: tuple[str, int, str] | None = None  # (module, level, name or "" for the module itself)
    defines: Scope | None = None  # the scope a def or class opens
    owner: str = ""  # the class a field, method or member belongs to
    annotation: str = ""  # `x: T = ...`: the annotation T


@dataclass(frozen=True, slots=True)
class Reference:
    """One occurrence of a name: a read, a write, an attribute (`base.name`) or a name in an import."""

    name: str
    span: Span  # relative to its unit
    scope: Scope
    store: bool = False
    base: str | None = None  # for `M.hidden_size`: "M"; for `self.kernel`: "self"
    module: tuple[str, int] | None = None  # for `from <module> import name`: the module and level


@dataclass(frozen=True, slots=True)
class CallSite:
    """A call whose callee is a name or a dotted name, with where each argument sits."""

    callee: str
    span: Span
    func: Span
    args: tuple[Span, ...]
    keywords: tuple[tuple[str, Span], ...]  # (name, the span of `name=value`)
    scope: Scope
    statement: bool  # `f(..)`, `x = f(..)`, `return f(..)`: the call forms InlineFunctions splices


@dataclass(frozen=True, slots=True)
class UnitFacts:
    """What one unit defines and uses, with spans relative to the unit's own text."""

    root: Scope
    scopes: tuple[Scope, ...]
    definitions: tuple[Definition, ...]
    references: tuple[Reference, ...]  # by position
    calls: tuple[CallSite, ...]
    strings: tuple[
        tuple[str, Span], ...
    ]  # names looked up by a string: getattr(m, "X"), globals()["X"], __all__
    parsed: bool = True
    ref_keys: tuple[tuple[int, int], ...] = ()
    bindings: dict[tuple[int, str], tuple[Definition, ...]] = field(default_factory=dict, compare=False)

    def bound(self, scope: Scope, name: str) -> tuple[Definition, ...]:
        """The definitions of `name` in `scope`."""
        return self.bindings.get((id(scope), name), ())


@dataclass(frozen=True, slots=True)
class PlacedUnit:
    """A unit's facts placed in a document: absolute span = relative span moved by the offsets."""

    facts: UnitFacts
    line_offset: int
    col_offset: int
    first_line: int
    last_line: int
    kind: str
    owner: str | None = None  # the @pl.program a member belongs to

    def absolute(self, span: Span) -> Span:
        """A relative span in document coordinates."""
        if not self.line_offset and not self.col_offset:
            return span
        return Span(
            span.line + self.line_offset,
            span.col + self.col_offset,
            span.end_line + self.line_offset,
            span.end_col + self.col_offset,
        )

    def relative(self, line: int, col: int) -> tuple[int, int]:
        """A document position in the unit's coordinates."""
        return line - self.line_offset, col - self.col_offset


@dataclass(frozen=True, slots=True)
class Located:
    """A definition or reference with its document (absolute spans)."""

    path: str
    name: str
    span: Span
    extent: Span
    unit: PlacedUnit = field(compare=False, repr=False)
    definition: Definition | None = field(default=None, compare=False, repr=False)
    reference: Reference | None = field(default=None, compare=False, repr=False)


# ------------------------------------------------------------------------------------------ indexing
def index_unit(text: str, kind: str = "module") -> UnitFacts:
    """The facts of one unit's text (kind "member": a @pl.program member, whose top scope is the class)."""
    root = Scope("program" if kind == "member" else "module", "", Span(1, 0, text.count("\n") + 1, 0))
    tree = _parse(text)
    if tree is None:
        return UnitFacts(root, (root,), (), (), (), (), parsed=False)
    return index_tree(tree, text, root)


def _parse(text: str) -> ast.Module | None:
    """The unit's tree; a line the user is typing is read as `pass` so the rest of the unit still counts."""
    try:
        return parse_source(text)
    except SyntaxError as exc:
        repaired = parse_typed_lines_as_pass(text, exc, header_too=True)
        return repaired[1] if repaired is not None else None
    except (ValueError, RecursionError, MemoryError):
        return None


def index_tree(tree: ast.Module, text: str, root: Scope | None = None) -> UnitFacts:
    """The facts of an already parsed module (a whole file imported from disk)."""
    root = root if root is not None else Scope("module", "", Span(1, 0, text.count("\n") + 1, 0))
    indexer = _Indexer(SpanMaker(text.split("\n"), 0, 0), root)
    try:
        indexer.block(tree.body, root)
    except RecursionError:
        return UnitFacts(root, (root,), (), (), (), (), parsed=False)
    references = indexer.references
    references.sort(key=_position)
    bindings: dict[tuple[int, str], list[Definition]] = {}
    for definition in indexer.definitions:
        bindings.setdefault((id(definition.scope), definition.name), []).append(definition)
    return UnitFacts(
        root,
        tuple(indexer.scopes),
        tuple(indexer.definitions),
        tuple(references),
        tuple(indexer.calls),
        tuple(indexer.strings),
        True,
        tuple((r.span.line, r.span.col) for r in references),
        {k: tuple(v) for k, v in bindings.items()},
    )


class _Indexer:
    """One pass over a unit's tree collecting scopes, definitions, references, calls and strings."""

    def __init__(self, spans: SpanMaker, root: Scope) -> None:
        self.spans = spans
        self.ascii = [line.isascii() for line in spans.lines]
        self.scopes: list[Scope] = [root]
        self.definitions: list[Definition] = []
        self.references: list[Reference] = []
        self.calls: list[CallSite] = []
        self.strings: list[tuple[str, Span]] = []
        self.statement_calls: set[int] = set()

    # -- helpers -------------------------------------------------------------------------------
    def span(self, node: ast.AST) -> Span:
        line: int = node.lineno  # type: ignore[attr-defined]
        end_line: int = node.end_lineno or line  # type: ignore[attr-defined]
        col: int = node.col_offset  # type: ignore[attr-defined]
        end_col: int | None = node.end_col_offset  # type: ignore[attr-defined]
        if end_col is None:
            end_col = col
        ascii_lines = self.ascii
        if 0 < line <= len(ascii_lines) and not ascii_lines[line - 1]:
            col = self.spans.col(line, col)
        if 0 < end_line <= len(ascii_lines) and not ascii_lines[end_line - 1]:
            end_col = self.spans.col(end_line, end_col)
        return Span(line, col, end_line, end_col)

    def name_after(self, node: ast.stmt, keyword: str, name: str) -> Span:
        """The span of a def/class name (found in the line text after the keyword)."""
        line = node.lineno
        text = self.spans.lines[line - 1] if 0 < line <= len(self.spans.lines) else ""
        start = self.spans.col(line, node.col_offset)
        found = re.compile(rf"\b{keyword}\s+({re.escape(name)})\b").search(text, start)
        col = found.start(1) if found else start + len(keyword) + 1
        return Span(line, col, line, col + len(name))

    def define(self, definition: Definition) -> None:
        self.definitions.append(definition)

    def text(self, node: ast.AST | None) -> str:
        """The source text of a node, whitespace collapsed and cut short (no unparse: it is the hot path)."""
        if node is None:
            return ""
        span = self.span(node)
        lines = self.spans.lines
        if not 0 < span.line <= span.end_line <= len(lines):
            return ""
        if span.line == span.end_line:
            value = lines[span.line - 1][span.col : span.end_col]
        else:
            parts = [lines[span.line - 1][span.col :], *lines[span.line : span.end_line - 1]]
            parts.append(lines[span.end_line - 1][: span.end_col])
            value = " ".join(part.strip() for part in parts)
        return value if len(value) <= _DETAIL_CHARS else value[: _DETAIL_CHARS - 1] + "…"

    def binding_scope(self, scope: Scope, name: str) -> Scope:
        """Where an assignment in `scope` binds `name` (module scope for `global`)."""
        if name in scope.globals:
            root = scope
            while root.parent is not None:
                root = root.parent
            return root
        return scope

    # -- statements ----------------------------------------------------------------------------
    def block(self, stmts: list[ast.stmt], scope: Scope) -> None:
        for stmt in stmts:
            self.stmt(stmt, scope)

    def stmt(self, node: ast.stmt, scope: Scope) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            self.function(node, scope)
        elif isinstance(node, ast.ClassDef):
            self.klass(node, scope)
        elif isinstance(node, ast.Assign):
            if isinstance(node.value, ast.Call):
                self.statement_calls.add(id(node.value))
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
                for element in getattr(node.value, "elts", []):
                    self.name_string(element)
            self.expr(node.value, scope)
            for target in node.targets:
                self.target(target, scope, node, node.value)
        elif isinstance(node, ast.AnnAssign):
            if node.value is not None:
                self.expr(node.value, scope)
            self.expr(node.annotation, scope)
            self.target(node.target, scope, node, node.value, node.annotation)
        elif isinstance(node, ast.AugAssign):
            self.expr(node.value, scope)
            if isinstance(node.target, ast.Name):
                self.load(node.target, scope)
            self.target(node.target, scope, node, None)
        elif isinstance(node, ast.For | ast.AsyncFor):
            self.expr(node.iter, scope)
            self.target(node.target, scope, node, node.iter, loop=True)
            self.block(node.body, scope)
            self.block(node.orelse, scope)
        elif isinstance(node, ast.With | ast.AsyncWith):
            for item in node.items:
                self.expr(item.context_expr, scope)
                if item.optional_vars is not None:
                    self.target(item.optional_vars, scope, node, item.context_expr)
            self.block(node.body, scope)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            self.imports(node, scope)
        elif isinstance(node, ast.Global | ast.Nonlocal):
            scope.globals.update(node.names)
        elif isinstance(node, ast.Expr | ast.Return):
            if isinstance(node.value, ast.Call):
                self.statement_calls.add(id(node.value))
            if node.value is not None:
                self.expr(node.value, scope)
        elif isinstance(node, ast.Try):
            self.block(node.body, scope)
            for handler in node.handlers:
                if handler.type is not None:
                    self.expr(handler.type, scope)
                if handler.name:
                    span = self.handler_name(handler)
                    bound = self.binding_scope(scope, handler.name)
                    self.define(Definition(handler.name, "variable", span, self.span(handler), bound))
                    self.references.append(Reference(handler.name, span, scope, store=True))
                self.block(handler.body, scope)
            self.block(node.orelse, scope)
            self.block(node.finalbody, scope)
        else:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    self.stmt(child, scope)
                elif isinstance(child, ast.expr):
                    self.expr(child, scope)

    def handler_name(self, handler: ast.ExceptHandler) -> Span:
        line = handler.lineno
        text = self.spans.lines[line - 1] if 0 < line <= len(self.spans.lines) else ""
        found = re.compile(rf"\bas\s+({re.escape(handler.name or '')})\b").search(text)
        col = found.start(1) if found else 0
        return Span(line, col, line, col + len(handler.name or ""))

    def function(self, node: ast.FunctionDef | ast.AsyncFunctionDef, scope: Scope) -> None:
        for written in node.decorator_list:
            self.expr(written, scope)
        args = node.args
        for default in [*args.defaults, *(d for d in args.kw_defaults if d is not None)]:
            self.expr(default, scope)
        for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
            if arg is not None and arg.annotation is not None:
                self.expr(arg.annotation, scope)
        if node.returns is not None:
            self.expr(node.returns, scope)
        extent = self.extent(node)
        inner = Scope("function", node.name, extent, scope)
        self.scopes.append(inner)
        decorator = _decorator(node.decorator_list)
        kind = "function"
        if scope.is_class:
            kind = "property" if decorator in ("property", "functools.cached_property") else "method"
        bound = self.binding_scope(scope, node.name)
        name_span = self.name_after(node, "def", node.name)
        self.references.append(Reference(node.name, name_span, scope, store=True))
        self.define(
            Definition(
                node.name,
                kind,
                name_span,
                extent,
                bound,
                self.text(node.returns) if node.returns is not None else "",
                decorator,
                _parameters(node.args, self.text),
                _docstring(node),
                defines=inner,
                owner=scope.name if scope.is_class else "",
            )
        )
        self.parameters(node.args, inner)
        self.block(node.body, inner)

    def parameters(self, args: ast.arguments, scope: Scope) -> None:
        for arg in [*args.posonlyargs, *args.args, args.vararg, *args.kwonlyargs, args.kwarg]:
            if arg is None:
                continue
            span = self.span(arg)
            name_span = Span(span.line, span.col, span.line, span.col + len(arg.arg))
            self.define(Definition(arg.arg, "parameter", name_span, span, scope, self.text(arg.annotation)))
            self.references.append(Reference(arg.arg, name_span, scope, store=True))

    def klass(self, node: ast.ClassDef, scope: Scope) -> None:
        for written in node.decorator_list:
            self.expr(written, scope)
        for base in node.bases:
            self.expr(base, scope)
        for keyword in node.keywords:
            self.expr(keyword.value, scope)
        extent = self.extent(node)
        decorator = _decorator(node.decorator_list)
        inner = Scope("program" if decorator == "pl.program" else "class", node.name, extent, scope)
        self.scopes.append(inner)
        name_span = self.name_after(node, "class", node.name)
        self.references.append(Reference(node.name, name_span, scope, store=True))
        self.define(
            Definition(
                node.name,
                "class",
                name_span,
                extent,
                self.binding_scope(scope, node.name),
                ", ".join(self.text(b) for b in node.bases),
                decorator,
                doc=_docstring(node),
                defines=inner,
            )
        )
        self.block(node.body, inner)

    def extent(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> Span:
        span = self.span(node)
        if node.decorator_list:
            first = self.span(node.decorator_list[0])
            span = Span(first.line, max(first.col - 1, 0), span.end_line, span.end_col)
        return span

    def imports(self, node: ast.Import | ast.ImportFrom, scope: Scope) -> None:
        if isinstance(node, ast.ImportFrom):
            self.module_name(node, scope)
        for alias in node.names:
            if alias.name == "*":
                continue
            span = self.span(alias)
            bound_name = alias.asname or alias.name.split(".")[0]
            if isinstance(node, ast.ImportFrom):
                module, level, name = node.module or "", node.level, alias.name
                name_span = Span(span.line, span.col, span.line, span.col + len(alias.name))
                self.references.append(Reference(alias.name, name_span, scope, module=(module, level)))
            else:
                module, level, name = (alias.name if alias.asname else bound_name), 0, ""
            if alias.asname is None:
                local = Span(span.line, span.col, span.line, span.col + len(bound_name))
            else:
                local = Span(span.end_line, span.end_col - len(bound_name), span.end_line, span.end_col)
            bound = self.binding_scope(scope, bound_name)
            self.define(
                Definition(
                    bound_name,
                    "import",
                    local,
                    self.span(node),
                    bound,
                    ("." * level + module + (f".{name}" if name else "")),
                    imported=(module, level, name),
                )
            )
            if alias.asname is not None:
                self.references.append(Reference(bound_name, local, scope, store=True))

    def module_name(self, node: ast.ImportFrom, scope: Scope) -> None:
        """The `.config` of `from .config import x`, which leads to the module's file."""
        line = node.lineno
        text = self.spans.lines[line - 1] if 0 < line <= len(self.spans.lines) else ""
        written = "." * node.level + (node.module or "")
        found = re.compile(r"\bfrom\s+(" + re.escape(written).replace(r"\.", r"\s*\.\s*") + ")").search(text)
        if found is None or not written:
            return
        col = found.start(1)
        span = Span(line, col, line, col + len(found.group(1)))
        name = (node.module or "").rsplit(".", 1)[-1]
        self.references.append(
            Reference(name, span, scope, base=MODULE_REFERENCE, module=(node.module or "", node.level))
        )

    def target(
        self,
        node: ast.expr,
        scope: Scope,
        stmt: ast.stmt,
        value: ast.expr | None,
        annotation: ast.expr | None = None,
        loop: bool = False,
    ) -> None:
        if isinstance(node, ast.Name):
            bound = self.binding_scope(scope, node.id)
            kind = "variable"
            if bound.kind == "module":
                kind = "constant"
            elif bound.is_class:
                kind = "field"
            span = self.span(node)
            detail = self.text(value) if value is not None and not loop else ""
            self.define(
                Definition(
                    node.id,
                    kind,
                    span,
                    self.span(stmt),
                    bound,
                    detail,
                    value=self.span(value) if value is not None and not loop else None,
                    owner=bound.name if bound.is_class else "",
                    annotation=self.text(annotation) if annotation is not None else "",
                )
            )
            self.references.append(Reference(node.id, span, scope, store=True))
        elif isinstance(node, ast.Tuple | ast.List):
            for element in node.elts:
                self.target(element, scope, stmt, value, None, loop)
        elif isinstance(node, ast.Starred):
            self.target(node.value, scope, stmt, None, None, loop)
        else:  # `x[i] = ...`, `obj.attr = ...`: reads of the base
            self.expr(node, scope)

    # -- expressions ---------------------------------------------------------------------------
    def load(self, node: ast.Name, scope: Scope) -> None:
        self.references.append(Reference(node.id, self.span(node), scope))

    def expr(self, node: ast.expr, scope: Scope) -> None:
        # Iterative over the common shapes, recursive for nested scopes.
        stack: list[ast.AST] = [node]
        while stack:
            current = stack.pop()
            if isinstance(current, ast.Name):
                if isinstance(current.ctx, ast.Store):  # a walrus target
                    self.target(current, scope, current, None)  # type: ignore[arg-type]
                else:
                    self.load(current, scope)
            elif isinstance(current, ast.Attribute):
                self.attribute(current, scope)
                stack.append(current.value)
            elif isinstance(current, ast.Call):
                self.call(current, scope)
                stack.extend(reversed([current.func, *current.args, *(k.value for k in current.keywords)]))
            elif isinstance(current, ast.Lambda):
                inner = Scope("function", "<lambda>", self.span(current), scope)
                self.scopes.append(inner)
                for default in [*current.args.defaults, *(d for d in current.args.kw_defaults if d)]:
                    self.expr(default, scope)
                self.parameters(current.args, inner)
                self.expr(current.body, inner)
            elif isinstance(current, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
                self.comprehension(current, scope)
            elif isinstance(current, ast.NamedExpr):
                self.expr(current.value, scope)
                target_scope = scope
                while target_scope.kind == "comprehension" and target_scope.parent is not None:
                    target_scope = target_scope.parent
                self.target(current.target, target_scope, current, current.value)  # type: ignore[arg-type]
            elif isinstance(current, ast.Constant):
                continue
            elif isinstance(current, ast.Subscript):
                self.subscript_lookup(current)
                stack.extend(reversed([current.value, current.slice]))
            elif isinstance(current, ast.JoinedStr):
                continue
            else:
                stack.extend(reversed([c for c in ast.iter_child_nodes(current) if isinstance(c, ast.expr)]))

    def attribute(self, node: ast.Attribute, scope: Scope) -> None:
        end = self.span(node)
        span = Span(end.end_line, end.end_col - len(node.attr), end.end_line, end.end_col)
        base = dotted_name(node.value)
        store = isinstance(node.ctx, ast.Store)
        self.references.append(Reference(node.attr, span, scope, store=store, base=base or "?"))

    def name_string(self, node: ast.expr | None) -> None:
        """A string literal naming an identifier that code looks up by name."""
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and _IDENTIFIER.fullmatch(node.value)
        ):
            self.strings.append((node.value, self.span(node)))

    def subscript_lookup(self, node: ast.Subscript) -> None:
        """`globals()["X"]`, `vars(mod)["X"]`, `mod.__dict__["X"]`."""
        base = node.value
        callee = dotted_name(base.func) if isinstance(base, ast.Call) else dotted_name(base)
        if callee in ("globals", "locals", "vars") or (callee or "").endswith("__dict__"):
            self.name_string(node.slice)

    def call(self, node: ast.Call, scope: Scope) -> None:
        callee = dotted_name(node.func)
        if callee is None:
            return
        if callee in _LOOKUP_CALLS and len(node.args) >= 2:
            self.name_string(node.args[1])
        keywords = tuple((k.arg, self.span(k)) for k in node.keywords if k.arg is not None)
        self.calls.append(
            CallSite(
                callee,
                self.span(node),
                self.span(node.func),
                tuple(self.span(a) for a in node.args),
                keywords,
                scope,
                id(node) in self.statement_calls,
            )
        )

    def comprehension(
        self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp, scope: Scope
    ) -> None:
        inner = Scope("comprehension", "<comprehension>", self.span(node), scope)
        self.scopes.append(inner)
        for i, generator in enumerate(node.generators):
            # The first iterable is evaluated in the enclosing scope.
            self.expr(generator.iter, scope if i == 0 else inner)
            self.target(generator.target, inner, node, None, loop=True)  # type: ignore[arg-type]
            for condition in generator.ifs:
                self.expr(condition, inner)
        if isinstance(node, ast.DictComp):
            self.expr(node.key, inner)
            self.expr(node.value, inner)
        else:
            self.expr(node.elt, inner)


def _position(reference: Reference) -> tuple[int, int]:
    return reference.span.line, reference.span.col


def _decorator(decorators: list[ast.expr]) -> str:
    """The decorator that says what a definition is: a `pl.*` one first, else the first one."""
    names = [dotted_name(d.func if isinstance(d, ast.Call) else d) or "" for d in decorators]
    for name in names:
        if name.startswith(("pl.", "pld.")):
            return name
    return names[0] if names else ""


def _docstring(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> str:
    try:
        doc = ast.get_docstring(node, clean=True)
    except (TypeError, ValueError):
        return ""
    return doc.strip().split("\n\n", 1)[0] if doc else ""


def _parameters(args: ast.arguments, text: object) -> tuple[Parameter, ...]:
    render = text if callable(text) else (lambda n: "")
    positional = [*args.posonlyargs, *args.args]
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    out = [
        Parameter(a.arg, render(a.annotation), render(d) if d is not None else None)
        for a, d in zip(positional, defaults, strict=True)
        if a.arg not in ("self", "cls")
    ]
    if args.vararg is not None:
        out.append(Parameter(args.vararg.arg, render(args.vararg.annotation), star="*"))
    out.extend(
        Parameter(a.arg, render(a.annotation), render(d) if d is not None else None, keyword_only=True)
        for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)
    )
    if args.kwarg is not None:
        out.append(Parameter(args.kwarg.arg, render(args.kwarg.annotation), star="**"))
    return tuple(out)


# ------------------------------------------------------------------------------------------ documents
class DocumentIndex:
    """The index of one document version: its placed units and the lookups every feature needs."""

    def __init__(self, path: str, text: str, units: tuple[PlacedUnit, ...]) -> None:
        self.path = path
        self.text = text
        self.lines = text.split("\n")
        self.units = units
        self._firsts = [u.first_line for u in units]
        self._module: dict[str, list[tuple[PlacedUnit, Definition]]] | None = None
        self._programs: dict[str, list[tuple[PlacedUnit, Definition]]] | None = None
        self._by_name: dict[str, list[tuple[PlacedUnit, Reference]]] | None = None
        self._lock = threading.Lock()

    # -- placement ------------------------------------------------------------------------------
    def unit_at(self, line: int) -> PlacedUnit | None:
        """The unit that holds a document line (the module unit holds what no def or member does)."""
        i = bisect.bisect_right(self._firsts, line) - 1
        while i >= 0:
            unit = self.units[i]
            if unit.kind != "module" and unit.first_line <= line <= unit.last_line:
                return unit
            i -= 1
        return next((u for u in self.units if u.kind == "module"), None)

    def locate(self, unit: PlacedUnit, definition: Definition) -> Located:
        """A definition with absolute spans."""
        return Located(
            self.path,
            definition.name,
            unit.absolute(definition.span),
            unit.absolute(definition.extent),
            unit,
            definition,
        )

    def locate_reference(self, unit: PlacedUnit, reference: Reference) -> Located:
        """A reference with absolute spans."""
        span = unit.absolute(reference.span)
        return Located(self.path, reference.name, span, span, unit, reference=reference)

    def source(self, span: Span) -> str:
        """The document text of an absolute span (its first line when it spans several)."""
        if not 1 <= span.line <= len(self.lines):
            return ""
        line = self.lines[span.line - 1]
        return line[span.col : span.end_col] if span.end_line == span.line else line[span.col :]

    # -- positions -----------------------------------------------------------------------------
    def reference_at(self, line: int, col: int) -> tuple[PlacedUnit, Reference] | None:
        """The name occurrence under a position (its end counts, so a cursor right after a name finds it)."""
        unit = self.unit_at(line)
        if unit is None:
            return None
        found = _reference_in(unit, line, col)
        if found is None and unit.kind != "module":
            module = next((u for u in self.units if u.kind == "module"), None)
            if module is not None:
                found = _reference_in(module, line, col)
                unit = module if found is not None else unit
        return (unit, found) if found is not None else None

    def definition_at(self, line: int, col: int) -> tuple[PlacedUnit, Definition] | None:
        """The definition whose name is under a position."""
        for unit in self._units_for(line):
            rel = unit.relative(line, col)
            for definition in unit.facts.definitions:
                if definition.span.contains(*rel):
                    return unit, definition
        return None

    def _units_for(self, line: int) -> list[PlacedUnit]:
        unit = self.unit_at(line)
        module = next((u for u in self.units if u.kind == "module"), None)
        return [u for u in dict.fromkeys((unit, module)) if u is not None]

    def scope_at(self, line: int, col: int = 0, indent: int | None = None) -> tuple[PlacedUnit, Scope] | None:
        """The innermost scope around a position. With `indent` (the indentation of the cursor's line in the
        text being edited) a line typed after the end of a body still counts as inside it."""
        unit = self.unit_at(line)
        if unit is None:
            return None
        rel_line, rel_col = unit.relative(line, col)
        rel_indent = indent - unit.col_offset if indent is not None else None
        best = unit.facts.root
        for scope in unit.facts.scopes:
            if scope.kind == "comprehension" or scope is unit.facts.root:
                continue
            span = scope.span
            if span.line > rel_line or (span.line == rel_line and rel_col < span.col):
                continue
            inside = rel_line <= span.end_line or (rel_indent is not None and rel_indent > span.col)
            if not inside:
                continue
            if best is unit.facts.root or (span.line, span.col) >= (best.span.line, best.span.col):
                best = scope
        return unit, best

    def call_at(self, line: int, col: int) -> tuple[PlacedUnit, CallSite] | None:
        """The innermost call whose parentheses hold a position."""
        unit = self.unit_at(line)
        if unit is None:
            return None
        rel = unit.relative(line, col)
        best: CallSite | None = None
        for call in unit.facts.calls:
            inside = (call.func.end_line, call.func.end_col) <= rel and call.span.contains(*rel)
            if inside and (best is None or _within(call.span, best.span)):
                best = call
        return (unit, best) if best is not None else None

    # -- names ---------------------------------------------------------------------------------
    def module_bindings(self) -> dict[str, list[tuple[PlacedUnit, Definition]]]:
        """Every module-level name with its definitions, in source order."""
        with self._lock:
            if self._module is None:
                found: dict[str, list[tuple[PlacedUnit, Definition]]] = {}
                for unit in self.units:
                    for definition in unit.facts.definitions:
                        if definition.scope.kind == "module" and definition.scope is unit.facts.root:
                            found.setdefault(definition.name, []).append((unit, definition))
                self._module = found
            return self._module

    def program_members(self, program: str) -> dict[str, list[tuple[PlacedUnit, Definition]]]:
        """The members of a @pl.program class of this document (its member units, or a nested class)."""
        with self._lock:
            if self._programs is None:
                found: dict[str, list[tuple[PlacedUnit, Definition]]] = {}
                for unit in self.units:
                    for definition in unit.facts.definitions:
                        scope = definition.scope
                        owner = unit.owner if scope is unit.facts.root and scope.kind == "program" else None
                        if owner is None and scope.is_class:
                            owner = scope.name
                        if owner:
                            found.setdefault(owner, []).append((unit, definition))
                self._programs = found
        return {
            name: [(u, d) for u, d in self._programs.get(program, []) if d.name == name]
            for name in {d.name for _, d in self._programs.get(program, [])}
        }

    def class_members(self, unit: PlacedUnit, scope: Scope) -> dict[str, list[tuple[PlacedUnit, Definition]]]:
        """The names a class body binds (for a program of member units, every member unit's)."""
        if scope.kind == "program" and scope is unit.facts.root and unit.owner:
            return self.program_members(unit.owner)
        found: dict[str, list[tuple[PlacedUnit, Definition]]] = {}
        for definition in unit.facts.definitions:
            if definition.scope is scope:
                found.setdefault(definition.name, []).append((unit, definition))
        if scope.kind == "program" and scope.name:
            for name, defs in self.program_members(scope.name).items():
                found.setdefault(name, []).extend(d for d in defs if d not in found.get(name, []))
        return found

    def lookup(self, unit: PlacedUnit, scope: Scope, name: str) -> list[tuple[PlacedUnit, Definition]]:
        """What `name` read in `scope` of `unit` is bound to, as Python resolves it in this document."""
        first = True
        for current in scope.chain():
            if current.is_class and not first:
                continue  # a class body's names are not visible inside its methods
            first = False
            if current is unit.facts.root:
                break
            if name in current.globals:
                break
            found = unit.facts.bound(current, name)
            if found:
                return [(unit, d) for d in found]
        if scope.is_class and scope is unit.facts.root:
            members = self.class_members(unit, scope).get(name)
            if members:
                return members
        return list(self.module_bindings().get(name, []))

    def resolve(self, unit: PlacedUnit, reference: Reference) -> list[tuple[PlacedUnit, Definition]]:
        """The definitions a plain name reference (not an attribute) is bound to in this document."""
        if reference.base is not None or reference.module is not None:
            return []
        return self.lookup(unit, reference.scope, reference.name)

    def self_members(self, unit: PlacedUnit, scope: Scope) -> dict[str, list[tuple[PlacedUnit, Definition]]]:
        """For `self.x` in a method: the members of the class that holds the method."""
        for current in scope.chain():
            if current.is_class:
                return self.class_members(unit, current)
        return {}

    def references_named(self, name: str) -> list[tuple[PlacedUnit, Reference]]:
        """Every occurrence of a name in the document (reads, writes, attributes, import names)."""
        with self._lock:
            if self._by_name is None:
                found: dict[str, list[tuple[PlacedUnit, Reference]]] = {}
                for unit in self.units:
                    for reference in unit.facts.references:
                        found.setdefault(reference.name, []).append((unit, reference))
                self._by_name = found
            return list(self._by_name.get(name, []))

    def visible(
        self, line: int, col: int, indent: int | None = None
    ) -> dict[str, tuple[PlacedUnit, Definition]]:
        """Every name visible at a position with the definition a read there would get (inner scopes win)."""
        found = self.scope_at(line, col, indent)
        out: dict[str, tuple[PlacedUnit, Definition]] = {}
        if found is None:
            return out
        unit, scope = found
        rel_line = line - unit.line_offset
        first = True
        for current in scope.chain():
            if (current.is_class and not first) or current is unit.facts.root:
                break
            first = False
            for definition in unit.facts.definitions:
                # A local is offered once it is bound above the cursor (a parameter anywhere).
                if (
                    definition.scope is current
                    and definition.name not in out
                    and (definition.kind == "parameter" or definition.span.line <= rel_line)
                ):
                    out[definition.name] = (unit, definition)
        for name, defs in self.module_bindings().items():
            if name not in out and defs:
                out[name] = defs[0]
        return out

    def definitions(self) -> Iterator[tuple[PlacedUnit, Definition]]:
        """Every definition of the document, unit by unit."""
        for unit in self.units:
            for definition in unit.facts.definitions:
                yield unit, definition


def _reference_in(unit: PlacedUnit, line: int, col: int) -> Reference | None:
    rel = unit.relative(line, col)
    keys = unit.facts.ref_keys
    i = bisect.bisect_right(keys, rel) - 1
    while i >= 0:
        reference = unit.facts.references[i]
        span = reference.span
        if span.line == rel[0] and span.col <= rel[1] <= span.end_col:
            return reference
        if span.line < rel[0] - 1:
            break
        i -= 1
    return None


def _within(inner: Span, outer: Span) -> bool:
    return (outer.line, outer.col) <= (inner.line, inner.col) and (inner.end_line, inner.end_col) <= (
        outer.end_line,
        outer.end_col,
    )


# ------------------------------------------------------------------------------------------ caches
@dataclass(slots=True)
class IndexCache:
    """The unit facts of one document across versions: a unit whose text is unchanged is not re-indexed,
    wherever it moved. A unit that does not parse (the user is typing in it) keeps the facts of its last
    version that did, so completion still knows its locals."""

    units: dict[tuple[str, str], UnitFacts] = field(default_factory=dict)
    last_good: dict[tuple[str, str | None], UnitFacts] = field(default_factory=dict)
    latest: DocumentIndex | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    def index(self, path: str, text: str) -> DocumentIndex:
        """The index of one version of the document."""
        with self.lock:
            latest = self.latest
            if latest is not None and latest.text == text and latest.path == path:
                return latest
            placed: list[PlacedUnit] = []
            live: set[tuple[str, str]] = set()
            program: str | None = None
            for unit in split_units(text):
                kind = unit.kind
                if kind == "class":
                    program = _class_name(unit)
                owner = program if kind == "member" else None
                if kind not in ("member", "class"):
                    program = None
                # A program's class header is indexed with an empty body: its members are units of their own.
                source = unit.text + "\n    pass" if kind == "class" else unit.text
                key = (source, "member" if kind == "member" else "module")
                live.add(key)
                facts = self.units.get(key)
                if facts is None:
                    facts = index_unit(source, key[1])
                    self.units[key] = facts
                header = _header_name(unit)
                if not facts.parsed and (kind, header) in self.last_good:
                    placed.append(_placed(unit, self.last_good[(kind, header)], owner=owner))
                    continue
                if facts.parsed:
                    self.last_good[(kind, header)] = facts
                placed.append(_placed(unit, facts, owner=owner))
            for stale in [k for k in self.units if k not in live]:
                del self.units[stale]
            index = DocumentIndex(path, text, tuple(placed))
            self.latest = index
            return index


def _placed(unit: Unit, facts: UnitFacts, owner: str | None = None) -> PlacedUnit:
    offset = unit.first_line - 1 if unit.kind != "module" else 0
    return PlacedUnit(
        facts,
        offset,
        unit.indent,
        unit.first_line,
        unit.last_line,
        unit.kind,
        owner,
    )


# Blanks within a line only: `^\s*` also crosses newlines, so on a module unit (thousands of lines, most of
# them blank) every line start rescanned the blank run after it, about 12 ms a keystroke on a 3,000-line file.
_CLASS_HEADER = re.compile(r"^[ \t]*class[ \t]+([A-Za-z_]\w*)", re.M)
_HEADER = re.compile(r"^[ \t]*(?:async[ \t]+def|def|class)[ \t]+([A-Za-z_]\w*)", re.M)


def _class_name(unit: Unit) -> str | None:
    found = _CLASS_HEADER.search(unit.text)
    return found.group(1) if found else None


def _header_name(unit: Unit) -> str | None:
    found = _HEADER.search(unit.text)
    return found.group(1) if found else None


def index_module(path: str, text: str, tree: ast.Module | None = None) -> DocumentIndex:
    """The index of a whole module file (one unit), from its parse when one is at hand."""
    if tree is None:
        try:
            tree = parse_source(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            tree = None
    root = Scope("module", "", Span(1, 0, text.count("\n") + 1, 0))
    facts = (
        index_tree(tree, text, root) if tree is not None else UnitFacts(root, (root,), (), (), (), (), False)
    )
    last = text.count("\n") + 1
    return DocumentIndex(path, text, (PlacedUnit(facts, 0, 0, 1, last, "module"),))
