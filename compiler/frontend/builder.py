"""Build the surface IR from Python's `ast` for one unit, with exact code-point ranges.

Why `ast` and not libcst here: on the 2-core VM libcst takes ~16 ms to parse a 52-line kernel and its
PositionProvider another ~31 ms, while `ast.parse` takes ~0.6 ms. The per-edit path needs ranges, so
they come from `ast`; libcst is used where lossless rewriting matters (quick fixes).
"""

from __future__ import annotations

import ast
import bisect
import itertools
from collections.abc import Callable
from dataclasses import dataclass, field

from compiler import ir
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.incremental import Recorded
from compiler.source import Span
from compiler.syntax import dotted_name

_BINOPS: dict[type, str] = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
    ast.Pow: "**", ast.LShift: "<<", ast.RShift: ">>", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^",
    ast.MatMult: "@",
}  # fmt: skip
_CMPOPS: dict[type, str] = {
    ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=",
    ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in",
}  # fmt: skip
_UNOPS: dict[type, str] = {ast.USub: "-", ast.UAdd: "+", ast.Not: "not", ast.Invert: "~"}
_LONG_LINE = 256  # a longer non-ASCII line gets a table of its characters' byte offsets


@dataclass(slots=True)
class SpanMaker:
    """Turns ast (line, utf-8 byte col) positions of a unit into code-point Spans. Lines are the
    anchors of the unit's lines when `anchors` is given (see compiler.incremental), else the unit's own
    line plus `line_offset`."""

    lines: list[str]
    line_offset: int
    indent: int
    anchors: list[int] | None = None
    _ascii: list[bool] = field(default_factory=list)

    _byte_ends: dict[int, list[int]] = field(default_factory=dict)  # long non-ASCII lines, by index

    def __post_init__(self) -> None:
        self._ascii = [line.isascii() for line in self.lines]

    def line(self, lineno: int) -> int:
        """The line of a 1-based unit line in the document's line space."""
        anchors = self.anchors
        if anchors is not None:
            if 1 <= lineno <= len(anchors):
                return anchors[lineno - 1]
            return (anchors[-1] if anchors else 0) + max(lineno - len(anchors), 1)
        return lineno + self.line_offset

    def col(self, lineno: int, byte_col: int) -> int:
        """Convert a 1-based unit line and a UTF-8 byte column to an absolute code-point column."""
        idx = lineno - 1
        if 0 <= idx < len(self.lines) and not self._ascii[idx]:
            line = self.lines[idx]
            if len(line) < _LONG_LINE:
                byte_col = len(
                    line.encode("utf-8", "surrogatepass")[:byte_col].decode("utf-8", errors="ignore")
                )
            else:  # many nodes on one long line: one table per line, not one re-encoding per node
                ends = self._byte_ends.get(idx)
                if ends is None:
                    ends = self._byte_ends[idx] = list(
                        itertools.accumulate(len(ch.encode("utf-8", "surrogatepass")) for ch in line)
                    )
                byte_col = bisect.bisect_right(ends, byte_col)
        return byte_col + self.indent

    def of(self, node: ast.AST) -> Span:
        """The Span of an ast node."""
        try:  # an expression or statement has all four (getattr with a default costs more per node)
            line, col = node.lineno, node.col_offset  # type: ignore[attr-defined]
            end_line, end_col = node.end_lineno, node.end_col_offset  # type: ignore[attr-defined]
        except AttributeError:
            line = getattr(node, "lineno", 1)
            col = getattr(node, "col_offset", 0)
            end_line = getattr(node, "end_lineno", None)
            end_col = getattr(node, "end_col_offset", None)
        end_line = end_line or line
        end_col = col if end_col is None else end_col
        # `line` and `col` inlined for the common case (an ASCII line; called for every node built)
        ascii_lines, count, anchors = self._ascii, len(self._ascii), self.anchors
        if 0 < line <= count and ascii_lines[line - 1]:
            col += self.indent
        else:
            col = self.col(line, col)
        if 0 < end_line <= count and ascii_lines[end_line - 1]:
            end_col += self.indent
        else:
            end_col = self.col(end_line, end_col)
        if anchors is None:
            offset = self.line_offset
            return Span(line + offset, col, end_line + offset, end_col)
        return Span(self.line(line), col, self.line(end_line), end_col)

    def header(self, node: ast.stmt, body_first: ast.stmt | None) -> Span:
        """The header of a compound statement: from its start to the end of the line before its body."""
        start = self.of(node)
        if body_first is None or body_first.lineno == node.lineno:
            return Span(start.line, start.col, start.line, start.col + 10_000)
        last = self.line(body_first.lineno - 1)
        if hasattr(body_first, "decorator_list") and body_first.decorator_list:  # pragma: no cover
            last = self.line(body_first.decorator_list[0].lineno - 1)
        idx = body_first.lineno - 2
        end_col = len(self.lines[idx]) + self.indent if 0 <= idx < len(self.lines) else 0
        return Span(start.line, start.col, max(last, start.line), end_col)


