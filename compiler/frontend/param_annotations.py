"""What Python raises when it evaluates a parameter's annotation, before any parser reads the signature: a
`pl.Tile[...]` subscript (pl.Tile.__class_getitem__, language/typing/tile.py: the item count, then each trailing
item) and the call form `pl.Tensor(...)` / `pl.Tile(...)` / `pl.Array(...)` / `pl.Scalar(...)` (the metaclass's
__call__, then __init__, language/typing/*.py)."""

from __future__ import annotations

import ast

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.frontend.builder import SpanMaker
from compiler.syntax import dotted_name


def tile_annotation_fault(node: ast.Subscript, spans: SpanMaker) -> Diagnostic | None:
    """F190 / F186 ... F189 on one `pl.Tile[...]` subscript of a parameter annotation."""
    items = node.slice
    if not isinstance(items, ast.Tuple) or len(items.elts) not in (2, 3, 4, 5):
        if isinstance(
            items, ast.Tuple | ast.List | ast.Constant | ast.Name
        ):  # a starred tuple is not counted
            return diagnostic("PTO-F190", spans.of(node))
        return None
    if any(isinstance(e, ast.Starred) for e in items.elts):
        return None
    memref = space = view = False
    for extra in items.elts[2:]:
        name = dotted_name(extra.func) if isinstance(extra, ast.Call) else dotted_name(extra)
        if isinstance(extra, ast.Call) and name == "pl.MemRef":
            if memref:
                return diagnostic("PTO-F186", spans.of(node))
            memref = True
        elif isinstance(extra, ast.Call) and name == "pl.TileView":
            if not _plain_tile_view(extra):
                return None  # its own constructor checks its arguments first (not modelled): silent
            if view:
                return diagnostic("PTO-F238", spans.of(node))
            view = True
        elif isinstance(extra, ast.Attribute) and name and name.startswith(("pl.Mem.", "pl.MemorySpace.")):
            if space:
                return diagnostic("PTO-F188", spans.of(node))
            space = True
        elif isinstance(extra, ast.Constant) and extra.value is not None and extra.value is not Ellipsis:
            return diagnostic("PTO-F189", spans.of(node), type=type(extra.value).__name__)
        else:
            return None  # a value Python computes (a variable, another call): not modelled, silent
    if memref and not space:
        return diagnostic("PTO-F187", spans.of(node))
    return None


def _plain_tile_view(call: ast.Call) -> bool:
    """`pl.TileView(start_offset=0)` with only int-list shapes besides: a view its constructor builds (without
    an int start_offset the C++ constructor rejects None first)."""
    if call.args:
        return False
    given = {kw.arg: kw.value for kw in call.keywords}
    offset = given.pop("start_offset", None)
    if not (isinstance(offset, ast.Constant) and type(offset.value) is int):
        return False
    return all(
        key in ("valid_shape", "stride")
        and isinstance(value, ast.List)
        and all(isinstance(e, ast.Constant) and type(e.value) is int for e in value.elts)
        for key, value in given.items()
    )


# pl.<X>(...) in call form: the parameter names of each class's __call__, in order, and the subscript form
# its hint shows. pl.Tile has no argument-count check of its own (its __call__ has a fixed signature).
_CALL_FORMS: dict[str, tuple[tuple[str, ...], str]] = {
    "Tensor": (("shape", "dtype", "expr", "layout", "memref", "_annotation_only"), "[64, 64], pl.FP32"),
    "Tile": (
        ("shape", "dtype", "expr", "memref", "memory_space", "tile_view", "_annotation_only"),
        "[64, 64], pl.FP32",
    ),
    "Array": (("extent", "dtype", "expr", "_annotation_only"), "16, pl.INT32"),
    "Scalar": (("dtype", "expr", "_annotation_only"), "pl.INT32"),
}


def call_annotation_fault(node: ast.Call, spans: SpanMaker) -> Diagnostic | None:
    """F239 ... F242 on one `pl.Tensor(...)` / `pl.Tile(...)` / `pl.Array(...)` / `pl.Scalar(...)` call of a
    parameter annotation, which Python makes when it defines the function (typing/*.py, the metaclass's
    __call__ then __init__); silent on a form whose values the model does not know."""
    name = dotted_name(node.func)
    cls = name[len("pl.") :] if name and name.startswith("pl.") else ""
    form = _CALL_FORMS.get(cls)
    if form is None or any(isinstance(a, ast.Starred) for a in node.args):
        return None
    params, example = form
    if any(kw.arg is None or kw.arg not in params for kw in node.keywords):
        return None  # ** unpacking, or an unknown keyword (PTO-SG3's check)
    if cls != "Tile" and len(node.args) > len(params):
        return diagnostic(
            "PTO-F241",
            spans.of(node),
            hint_fields={"cls": cls, "example": example},
            cls=cls,
            most=len(params),
            given=len(node.args),
        )
    if len(node.args) > len(params):
        return None  # Python's own TypeError for pl.Tile (not modelled)
    given: dict[str, ast.expr] = dict(zip(params, node.args, strict=False))
    for kw in node.keywords:
        if kw.arg in given:
            return None  # given twice (PTO-SG2's check)
        given[str(kw.arg)] = kw.value
    expr = _known(given.get("expr"))
    flag = _known(given.get("_annotation_only"))
    dtype_node = given.get("dtype")
    dtype = (
        True
        if isinstance(dtype_node, ast.Constant) and isinstance(dtype_node.value, bool)
        else _known(dtype_node)
    )
    if expr is None or flag is None or dtype is None or expr:
        return None  # a value the model does not compute, or the runtime-wrapping form
    if cls == "Scalar":
        if dtype:
            return None
        return diagnostic("PTO-F242" if flag else "PTO-F240", spans.of(node))
    # Tensor / Array take a dtype as the annotation form; Tile's call form never does.
    if flag or (cls != "Tile" and dtype):
        return None
    first = "extent" if cls == "Array" else "shape"
    return diagnostic(
        "PTO-F239", spans.of(node), hint_fields={"cls": cls, "example": example}, cls=cls, first=first
    )


def _known(value: ast.expr | None) -> bool | None:
    """Whether a None-defaulted argument is set: False when absent or None, True when it is a value, None when
    the model cannot tell (a name may hold None)."""
    if value is None or (isinstance(value, ast.Constant) and value.value is None):
        return False
    if isinstance(value, ast.Constant) and isinstance(value.value, bool):
        return value.value
    if isinstance(value, ast.Attribute | ast.List | ast.Tuple | ast.Constant):
        return True  # pl.FP32, [64, 64], a number: never None
    return None


def jit_layout_view(node: ast.expr | None) -> bool:
    """A @pl.jit parameter's `pl.Tensor[[shape], dtype, pl.TensorView()]` (under pl.Out / pl.InOut too):
    pl.Tensor's subscript puts the view in the layout slot, which specialisation rejects (_annotation_layout,
    jit/decorator.py). Only the view its constructor builds without arguments is followed."""
    if isinstance(node, ast.Subscript) and dotted_name(node.value) in ("pl.Out", "pl.InOut"):
        node = node.slice
    if not (isinstance(node, ast.Subscript) and dotted_name(node.value) == "pl.Tensor"):
        return False
    items = node.slice
    if not (isinstance(items, ast.Tuple) and len(items.elts) == 3):
        return False
    view = items.elts[2]
    return (
        isinstance(view, ast.Call)
        and dotted_name(view.func) == "pl.TensorView"
        and not view.args
        and not view.keywords
    )
