"""The type resolver's checks of a local annotation `x: <type> = expr` that `annotations` does not make: the
type's name, the legacy call forms, nested tuples, the DN shorthand, and the pl.TileView / pl.TensorView /
pl.MemRef items (a local annotation is never evaluated by Python, so the parser is the first to read it)."""

from __future__ import annotations

from compiler import ir
from compiler.frontend.checks.annotation_exprs import (
    MEMORY_SPACES,
    check_byte_offset,
    check_index_expr,
    check_memory_space,
    check_resolved_slot,
    check_shape_dim,
    check_shape_expr,
    resolved_slot,
)
from compiler.frontend.checks.spelling import call_text, expr_text, unparse
from compiler.frontend.checks.state import CheckState
from compiler.frontend.consts import fold
from compiler.vocabulary import DTYPES

_TYPE_NAMES = frozenset({"Tensor", "Tile", "Scalar", "Array", "Tuple", "DistributedTensor"})
# Annotations the parser does not resolve (it takes the value's type): printed-IR markers, forward refs.
_UNRESOLVED = frozenset(
    {
        "pl.UnknownType",
        "pl.MemRefType",
        "pl.Ptr",
        "Ptr",
        "MemRefType",
        "pld.WindowBufferType",
        "pld.CommCtxType",
    }
)
_TILEVIEW_KEYWORDS = frozenset(
    {"valid_shape", "stride", "start_offset", "blayout", "slayout", "fractal", "pad", "compact"}
)
_TENSORVIEW_KEYWORDS = frozenset({"valid_shape", "stride", "layout", "pad"})
_TILE_LAYOUTS = frozenset({"none_box", "row_major", "col_major"})
_PAD_VALUES = frozenset({"null", "zero", "max", "min"})
_COMPACT_MODES = frozenset({"null", "normal"})
_LAYOUTS = frozenset({"ND", "DN", "NZ", "MX_A_ZZ", "MX_B_NN"})


def check_local_annotation(state: CheckState, stmt: ir.Assign) -> None:
    """F147 ... F167 on the annotation of one annotated assignment of a single name."""
    annotation = stmt.annotation
    if annotation is None or stmt.declared is not None or len(stmt.targets) != 1:
        return
    if not isinstance(stmt.targets[0], ir.Name):
        return  # F168: the parser stops at the target
    value = stmt.value
    if isinstance(value, ir.Call) and value.func.rsplit(".", 1)[-1] == "yield_":
        return  # a yield assignment: the parser never resolves its annotation
    if isinstance(annotation, ir.Attribute) and annotation.dotted in _UNRESOLVED:
        return
    _resolve(state, annotation)


def _last(expr: ir.Expr) -> str | None:
    """The type name `pl.Tile` / `Tile` spells (the resolver reads the last attribute or the bare name)."""
    if isinstance(expr, ir.Attribute):
        return expr.dotted.rsplit(".", 1)[-1]
    if isinstance(expr, ir.Name):
        return expr.id
    return None


def _resolve(state: CheckState, node: ir.Expr) -> bool:
    """Walk one type as `TypeResolver.resolve_type` does; True when it names a tuple, None-safe."""
    if isinstance(node, ir.Subscript):
        if isinstance(node.value, ir.Name) and node.value.id == "tuple":
            _tuple_items(state, _items(node.index))
            return True
        name = _last(node.value)
        if name is None:
            return False  # an expression the model does not spell: silent
        if name not in _TYPE_NAMES:
            state.error("PTO-F147", node.value.span, type=expr_text(node.value))
            return False
        if name == "Tuple":
            _tuple_items(state, _items(node.index))
            return True
        if name == "Array":
            _array(state, node.index)
        elif name in ("Tensor", "DistributedTensor") and not _tensor_count(state, name, node.index):
            return False
        if name in ("Tensor", "DistributedTensor", "Tile"):
            _shaped(state, name, _items(node.index))
        return False
    if isinstance(node, ir.Call):
        return _legacy_call(state, node)
    return False


def _items(index: ir.Expr) -> tuple[ir.Expr, ...]:
    return index.elts if isinstance(index, ir.TupleExpr) else (index,)


