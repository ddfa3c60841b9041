"""`pl.<Enum>.<member>` arguments (a scope's level, a split mode), read the way the parser reads them."""

from __future__ import annotations

from compiler import ir
from compiler.frontend.checks.state import CheckState
from compiler.frontend.consts import attribute_value, enum_member_error, fold
from compiler.vocabulary import EnumValue, enum_members


def enum_arg(state: CheckState, expr: ir.Expr, enum: str) -> str | None:
    """Evaluate `pl.<Enum>.<member>`; report bad members the way the parser does."""
    if isinstance(expr, ir.Attribute):
        bad = enum_member_error(expr.dotted)
        if bad is not None:
            written = expr.dotted.split(".")[1]  # the enum the source names, e.g. Level
            if written == "SplitMode":
                state.error("PTO-P12", expr.span, value=bad)
            else:
                state.error(
                    "PTO-F7",
                    expr.span,
                    enum=written,
                    value=bad,
                    valid=", ".join(enum_members(written) or ()),
                )
            return None
        value = attribute_value(expr.dotted)
        if isinstance(value, EnumValue) and value.enum == enum:
            return value.member
    value = fold(expr, state.env)
    if isinstance(value, EnumValue) and value.enum == enum:
        return value.member
    if enum == "SplitMode":
        state.error("PTO-P12b", expr.span)
    elif isinstance(value, EnumValue) or isinstance(expr, ir.Const):
        # Only what is certainly not pl.<Enum>.<name>: another enum's member, or a literal.
        state.error("PTO-F8", expr.span, qualified=f"pl.{enum}")
    return None