# Each statement's build by its key (lines as written, anchors, columns): the statement, its diagnostics.
StatementMemo = Recorded


def statement_memo() -> Recorded:
    """The builder's memo of one unit (compiler.incremental.Recorded keyed by value: the key is all the
    builder reads)."""
    return Recorded(by_value=True)


class Builder:
    """Converts the statements of one function into IR, collecting unsupported-syntax diagnostics."""

    def __init__(
        self, spans: SpanMaker, report: Callable[[Diagnostic], None], memo: StatementMemo | None = None
    ) -> None:
        self.spans = spans
        self._forward = report
        self.memo = memo
        self._reported: list[Diagnostic] = []

    def report(self, diag: Diagnostic) -> None:
        """Report an unsupported-syntax diagnostic (kept, so a reused statement reports it again)."""
        self._reported.append(diag)
        self._forward(diag)

    # ------------------------------------------------------------ expressions
    def expr(self, node: ast.expr) -> ir.Expr:
        """Convert one expression."""
        if isinstance(node, ast.Call):
            return self.call(node)  # its span is made there
        span = self.spans.of(node)
        if isinstance(node, ast.Name):
            return ir.Name(node.id, span)
        if isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, int | float | bool | str) or value is None:
                return ir.Const(value, span)
            return ir.Opaque("Constant", span)
        if isinstance(node, ast.Attribute):
            dotted = dotted_name(node)
            if dotted is not None:
                return ir.Attribute(dotted, span)
            return ir.Opaque("Attribute", span)
        if isinstance(node, ast.Subscript):
            return ir.Subscript(self.expr(node.value), self.expr(node.slice), span)
        if isinstance(node, ast.Slice):
            return ir.SliceExpr(
                self.expr(node.lower) if node.lower else None,
                self.expr(node.upper) if node.upper else None,
                self.expr(node.step) if node.step else None,
                span,
            )
        if isinstance(node, ast.BinOp):
            return ir.BinOp(
                _BINOPS.get(type(node.op), "?"), self.expr(node.left), self.expr(node.right), span
            )
        if isinstance(node, ast.UnaryOp):
            return ir.UnaryOp(_UNOPS.get(type(node.op), "?"), self.expr(node.operand), span)
        if isinstance(node, ast.Compare):
            if len(node.ops) > 1:
                self.report(diagnostic("PTO-F40", span))  # the parser takes one operator per comparison
            left = self.expr(node.left)
            result: ir.Expr | None = None
            for op, comparator in zip(node.ops, node.comparators, strict=False):
                right = self.expr(comparator)
                cmp = ir.Compare(_CMPOPS.get(type(op), "?"), left, right, span)
                result = cmp if result is None else ir.BoolOp("and", (result, cmp), span)
                left = right
            return result if result is not None else ir.Opaque("Compare", span)
        if isinstance(node, ast.BoolOp):
            return ir.BoolOp(
                "and" if isinstance(node.op, ast.And) else "or",
                tuple(self.expr(v) for v in node.values),
                span,
            )
        if isinstance(node, ast.Tuple):
            return ir.TupleExpr(tuple(self.expr(e) for e in node.elts), span)
        if isinstance(node, ast.List):
            return ir.ListExpr(tuple(self.expr(e) for e in node.elts), span)
        if isinstance(node, ast.Dict):
            entries = tuple(
                (k.value, self.expr(v))
                for k, v in zip(node.keys, node.values, strict=True)
                if isinstance(k, ast.Constant) and isinstance(k.value, str)
            )
            others = tuple(
                ("**" if k is None else ast.unparse(k), span if k is None else self.spans.of(k))
                for k in node.keys
                if not (isinstance(k, ast.Constant) and isinstance(k.value, str))
            )
            return ir.Opaque("Dict", span, entries=entries, other_keys=others)
        if isinstance(node, ast.ListComp):
            return ir.Opaque("ListComp", span, _static_form(node), comp=_comprehension(node))
        return ir.Opaque(type(node).__name__, span, _static_form(node))

    def call(self, node: ast.Call) -> ir.Call:
        """Convert a call, keeping the callee's dotted text."""
        func = dotted_name(node.func) or "<expr>"
        keywords: list[ir.Keyword] = []
        star = False
        for kw in node.keywords:
            if kw.arg is None:
                star = True
                continue
            keywords.append(ir.Keyword(kw.arg, self.expr(kw.value), self.spans.of(kw)))
        args = tuple(self.expr(a) for a in node.args if not isinstance(a, ast.Starred))
        return ir.Call(func, args, tuple(keywords), self.spans.of(node), self.spans.of(node.func), star)

    # ------------------------------------------------------------ statements
    def body(self, stmts: list[ast.stmt]) -> tuple[ir.Stmt, ...]:
        """Convert a statement list, skipping docstrings."""
        out: list[ir.Stmt] = []
        for index, stmt in enumerate(stmts):
            if (
                index == 0
                and isinstance(stmt, ast.Expr)
                and isinstance(stmt.value, ast.Constant)
                and isinstance(stmt.value.value, str)
            ):
                continue
            converted = self.stmt(stmt)
            if converted is not None:
                out.append(converted)
        return tuple(out)

    def stmt(self, node: ast.stmt) -> ir.Stmt | None:
        """Convert one statement, reusing the last build's object when its text and place are the same."""
        memo = self.memo
        if memo is None:
            return self._stmt(node)
        key = self.key(node)
        found = memo.reuse(key)
        if found is not None:
            built: tuple[ir.Stmt | None, tuple[Diagnostic, ...]] = found.result  # type: ignore[assignment]
            for diag in built[1]:
                self.report(diag)
            return built[0]
        start = len(self._reported)
        memo.begin()
        try:
            stmt = self._stmt(node)
        except BaseException:
            memo.abandon()
            raise
        memo.end(key, None, (stmt, tuple(self._reported[start:])))
        return stmt

    def key(self, node: ast.stmt) -> tuple[object, ...]:
        """What a statement's IR depends on: its lines as written (indent restored), their anchors and
        its columns. The same key builds the same IR: the builder reads nothing else."""
        spans = self.spans
        end = node.end_lineno or node.lineno
        anchors = spans.anchors
        pad = " " * spans.indent
        return (
            tuple(anchors[node.lineno - 1 : end]) if anchors is not None else spans.line(node.lineno),
            node.col_offset + spans.indent,
            spans.line(end),
            (node.end_col_offset or 0) + spans.indent,
            tuple(pad + line for line in spans.lines[node.lineno - 1 : end]),
        )

    def _stmt(self, node: ast.stmt) -> ir.Stmt | None:
        span = self.spans.of(node)
        if isinstance(node, ast.Assign):
            return ir.Assign(tuple(self.expr(t) for t in node.targets), self.expr(node.value), span)
        if isinstance(node, ast.AnnAssign):
            if node.value is None:
                if isinstance(node.target, ast.Name):  # a declaration without a value
                    self.report(diagnostic("PTO-F185", span))
                return None
            return ir.Assign(
                (self.expr(node.target),), self.expr(node.value), span, self.expr(node.annotation)
            )
        if isinstance(node, ast.Expr):
            if isinstance(node.value, ast.Constant) and node.value.value is Ellipsis:
                return ir.Simple("pass", span)  # `...`: the body of a runtime-bound declaration
            return ir.ExprStmt(self.expr(node.value), span)
        if isinstance(node, ast.For):
            header = self.spans.header(node, node.body[0] if node.body else None)
            if not isinstance(node.iter, ast.Call):
                iter_call = ir.Call("<expr>", (), (), self.spans.of(node.iter), self.spans.of(node.iter))
            else:
                iter_call = self.call(node.iter)
            kind = iter_call.func.rsplit(".", 1)[-1] if iter_call.func.startswith(("pl.", "pld.")) else ""
            return ir.For(self.expr(node.target), iter_call, kind, self.body(node.body), span, header)
        if isinstance(node, ast.While):
            header = self.spans.header(node, node.body[0] if node.body else None)
            return ir.While(self.expr(node.test), self.body(node.body), span, header)
        if isinstance(node, ast.If):
            header = self.spans.header(node, node.body[0] if node.body else None)
            return ir.If(self.expr(node.test), self.body(node.body), self.body(node.orelse), span, header)
        if isinstance(node, ast.With):
            if len(node.items) != 1:
                self.report(
                    diagnostic(
                        "PTO-F25", self.spans.of(node.items[1].context_expr if node.items[1:] else node)
                    )
                )
            header = self.spans.header(node, node.body[0] if node.body else None)
            item = node.items[0] if node.items else None
            target = None
            if item is not None and isinstance(item.optional_vars, ast.Name):
                target = item.optional_vars.id
            if item is None or not isinstance(item.context_expr, ast.Call):
                call = ir.Call("<expr>", (), (), span, span)
            else:
                call = self.call(item.context_expr)
            kind = call.func.rsplit(".", 1)[-1] if call.func.startswith("pl.") else "other"
            if (
                item is not None
                and item.optional_vars is not None
                and target is None
                and kind in ("at", "spmd")
            ):
                # `as (a, b)`: the scope's TaskId binds one name
                self.report(diagnostic("PTO-F171", span, construct=kind))
            return ir.With(call, kind, self.body(node.body), span, header, target)
        if isinstance(node, ast.Return):
            return ir.Return(self.expr(node.value) if node.value is not None else None, span)
        if isinstance(node, ast.Pass | ast.Break | ast.Continue):
            return ir.Simple(type(node).__name__.lower(), span)
        self.report(diagnostic("PTO-F4", span, kind=type(node).__name__))
        return None