def _tensor_count(state: CheckState, name: str, index: ir.Expr) -> bool:
    """F191: a tensor annotation has 2, 3 or 4 items (a printed DistributedTensor's marker aside)."""
    items = index.elts if isinstance(index, ir.TupleExpr) else None
    if name == "DistributedTensor" and items and isinstance(items[-1], ir.Const):
        items = items[:-1]  # the `"window_buffer=<name>"` debug marker of a pass dump
    if items is not None and len(items) in (2, 3, 4):
        return True
    if isinstance(index, ir.Opaque):
        return False
    state.error("PTO-F191", index.span, type=name, items=unparse(index, top=True))
    return False


def _array(state: CheckState, index: ir.Expr) -> None:
    """F198 / F199: `pl.Array[N, dtype]` with N an integer the parser evaluates."""
    if not isinstance(index, ir.TupleExpr) or len(index.elts) != 2:
        if not isinstance(index, ir.Opaque):
            state.error("PTO-F198", index.span, items=unparse(index, top=True))
        return
    extent = index.elts[0]
    if isinstance(extent, ir.Const) and (not isinstance(extent.value, int) or isinstance(extent.value, bool)):
        state.error("PTO-F199", extent.span, extent=unparse(extent))
    elif isinstance(extent, ir.Name) and state.unbound(extent.id):
        state.error("PTO-F199", extent.span, extent=extent.id)


def _tuple_items(state: CheckState, items: tuple[ir.Expr, ...]) -> None:
    for item in items:
        if _resolve(state, item):
            state.error("PTO-F149", item.span)
            return


def _legacy_call(state: CheckState, call: ir.Call) -> bool:
    """F148 / F165 / F166 / F167: `pl.Tensor((64, 128), pl.FP16)` and its siblings."""
    name = call.func.rsplit(".", 1)[-1]
    if call.func == "<expr>" or call.star_kwargs:
        return False
    if name not in ("Tensor", "Tile", "Scalar", "Tuple"):
        state.error("PTO-F148", call.span, func=call.func)
        return False
    if any(isinstance(a, ir.Opaque) and a.kind == "Starred" for a in call.args):
        return False
    if name == "Scalar" and not call.args:
        state.error("PTO-F165", call.span, count=0)
    elif name in ("Tensor", "Tile") and len(call.args) < 2:
        state.error("PTO-F166", call.span, type=name, count=len(call.args))
    elif name == "Tuple":
        if len(call.args) != 1 or not isinstance(call.args[0], ir.ListExpr) or call.keywords:
            if not call.keywords:  # call_text abbreviates keyword values: only the plain form is spelt
                state.error("PTO-F167", call.span, call=call_text(call))
            return True
        _tuple_items(state, call.args[0].elts)
        return True
    return False


def _shaped(state: CheckState, name: str, items: tuple[ir.Expr, ...]) -> None:
    """F183 / F184 / F150 ... F164: the shape and dtype, then the trailing items of a Tensor / Tile
    annotation (the count is F132 / F141)."""
    if len(items) >= 2:
        if _shape(state, items[0]):
            return
        dtype = items[1]
        found = _module_value(state, dtype)
        if type(found) in _PLAIN_VALUES:
            state.error("PTO-F257", dtype.span, name=unparse(dtype), type=type(found).__name__)
            return
        if isinstance(dtype, ir.Attribute) and dtype.dotted.startswith("DataType."):
            member = dtype.dotted.removeprefix("DataType.")
            if "." not in member and member not in DTYPES:
                state.error("PTO-F183", dtype.span, dtype=member)
    if name == "Tile":
        if len(items) in (3, 4, 5):
            _tile_items(state, items[2:])
        return
    if len(items) == 4 and not (
        isinstance(items[3], ir.Call) and items[3].func.rsplit(".", 1)[-1] == "MemRef"
    ):
        if not isinstance(items[3], ir.Opaque):
            state.error("PTO-F192", items[3].span, type=name)
        return
    if len(items) in (3, 4):
        third = items[2]
        if isinstance(third, ir.Attribute) and third.dotted.rsplit(".", 1)[-1] not in _LAYOUTS:
            state.error("PTO-F197", third.span, name=third.dotted.rsplit(".", 1)[-1])
        elif isinstance(third, ir.Name) and third.id not in _LAYOUTS and state.unbound(third.id):
            state.error("PTO-F197", third.span, name=third.id)
        elif type(found := _module_value(state, third)) in _PLAIN_VALUES:
            state.error("PTO-F258", third.span, name=unparse(third), type=type(found).__name__)
        elif isinstance(third, ir.Const) and type(third.value) in (int, float, str):
            state.error("PTO-F259", third.span, layout=unparse(third))
        elif isinstance(third, ir.Attribute) and third.dotted.rsplit(".", 1)[-1] == "DN":
            state.error("PTO-F150", third.span, type=name, layout=third.dotted)
        elif isinstance(third, ir.Call) and third.func.rsplit(".", 1)[-1] == "TensorView":
            _tensorview(state, third)
        elif isinstance(third, ir.Call) and third.func.rsplit(".", 1)[-1] == "MemRef":
            _memref(state, third)
    if len(items) == 4 and isinstance(items[3], ir.Call) and items[3].func.rsplit(".", 1)[-1] == "MemRef":
        _memref(state, items[3])


