"""Reduction and broadcast deducers (``compiler/ops/deducers/reduction.py``): the input rank, the scratch tile and
the valid region of the row / column reductions, and the vector shapes of the row / column broadcasts
(``tile_ops/reduction.cpp``, ``tile_ops/broadcast.cpp`` and their ``tensor_ops`` twins)."""

from __future__ import annotations

from compiler.rules.book import RuleBook

_TD = "parse"

BOOK = RuleBook()
_r = BOOK.rule

# ---------------------------------------------------------------------------- reductions
_r(
    "PTO-TD2",
    "reduce-rank",
    _TD,
    "The operator {op} requires at least a 2D {kind}, but got {rank} dimensions",
    "A tile row / column reduction, or a tensor column reduction, of a value with fewer than two dimensions.",
)
_r(
    "PTO-TD94",
    "reduce-tmp-dtype",
    _TD,
    "The operator {op} requires tmp_tile dtype to match input dtype, but got tmp_tile dtype {tmp} and input "
    "dtype {src}",
    "A tile row reduction whose scratch tile has another dtype than its input.",
)
_r(
    "PTO-TD95",
    "reduce-tmp-rank",
    _TD,
    "The operator {op} requires tmp_tile to have the same rank as the input, but got tmp_tile shape {tmp} and "
    "input shape {src}",
    "A tile row reduction whose scratch tile has another rank than its input.",
)
_r(
    "PTO-TD96",
    "arg-reduce-tmp-shape",
    _TD,
    "The operator {op} requires tmp_tile shape to exactly match the input shape, but dimension {dim} differs; "
    "got tmp_tile shape {tmp} and input shape {src}",
    "A tile row_argmax / row_argmin whose scratch tile is not exactly the input's shape.",
)
_r(
    "PTO-TD97",
    "reduce-tmp-undersized",
    _TD,
    "The operator {op} requires tmp_tile shape to be at least the input shape in every dimension, but tmp_tile "
    "dimension {dim} is undersized; got tmp_tile shape {tmp} and input shape {src}",
    "A tile row reduction whose scratch tile is smaller than its input (it would compute a wrong result).",
)
_r(
    "PTO-TD98",
    "row-min-dtype",
    _TD,
    "The operator {op} requires input dtype in {{INT16, INT32, FP16, FP32}}, but got {dtype}",
    "row_min of a dtype TROWMIN does not take.",
)
_r(
    "PTO-TD100",
    "col-sum-tmp-dtype",
    _TD,
    "The operator {op} requires tmp_tile dtype to match input dtype",
    "A tile col_sum whose scratch tile has another dtype than its input.",
)
_r(
    "PTO-TD101",
    "reduce-empty-input",
    _TD,
    "{op}: input valid extent on axis {axis} is 0 (valid_shape {valid}), so the reduction has no real data to "
    "consume. The backend reduction kernels require a non-empty valid region on every axis and assert on an "
    "empty one, and an empty region also leaves max/min with no value to return. Widen the valid region, or "
    "guard the reduction so it does not run when the axis can be empty.",
    "A reduction of a value whose valid region is empty on some axis.",
)

# ---------------------------------------------------------------------------- broadcasts
_r(
    "PTO-TD102",
    "expand-operand-rank",
    _TD,
    "The operator {op} requires {position} argument to have at least 2 dimensions, but got {rank} dimensions",
    "A row / column broadcast whose target or vector has fewer than two dimensions.",
)
_r(
    "PTO-TD3",
    "row-vector-shape",
    _TD,
    "The operator {op} requires second argument's last dimension to be 1, but got {shape}",
    "A row_expand* whose vector is not a [M, 1] column of per-row values.",
)
_r(
    "PTO-TD103",
    "row-vector-rows",
    _TD,
    "The operator {op} requires matching row dimensions, but got {kind} rows={rows} and row_vec rows={vec_rows}",
    "A row_expand* whose row vector has another row count than its target.",
)
_r(
    "PTO-TD104",
    "col-vector-shape",
    _TD,
    "The operator {op} requires second argument's second-to-last dimension (row) to be 1, but got {row}",
    "A tensor col_expand* whose vector is not a [1, N] row of per-column values. (The compiler prints the "
    "extent as an expression address; pypto-lsp prints the extent.)",
)
_r(
    "PTO-TD105",
    "col-vector-cols",
    _TD,
    "The operator {op} requires matching column dimensions, but got tensor cols={cols} and col_vec cols={vec_cols}",
    "A tensor col_expand* whose column vector has another column count than its target.",
)
_r(
    "PTO-TD106",
    "row-expand-add-dtype-mismatch",
    _TD,
    "The operator {op} requires src0 and src1 to have the same dtype, but got {lhs} and {rhs}",
    "A row_expand_add of a target and a row vector of different dtypes.",
)
_r(
    "PTO-TD107",
    "row-expand-add-dtype",
    _TD,
    "The operator {op} requires dtype in {{INT8, INT16, INT32, FP16, FP32}}, but got {dtype}",
    "A row_expand_add on a dtype TROWEXPANDADD does not take.",
)
_r(
    "PTO-TD110",
    "row-expand-add-valid-rows",
    _TD,
    "The operator {op} requires src1 valid row extent to match src0/dst, but got src0 valid_shape {src0} and "
    "src1 valid_shape {src1}",
    "A tile row_expand_add whose row vector has another number of valid rows than the tile.",
)
_r(
    "PTO-TD206",
    "row-expand-add-carrier-width",
    _TD,
    "The operator {op} requires row-major src1 valid last dimension to be {cols}, but got valid_shape {shape}",
    "tile.row_expand_add given a row-major src1 carrier whose valid last dimension is neither one 32-byte block "
    "of its dtype (8 FP32, 16 FP16) nor 1 (the [M, 1] per-row carrier).",
    "Load the carrier as [M, 1] (one value per row), or as one packed 32-byte block per row.",
)
_r(
    "PTO-TD210",
    "row-reduction-of-rank-0",
    _TD,
    "The operator {op} axis -1 is out of range for shape with 0 dimensions",
    "A tensor row reduction (row_sum / row_max / row_min / row_prod) of a rank-0 tensor: it reduces the last "
    "axis, and there is none.",
    "Reduce a tensor of rank 1 or more (a [1, N] view of the data).",
)
