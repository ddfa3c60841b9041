"""MixedKernelExpanded verifier (reference §2.10); `kind` is AIC or AIV."""

from __future__ import annotations

from compiler.diagnostics import Note
from compiler.rules.book import RuleBook

_PIPE_DIRECTION = {
    "c2v": {"direction": "C2V (c2v_consumer_buf)"},
    "v2c": {"direction": "V2C (v2c_consumer_buf)"},
}

BOOK = RuleBook()
_r = BOOK.rule

_MK = "MixedKernelExpanded"
_r(
    "PTO-MK1",
    "incore-still-mixed",
    _MK,
    "InCore function '{function}' contains both Cube and Vector tile ops (should have been expanded)",
    "A mixed InCore function survived ExpandMixedKernel (compiler bug).",
    unreachable="a compiler bug: ExpandMixedKernel always splits a mixed InCore function",
)
_r(
    "PTO-MK2",
    "tpop-memory",
    _MK,
    "{kind} function '{function}' requires {tpop_op} result in MemorySpace::{required}, got "
    "MemorySpace::{actual}",
    "A tpop result in the wrong memory (AIC: tile.tpop_from_aiv / Mat; AIV: tile.tpop_from_aic / Vec).",
)
_r(
    "PTO-MK3",
    "pipe-buffer-count",
    _MK,
    "Function '{function}' has more 'system.reserve_buffer' calls than initialized pipe directions require",
    "More system.reserve_buffer calls than the directions this side pops (the other counts: PTO-MK23 .. MK25).",
    "Drop the extra pl.reserve_buffer, or enable its direction in the initialize_pipe dir_mask.",
)
_r(
    "PTO-MK25",
    "pipe-import-extra",
    _MK,
    "Function '{function}' has more 'system.import_peer_buffer' calls than initialized pipe directions require",
    "A hand-written AIC / AIV function that imports a peer's ring (system.import_peer_buffer) for a direction "
    "its initialize_pipe dir_mask does not enable (AIC pushes C2V, AIV pushes V2C).",
    "Drop the extra pl.import_peer_buffer, or enable the direction it serves in the initialize_pipe dir_mask.",
)
_r(
    "PTO-MK23",
    "pipe-reserve-missing",
    _MK,
    "Function '{function}' has fewer 'system.reserve_buffer' calls than initialized pipe directions require",
    "A hand-written AIC / AIV function whose initialize_pipe dir_mask enables a direction this side pops "
    "(AIV: C2V, AIC: V2C) with no system.reserve_buffer for its ring.",
    "Reserve the ring this side pops from (ring = pl.reserve_buffer(name=..., size=..., base=pl.AUTO)) and pass "
    "it to the initialize_pipe call.",
)
_r(
    "PTO-MK24",
    "pipe-import-missing",
    _MK,
    "Function '{function}' has fewer 'system.import_peer_buffer' calls than initialized pipe directions require",
    "A hand-written AIC / AIV function whose initialize_pipe dir_mask enables a direction this side pushes "
    "(AIC: C2V, AIV: V2C) with no system.import_peer_buffer for its peer's ring.",
    "Import the peer function's ring (pl.import_peer_buffer(name=..., peer_func=...)) and pass it to the "
    "initialize_pipe call, or drop that direction from dir_mask.",
)
_r(
    "PTO-MK4",
    "cross-core-dynamic-shape",
    _MK,
    "Function '{function}' uses cross-core tile ops with non-static tile size; auto pipe setup requires "
    "statically known tile shapes",
    "Cross-core tile ops with a non-static tile shape.",
)
_r(
    "PTO-MK5",
    "missing-initialize-pipe",
    _MK,
    "{kind} function '{function}' uses cross-core tile ops but has no '{init_op}' call",
    "Cross-core tile ops without system.aic_initialize_pipe / system.aiv_initialize_pipe.",
)
_r(
    "PTO-MK6",
    "missing-pipe-buffer",
    _MK,
    "AIC function '{function}' uses C2V cross-core ops but has no 'system.import_peer_buffer'",
    "A hand-written AIC function that pushes to the AIV side without importing its peer's ring "
    "(the other sides and directions: PTO-MK20 .. MK22).",
)
_r(
    "PTO-MK20",
    "aic-v2c-without-reserve",
    _MK,
    "AIC function '{function}' uses V2C cross-core ops but has no 'system.reserve_buffer'",
    "A hand-written AIC function that pops from the AIV side without reserving the ring it pops from.",
    "Reserve the V2C ring in the AIC function (pl.reserve_buffer(...)) and pass it to pl.aic_initialize_pipe.",
)
_r(
    "PTO-MK21",
    "aiv-c2v-without-reserve",
    _MK,
    "AIV function '{function}' uses C2V cross-core ops but has no 'system.reserve_buffer'",
    "A hand-written AIV function that pops from the AIC side without reserving the ring it pops from.",
    "Reserve the C2V ring in the AIV function (pl.reserve_buffer(...)) and pass it to pl.aiv_initialize_pipe.",
)
_r(
    "PTO-MK22",
    "aiv-v2c-without-import",
    _MK,
    "AIV function '{function}' uses V2C cross-core ops but has no 'system.import_peer_buffer'",
    "A hand-written AIV function that pushes to the AIC side without importing its peer's ring.",
    "Import the AIC function's V2C ring (pl.import_peer_buffer(name=..., peer_func=...)) and pass it to "
    "pl.aiv_initialize_pipe.",
)
_r(
    "PTO-MK7",
    "initialize-pipe-arity",
    _MK,
    "Function '{function}': '{op}' requires exactly 2 operands (c2v_consumer_buf, v2c_consumer_buf), got {n}",
    "initialize_pipe without exactly two operands.",
    unreachable=(
        "the wrapper's signature check (PTO-F15, a TypeError) rejects initialize_pipe with other "
        "operands first"
    ),
)
_r(
    "PTO-MK8",
    "initialize-pipe-dir-mask",
    _MK,
    "Function '{function}': '{op}' requires valid 'dir_mask' attribute",
    "initialize_pipe dir_mask is 0, negative, or has bits outside {1, 2}.",
)
_r(
    "PTO-MK9",
    "initialize-pipe-slot-size",
    _MK,
    "Function '{function}': '{op}' requires positive 'slot_size' attribute",
    "initialize_pipe slot_size is not positive.",
)
_r(
    "PTO-MK10",
    "initialize-pipe-slot-num",
    _MK,
    "Function '{function}': '{op}' 'slot_num' attribute must be positive when set",
    "Hand-written initialize_pipe with slot_num <= 0.",
)
_r(
    "PTO-MK11",
    "initialize-pipe-local-slot-num",
    _MK,
    "Function '{function}': '{op}' 'local_slot_num' attribute must be positive when set",
    "Hand-written initialize_pipe with local_slot_num <= 0.",
)
_r(
    "PTO-MK12",
    "local-slot-num-exceeds-slot-num",
    _MK,
    "Function '{function}': '{op}' 'local_slot_num' ({local_slot_num}) must be <= effective slot_num "
    "({slot_num})",
    "local_slot_num above the effective slot_num (explicit, else 4 bidirectional / 8 one direction).",
)
_r(
    "PTO-MK13",
    "initialize-pipe-placeholder-active",
    _MK,
    "Function '{function}': '{op}' enables {direction} for this dir_mask but operand is ConstInt(0/-1) "
    "placeholder; use a concrete i32 SSA (Var or reserve/import Call)",
    "An active pipe direction whose buffer operand is a ConstInt placeholder; see variant_fields.",
    variants=_PIPE_DIRECTION,
)
_r(
    "PTO-MK14",
    "initialize-pipe-placeholder-inactive",
    _MK,
    "Function '{function}': '{op}' does not use {direction} for this dir_mask; operand must be ConstInt(0) "
    "placeholder",
    "An inactive pipe direction whose buffer operand is not the ConstInt(0) placeholder.",
    variants=_PIPE_DIRECTION,
)
_r(
    "PTO-MK15",
    "tfree-without-tile",
    _MK,
    "{kind} function '{function}' has '{tfree_op}' without a tile value operand",
    "A tfree without a tile operand.",
    unreachable=(
        "the wrapper's signature check (PTO-F15: missing argument 'tile') rejects a bare tfree first"
    ),
)
_r(
    "PTO-MK16",
    "tfree-without-tpop",
    _MK,
    "{kind} function '{function}' has '{tfree_op}' without a matching outstanding tpop on the same tile value",
    "A tfree with no outstanding tpop of the same tile in its block.",
)
_r(
    "PTO-MK16b",
    "tfree-wrong-direction",
    _MK,
    "{kind} function '{function}' must match {tpop_op} with '{expected_tfree}' on the same tile value",
    "A tpop freed by the tfree of the wrong direction.",
)
_r(
    "PTO-MK17",
    "tpop-without-tfree",
    _MK,
    "{kind} function '{function}' uses {tpop_op} but has no matching '{expected_tfree}' call",
    "A tpop left unfreed in its block (AIC: system.tfree_to_aiv; AIV: system.tfree_to_aic).",
    fix_title="Free the tile: {text}",
)

# Notes: the labels of related locations.

IN_FUNCTION = Note("in {kind} function '{function}'")