def _shape(state: CheckState, shape: ir.Expr) -> bool:
    """F194 / F184 / F255 / F256: a shape that is no list, tuple or name; a shape variable (the whole shape,
    or one dimension) bound nowhere, or bound to a module value of the wrong kind; F303 / F304: a shape or a
    dimension the parser cannot evaluate. True when one was reported."""
    if check_shape_expr(state, shape):
        return True
    value = shape.value if isinstance(shape, ir.Const) else None
    if isinstance(shape, ir.Name) and shape.id in state.env:
        folded = fold(shape, state.env)
        value = folded if isinstance(folded, int | float | str) else None
    if value is not None:
        state.error("PTO-F194", shape.span, shape=unparse(shape), kind=type(value).__name__)
        return True
    whole = _module_value(state, shape)
    if isinstance(whole, list | tuple):
        for index, element in enumerate(whole):
            if type(element) in (float, str):
                state.error(
                    "PTO-F255", shape.span, name=unparse(shape), index=index, type=type(element).__name__
                )
                return True
    dims = shape.elts if isinstance(shape, ir.ListExpr | ir.TupleExpr) else (shape,)
    for dim in dims:
        if isinstance(dim, ir.Name) and state.unbound(dim.id):
            state.error("PTO-F184", dim.span, name=dim.id)
            return True
        found = _module_value(state, dim) if dim is not shape else None
        if type(found) in (float, str):  # a module list reads back as a tuple: its spelling is not known
            state.error("PTO-F256", dim.span, name=unparse(dim), type=type(found).__name__)
            return True
        if dim is not shape and check_shape_dim(state, dim):
            return True
    return False


# Module values that are plainly no dtype / layout (the parser names their Python type; a module list reads
# back as a tuple, so sequences are left out).
_PLAIN_VALUES = (int, float, str)
_NO_VALUE = object()


def _module_value(state: CheckState, expr: ir.Expr) -> object:
    """The module value a bare name holds when the parser reads it from the closure (no local binds it)."""
    if not isinstance(expr, ir.Name) or state.is_defined(expr.id):
        return _NO_VALUE
    return state.env.get(expr.id, _NO_VALUE)


