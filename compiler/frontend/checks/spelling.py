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
