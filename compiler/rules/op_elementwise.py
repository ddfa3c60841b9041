"""Element-wise op deducers (``compiler/ops/deducers/elementwise.py``): operand kinds, dtype domains, dtype
equality and shapes of the binary, scalar, ternary, select, unary and cast ops of ``tile_ops/elementwise.cpp``,
``tile_ops/unary.cpp`` and their ``tensor_ops`` twins.

As for every ``PTO-TD*`` rule, the parser wraps the message in its op error (``PTO-F15``); ``op`` is the IR op
name and a dtype is printed as the compiler prints it (``fp32``, ``bfloat16``, ``int8``).
"""

from __future__ import annotations

from compiler.rules.book import RuleBook

_TD = "parse"

BOOK = RuleBook()
_r = BOOK.rule

# ---------------------------------------------------------------------------- operand kinds
_r(
    "PTO-TD57",
    "operand-kind",
    _TD,
    "The operator {op} requires {position} to be a {want}, but got {got}",
    "An op given a tensor where it takes a tile, a tile where it takes a scalar, and so on (the explicitly "
    "namespaced ops do not dispatch on the operand kind).",
)
_r(
    "PTO-TD93",
    "tensor-operand-kind",
    _TD,
    "{op} requires {position} to be a {want}, but got {got}",
    "A tensor unary op or cast (pl.tensor.exp, ...) given a tile or a scalar.",
)
_r(
    "PTO-TD57b",
    "operand-kind-untyped",
    _TD,
    "The operator {op} requires {position} to be a {want}",
    "An MX matmul (pl.tile.matmul_mx, ...) given a tensor where it takes a scale tile: this CHECK does not print "
    "the type it got.",
)
_r(
    "PTO-TD93b",
    "operand-kind-colon",
    _TD,
    "{op}: {position} must be {want}, got {got}",
    "A tile op worded this way (pl.tile.concat, pl.tile.scatter_update) given a tensor where it takes a tile.",
)
_r(
    "PTO-TD154",
    "operand-kind-unspaced",
    _TD,
    "{op}requires {position} to be a {want}, but got {got}",
    "pl.tensor.expand_clone given a tile where it takes a tensor (upstream's sentence has no space after the "
    "op name).",
)
_r(
    "PTO-TD93c",
    "operand-kind-colon-but",
    _TD,
    "{op}: {position} must be {want}, but got {got}",
    "pl.tile.transpose given a tensor where it takes a tile.",
)

# ---------------------------------------------------------------------------- tile binary ops
_r(
    "PTO-TD58",
    "integer-tile-dtype",
    _TD,
    "The operator {op} requires integer tile dtype, but got {dtype}",
    "A bitwise or shift tile op (and, or, xor, shl, shr and their scalar forms) on a float tile.",
)
_r(
    "PTO-TD59",
    "integer-shift-tile-dtype",
    _TD,
    "The operator {op} requires integer shift tile dtype, but got {dtype}",
    "A tile shl / shr whose shift-amount tile is not an integer tile.",
)
_r(
    "PTO-TD60",
    "div-dtype-mismatch",
    _TD,
    "The operator {op} requires src0, src1, and dst to have the same dtype, but got {lhs} and {rhs}",
    "A tile division of two tiles of different dtypes (tdiv does not promote).",
)
_r(
    "PTO-TD61",
    "div-dtype-domain",
    _TD,
    "The operator {op} requires dtype in {{INT16, INT32, FP16, FP32}}, but got {dtype}",
    "A tile division on a dtype tdiv does not take.",
)
_r(
    "PTO-TD62",
    "div-rank-mismatch",
    _TD,
    "The operator {op} requires src0, src1, and dst to have the same physical shape rank, but got {lhs} and "
    "{rhs}",
    "A tile division of two tiles of different ranks (tdiv does not broadcast).",
)
_r(
    "PTO-TD63",
    "div-shape-mismatch",
    _TD,
    "The operator {op} requires src0, src1, and dst to have the same physical shape, but dimension {dim} "
    "differs; got src0 shape {lhs} and src1 shape {rhs}",
    "A tile division of two tiles of different shapes (tdiv does not broadcast).",
)
_r(
    "PTO-TD64",
    "div-valid-shape-mismatch",
    _TD,
    "The operator {op} requires src0, src1, and dst to have the same valid_shape, but dimension {dim} "
    "differs; got src0 valid_shape {lhs} and src1 valid_shape {rhs}",
    "A tile division of two tiles whose valid regions differ.",
)
_r(
    "PTO-TD65",
    "div-high-precision-integer",
    _TD,
    "The operator {op} supports high_precision only for FP16 or FP32 because the PTOAS high-precision template "
    "does not implement integer division",
    "div(..., high_precision=True) of integer operands.",
)
_r(
    "PTO-TD66",
    "incompatible-shapes",
    _TD,
    "The operator {op} requires compatible shapes",
    "A shift, ternary (rem, xor) or three-operand (addc, subc, addsc, subsc) tile op whose operand shapes do "
    "not broadcast.",
)
_r(
    "PTO-TD67",
    "subs-dtype-domain",
    _TD,
    "The operator {op} requires {kind} dtype in {{INT8, INT16, INT32, FP16, FP32, BF16}}, but got {dtype}",
    "A subtraction of a scalar (tile.subs / tensor.subs) on a dtype tsubs does not take.",
)
_r(
    "PTO-TD68",
    "integer-scalar",
    _TD,
    "The operator {op} requires {scalar} to be an integer type, but got {dtype}",
    "A bitwise or shift op with a float scalar operand.",
)

