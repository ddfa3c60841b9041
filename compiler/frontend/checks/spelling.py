"""IR written back the way the parser's messages write it (`ast.unparse`, `python_print_type`)."""

from __future__ import annotations

from compiler import ir
from compiler.types import TensorType, TileType


def expr_text(expr: ir.Expr) -> str:
    """An expression as `ast.unparse` writes it (calls abbreviated to `f(...)`)."""
    if isinstance(expr, ir.Const):
        return repr(expr.value) if isinstance(expr.value, str) else str(expr.value)
    if isinstance(expr, ir.Name):
        return expr.id
    if isinstance(expr, ir.Attribute):
        return expr.dotted
    if isinstance(expr, ir.UnaryOp):
        return f"{expr.op}{expr_text(expr.operand)}"
    if isinstance(expr, ir.BinOp):
        return f"{expr_text(expr.left)} {expr.op} {expr_text(expr.right)}"
    if isinstance(expr, ir.Call):
        return f"{expr.func}(...)"
    if isinstance(expr, ir.ListExpr):
        return f"[{', '.join(expr_text(e) for e in expr.elts)}]"
    if isinstance(expr, ir.TupleExpr):
        inner = ", ".join(expr_text(e) for e in expr.elts)
        return f"({inner},)" if len(expr.elts) == 1 else f"({inner})"
    return "..."


def call_text(call: ir.Call) -> str:
    """The call as `ast.unparse` writes it (nested calls abbreviated)."""
    parts = [expr_text(a) for a in call.args] + [f"{k.name}={expr_text(k.value)}" for k in call.keywords]
    return f"{call.func}({', '.join(parts)})"


def printed_type(vtype: object) -> str:
    """The parser's python_print_type spelling: `pl.Tensor[[64, 64], pl.FP32]`."""
    if isinstance(vtype, TensorType):
        return f"pl.Tensor[[{', '.join(map(str, vtype.shape))}], pl.{vtype.dtype}]"
    if isinstance(vtype, TileType):
        memory = f", pl.Mem.{vtype.memory}" if vtype.memory else ""
        return f"pl.Tile[[{', '.join(map(str, vtype.shape))}], pl.{vtype.dtype}{memory}]"
    return str(vtype)


_PRECEDENCE = {"+": 11, "-": 11, "*": 12, "/": 12, "//": 12, "%": 12, "@": 12, "**": 14}


def unparse(expr: ir.Expr, outer: int = 0, *, top: bool = False) -> str:
    """An expression as `ast.unparse` writes it (for messages that quote the statement); `top`: a subscript's
    tuple index, written without parentheses."""
    if top and isinstance(expr, ir.TupleExpr) and len(expr.elts) > 1:
        return ", ".join(unparse(e) for e in expr.elts)
    if isinstance(expr, ir.Const):
        return repr(expr.value)
    if isinstance(expr, ir.Name):
        return expr.id
    if isinstance(expr, ir.Attribute):
        return expr.dotted
    if isinstance(expr, ir.Call):
        parts = [unparse(a) for a in expr.args] + [f"{k.name}={unparse(k.value)}" for k in expr.keywords]
        return f"{expr.func}({', '.join(parts)})"
    if isinstance(expr, ir.Subscript):
        index = expr.index
        inner = (
            ", ".join(unparse(e) for e in index.elts) if isinstance(index, ir.TupleExpr) else unparse(index)
        )
        return f"{unparse(expr.value, 16)}[{inner}]"
    if isinstance(expr, ir.SliceExpr):
        text = f"{unparse(expr.lower) if expr.lower else ''}:{unparse(expr.upper) if expr.upper else ''}"
        return text + (f":{unparse(expr.step)}" if expr.step else "")
    if isinstance(expr, ir.BinOp):
        mine = _PRECEDENCE.get(expr.op, 10)
        text = f"{unparse(expr.left, mine)} {expr.op} {unparse(expr.right, mine + 1)}"
        return f"({text})" if mine < outer else text
    if isinstance(expr, ir.UnaryOp):
        sep = " " if expr.op == "not" else ""
        return f"{expr.op}{sep}{unparse(expr.operand, 13)}"
    if isinstance(expr, ir.ListExpr):
        return f"[{', '.join(unparse(e) for e in expr.elts)}]"
    if isinstance(expr, ir.TupleExpr):
        inner = ", ".join(unparse(e) for e in expr.elts)
        return f"({inner},)" if len(expr.elts) == 1 else f"({inner})"
    return "..."
