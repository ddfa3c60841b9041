"""Parser: local type annotations (type_resolver), `@pl.program` member decorators (decorator.py) and the
statement forms ast_parser rejects before typing anything."""

from __future__ import annotations

from compiler.rules.book import RuleBook

BOOK = RuleBook()
_r = BOOK.rule

_TYPES_HINT = "Use pl.Tensor[[shape], dtype], pl.Tile[[shape], dtype], or pl.Scalar[dtype]"

# ---------------------------------------------------------------------------- local annotations (type_resolver)
_r(
    "PTO-F147",
    "annotation-unknown-subscript-type",
    "parse",
    "Unknown type in subscript: {type}",
    "A local annotation `x: pl.Foo[...] = ...` subscripts a name that is not pl.Tensor, pl.Tile, pl.Scalar, "
    "pl.Array, pl.Tuple or pld.DistributedTensor (Python does not evaluate a local annotation; the parser does).",
    "Use pl.Tensor for tensor types, pl.Tile for tile types, or pl.Scalar for scalar types",
)
_r(
    "PTO-F148",
    "annotation-unknown-constructor",
    "parse",
    "Unknown type constructor: {func}",
    "A local annotation in the legacy call form `x: pl.Foo(...) = ...` calls something that is not pl.Tensor, "
    "pl.Tile, pl.Scalar or pl.Tuple.",
    _TYPES_HINT,
)
_r(
    "PTO-F149",
    "annotation-nested-tuple",
    "parse",
    "Nested tuple types are not supported",
    "A tuple annotation with a tuple element (`pl.Tuple[pl.Tuple[...]]`).",
    "Use a flat pl.Tuple[pl.Tensor[...], pl.Tile[...], ...]",
)
_r(
    "PTO-F150",
    "tensor-annotation-dn-shorthand",
    "parse",
    "pl.{type}[..., {layout}] is not supported: the DN layout-only shorthand forces two coordinate systems "
    "(IR-logical post-view vs. runtime row-major) onto one annotation",
    "A tensor annotation with the bare DN layout marker as its third item (`pl.Tensor[[N, K], pl.FP32, pl.DN]`).",
    "Drop the layout marker and derive DN at the use site (xt = pl.transpose(x, -2, -1)), or write "
    "pl.TensorView(stride=[...], layout=pl.TensorLayout.DN)",
)
_r(
    "PTO-F151",
    "tile-annotation-tileview-twice",
    "parse",
    "Tile annotation can contain at most one pl.TileView(...)",
    "A local pl.Tile[...] annotation with two pl.TileView(...) items.",
    "Remove the duplicate pl.TileView(...) argument",
)
_r(
    "PTO-F152",
    "tile-annotation-memref-twice",
    "parse",
    "Tile annotation can contain at most one memref argument",
    "A local pl.Tile[...] annotation with two pl.MemRef(...) items.",
    "Remove the duplicate pl.MemRef(...) / MemRefType argument",
)
_r(
    "PTO-F153",
    "tile-annotation-memref-without-space",
    "parse",
    "Tile annotation with a memref argument must also specify explicit memory space",
    "A local pl.Tile[...] annotation with a pl.MemRef(...) item but no pl.Mem.<space> item.",
    "Use pl.Tile[[shape], dtype, pl.MemRef(base, offset, size), pl.Mem.Vec]",
)
_r(
    "PTO-F154",
    "tileview-unknown-keyword",
    "parse",
    "Unknown TileView keyword argument: '{kw}'",
    "pl.TileView(...) in a local annotation with a keyword it does not take.",
    "Supported: valid_shape, stride, start_offset, blayout, slayout, fractal, pad, compact",
)
_r(
    "PTO-F155",
    "tileview-positional",
    "parse",
    "pl.TileView() does not accept positional arguments, got: {call}",
    "pl.TileView(...) in a local annotation with a positional argument.",
    "Use keyword arguments: pl.TileView(valid_shape=[...], stride=[...], ...)",
)
_r(
    "PTO-F156",
    "tensorview-unknown-keyword",
    "parse",
    "Unknown TensorView keyword argument: '{kw}'",
    "pl.TensorView(...) in a local annotation with a keyword it does not take.",
    "Supported: valid_shape, stride, layout, pad",
)
_r(
    "PTO-F157",
    "tensorview-positional",
    "parse",
    "pl.TensorView() does not accept positional arguments, got: {call}",
    "pl.TensorView(...) in a local annotation with a positional argument.",
    "Use keyword arguments: pl.TensorView(stride=[...], layout=pl.TensorLayout.NZ)",
)
_r(
    "PTO-F158",
    "tileview-unknown-layout",
    "parse",
    "Unknown TileLayout value: {value}",
    "pl.TileView(blayout=... / slayout=...) given something that is not a pl.TileLayout member.",
    "Use pl.TileLayout.none_box, pl.TileLayout.row_major, or pl.TileLayout.col_major",
)
_r(
    "PTO-F159",
    "view-unknown-pad",
    "parse",
    "Unknown PadValue value: {value}",
    "pl.TileView(pad=...) / pl.TensorView(pad=...) given something that is not a pl.PadValue member.",
    "Use pl.PadValue.null, pl.PadValue.zero, pl.PadValue.max, or pl.PadValue.min",
)
_r(
    "PTO-F160",
    "tileview-unknown-compact",
    "parse",
    "Unknown CompactMode value: {value}",
    "pl.TileView(compact=...) given something that is not a pl.CompactMode member.",
    "Use pl.CompactMode.null or pl.CompactMode.normal",
)
_r(
    "PTO-F161",
    "tileview-fractal-not-int",
    "parse",
    "TileView fractal must be an integer, got: {value}",
    "pl.TileView(fractal=...) given a value that is not an integer.",
    "Use an integer fractal size, e.g. fractal=512",
)
_r(
    "PTO-F162",
    "memref-arg-count",
    "parse",
    "pl.MemRef requires 3 arguments (base, byte_offset, size), got {count}",
    "pl.MemRef(...) in a local annotation with neither one (a declared allocation), three nor four arguments.",
    "Use pl.MemRef(base_name, byte_offset, size)",
)
_r(
    "PTO-F163",
    "memref-negative",
    "parse",
    "MemRef {name} must be >= 0, got: {value}",
    "pl.MemRef(...) with a negative size (or id, in the legacy integer-address form).",
    "Use a non-negative integer value for {name}",
)
_r(
    "PTO-F164",
    "memref-not-int",
    "parse",
    "MemRef {name} must be an integer, got: {value}",
    "pl.MemRef(...) with a size, address or id literal that is not an integer (1.5, a string).",
    "Use an integer value for {name}",
)
_r(
    "PTO-F165",
    "scalar-call-no-dtype",
    "parse",
    "Scalar type requires dtype argument, got {count}",
    "A local annotation in the legacy call form `pl.Scalar()` without its dtype.",
    "Use pl.Scalar[dtype] format, e.g., pl.Scalar[pl.FP32]",
)
_r(
    "PTO-F166",
    "shaped-call-args",
    "parse",
    "{type} type requires shape and dtype arguments, got {count}",
    "A local annotation in the legacy call form `pl.Tensor(shape)` / `pl.Tile(shape)` without its dtype.",
    "Use pl.{type}[[shape], dtype] format",
)
_r(
    "PTO-F167",
    "tuple-call-args",
    "parse",
    "Tuple type requires a list of types, got: {call}",
    "A local annotation in the legacy call form `pl.Tuple(...)` whose one argument is not a list of types.",
    "Use pl.Tuple[pl.Tensor[...], pl.Tile[...], ...] format",
)