# ---------------------------------------------------------------------------- tensor binary ops
_r(
    "PTO-TD69",
    "integer-tensor-dtype",
    _TD,
    "The operator {op} requires an integer tensor dtype, but got {dtype}",
    "A bitwise or shift tensor op on a float tensor.",
)
_r(
    "PTO-TD70",
    "bitwise-shape-mismatch",
    _TD,
    "The operator {op} requires both operands to have the same shape, but got {lhs} and {rhs}. Broadcasting is "
    "not supported for bitwise/shift operators because the hardware provides no row/col-expand form; reshape "
    "or expand the operand explicitly first.",
    "A bitwise or shift tensor op of two tensors of different shapes.",
)
_r(
    "PTO-TD71",
    "negative-shift",
    _TD,
    "The operator {op} requires a non-negative shift count, but got {count}. A negative shift distance has no "
    "defined result.",
    "A tensor shift by a negative constant.",
)
_r(
    "PTO-TD72",
    "tensor-div-dtype-domain",
    _TD,
    "The operator {op} requires operand dtype in {{INT16, INT32, FP16, FP32}}, but got {dtype}",
    "A tensor division of a tensor whose dtype tdiv does not take.",
)

# ---------------------------------------------------------------------------- prelu, sel, sels
_r(
    "PTO-TD73",
    "src-dtype-domain",
    _TD,
    "The operator {op} requires {role} dtype in {domain}, but got {dtype}",
    "A prelu or sels source of a dtype the instruction does not take.",
)
_r(
    "PTO-TD74",
    "prelu-slope-dtype",
    _TD,
    "The operator {op} requires slope dtype to match src dtype, but got {slope} and {src}",
    "A prelu slope of another dtype than its source.",
)
_r(
    "PTO-TD75",
    "operand-rank-2",
    _TD,
    "The operator {op} requires a rank-2 {role} tile, but got rank {rank}",
    "A prelu or sels operand (src, slope, tmp, mask) that is not 2D.",
)
_r(
    "PTO-TD76",
    "prelu-slope-rank",
    _TD,
    "The operator {op} requires slope and src to have the same rank, but got {slope} and {src}",
    "A prelu slope of another rank than its source.",
)
_r(
    "PTO-TD77",
    "prelu-slope-shape",
    _TD,
    "The operator {op} requires slope and src to have the same physical shape, but dimension {dim} differs; "
    "got slope shape {slope} and src shape {src}",
    "A prelu slope of another shape than its source.",
)
_r(
    "PTO-TD79",
    "sels-mask-dtype",
    _TD,
    "The operator {op} requires an 8-, 16-, or 32-bit integer mask, but got {dtype}",
    "A sels mask that is not an 8-, 16- or 32-bit integer tile.",
)
_r(
    "PTO-TD81",
    "sels-scalar-dtype",
    _TD,
    "The operator {op} requires scalar dtype {want} for src dtype {src}, but got {got}",
    "A sels scalar of another dtype than the source's (its signed twin for an unsigned source).",
)
_r(
    "PTO-TD82",
    "sels-mask-rows",
    _TD,
    "The operator {op} requires mask carrier rows to cover src valid rows, but got mask valid_shape {mask} and "
    "src valid_shape {src}",
    "A sels mask with fewer valid rows than the source.",
)
_r(
    "PTO-TD83",
    "sels-mask-bytes",
    _TD,
    "The operator {op} requires each mask carrier row to hold at least ceil(src valid columns / 8) packed bytes, "
    "but got mask valid_shape {mask} with dtype {dtype} and src valid_shape {src}",
    "A sels mask whose rows are too short to hold one bit per source column.",
)