def _tile_items(state: CheckState, extras: tuple[ir.Expr, ...]) -> None:
    """F151 ... F153: at most one view, one memref, and a memref only with a memory space."""
    memref: ir.Call | None = None
    resolved: ir.Subscript | None = None  # a slot of a resolved MemRef (F301 / F302)
    view: ir.Call | None = None
    slot: ir.Expr | None = None
    space = False
    for extra in extras:
        kind = extra.func.rsplit(".", 1)[-1] if isinstance(extra, ir.Call) else None
        if kind == "MemRef":
            assert isinstance(extra, ir.Call)
            if memref is not None or resolved is not None:
                state.error("PTO-F152", extra.span)
                return
            memref = extra
        elif (slot_of := resolved_slot(extra)) is not None:
            # The parser resolves the MemRef and its slot while it sorts the items.
            assert isinstance(extra, ir.Subscript)
            if _memref(state, slot_of) or check_resolved_slot(state, extra, slot_of):
                return
            if memref is not None or resolved is not None:
                state.error("PTO-F152", extra.span)
                return
            resolved = extra
        elif kind == "TileView":
            assert isinstance(extra, ir.Call)
            if view is not None:
                state.error("PTO-F151", extra.span)
                return
            view = extra
        elif isinstance(extra, ir.Attribute) and extra.dotted.startswith(("pl.Mem.", "pl.MemorySpace.")):
            space = True
        elif _named_slot(extra) is not None and slot is None:
            slot = extra
        else:  # a MemRefType variable, a declared allocation's slot, or F133 / F137's fault: silent
            return
    if slot is not None:
        if space and memref is None:
            _slot(state, slot)
        return
    if resolved is not None:
        if not space:
            state.error("PTO-F153", resolved.span)
            return
    elif memref is not None and not space:
        state.error("PTO-F153", memref.span)
        return
    if memref is not None:
        _memref(state, memref)
    if view is not None:
        _tileview(state, view)


def _named_slot(expr: ir.Expr) -> tuple[str, int] | None:
    """`pl.MemRef("buf", slots=N)[k]`: a slot of a named allocation declared inline (its name and slot
    count, 1 without slots=); None for any other form."""
    if not isinstance(expr, ir.Subscript) or not isinstance(expr.value, ir.Call):
        return None
    call = expr.value
    if call.func != "pl.MemRef" or call.star_kwargs or len(call.args) != 1:
        return None
    name = call.args[0]
    if not (isinstance(name, ir.Const) and isinstance(name.value, str)):
        return None
    count = call.kwarg("slots")
    if count is None:
        return name.value, 1
    if isinstance(count, ir.Const) and type(count.value) is int:
        return name.value, count.value
    return None


def _slot(state: CheckState, expr: ir.Expr) -> None:
    """F262 / F263: the slot subscript of a named allocation (_resolve_memref_slot_ref)."""
    found = _named_slot(expr)
    assert found is not None and isinstance(expr, ir.Subscript)
    name, count = found
    if count <= 1:
        state.error("PTO-F262", expr.span, name=name)
        return
    index = expr.index
    if check_index_expr(state, index):
        return
    value = index.value if isinstance(index, ir.Const) and type(index.value) is int else None
    if isinstance(index, ir.UnaryOp) and index.op == "-" and isinstance(index.operand, ir.Const):
        inner = index.operand.value
        value = -inner if type(inner) is int else None
    if value is not None and not 0 <= value < count:
        state.error("PTO-F263", expr.span, index=value, name=name, count=count)


def _tileview(state: CheckState, call: ir.Call) -> None:
    """F154 / F155 / F158 ... F161: `pl.TileView(...)` read keyword by keyword."""
    if call.star_kwargs:
        return
    if call.args:
        state.error("PTO-F155", call.span, call=call_text(call))
        return
    for kw in call.keywords:
        value = kw.value
        if kw.name in ("valid_shape", "stride") and isinstance(value, ir.ListExpr):
            if any(check_index_expr(state, elt) for elt in value.elts):
                return
        elif kw.name == "start_offset":
            if check_index_expr(state, value):
                return
        elif kw.name in ("blayout", "slayout"):
            if _bad_member(value, _TILE_LAYOUTS):
                state.error("PTO-F158", value.span, value=expr_text(value))
                return
        elif kw.name == "pad":
            if _bad_member(value, _PAD_VALUES):
                state.error("PTO-F159", value.span, value=expr_text(value))
                return
        elif kw.name == "compact":
            if _bad_member(value, _COMPACT_MODES):
                state.error("PTO-F160", value.span, value=expr_text(value))
                return
        elif kw.name == "fractal":
            if _not_int(state, value):
                state.error("PTO-F161", value.span, value=expr_text(value))
                return
        elif kw.name not in _TILEVIEW_KEYWORDS:
            state.error("PTO-F154", kw.span, kw=kw.name)
            return