_r(
    "PTO-F182",
    "parameter-tuple-type",
    "parse",
    "Parameter type cannot be a tuple",
    "A @pl.function parameter annotated `tuple[...]`: a tuple type is a return type only.",
    "Pass each tensor as its own parameter",
)
_r(
    "PTO-F183",
    "annotation-unknown-datatype",
    "parse",
    "Unknown DataType: {dtype}",
    "A local annotation whose dtype is written `DataType.<X>` with X no DataType member.",
    "Use a valid dtype like pl.FP32, pl.INT32, etc.",
)
_r(
    "PTO-F184",
    "annotation-unknown-shape-variable",
    "parse",
    "Unknown shape variable: {name}",
    "A local annotation's shape names a variable bound nowhere (not a module constant, a closure name or a "
    "DSL variable defined earlier).",
    "Use an integer, pl.dynamic() variable, or a Scalar variable defined earlier",
)

_r(
    "PTO-F191",
    "local-tensor-annotation-notation",
    "parse",
    "{type} subscript requires [shape, dtype], [shape, dtype, layout_or_memref], or [shape, dtype, layout, memref], "
    "got: {items}",
    "A local pl.Tensor[...] annotation without its dtype (or with more than four items).",
    "Use {type}[[shape], dtype], {type}[[shape], dtype, layout], or {type}[[shape], dtype, pl.MemRef(...)] format",
)
_r(
    "PTO-F192",
    "tensor-annotation-fourth-item",
    "parse",
    "{type} 4th argument must be pl.MemRef(...)",
    "A local pl.Tensor[...] annotation with four items whose last is not a pl.MemRef(...) call.",
    "Use {type}[[shape], dtype, layout, pl.MemRef(...)]",
)
_r(
    "PTO-F193",
    "memref-slots-not-positive",
    "parse",
    "slots must be a positive integer literal, got {value}",
    "pl.MemRef(..., slots=N) with N not a positive integer literal (0, -1, a variable).",
    'Use pl.MemRef("scratch", slots=2)',
)
_r(
    "PTO-F194",
    "annotation-shape-not-list",
    "parse",
    "Shape '{shape}' must be a list or tuple, got {kind}",
    "A local annotation whose shape is a number (a literal or a module constant) instead of a list "
    "(`pl.Tile[64, pl.FP32]`).",
    "Use a list for the shape, e.g. pl.Tile[[64, 64], pl.FP32]",
)
_r(
    "PTO-F195",
    "memref-declared-name",
    "parse",
    "A declared allocation's name must be a non-empty string literal, got {name}",
    "pl.MemRef(x) with one argument that is not a non-empty string: a declared allocation is named by a literal.",
    'Use pl.MemRef("scratch")',
)
_r(
    "PTO-F196",
    "tensorview-field-not-list",
    "parse",
    "Expected a list, got: {value}",
    "pl.TensorView(valid_shape=... / stride=...) given something that is not a list literal.",
    "Use a list literal, e.g. stride=[64, 1]",
)
_r(
    "PTO-F197",
    "tensor-annotation-unknown-layout",
    "parse",
    "Unknown layout: {name}",
    "A local pl.Tensor[...] annotation whose third item is `pl.<X>` with X no tensor layout (ND, DN, NZ, MX_A_ZZ, "
    "MX_B_NN).",
    "Use a valid layout: pl.ND, pl.NZ, pl.MX_A_ZZ, pl.MX_B_NN",
)
_r(
    "PTO-F198",
    "array-annotation-notation",
    "parse",
    "Array subscript requires [extent, dtype], got: {items}",
    "A local pl.Array[...] annotation that is not [extent, dtype].",
    "Use pl.Array[N, pl.INT32]",
)
_r(
    "PTO-F199",
    "array-annotation-extent",
    "parse",
    "Array extent must be an int literal or compile-time constant, got: {extent}",
    "A local pl.Array[N, dtype] annotation whose extent is not an integer the parser can evaluate.",
    "Use a positive integer literal for the extent",
)