def _comprehension(node: ast.ListComp) -> ir.Comprehension:
    """The shape of `[e for x in it if c]` that deps= unrolling checks (one walk of the iterable and filters)."""
    gen = node.generators[0]
    it = gen.iter
    call = ""
    if (
        isinstance(it, ast.Call)
        and it.args
        and all(isinstance(a, ast.Constant) and type(a.value) is int for a in it.args)
        and all(isinstance(k.value, ast.Constant) and type(k.value.value) is int for k in it.keywords)
    ):
        call = dotted_name(it.func) or ""
        stage = next((k.value for k in it.keywords if k.arg == "stage"), None)
        if call == "pl.pipeline" and not (
            isinstance(stage, ast.Constant) and type(stage.value) is int and stage.value >= 1
        ):
            call = ""  # pl.pipeline needs stage= >= 1 to build its iterator
    return ir.Comprehension(
        generators=len(node.generators),
        target=gen.target.id if isinstance(gen.target, ast.Name) else "",
        iter_names=frozenset(n.id for n in ast.walk(it) if isinstance(n, ast.Name)),
        filter_names=frozenset(n.id for c in gen.ifs for n in ast.walk(c) if isinstance(n, ast.Name)),
        iter_call=call,
        iter_fault=_iter_fault(it),
        reads=frozenset(n.id for n in ast.walk(node) if isinstance(n, ast.Name)),
    )