def _tensorview(state: CheckState, call: ir.Call) -> None:
    """F156 / F157 / F159: `pl.TensorView(...)`."""
    if call.star_kwargs:
        return
    if call.args:
        state.error("PTO-F157", call.span, call=call_text(call))
        return
    for kw in call.keywords:
        if kw.name in ("valid_shape", "stride") and not isinstance(kw.value, ir.ListExpr | ir.Opaque):
            state.error("PTO-F196", kw.value.span, value=unparse(kw.value))
            return
        if kw.name == "pad" and _bad_member(kw.value, _PAD_VALUES):
            state.error("PTO-F159", kw.value.span, value=expr_text(kw.value))
            return
        if kw.name not in _TENSORVIEW_KEYWORDS:
            state.error("PTO-F156", kw.span, kw=kw.name)
            return


def _bad_member(value: ir.Expr, members: frozenset[str]) -> bool:
    """An attribute `pl.X.y` whose last part is not a member (the resolver reads only that part)."""
    return isinstance(value, ir.Attribute) and value.dotted.rsplit(".", 1)[-1] not in members


def _not_int(state: CheckState, value: ir.Expr) -> bool:
    """A literal or a folded constant that is surely not an int (a float, a string, a dtype...)."""
    if isinstance(value, ir.Const):
        return not isinstance(value.value, int) or isinstance(value.value, bool)
    if isinstance(value, ir.Attribute) and value.dotted.startswith("pl."):
        folded = fold(value, state.env)
        return folded is not None and not isinstance(folded, int)
    return False


def _memref(state: CheckState, call: ir.Call) -> bool:
    """F162 ... F164, F308 ... F310: `pl.MemRef(...)`: a declared allocation, (base, offset, size), or the
    legacy forms. True when one was reported."""
    if call.star_kwargs or any(isinstance(a, ir.Opaque) and a.kind == "Starred" for a in call.args):
        return False
    count = len(call.args)
    slots = call.kwarg("slots")
    if count == 1 and all(kw.name == "slots" for kw in call.keywords):
        label = call.args[0]
        if not (isinstance(label, ir.Const) and isinstance(label.value, str) and label.value):
            if not isinstance(label, ir.Opaque):
                state.error("PTO-F195", call.span, name=unparse(label))
                return True
        elif slots is not None and _signed_literal(slots) is not None and _signed_literal(slots) < 1:  # type: ignore[operator]
            state.error("PTO-F193", call.span, value=unparse(slots))
            return True
        return False
    if count not in (3, 4):
        state.error("PTO-F162", call.span, count=count)
        return True
    first = call.args[0]
    checks: tuple[tuple[ir.Expr, str], ...]
    if count == 3 and (
        isinstance(first, ir.Name) or (isinstance(first, ir.Const) and isinstance(first.value, str))
    ):
        if check_byte_offset(state, call.args[1]):
            return True
        checks = ((call.args[2], "size"),)
    elif count == 3:
        if not _is_int_literal(first):
            return False  # an address the model cannot fold: silent
        checks = ((call.args[1], "size"), (call.args[2], "id"))
    else:
        if check_memory_space(state, first):
            return True
        if not (
            isinstance(first, ir.Attribute | ir.Name)
            and (first.dotted if isinstance(first, ir.Attribute) else first.id).rsplit(".", 1)[-1]
            in MEMORY_SPACES
        ):
            return False  # a memory space the model does not spell
        checks = ((call.args[1], "address"), (call.args[2], "size"), (call.args[3], "id"))
    for arg, name in checks:
        number = _signed_literal(arg)
        if number is None:
            if isinstance(arg, ir.Const):
                state.error("PTO-F164", arg.span, name=name, value=expr_text(arg))
                return True
            return False
        if number < 0 and name != "address":  # the address may be negative (an offset)
            state.error("PTO-F163", arg.span, name=name, value=number)
            return True
    return False


def _is_int_literal(expr: ir.Expr) -> bool:
    return _signed_literal(expr) is not None


def _signed_literal(expr: ir.Expr) -> int | None:
    """An int literal, or a negated one (`-1`)."""
    if isinstance(expr, ir.UnaryOp) and expr.op == "-":
        inner = _signed_literal(expr.operand)
        return None if inner is None else -inner
    if isinstance(expr, ir.Const) and isinstance(expr.value, int) and not isinstance(expr.value, bool):
        return expr.value
    return None
