"""The DSL wrappers' own checks (``compiler/ops/wrappers.py``): the unified ``pl.<op>`` names dispatch on their
operands' kinds and guard the arguments one dispatch path cannot honour (``python/pypto/language/op/
unified_ops.py``), before any deducer runs.

The reference does not number them, so they are ``PTO-WR*``. Each message starts with the wrapper's DSL name
(``pl.add: ...``), which the parser passes through unchanged (``PTO-F15c``); the rule's template is the text after
it.
"""

from __future__ import annotations

from compiler.rules.book import RuleBook

_WR = "parse"

BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-WR2",
    "expected-tensor-or-tile-operands",
    _WR,
    "expected Tensor or Tile operands, got ({types})",
    "A unified op whose operands are neither all tensors nor all tiles (a scalar or a literal where a tensor "
    "or tile belongs).",
)
_r(
    "PTO-WR3",
    "expected-tensor-or-tile",
    _WR,
    "expected {expected}, got {got}",
    "A unified op that dispatches on its first operand given a scalar or a literal there.",
)
_r(
    "PTO-WR4",
    "tensor-scratch-operand",
    _WR,
    "Tensor inputs must not pass {param} — the scratch tile is allocated during Tensor-to-Tile lowering",
    "A scratch tile passed to the tensor form of an op (row_sum, xor, row_expand_add, mrgsort, ...): the "
    "compiler allocates it.",
)
_r(
    "PTO-WR5",
    "tile-scratch-operand",
    _WR,
    "Tile inputs require {requirement}",
    "The tile form of a row reduction, arg-reduction or xor called without its scratch tile.",
)
_r(
    "PTO-WR6",
    "tile-unsupported-flag",
    _WR,
    "'{name}' is not supported for Tile operands. {remedy}",
    "A tensor-only flag (a_trans, b_trans, c_matrix_nz, high_precision, atomic) set on the tile form of an op.",
)
_r(
    "PTO-WR7",
    "div-high-precision-scalar",
    _WR,
    "high_precision requires a Tile rhs",
    "pl.div(tile, scalar, high_precision=True): a scalar divisor has no high-precision form.",
)
_r(
    "PTO-WR7b",
    "div-high-precision-scalar-operands",
    _WR,
    "high_precision is only supported for Tensor or Tile division",
    "pl.div of two scalars with high_precision=True.",
)
_r(
    "PTO-WR8",
    "tile-matmul-out-dtype",
    _WR,
    "out_dtype={out} is not supported for Tile operands — the Cube accumulator fixes the result dtype, deduced as "
    "{deduced} here. Convert the result explicitly with pl.cast(result, <dtype>), or let pl.tile.store narrow it "
    "on the way to GM.",
    "A tile matmul asked for an out_dtype other than its accumulator's (FP32 for float inputs, INT32 otherwise).",
)
_r(
    "PTO-WR9",
    "tile-slice-clamp",
    _WR,
    "clamp=True is not supported for a Tile. An on-chip window has no clamping mechanism, so offset + shape must "
    "stay inside the source tile. Clamp the read at the tensor boundary instead — pl.load(..., clamp=True) or "
    "pl.slice(tensor, ..., clamp=True) — and slice the resulting tile in bounds.",
    "pl.slice(tile, ..., clamp=True).",
)
_r(
    "PTO-WR10",
    "tile-scalar-operand-tensor",
    _WR,
    "{conversion}() argument must be a string or a real number, not '{cls}'",
    "An explicitly namespaced tile op (pl.tile.add, pl.tile.muls, ...) given a tensor as its second operand, "
    "where it takes a tile or a scalar, or a tensor op (pl.tensor.add, ...) given a tile there: the builder tries "
    "to read it as a float constant.",
)
_r(
    "PTO-WR10b",
    "tile-scalar-operand-tensor-int",
    _WR,
    "{conversion}() argument must be a string, a bytes-like object or a real number, not '{cls}'",
    "As PTO-WR10 for an integer tile: the builder tries to read the tensor as an int constant.",
)
_r(
    "PTO-WR12",
    "cacheinvalid-form",
    _WR,
    "system.cacheinvalid {requirement}",
    "pl.system.cacheinvalid neither in its whole-GM form (no arguments) nor in its region form (a tensor, with "
    "shapes and offsets of the tensor's rank).",
)
_r(
    "PTO-WR13",
    "gather-form",
    _WR,
    "gather() {sentence}",
    "pl.tensor.gather with arguments of two forms (index: dim, index; mask: mask_pattern=; compare: kvalue=, "
    "cmp_mode=, out_cols=), an incomplete form, or output_dtype= outside the mask form.",
)
_r(
    "PTO-WR13b",
    "gather-output-dtype-outside-mask",
    _WR,
    "output_dtype is only valid for the mask form of gather(); use mask_pattern=<int>",
    "pl.tensor.gather(..., output_dtype=...) in its index or compare form.",
)
_r(
    "PTO-WR14",
    "gather-compare-cmp-mode",
    _WR,
    "Invalid cmp_mode {mode}: {expected}",
    "A gather compare form (pl.tile.gather_compare, pl.tensor.gather(kvalue=...)) whose cmp_mode is not one of "
    "'eq', 'ne', 'lt', 'le', 'gt', 'ge' or an int in [0, 5].",
)
_r(
    "PTO-WR15",
    "fillpad-pad-value",
    _WR,
    "fillpad pad_value {sentence}",
    "pl.tensor.fillpad / pl.tile.fillpad / fillpad_inplace with a pad_value other than a PadValue (not null) or "
    "the literals 0, 0.0, math.inf, -math.inf.",
)
_r(
    "PTO-F277",
    "cast-scalar-mode",
    _WR,
    "Scalar inputs do not support non-default mode, got mode={mode}",
    "pl.cast of a Scalar (a pl.tensor.dim result, a loop index, a literal) with a rounding mode other than the "
    'default "round": the scalar cast has no rounding modes.',
    'Drop mode= for a Scalar cast (the default "round" is the only one), or cast a Tensor / Tile',
)
_r(
    "PTO-WR16",
    "mrgsort-form",
    _WR,
    "mrgsort() {sentence}",
    "pl.tile.mrgsort neither in its format1 (src0, block_len=) nor in its format2 (src0, src1[, src2[, src3]], "
    "tmp=): format2 without tmp, or arguments of both.",
)
_r(
    "PTO-WR11",
    "literal-where-operand-unwrapped",
    _WR,
    "'{cls}' object has no attribute 'unwrap'",
    "An explicitly namespaced op (pl.tile.maximum, pl.tensor.part_add, ...) given a number where its wrapper "
    "takes a tensor or tile: the wrapper unwraps the operand, and the literal is a bare constant. The parser "
    "reports it as PTO-F16.",
)
_r(
    "PTO-WR17",
    "scatter-update-call-form",
    _WR,
    "scatter_update expects (input, dim, index, src), (input, index, src, dim=...), or (input, dim, index=..., "
    "src=...)",
    "A scatter_update call in none of its three argument forms (a TypeError of its IR builder).",
    "Call it as scatter_update(input, dim, index, src).",
)
_r(
    "PTO-WR19",
    "tile-scatter-update-tensor-operand",
    _WR,
    "{name} must be Expr, got <class 'pypto.language.typing.tensor.Tensor'>",
    "pl.tile.scatter_update given a tensor as its index or source: the tile wrapper unwraps only tiles and "
    "scalars, so the IR builder meets the tensor object itself (a TypeError).",
    "Load the tensor into a tile first (pl.load) and pass the tile.",
)
_r(
    "PTO-WR20",
    "high-precision-div-scalar",
    _WR,
    "{space}.div(high_precision=True) requires a {kind} rhs",
    "pl.tensor.div / pl.tile.div with high_precision=True and a scalar divisor: only the element-wise form has a "
    "high-precision path (a TypeError of the IR builder).",
    "Drop high_precision=True, or divide by a tensor (tile) of the divisor.",
)
_r(
    "PTO-WR21",
    "tensor-view-nothing",
    _WR,
    "tensor.view requires at least one of shape or layout",
    "pl.tensor.view(x) without a shape or a layout (or with a valid_shape only).",
    "Give the view a shape: pl.tensor.view(x, [rows, cols]).",
)
_r(
    "PTO-WR22",
    "tensor-scatter-forms",
    _WR,
    "{detail}",
    "pl.tensor.scatter with arguments of both its forms, or an incomplete mask form (a ValueError of the wrapper).",
    "Call it as scatter(input, dim, index, src) or scatter(input, mask_pattern=..., dst=...).",
)
_r(
    "PTO-WR24",
    "constant-of-a-value",
    _WR,
    "__init__(): incompatible function arguments. The following argument types are supported:\n"
    "    1. __init__(self, value: {ctype}, dtype: pypto.pypto_core.DataType, span: pypto.pypto_core.ir.Span) -> None"
    "\n\nInvoked with types: pypto.pypto_core.ir.{node}, {got}, pypto.pypto_core.DataType, pypto.pypto_core.ir.Span",
    "A tile, tensor or scalar where an IR builder makes a constant of a Python number: the value of "
    "pl.tile.full / pl.tensor.full, the start of ci, the diagonal of tri, a seed of random, a valid extent of "
    "set_validshape (a TypeError of the constant's constructor).",
    "Pass a Python number (a literal or a module constant) there.",
)
_r(
    "PTO-WR23",
    "axis-not-an-int",
    _WR,
    "{name} must be int or ConstInt, got <class 'pypto.pypto_core.ir.ConstFloat'>",
    "A float literal where pl.tensor.transpose takes an axis or pl.tensor.gather a dim (a TypeError of the IR "
    "builder).",
    "Pass an integer axis.",
)
_r(
    "PTO-WR18",
    "kwarg-takes-no-value-expression",
    _WR,
    "Unsupported kwarg type for key: {key}",
    "A tensor or tile passed where a tensor op takes an attribute (pl.tensor.rsqrt(x, y): the second parameter is "
    "high_precision, a flag the IR stores as a kwarg).",
    "Pass a bool: high_precision=True.",
)
_r(
    "PTO-WR35",
    "hard-syncall-operands",
    _WR,
    "syncall(mode='hard') takes no gm_workspace/used_cores; pass mode='soft' to use the GM-polling barrier",
    "pl.system.syncall given gm_workspace= or used_cores= without the soft mode (a ValueError of the wrapper: "
    "the hard FFTS barrier has no operands).",
    "Pass mode=pl.SyncAllMode.SOFT for the GM-polling barrier, or drop gm_workspace= / used_cores=.",
)
_r(
    "PTO-WR36",
    "soft-syncall-operands",
    _WR,
    "soft syncall {requirement}",
    "A soft pl.system.syncall whose gm_workspace is not a tensor, or whose used_cores is not an int in the "
    "INT32 range or an INT32 scalar.",
    "Pass the shared INT32 GM workspace tensor and an INT32 core count.",
)
_r(
    "PTO-WR37",
    "sync-event-id-kind",
    _WR,
    "{op} event_id must be int or Expr, got {got}",
    "A float event id for pl.system.sync_set / sync_wait (a TypeError of the IR builder).",
    "Pass an integer event id in [0, 13], or a pl.Scalar[pl.INDEX].",
)
_r(
    "PTO-WR38",
    "set-ffts-workspace-kind",
    _WR,
    "set_ffts workspace must be a Tensor, got {got}",
    "pl.system.set_ffts given a tile or a scalar (a TypeError of the wrapper).",
    "Pass the 1-D INT64 GM workspace tensor (at least 256 elements), a parameter of the kernel.",
)
_r(
    "PTO-WR45",
    "create-tensor-init-value",
    _WR,
    "create_tensor: {sentence}",
    "pl.create_tensor / pl.tensor.create given an init_value the runtime cannot fill exactly: an integer beyond "
    "+/-2**53 or a float that is not finite (a ValueError of the IR builder).",
    "Pass init_value=0 or a finite value within +/-2**53, or fill the tensor with an op after creating it.",
)
_r(
    "PTO-WR46",
    "transpose-axis-kind",
    _WR,
    "{name} must be int or ConstInt, got <class '{cls}'>",
    "pl.tensor.transpose given a tensor or tile as an axis (a TypeError of the IR builder).",
    "Pass the axes as integers (negative counts from the end).",
)
_r(
    "PTO-WR47",
    "view-valid-shape-needs-shape",
    _WR,
    "tensor.view valid_shape requires shape",
    "pl.tensor.view given valid_shape= with layout= only (a ValueError of the IR builder): the valid extents "
    "describe a target shape, so one must be given.",
    "Pass the target shape too: pl.tensor.view(x, shape, valid_shape, layout=...).",
)
_r(
    "PTO-WR48",
    "mgather-modes",
    _WR,
    "mgather {name} must be {expected}, got {got}",
    "pl.tile.mgather given a target_memory other than Vec or Mat, or a coalesce / gather_oob mode outside its "
    "names and ints (a ValueError of the IR builder).",
    "Use target_memory=pl.Mem.Vec or pl.Mem.Mat, coalesce='row' / 'elem' and gather_oob='undefined' / 'clamp' / "
    "'wrap' / 'zero'.",
)
_r(
    "PTO-WR49",
    "slice-valid-shape-rank",
    _WR,
    "valid_shape and shape must have same number of dimensions, got {valid} valid_shape dims and {shape} shape dims",
    "pl.tile.slice given a valid_shape whose rank differs from the window's (a ValueError of the IR builder).",
    "Give one valid extent per window dimension (or leave valid_shape out).",
)
_r(
    "PTO-WR50",
    "scatter-update-missing-operand",
    _WR,
    "scatter_update requires input, dim, index, and src",
    "pl.tensor.scatter_update / pl.tile.scatter_update given dim, index and src by keyword with one of them "
    "missing (a TypeError of the IR builder).",
    "Pass all of dim, index and src: scatter_update(input, dim=-2, index=idx, src=rows).",
)