# ---------------------------------------------------------------------------- unary ops and cast
_r(
    "PTO-TD84",
    "fp32-only",
    _TD,
    "{op} is FP32-only, but got input with dtype {dtype}. Cast the input to FP32 explicitly via pl.cast({what}, "
    "pl.FP32) before applying {op}.",
    "sin / cos of a value that is not FP32.",
)
_r(
    "PTO-TD85",
    "log-dtype",
    _TD,
    "{op} requires an FP16 or FP32 {kind} operand, but got {dtype}",
    "log of a value that is not FP16 or FP32.",
)
_r(
    "PTO-TD86",
    "tile-not-dtype",
    _TD,
    "The operator {op} requires int16 or uint16 tile dtype, but got {dtype}",
    "A bitwise not of a tile that is not INT16 / UINT16.",
)
_r(
    "PTO-TD87",
    "tensor-not-dtype",
    _TD,
    "{op} requires an int16 or uint16 tensor dtype, but got {dtype}. Reinterpret or cast the tensor to a 16-bit "
    "integer dtype first.",
    "A bitwise not of a tensor that is not INT16 / UINT16.",
)
_r(
    "PTO-TD88",
    "recip-high-precision-dtype",
    _TD,
    "The operator {op} supports high_precision only for FP16 or FP32 because the PTOAS high-precision template "
    "does not implement other dtypes",
    "recip(..., high_precision=True) of a value that is not FP16 or FP32.",
)
_r(
    "PTO-TD89",
    "rsqrt-tmp-dtype",
    _TD,
    "{op}: tmp tile dtype ({tmp}) must match input dtype ({src})",
    "A tile rsqrt scratch tile of another dtype than its input.",
)
_r(
    "PTO-TD90",
    "rsqrt-tmp-rank",
    _TD,
    "{op}: tmp tile rank ({tmp}) must match input rank ({src})",
    "A tile rsqrt scratch tile of another rank than its input.",
)
_r(
    "PTO-TD91",
    "rsqrt-tmp-shape",
    _TD,
    "{op}: tmp tile shape mismatch at dimension {dim} (tmp: {tmp}, input: {src})",
    "A tile rsqrt scratch tile of another shape than its input. (The compiler prints the two extents as "
    "expression addresses; pypto-lsp prints the extents.)",
)
_r(
    "PTO-TD92",
    "cast-same-dtype",
    _TD,
    "{op}: target_type {dtype} equals input dtype; same-dtype cast is not a valid operation. Remove the cast or "
    "use a different target_type.",
    "A cast to the dtype the value already has.",
)
_r(
    "PTO-TD109",
    "result-valid-shape-rank",
    _TD,
    "{subject} has invalid TileType valid_shape rank mismatch: got rank {valid_rank} {valid}, but physical "
    "shape has rank {rank} {shape}",
    "An element-wise tile op whose first operand has fewer dims than another: its result keeps the first "
    "operand's valid_shape on the broadcast shape, which the type checker of the pipeline input rejects (once "
    "for the variable, once for the call).",
    "Reshape the lower-rank operand to the other's rank (pl.tile.reshape) before the op.",
)
