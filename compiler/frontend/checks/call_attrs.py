"""A `self.<function>(...)` call's `attrs={...}` dict as ast_parser reads it (the printed-IR round-trip
surface): string keys, `arg_directions`, no `manual_dep_edges`, the generic values, then `dump_vars`."""

from __future__ import annotations

from compiler import ir
from compiler.frontend.checks.spelling import unparse
from compiler.frontend.checks.state import CheckState
from compiler.types import ScalarType, TensorType, TileType

# pypto.language.arg_direction.NAME_TO_DIRECTION
DIRECTIONS = ("input", "output", "output_existing", "inout", "no_dep", "scalar")
_BESPOKE = ("arg_directions", "manual_dep_edges", "dump_vars")


def check_call_attrs(
    state: CheckState, call: ir.Call, kernel: str, args: tuple[ir.Expr, ...], *, submit: bool
) -> bool:
    """F218 ... F229 for a call whose keywords and argument count the parser accepted; False once reported
    (or when the parser may stop on a form the model does not follow)."""
    attrs = call.kwarg("attrs")
    if attrs is None:
        return True
    if not isinstance(attrs, ir.Opaque) or attrs.kind != "Dict":
        return False  # not a dict literal: PTO-F119
    if attrs.other_keys:
        text, span = attrs.other_keys[0]
        state.error("PTO-F218", call.span if text == "**" else span, kernel=kernel)
        return False
    entries = dict(attrs.entries)
    if not _arg_directions(state, call, kernel, entries.get("arg_directions"), len(args)):
        return False
    if "manual_dep_edges" in entries:
        state.error("PTO-F223", call.span, kernel=kernel)
        return False
    for key, value in attrs.entries:
        if key not in _BESPOKE and not _generic(state, kernel, key, value):
            return False
    if submit:
        return True
    return _dump_vars(state, kernel, entries.get("dump_vars"), args)


def _adir(expr: ir.Expr) -> str | None:
    """The marker name of `pl.adir.<name>`, else None."""
    if isinstance(expr, ir.Attribute) and expr.dotted.startswith("pl.adir.") and expr.dotted.count(".") == 2:
        return expr.dotted[len("pl.adir.") :]
    return None


def _arg_directions(state: CheckState, call: ir.Call, kernel: str, value: ir.Expr | None, count: int) -> bool:
    if value is None:
        return True
    if not isinstance(value, ir.ListExpr):
        state.error("PTO-F219", value.span, kernel=kernel)
        return False
    for elt in value.elts:
        marker = _adir(elt)
        if marker is None:
            state.error("PTO-F220", elt.span, kernel=kernel)
            return False
        if marker not in DIRECTIONS:
            state.error("PTO-F221", elt.span, kernel=kernel, marker=marker)
            return False
    if value.elts and len(value.elts) != count:
        state.error("PTO-F222", call.span, kernel=kernel, count=len(value.elts), args=count)
        return False
    return True


def _generic(state: CheckState, kernel: str, key: str, value: ir.Expr) -> bool:
    """`_parse_attr_value`: constants, lists of ints / pl.adir markers / names; other forms stop the check."""
    if isinstance(value, ir.Const):
        if value.value is None:
            state.error("PTO-F224", value.span, kernel=kernel, key=key, value="None")
            return False
        return True
    if not isinstance(value, ir.ListExpr | ir.TupleExpr):
        return False
    elts = value.elts
    if not elts or all(isinstance(e, ir.Const) and type(e.value) is int for e in elts):
        return True
    markers = [_adir(e) for e in elts]
    if all(m is not None for m in markers):
        bad = next((e for e, m in zip(elts, markers, strict=True) if m not in DIRECTIONS), None)
        if bad is not None:
            state.error("PTO-F225", bad.span, kernel=kernel, key=key, marker=_adir(bad))
            return False
        return True
    if all(isinstance(e, ir.Name) for e in elts):
        return False  # names the parser resolves: an undefined one is its own error
    if any(isinstance(e, ir.Opaque) for e in elts):
        return False
    state.error("PTO-F226", value.span, kernel=kernel, key=key)
    return False


def _dump_vars(state: CheckState, kernel: str, value: ir.Expr | None, args: tuple[ir.Expr, ...]) -> bool:
    if value is None:
        return True
    if not isinstance(value, ir.ListExpr | ir.TupleExpr):
        state.error("PTO-F227", value.span, kernel=kernel)
        return False
    return check_dumped_tensors(state, value.elts, args, kernel, ("PTO-F228", "PTO-F229"))


def check_dumped_tensors(
    state: CheckState,
    entries: tuple[ir.Expr, ...],
    args: tuple[ir.Expr, ...],
    kernel: str,
    codes: tuple[str, str],
) -> bool:
    """The entries of a call's `dump_vars` or a submit's `dumps=`: tensor variables (codes[0] otherwise) that
    the call passes (codes[1] otherwise); False at the first fault or at an entry the model cannot type."""
    # `pl.no_dep(x)` passes x (the parser strips the marker before it reads the arguments).
    passed = {a.id for a in args if isinstance(a, ir.Name)} | {
        a.args[0].id
        for a in args
        if isinstance(a, ir.Call) and a.func == "pl.no_dep" and a.args and isinstance(a.args[0], ir.Name)
    }
    not_tensor, not_passed = codes
    for entry in entries:
        found = state.type_of(entry.id) if isinstance(entry, ir.Name) else None
        if isinstance(entry, ir.Const | ir.Subscript) or isinstance(found, TileType | ScalarType):
            state.error(not_tensor, entry.span, kernel=kernel, entry=unparse(entry))
            return False
        if not isinstance(found, TensorType):
            return False
        assert isinstance(entry, ir.Name)
        if entry.id not in passed:
            state.error(not_passed, entry.span, kernel=kernel, entry=entry.id)
            return False
    return True