def _iter_fault(node: ast.expr) -> str:
    """What list() of a literal iterable does wrong (see ir.Comprehension.iter_fault)."""
    if isinstance(node, ast.Constant):
        if isinstance(node.value, str):
            return "item:str" if node.value else ""
        if isinstance(node.value, bytes):
            return ""  # bytes iterate to ints
        return f"not:{type(node.value).__name__}"
    if isinstance(node, ast.List | ast.Tuple) and all(isinstance(e, ast.Constant) for e in node.elts):
        found = next((e for e in node.elts if isinstance(e, ast.Constant) and type(e.value) is not int), None)
        return f"item:{type(found.value).__name__}" if isinstance(found, ast.Constant) else ""
    return ""


def _static_form(node: ast.expr) -> bool:
    """An f-string with plain placeholders only, or a comprehension that iterates over no pl.* call: forms
    the parser evaluates itself where it takes them (a pl.static_print label, a deps= list)."""
    if isinstance(node, ast.JoinedStr):
        return all(
            not isinstance(v, ast.FormattedValue) or (v.conversion == -1 and v.format_spec is None)
            for v in node.values
        )
    if isinstance(node, ast.ListComp):
        return not any(
            isinstance(g.iter, ast.Call) and (ast.unparse(g.iter.func).startswith(("pl.", "pld.")))
            for g in node.generators
        )
    return False