# ---------------------------------------------------------------------------- module values in local annotations
_r(
    "PTO-F255",
    "annotation-shape-variable-element",
    "parse",
    "Shape '{name}' element {index} must be int or pl.dynamic(), got {type}",
    "A local annotation whose shape is a module list or tuple holding something other than an int or a "
    "pl.dynamic() (a string, a float).",
    "Hold ints or pl.dynamic() values in the shape: S = [64, 128]",
)
_r(
    "PTO-F256",
    "annotation-shape-dimension-variable",
    "parse",
    "Shape variable '{name}' must be int or pl.dynamic(), got {type}",
    "A local annotation's shape dimension that names a module value other than an int or a pl.dynamic() (a "
    "list, a string, a float).",
    "Name an int or a pl.dynamic() in each dimension: pl.Tensor[[64, N], pl.FP32]",
)
_r(
    "PTO-F257",
    "annotation-dtype-variable",
    "parse",
    "Dtype variable '{name}' must be a DataType, got {type}",
    "A local annotation whose dtype names a module value that is no DataType (an int, a string).",
    "Bind the name to a dtype: DT = pl.FP16",
)
_r(
    "PTO-F258",
    "annotation-layout-variable",
    "parse",
    "Layout variable '{name}' must be a TensorLayout, got {type}",
    "A local tensor annotation whose layout names a module value that is no TensorLayout (an int, a string).",
    "Bind the name to a layout: LAYOUT = pl.NZ",
)
_r(
    "PTO-F259",
    "annotation-layout-literal",
    "parse",
    "Cannot resolve layout: {layout}",
    "A local tensor annotation whose layout is a literal (`pl.Tensor[[64, 64], pl.FP32, 3]`).",
    "Use pl.ND, pl.DN or pl.NZ (or pl.TensorLayout.ND, ...)",
)
# ---------------------------------------------------------------------------- parameter annotations (typing/tile.py)
_r(
    "PTO-F190",
    "tile-parameter-notation",
    "parse",
    "Tile requires [shape, dtype], [shape, dtype, memory_space_or_tile_view], [shape, dtype, memref, "
    "memory_space], or [shape, dtype, memref, memory_space, tile_view] notation",
    "A parameter's pl.Tile[...] annotation without its dtype (or with more than five items): Python evaluates it "
    "when it defines the function (TypeError).",
    "Use pl.Tile[[shape], dtype] or pl.Tile[[shape], dtype, pl.Mem.Vec]",
)
_r(
    "PTO-F186",
    "tile-parameter-memref-twice",
    "parse",
    "Tile annotation can contain at most one MemRef",
    "A parameter's pl.Tile[...] annotation with two pl.MemRef(...) items (TypeError when Python evaluates it).",
    "Remove the duplicate pl.MemRef(...) argument",
)
_r(
    "PTO-F187",
    "tile-parameter-memref-without-space",
    "parse",
    "Tile annotation with MemRef must also specify an explicit MemorySpace",
    "A parameter's pl.Tile[...] annotation with a pl.MemRef(...) item but no pl.Mem.<space> item.",
    "Use pl.Tile[[shape], dtype, pl.MemRef(...), pl.Mem.Vec]",
)
_r(
    "PTO-F188",
    "tile-parameter-memory-twice",
    "parse",
    "Tile annotation can contain at most one memory space",
    "A parameter's pl.Tile[...] annotation with two pl.Mem.<space> items.",
    "Remove the duplicate pl.Mem.<space> argument",
)
_r(
    "PTO-F189",
    "tile-parameter-trailing-item",
    "parse",
    "Tile trailing arguments must be MemRef, MemorySpace, or TileView, got {type}",
    "A parameter's pl.Tile[...] annotation with a literal (a number, a string) after its dtype.",
    "Use pl.Mem.<space>, pl.MemRef(...) or pl.TileView(...) after the dtype",
)
_r(
    "PTO-F238",
    "tile-parameter-tileview-twice",
    "parse",
    "Tile annotation can contain at most one TileView",
    "A parameter's pl.Tile[...] annotation with two pl.TileView(...) items (TypeError when Python evaluates it "
    "at the function's definition, before any parser reads the signature).",
    "Remove the duplicate pl.TileView(...) argument",
)
_r(
    "PTO-F254",
    "array-parameter-notation",
    "parse",
    "Array requires [extent, dtype] notation",
    "A parameter's pl.Array[...] annotation without exactly an extent and a dtype (TypeError when Python "
    "evaluates it).",
    "Use pl.Array[16, pl.INT32]",
)
# ---------------------------------------------------------------------------- parameter annotations in call form
_r(
    "PTO-F239",
    "parameter-annotation-call-without-dtype",
    "parse",
    "{cls} must be initialized with either ({first}, dtype) for annotations or expr for runtime wrapping",
    "A parameter annotated in call form, pl.Tensor(...) / pl.Array(...) without a dtype, or pl.Tile(...) at "
    "all (pl.Tile's call form never takes the annotation path): Python calls the class when it defines the "
    "function (ValueError).",
    "Use the subscript form: pl.{cls}[{example}]",
)
_r(
    "PTO-F240",
    "scalar-parameter-annotation-call-without-dtype",
    "parse",
    "Either dtype (for annotation) or expr (for runtime) must be provided",
    "A parameter annotated `pl.Scalar()` with no dtype (ValueError when Python evaluates the annotation).",
    "Use the subscript form: pl.Scalar[pl.INT32]",
)
_r(
    "PTO-F241",
    "parameter-annotation-call-too-many-arguments",
    "parse",
    "{cls}() takes at most {most} positional arguments but {given} were given",
    "A parameter annotated in call form, pl.Tensor(...) / pl.Scalar(...) / pl.Array(...), with more positional "
    "arguments than the class takes (TypeError when Python evaluates the annotation).",
    "Use the subscript form: pl.{cls}[{example}]",
)
_r(
    "PTO-F242",
    "scalar-parameter-annotation-only-without-dtype",
    "parse",
    "dtype is required for annotation mode",
    "A parameter annotated `pl.Scalar(_annotation_only=True)` without a dtype (ValueError when Python "
    "evaluates the annotation).",
    "Use the subscript form: pl.Scalar[pl.INT32]",
)
_r(
    "PTO-F261",
    "function-attr-annotation-value",
    "parse",
    "@pl.function attr '{key}' is an annotation-only {type}",
    "A @pl.function(attrs={...}) value that is a type annotation (`pl.Scalar[pl.INT32]`) instead of a value.",
    "Pass a value expression, not a type annotation.",
)
_r(
    "PTO-F262",
    "annotation-slot-of-single-slot-memref",
    "parse",
    "'{name}' was declared with a single slot, so it cannot be subscripted",
    "A local tile annotation subscripting a named allocation declared without slots= "
    '(`pl.MemRef("buf")[0]`).',
    "Declare it as pl.MemRef(slots=N) to subscript it, or reference it without a subscript",
)
_r(
    "PTO-F263",
    "annotation-memref-slot-out-of-range",
    "parse",
    "Slot index {index} is out of range for '{name}', declared with {count} slot(s)",
    "A local tile annotation's constant slot index outside [0, slots) of a named allocation "
    '(`pl.MemRef("buf", slots=2)[2]`).',
    "Subscript within [0, {count}), or declare more slots",
)
# ---------------------------------------------------------------------------- statement forms (ast_parser)
_r(
    "PTO-F168",
    "annotated-target-not-name",
    "parse",
    "Only simple variable assignments supported",
    "An annotated assignment to an attribute or a subscript (`self.x: pl.Scalar[pl.INDEX] = 1`).",
    "Use a simple variable name for assignment targets",
)
_r(
    "PTO-F185",
    "annotation-without-value",
    "parse",
    "Yield assignment with no value is not supported",
    "A bare declaration `n: pl.Scalar[pl.INT64]` with no value: the parser binds names by assignment only.",
    "Provide a value for the assignment",
)
_r(
    "PTO-F169",
    "unsupported-assignment",
    "parse",
    "Unsupported assignment: {stmt}",
    "A chained assignment `a = b = t`, or an assignment to an attribute (`self.x = t`).",
    "Use simple variable assignments or tuple unpacking with pl.yield_()",
)
_r(
    "PTO-F181",
    "tuple-target-not-name",
    "parse",
    "Tuple unpacking target must be a variable name, got {target}",
    "A tuple assignment `a, (b, c) = f()` / `a, t[0] = f()` whose items are not all names.",
    "Use simple variable names in tuple unpacking: a, b, c = func()",
)
_r(
    "PTO-F170",
    "unsupported-unary-operator",
    "parse",
    "Unsupported unary operator: {op}",
    "A unary plus `+x`: the parser maps only -, not and ~ to IR.",
    "Use supported unary operators: -, not, ~",
)
_r(
    "PTO-F171",
    "with-as-target-not-name",
    "parse",
    "`as` target on `with pl.{construct}(...)` must be a plain variable name",
    "`with pl.at(...) as (a, b):` / `with pl.spmd(...) as t[0]:` - the TaskId binds one name.",
    "Use `with pl.{construct}(...) as tid:` (single name; nested tuples are not allowed).",
)
_r(
    "PTO-F172",
    "scope-name-hint-not-literal",
    "parse",
    "{owner} 'name_hint' argument must be a string literal",
    "A scope's name_hint= given a number, a list or a call instead of a string literal.",
    'Use name_hint="my_scope_name"',
)
_r(
    "PTO-F173",
    "cluster-positional",
    "parse",
    "pl.cluster() does not accept positional arguments",
    "`with pl.cluster(4):` - a cluster takes only name_hint=.",
    "Use 'with pl.cluster():'",
)
_r(
    "PTO-F174",
    "static-print-format-spec",
    "parse",
    "F-string conversion (!r, !s, !a) and format specs (:.2f) are not supported in static_print",
    "pl.static_print(f'{x!r}') / f'{x:.2f}': the parser prints each placeholder's IR itself.",
    'Use plain f-string placeholders like f"{{variable}}"',
)

