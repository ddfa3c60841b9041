"""LowerAutoVectorSplit (reference §2.9)."""

from __future__ import annotations

from compiler.diagnostics import Note
from compiler.rules.book import RuleBook

BOOK = RuleBook()
_r = BOOK.rule

_LA = "LowerAutoVectorSplit"
_L1_REST = (
    ". tile.aic_gather reassembles the two AIV lanes' per-lane halves into the full tile the cube expects, "
    "so its operand must be a value the split halving produced (a tile.load / tile.slice / elementwise "
    "result inside the vector sub-region). An un-halved value has no half to gather — either derive the "
    "per-lane half first (load or slice the value inside the split function) and move that to the cube "
    "side, or, if the split axis is a singleton that cannot be halved, keep the value on the vector side."
)
_r(
    "PTO-L1",
    "gather-unhalved-operand",
    _LA,
    "LowerAutoVectorSplit: the V->C boundary tile.move here carries a full-width vector operand '{value}'"
    + _L1_REST,
    "A V->C crossing whose source was never halved (a Vec parameter, a singleton split axis, ...).",
)
_r(
    "PTO-L1b",
    "gather-unhalved-operand-unnamed",
    _LA,
    "LowerAutoVectorSplit: the V->C boundary tile.move here carries a full-width vector operand" + _L1_REST,
    "As PTO-L1 when the source is not a named value.",
)
_L2_REST = (
    " carries its split on dim {dim}, but tile.aic_gather reassembles a 2D tile along dim 0 or dim 1 only. "
    "Cross to the cube side before the op that moved the split axis there."
)
_r(
    "PTO-L2",
    "gather-split-dim",
    _LA,
    "LowerAutoVectorSplit: the V->C boundary operand '{value}'" + _L2_REST,
    "A V->C operand whose tracked split dimension is not 0 or 1.",
)
_r(
    "PTO-L2b",
    "gather-split-dim-unnamed",
    _LA,
    "LowerAutoVectorSplit: the V->C boundary operand" + _L2_REST,
    "As PTO-L2 when the operand is not a named value.",
)
_L3_REST = (
    " that swaps the split axis (dim {dim}). The transpose moves the per-lane split data to the other "
    "dimension, so the region cannot be split correctly. Fix it one of two ways: (1) remove the transpose, "
    "e.g. replace a transpose-then-row-index with a direct column slice such as pre[:, h:h+1]; or (2) move "
    "the transpose outside the pl.split_aiv region."
)
_r(
    "PTO-L3",
    "transpose-of-split-axis-in-region",
    _LA,
    "LowerAutoVectorSplit: a pl.split_aiv({mode}) region contains a tile.transpose (result '{result}')"
    + _L3_REST,
    "A tile.transpose that swaps the split axis inside an UP_DOWN / LEFT_RIGHT region (spec: AivSplitValid "
    "check (l) reports it first).",
)
_r(
    "PTO-L3b",
    "transpose-of-split-axis-in-region-unnamed",
    _LA,
    "LowerAutoVectorSplit: a pl.split_aiv({mode}) region contains a tile.transpose" + _L3_REST,
    "As PTO-L3 when the transpose result is not a named value.",
)
_r(
    "PTO-L4",
    "mixed-explicit-region",
    _LA,
    "LowerAutoVectorSplit: a pl.split_aiv region mixes explicit tile.aiv_shard/tile.aic_gather boundary ops "
    "with plain full-width vector op(s) [{ops}] that operate outside the per-lane half-width dataflow. The "
    "explicit boundary keeps the region in half-width form, so these full-width ops would be left "
    "un-localized and both AIV lanes would compute the full tile. Fix it one of three ways: (1) derive the "
    "op from the tile.aiv_shard result; (2) localize it yourself with the region's lane index, e.g. load at "
    "'base + aiv_id * HALF' at the half extent — an op whose READ address references aiv_id is per-lane by "
    "construction and is accepted. The lane reference must land in that read address (the offset selecting "
    "which window the op reads), not in a shape, a valid_shape, or a destination slot; or (3) remove the "
    "explicit tile.aiv_shard/tile.aic_gather and let the implicit affinity-gated path halve the region.",
    "A data-parallel region with explicit shard/gather also holds full-width vector ops (ops joined by ', ').",
)
_r(
    "PTO-L5",
    "region-inside-scope",
    _LA,
    "LowerAutoVectorSplit: this pl.split_aiv region is nested inside a scope and cannot be lowered — region "
    "lowering does not cross a scope boundary. The scope may be one you wrote ('with pl.at(...)') or the "
    "InCore scope the parser adds around a top-level pl.split_aiv. OutlineIncoreScopes only outlines scopes "
    "out of Opaque / Orchestration functions, so a scope inside a function declared pl.FunctionType.InCore "
    "reaches this pass intact. Fix it one of two ways: (1) declare the enclosing function with plain "
    "@pl.function / @pl.jit so the scope is outlined before this pass runs; or (2) move the pl.split_aiv "
    "region out of the enclosing scope.",
    "Backstop of PTO-AV-H: a region that survives behind a scope.",
    unreachable="backstop: the parser's PTO-AV-H rejects a region nested behind a scope first",
)
_r(
    "PTO-L6",
    "scope-inside-region",
    _LA,
    "LowerAutoVectorSplit: a scope survives inside a pl.split_aiv region body. Region lowering does not "
    "cross a scope boundary, so the vector ops inside this scope would be emitted full-width and BOTH AIV "
    "lanes would compute the whole tile. Every scope must already be outlined by the time this pass runs — "
    "declare the enclosing function with plain @pl.function / @pl.jit (Opaque) so OutlineIncoreScopes "
    "lifts it, or drop the scope from inside the region.",
    "A scope left inside a lowered region body.",
    unreachable=(
        "backstop that DSL source does not reach: a scope inside a pl.split_aiv region body is "
        "outlined before LowerAutoVectorSplit runs"
    ),
)
_r(
    "PTO-L7",
    "auto-split-scope",
    _LA,
    "LowerAutoVectorSplit: function '{function}' declares an AUTO split (optimizations=[pl.split(...)]) and "
    "is a mixed cube/vector kernel, but its body still contains a scope — whole-function halving does not "
    "cross a scope boundary, so the split cannot be applied. Declare the enclosing function with plain "
    "@pl.function / @pl.jit (Opaque) so OutlineIncoreScopes lifts the scope before this pass runs, or move "
    "the split declaration onto the scope itself.",
    "An AUTO pl.split mixed kernel whose body still contains a scope.",
)

