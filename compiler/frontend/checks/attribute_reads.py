"""F87: an imported module's attribute read where the parser has no value for it (parse_attribute).

The parser turns an attribute into an IR value only when it is a memory space; anywhere it parses an
expression (an assignment, an operand, a list element, a subscript, a loop bound, a condition), any other
attribute is "Standalone attribute access not supported". Some places evaluate the attribute in the
function's closure first, and there a module constant is fine: a positional op argument that is a number,
an enum or a dtype, every keyword argument, `pl.static_assert`. A `@pl.jit` body is re-parsed from its
specialised source, where only `pl` and `pld` are defined, so there every read of another module's
attribute fails (a keyword argument with another message, not modelled here).

Reported: attributes of imported modules (`cfg.EPS` after `import cfg`) and, outside `@pl.jit` bodies
(where the JIT specialises them), attributes of DSL variables (`x.shape`, `t.dtype`): the parser has no
value for them, and as a keyword argument it evaluates one in the closure, where the variable is not
defined (F10). In a `@pl.jit` body a keyword argument that is a module attribute fails the same way, at
the statement. `pl.*` / `pld.*` keep their own handling.
"""

from __future__ import annotations

from compiler import ir
from compiler.evaluator.values import ModuleValue
from compiler.frontend.checks.state import CheckState
from compiler.ir_walk import sub_exprs
from compiler.ops.dsl import DSL_NAMES, FRONTEND
from compiler.rules.frontend import NAME_NOT_DEFINED
from compiler.source import Span

# Decorators whose body the JIT specialises and parses again (a namespace of pl / pld only).
_RESPECIALISED = frozenset({"jit", "jit.incore", "jit.inline", "jit.opaque"})
_LOOPS = frozenset({"pl.range", "pl.parallel", "pl.unroll", "pl.pipeline"})
_DSL_MODULES = ("pypto.", "pypto")
_PLAIN = frozenset({ir.Name, ir.Const})  # no attribute in them: not walked
_VALUED = (ir.Assign, ir.ExprStmt)  # tuples, not unions: isinstance of a union costs twice as much
_TESTED = (ir.If, ir.While)


def check_attribute_reads(state: CheckState, stmt: ir.Stmt) -> None:
    """F87 for each module attribute the statement's own expressions read where the parser parses them."""
    if isinstance(stmt, _VALUED):
        roots: tuple[ir.Expr, ...] = (stmt.value,)
    elif isinstance(stmt, ir.Return):
        roots = (stmt.value,) if stmt.value is not None else ()
    elif isinstance(stmt, _TESTED):
        roots = (stmt.test,)
    elif isinstance(stmt, ir.For):
        roots = (stmt.iter,)
    else:
        return  # a `with` header: its scope arguments are read by their own rules
    walker = _Walker(state, jit=state.function.decorator in _RESPECIALISED, stmt=stmt)
    for root in roots:
        walker.expr(root)


class _Walker:
    """Finds the module attributes of an expression that reach the parser's parse_expression."""

    def __init__(self, state: CheckState, jit: bool, stmt: ir.Stmt) -> None:
        self.state = state
        self.jit = jit
        self.stmt = stmt

    def expr(self, expr: ir.Expr) -> None:
        # By exact type (IR classes are never subclassed): called for most expressions of the function.
        if type(expr) is ir.Attribute:
            if self._module_attribute(expr) or self._variable_attribute(expr):
                self.state.error("PTO-F87", expr.span, expr=expr.dotted)
            return
        if type(expr) is ir.Call:
            self.call(expr)
            return
        for child in sub_exprs(expr):
            if type(child) not in _PLAIN:
                self.expr(child)

    def call(self, call: ir.Call) -> None:
        if self.jit:
            # Nothing but pl / pld resolves in the specialised source: every argument is parsed as code.
            for arg in call.args:
                self.expr(arg)
            for keyword in call.keywords:
                value = keyword.value
                if not isinstance(value, ir.Attribute):
                    self.expr(value)
                elif self._module_attribute(value):  # evaluated where only pl / pld are defined
                    self._unresolved(value, self.stmt.span)
            return
        if call.func in _LOOPS:
            for arg in call.args:
                self.expr(arg)
        elif call.func in DSL_NAMES and call.func not in FRONTEND:
            for arg in call.args:
                # A bare (or negated) attribute argument is evaluated in the closure: a number is fine.
                bare = arg.operand if isinstance(arg, ir.UnaryOp) and arg.op == "-" else arg
                if not isinstance(bare, ir.Attribute) or self._variable_attribute(bare):
                    self.expr(arg)
            for keyword in call.keywords:
                if isinstance(keyword.value, ir.Attribute) and self._variable_attribute(keyword.value):
                    self._unresolved(keyword.value, keyword.value.span)
        # Other calls (static_assert, self.kernel(...), a helper) evaluate their own arguments.

    def _unresolved(self, expr: ir.Attribute, span: Span) -> None:
        """F10: the closure evaluation of an attribute whose root the closure does not define."""
        root = expr.dotted.split(".", 1)[0]
        detail = NAME_NOT_DEFINED.remark(name=root)
        self.state.error("PTO-F10", span, expr=expr.dotted, detail=detail)

    def _variable_attribute(self, expr: ir.Attribute) -> bool:
        """An attribute of a DSL variable (`x.shape`) outside a `@pl.jit` body: the parser has no value."""
        if self.jit:
            return False
        root = expr.dotted.split(".", 1)[0]
        return root not in ("pl", "pld", "self") and self.state.type_of(root) is not None

    def _module_attribute(self, expr: ir.Attribute) -> bool:
        """An attribute of a module the file imports (not the DSL's own, not a shadowing variable)."""
        root = expr.dotted.split(".", 1)[0]
        if self.state.type_of(root) is not None:
            return False
        value = self.state.env.get(root)
        return isinstance(value, ModuleValue) and not value.name.startswith(_DSL_MODULES)
