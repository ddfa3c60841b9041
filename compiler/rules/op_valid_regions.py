"""Valid regions through views and writes (``src/ir/op/type_inference.cpp``): the shared helpers that carry a
value's valid_shape through a slice that drops axes, a reshape, an assemble or store that grows it, and the
operand checks of gather_row (``CheckGatherRowOperands``). The deducers in ``compiler/ops/deducers/`` raise them
(``compiler/ops/deducers/valid_regions.py``); the parser wraps each in its op error (``PTO-F15b``).
"""

from __future__ import annotations

from compiler.rules.book import RuleBook

_TD = "parse"

BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-TD215",
    "slice-drop-partial-axis",
    _TD,
    "{op} cannot drop dimension {axis}: its valid extent is {extent}, which is not provably 1. Rank reduction "
    "erases an axis, so the axis must be fully valid; keep the dimension instead of dropping it",
    "A slice whose drop_dims erases an axis that is not fully valid there: an explicit valid_shape of 0 on that "
    "axis, or a window over rows of the source that hold no real data.",
    "Keep the axis (leave it out of drop_dims), or slice where the row is valid.",
)
_r(
    "PTO-TD216",
    "gather-row-shapes-constant",
    _TD,
    "The operator {op} requires shapes[{index}] to be a compile-time constant (it sizes pto.subview, whose sizes "
    "is a static attribute), but got a runtime value. Pass a dynamic row count through valid_shape instead — it "
    "keeps the window (and so the tile allocation and box alignment) static while varying only the transfer "
    "length.",
    "A gather_row whose shapes= window holds a runtime scalar (pl.tensor.dim, a loop variable, a kernel scalar "
    "parameter).",
    "Give a constant window (shapes=[1, 64]) and put the runtime extent in valid_shape=.",
)
_r(
    "PTO-TD217",
    "gather-row-transpose-dynamic-valid",
    _TD,
    "The operator {op} does not support a dynamic valid_shape together with transpose=True (the DN2NZ per-row "
    "path would need a runtime column extent on a boxed NZ tile). Use a static valid_shape with transpose=True, "
    "or gather without transpose and read the operand with matmul(b_trans=True).",
    "A gather_row with transpose=True whose valid_shape= holds a runtime scalar.",
)
_r(
    "PTO-TD218",
    "gather-row-valid-bounds",
    _TD,
    "{op} valid_shape dimension {axis} extent {valid} provably exceeds physical shape extent {shape}{more}",
    "A gather_row whose valid_shape= holds a constant larger than the shapes= window on that axis (every "
    "violating axis is listed, joined by '; '; a negative extent first is PTO-TD157's 'has provably negative "
    "extent').",
    "Keep each valid_shape extent between 0 and the shapes= extent of its axis.",
)
_r(
    "PTO-TD219",
    "reshape-scattered-valid",
    _TD,
    "{op}: cannot reshape {shape} to {new_shape} because only part of it holds real data (valid_shape {valid}). "
    "Dimension {axis} is valid for {extent} of {full}, so the real data is scattered across the buffer rather "
    "than filling it from the start, and no region of the new shape describes the same cells. Reshape the full "
    "extent and narrow afterwards, or copy the real data out first (pl.slice / pl.store).",
    "A reshape of a tile or tensor whose valid region is narrower than its shape below the first axis (a load "
    "or slice with valid_shape=[64, 32] of a [64, 64] box): its real data is not one run from the start of "
    "the buffer.",
)
_r(
    "PTO-TD220",
    "reshape-partial-rows",
    _TD,
    "{op}: cannot reshape {shape} to {new_shape} because only {count} of its {noun} hold real data (valid_shape "
    "{valid}), and no region of {new_shape} covers exactly those {count} elements -- they do not fill a whole "
    "number of rows there. Pick a target shape whose trailing dimensions divide it, or copy the real data out "
    "first (pl.slice / pl.store).",
    "A reshape of a partially valid tile or tensor whose real data (a run from the start of the buffer) does "
    "not fill whole rows of the new shape.",
)
_r(
    "PTO-TD239",
    "reshape-partial-runtime-extent",
    _TD,
    "{op}: cannot reshape a partially-valid {shape} because dimension {axis} has the runtime extent {extent}. "
    "Mapping the real data into {new_shape} needs its size at compile time; use a static shape, or reshape "
    "before narrowing.",
    "A reshape of a partially valid tensor whose real data fills whole rows, but a row spans a dynamic "
    "dimension (pl.dynamic), so its size in elements is not known when the program is compiled.",
)
_r(
    "PTO-TD240",
    "reshape-partial-runtime-target",
    _TD,
    "{op}: cannot reshape a partially-valid {shape} into {new_shape} because target dimension {axis} has the "
    "runtime extent {extent}. Mapping the real data needs the target size at compile time; use a static shape, "
    "or reshape before narrowing.",
    "A reshape of a partially valid tile or tensor into a shape with a runtime extent (a scalar variable).",
)
_r(
    "PTO-TD241",
    "reshape-runtime-rows",
    _TD,
    "{op}: cannot reshape {shape} to {new_shape} because its real data extends a runtime number of rows "
    "({rows}) and no dimension of {new_shape} has the matching row size of {size} elements. Keep that "
    "dimension intact in the target shape, or copy the real data out first (pl.slice / pl.store).",
    "A reshape of a tile or tensor whose valid row count is a runtime value (set_validshape with a scalar) "
    "into a shape that does not keep one of its rows as a dimension.",
)
_r(
    "PTO-TD221",
    "write-valid-gap",
    _TD,
    "{op} leaves a gap in dimension {axis}: the write starts at {offset}, which is not provably at or before the "
    "target valid extent {valid}. A valid shape names one contiguous origin-anchored rectangle, so a write that "
    "grows it must abut the region already there",
    "An assemble or store into a partially valid target (a load or slice with valid_shape=) that writes past "
    "the end of its valid region with a gap between the two.",
    "Write at the end of the valid region (offset = the valid extent), or fill the gap first.",
)
_r(
    "PTO-TD222",
    "write-valid-l-shape",
    _TD,
    "{op} grows the valid region along dimensions {axes} at once, whose union with the target is an L-shape "
    "rather than one origin-anchored rectangle. Target valid {valid}, writing {written} at offset {offsets}",
    "An assemble or store into a partially valid target that extends its valid region along two axes at once.",
)
_r(
    "PTO-TD223",
    "write-valid-off-origin",
    _TD,
    "{op} grows dimension {axis}, so it must span dimension {other} from the origin, but it starts at {offset}. "
    "The added region would be narrower than the region it extends, making the union an L-shape",
    "An assemble or store that extends a partially valid target along one axis but starts at a nonzero offset "
    "on another.",
)
_r(
    "PTO-TD224",
    "write-valid-misaligned",
    _TD,
    "{op} grows dimension {axis}, so its extent in dimension {other} ({extent}) must provably equal the target "
    "valid extent ({valid}). The added region would otherwise not line up with the region it extends, making "
    "the union an L-shape",
    "An assemble or store that extends a partially valid target along one axis with a block narrower or wider "
    "than the target's valid extent on another.",
)