# ---------------------------------------------------------------------------- @pl.program members (decorator.py)
_r(
    "PTO-F175",
    "program-function-star-kwargs",
    "parse",
    "Unsupported `@pl.function(**kwargs)` in `@pl.program`",
    "A program member's decorator unpacks a dict of keywords: the parser reads its keywords from the source.",
    "Use a literal type=pl.FunctionType.<name>.",
)
_r(
    "PTO-F176",
    "program-function-type-value",
    "parse",
    "Unsupported `@pl.function`(type=...) value",
    "A program member's type= is not written pl.FunctionType.<member> (a string, a variable, a call).",
    "Use pl.FunctionType.<name>.",
)
_r(
    "PTO-F177",
    "function-auto-scope-not-bool",
    "parse",
    "`@pl.function(auto_scope=...)` must be a bool literal (True/False)",
    "A program member's auto_scope= is not the literal True or False.",
    "Use auto_scope=False to place runtime scopes manually.",
)
_r(
    "PTO-F178",
    "function-attrs-not-dict",
    "parse",
    "`@pl.function(attrs=...)` must be a dict, got {type}",
    "A program member's attrs= is a list, tuple or constant instead of a dict.",
    'Use a dict, e.g. attrs={{"split": pl.SplitMode.UP_DOWN}}.',
)
_r(
    "PTO-F179",
    "function-attrs-key-not-str",
    "parse",
    "`@pl.function(attrs=...)` keys must be strings, got {key}",
    "A program member's attrs= dict has a key that is not a string.",
    'Use string keys, e.g. attrs={{"core_num": 8}}.',
)
_r(
    "PTO-F180",
    "program-without-functions",
    "parse",
    "Class '{name}' contains no @pl.function decorated methods",
    "A @pl.program class with no @pl.function member.",
    "Add at least one method decorated with @pl.function",
)
