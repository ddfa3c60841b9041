"""The indexed-access op deducers (``compiler/ops/deducers/indexing.py``): gather, scatter, paged gather, sort
and scatter_update (``src/ir/op/{tile,tensor}_ops/{gather,scatter,scatter_update,paged_gather,sort}.cpp``),
and the op registry's kwarg type check that runs before them (``src/ir/op_registry.cpp``).

These deducers check many operands, each with its own sentence; the compiler words every one "The operator
⟨op⟩ requires ...". The rules below group those sentences by what they check (an operand's dtype, its rank,
its extents, an attribute's value), and ``requirement`` carries the compiler's own words for the one check
that failed. The parser wraps each in its op error (``PTO-F15b`` ``pl.tile operation 'scatter': ⟨message⟩``).
"""

from __future__ import annotations

from compiler.rules.book import RuleBook

_TD = "parse"

BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-TD111",
    "indexed-op-operand-dtype",
    _TD,
    "The operator {op} {requirement}",
    "A gather / scatter / paged-gather / sort operand of a dtype the op does not take, or whose dtype differs "
    "from the operand it must match (src against dst, the index width against the element width).",
)
_r(
    "PTO-TD112",
    "indexed-op-operand-rank",
    _TD,
    "The operator {op} {requirement}",
    "A gather / scatter / paged-gather / sort operand of a rank the op does not take (most want 2D), or whose "
    "rank differs from the operand it must match.",
)
_r(
    "PTO-TD113",
    "indexed-op-operand-extent",
    _TD,
    "The operator {op} {requirement}",
    "A gather / scatter / sort operand whose static extents do not fit the other operands (the index shape "
    "against the source, the destination columns against the mask pattern's stride).",
)
_r(
    "PTO-TD114",
    "indexed-op-attribute-value",
    _TD,
    "The operator {op} {requirement}",
    "A gather / scatter / paged-gather / sort attribute outside its range (mask_pattern, dim, block_size, "
    "max_indices, out_cols, block_len, count_dtype).",
)
_r(
    "PTO-TD115",
    "kwarg-incompatible-type",
    _TD,
    "Kwarg '{key}' for operator '{op}' has incompatible type",
    "An int attribute given positionally as a literal: the parser passes the literal on as an IR constant, "
    "not a Python int, and the op registry rejects it (tensor.scatter dim, tile.gather_mask / "
    "tile.scatter_mask mask_pattern).",
    "Pass it by keyword (dim=-1), or as an enum member (pl.tile.MaskPattern.P0101).",
)
_r(
    "PTO-TD116",
    "scatter-update-operand",
    _TD,
    "{space}.scatter_update: {requirement}",
    "A scatter_update whose input is not 2D or 4D, whose index is not a 2D integer tile or tensor, whose src "
    "differs from the input in rank or dtype, or whose dim is not -2.",
)
_r(
    "PTO-TD149",
    "gather-mask-tile-rank",
    _TD,
    "Internal error: tile.gather_mask requires 2D src shape, got rank {rank}",
    "pl.tile.gather_mask of a tile that is not 2-D: the deducer's internal check on the source rank (the tensor "
    "form reports PTO-TD112 instead).",
    "Reshape the tile to 2D (pl.tile.reshape) before gathering from it.",
)
_r(
    "PTO-TD207",
    "kwarg-expects-dtype",
    _TD,
    "Kwarg '{key}' for operator '{op}' expects DataType or int, but got incompatible type",
    'A dtype attribute given as a string or a float (out_dtype="FP32" for pl.matmul on tensors, output_dtype= '
    "of the mask gather): the op registry takes a DataType or an int.",
    "Pass a dtype constant: out_dtype=pl.FP32.",
)
_r(
    "PTO-TD208",
    "mrgsort-format2-arguments",
    _TD,
    "mrgsort_format2() requires {count} positional arguments ({roles}), got {n}",
    "pl.tensor.mrgsort_format2 / pl.tile.mrgsort_format2 (the IR builders the parser calls directly) given "
    "fewer or more sorted lists than they merge: 2-4 sources, and the tile form's tmp last.",
    "Prefer pl.mrgsort(src0, src1[, src2[, src3]], tmp=...) in kernels.",
)
_r(
    "PTO-TD209",
    "tpop-shape-and-dtype",
    _TD,
    "shape and dtype must both be provided or both omitted",
    "pl.tpop_from_aic / pl.tpop_from_aiv given shape= without dtype= or dtype= without shape= (a ValueError of "
    "the IR builder): the received tile's type takes both, or comes from the variable's annotation.",
    "Pass both (shape=[16, 16], dtype=pl.FP32), or neither and annotate the target variable.",
)
_r(
    "PTO-TD211",
    "slice-drop-dims-constant",
    _TD,
    "{op} drop_dims element {index} must be a compile-time int constant",
    "A pl.slice / pl.tile.slice / pl.tensor.slice drop_dims entry that is a runtime scalar or a float: the axes "
    "to drop are fixed when the kernel is compiled.",
    "Write the axis as an integer literal or a module constant: drop_dims=[0].",
)

# A runtime extent (a `pl.dynamic` dimension, which the parser makes an ir.Var) where a deducer needs a
# ConstInt: the deducer cannot lay the result out.
_r(
    "PTO-TD234",
    "mgather-row-index-static",
    _TD,
    "The operator {op} row mode requires a static [1, R] or [R, 1] idx shape",
    "A row-mode pl.mgather into Vec whose index tile has a runtime extent (a pl.dynamic dimension): which "
    "axis holds the row indices is read off the two constant extents.",
    "Load the indices with constant extents (`pl.load(idx, [0, 0], [1, 64])`) and narrow them with valid_shape.",
)
_r(
    "PTO-TD235",
    "mgather-mat-elem-output-static",
    _TD,
    "The operator {op} Mat elem output shape must be static",
    "An element-mode pl.mgather into Mat whose GM index tensor (the output's shape) has a runtime extent.",
    "Give the index tensor constant extents (a pl.slice / pl.tensor.view of a constant shape).",
)
_r(
    "PTO-TD236",
    "mgather-mat-elem-scratch-static",
    _TD,
    "The operator {op} Mat elem scratch shape must be static",
    "An element-mode pl.mgather into Mat whose GM scratch tensor has a runtime extent: its size must be "
    "checked against the output's at compile time.",
    "Pass a scratch tensor of constant extents.",
)
_r(
    "PTO-TD237",
    "mgather-mat-output-static",
    _TD,
    "The operator {op} Mat output shape must be static",
    "A row-mode pl.mgather into Mat whose output [R, C] has a runtime extent: R from the [1, R] index tensor, "
    "C the table's last dimension.",
    "Gather from a table whose last dimension is constant, with a [1, R] index tensor of constant R (a pl.slice "
    "of a constant shape).",
)
_r(
    "PTO-TD238",
    "gatherb-offset-columns-static",
    _TD,
    "The operator {op} requires static offset columns",
    "A pl.gatherb whose offset tile has a runtime column count (a pl.dynamic dimension): each offset row "
    "must fill whole 32-byte blocks, checked at compile time.",
    "Load the offsets with a constant column count (a multiple of 8) and narrow them with valid_shape.",
)