# Shared split-axis messages (utils/split_axis_utils.cpp)
_r(
    "PTO-S1",
    "partial-reduction",
    _LA,
    "SplitVectorKernel: reduce op '{op}' reduces on the split axis (dim {dim}); partial reduction in a split "
    "kernel is not supported",
    "A halved reduction over the (tracked) split axis: the AUTO-path counterpart of PTO-AV-B.",
)
_r(
    "PTO-S2",
    "reshape-odd-split-axis",
    _LA,
    "SplitVectorKernel: tile.reshape moves an ODD split axis (dim {dim}, extent {extent}) onto a result whose "
    "dim {dim} cannot carry it, and an odd axis cannot be tracked through the reshape (its two lanes hold "
    "different extents). Pad that axis to an even extent and narrow it back with "
    "pl.tile.set_validshape(...), or keep the reshape out of the split scope.",
    "A reshape that moves an odd split axis.",
)
_r(
    "PTO-S3",
    "reshape-untrackable",
    _LA,
    "SplitVectorKernel: tile.reshape moves the split axis (dim {dim}) across a layout this pass cannot track "
    "under split; keep the reduction/reshape out of the split scope.",
    "A reshape that moves the split axis across an untrackable layout.",
)
_r(
    "PTO-S4",
    "reshape-balanced-boundary",
    _LA,
    "SplitVectorKernel: tile.reshape moves the split axis from dim {from_dim} to dim {to_dim} inside a split "
    "region whose ragged boundary was balanced across the two AIV lanes. The two partitions cannot be "
    "reconciled: pad the boundary tile's valid extent to its physical box with "
    "pl.tile.set_validshape(...), or move the reshape out of the split scope.",
    "A reshape of the split axis inside a region with a rebalanced ragged boundary.",
)
_r(
    "PTO-S5",
    "reinterpret-view-shape",
    _LA,
    "SplitVectorKernel: tile.reinterpret_view with an explicit shape inside a split kernel must match its "
    "auto-inferred shape. Omit shape= (recommended), or move an arbitrary byte-equivalent reinterpret_view "
    "outside the split scope.",
    "tile.reinterpret_view(shape=...) that differs from the inferred shape under split.",
)
_r(
    "PTO-S6",
    "position-dependent-generator",
    _LA,
    "SplitVectorKernel: automatic split-axis halving of '{op}' is not supported because its generated "
    "values depend on position. Move the operation outside the automatically-halved split region.",
    "tile.ci / tile.random with a non-singleton split axis.",
)
_r(
    "PTO-S7",
    "reinterpret-view-dynamic-extent",
    _LA,
    "SplitVectorKernel: tile.reinterpret_view over a full-width source requires a static split extent so "
    "the pass can materialize a per-lane slice. Split/load the source before reinterpret_view, or move "
    "reinterpret_view outside the split scope.",
    "tile.reinterpret_view of a full-width source with a dynamic split extent.",
)
_r(
    "PTO-S8",
    "reinterpret-view-dynamic-shape",
    _LA,
    "SplitVectorKernel: tile.reinterpret_view over a full-width source requires a static target shape so "
    "the pass can materialize a per-lane slice. Split/load the source before reinterpret_view, or move "
    "reinterpret_view outside the split scope.",
    "tile.reinterpret_view of a full-width source with a dynamic target shape.",
)
_r(
    "PTO-S10",
    "shard-lane-extents",
    "ExpandMixedKernel",
    "{op}: the Cube -> Vector boundary tile's valid split-axis extent ({valid} of a {extent}-wide dim {dim}) "
    "leaves the two AIV lanes {lane0} and {lane1} cells. pto-isa places lane 1's band at its own extent "
    "(TILE_UP_DOWN / TILE_LEFT_RIGHT) or one past it (the _ODD modes), so the lanes must be equal, differ "
    "by exactly one, or leave lane 1 empty. The compiler balances a ragged boundary across the lanes "
    "automatically, but only when the whole split body derives from it — this one also holds an "
    "independently split value (a tile.load, a generator, a full-width operand) or a Vector -> Cube "
    "gather, which spans the full box. Either move that value out of the split scope, or widen the valid "
    "extent to {even_extent} / {odd_extent} with pl.tile.set_validshape(...), or narrow it to at most "
    "{half} so the whole value stays on lane 0.",
    "A C->V boundary whose static lane extents pto-isa cannot place.",
)
_r(
    "PTO-S11",
    "gather-lane-extents",
    "ExpandMixedKernel",
    "{op}: the Vector -> Cube boundary tile's split axis (dim {dim}) leaves the two AIV lanes {lane0} and "
    "{lane1} cells. Each lane hands the cube a band placed at its OWN extent, so the two only abut when the "
    "lanes are equal — the gather has no odd form. Pad that axis to {even_extent} and narrow the cube-side "
    "result with pl.tile.set_validshape(...).",
    "A V->C boundary whose two lanes hold unequal extents.",
)
_r(
    "PTO-S12",
    "per-lane-loop-carry",
    _LA,
    "pl.split_aiv: carrying a per-lane cross-core value across a {loop} boundary is not supported. "
    "'{iter_arg}' is seeded by a value whose split-axis extent differs per lane ({extent}), but a loop carry "
    "is a separate binding that would keep the lane-agnostic extent.\n"
    "Author one of these instead:\n"
    "  * keep the shard and everything that consumes it inside the loop body\n"
    "  * make the split axis fully valid before the crossing (pl.set_validshape to the full extent) and "
    "treat the padding as don't-care\n"
    "  * store the per-lane shard before the loop and reload it inside",
    "A loop carry seeded by a per-lane shard; loop is pl.range or pl.while_.",
)
_r(
    "PTO-S13",
    "gather-partial-half",
    _LA,
    "pl.split_aiv: tile.aic_gather re-joins the two lanes positionally, but each lane's valid {axis} extent "
    "({valid} of {half}) covers only part of its half, so the lanes contribute the disjoint bands [0, "
    "{valid}) and [{half}, {half_plus_valid}) of the re-joined tile. No valid_shape describes that union.\n"
    "Author one of these instead:\n"
    "  * make each lane's half fully valid before the gather -- pl.fillpad(v) to fill the padding with "
    "data, or pl.set_validshape(v, <full half extent>, ...) to declare it data -- so the bands abut\n"
    "  * let the shard's own per-lane extent flow into the gather instead of overriding it: a "
    "shard-then-gather round trip re-joins exactly the pre-shard extent",
    "A gather operand valid over only part of each lane's half; axis is row or column.",
)
_r(
    "PTO-S14",
    "store-chain-empty-lane",
    _LA,
    "pl.split_aiv: a store whose result feeds another store cannot be guarded against an empty lane. The "
    "split axis is only partially valid, so one lane's extent can be 0 at runtime ({extent}), and a "
    "zero-row store is outside the ISA contract.\n"
    "Author one of these instead:\n"
    "  * write the per-lane shard to its destination with a single subscript assignment inside the region\n"
    "  * make the split axis fully valid before the crossing (pl.set_validshape to the full extent) so "
    "every lane is non-empty",
    "A chained store of a per-lane shard whose lane may be empty.",
)
_r(
    "PTO-S15",
    "reshape-per-lane-valid",
    _LA,
    "pl.split_aiv: '{op}' reshapes the logical valid region of a per-lane cross-core value, which is not "
    "supported. The shard's split-axis extent differs per lane ({extent}), and that extent can only be "
    "carried by ops that pass the valid_shape through unchanged — the boundary offers no way to re-narrow "
    "a popped tile afterwards.\n"
    "Author one of these instead:\n"
    "  * do the reshaping compute on the CUBE side, before pl.aiv_shard\n"
    "  * make the split axis fully valid before the crossing (pl.set_validshape to the full extent) and "
    "treat the padding as don't-care\n"
    "  * store the per-lane shard first, and reshape in a later kernel",
    "A tile op that changes the valid_shape of a per-lane shard.",
)

# Notes: the labels of related locations.

FULL_WIDTH_OP = Note("full-width '{op}'")
