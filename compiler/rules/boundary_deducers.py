"""Type deducers of the boundary ops (reference §2.2); `op` is the full IR op name."""

from __future__ import annotations

from compiler.rules.book import RuleBook

BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-D1",
    "boundary-missing-split",
    "parse",
    "{op} requires a 'split' attr (0 = NONE/no split axis, 1 = UP_DOWN/axis0, 2 = LEFT_RIGHT/axis1)",
    "A boundary op without a split attribute.",
    unreachable=(
        "inside a region the parser supplies split=, and PTO-X10 rejects the outlined form without it"
    ),
)
_r(
    "PTO-D2",
    "boundary-bad-split",
    "parse",
    "{op} split must be 0 (NONE/no split axis), 1 (UP_DOWN/axis0) or 2 (LEFT_RIGHT/axis1), but got {split}",
    "A boundary op whose split is not 0, 1 or 2.",
)
_r(
    "PTO-D3",
    "boundary-arity",
    "parse",
    "The operator {op} requires exactly 1 {kind} argument, but got {n}",
    "A boundary op with the wrong argument count; kind is 'tile' or 'tensor'.",
    unreachable="the parser's PTO-X3 rejects a boundary op with the wrong argument count first",
)
_r(
    "PTO-D4",
    "boundary-operand-type",
    "parse",
    "The operator {op} requires argument to be a {expected}, but got {type}",
    "Wrong operand type; expected is 'TileType' or '(non-distributed) TensorType'.",
)
_r(
    "PTO-D5",
    "boundary-tile-rank",
    "parse",
    "{op} requires a 2D tile, but got rank {rank}",
    "A data-parallel tile boundary op on a tile that is not 2D.",
)
_r(
    "PTO-D5b",
    "boundary-tensor-rank",
    "parse",
    "{op} requires a 2D tensor, but got rank {rank}. Reshape the operand to 2D (pl.reshape) before the shard "
    "/ gather so the UP_DOWN / LEFT_RIGHT split axis is unambiguous.",
    "A data-parallel tensor boundary op on a tensor that is not 2D.",
)
_r(
    "PTO-D6",
    "lane-stride-not-positive",
    "parse",
    "{op}: 'lane_stride' must be a positive partition stride, but got {stride}",
    "lane_stride <= 0.",
)
_r(
    "PTO-D7",
    "lane-stride-too-large",
    "parse",
    "{op}: 'lane_stride' {stride} exceeds the per-lane physical half {half} of a {extent}-wide split axis",
    "lane_stride larger than ceil(extent / 2).",
)
_r(
    "PTO-D8",
    "shard-left-right-ragged-columns",
    "parse",
    "{op}: LEFT_RIGHT splits the column axis, but this tile's valid column extent ({valid_cols} of {cols}) "
    "does not cover the full box, so the two AIV lanes would hold different amounts of real data. A "
    "per-lane column extent cannot cross this boundary: the Cube<->Vector FIFO pins the transported column "
    "extent to the physical one, and the only way to restore a narrower extent afterwards (pto.treshape) "
    "is compile-time static and so cannot express a per-lane value.\n"
    "Author one of these instead:\n"
    "  * split the row axis: mode=pl.SplitMode.UP_DOWN (a per-lane ROW extent IS carried)\n"
    "  * make the columns fully valid before the crossing and let the padding be don't-care at the store:\n"
    "        acc = pl.set_validshape(acc, <valid_rows>, {cols})\n"
    "        out[..., c0 : c0 + <half>] = shard   # c0 = aiv_id * <half>\n"
    "  * keep the ragged column tail in its own matmul outside the pl.split_aiv region",
    "LEFT_RIGHT shard of a tile whose valid column extent is not provably full.",
)
_r(
    "PTO-D9",
    "shard-runtime-narrow-columns",
    "parse",
    "{op}: this tile's valid column extent ({valid_cols} of {cols}) is a runtime value narrower than the "
    "physical box. A narrowed column extent has to be rebuilt after the boundary's full-box transport, and "
    "the only rebuild available (pto.treshape) is compile-time static.\n"
    "Fix: make the columns fully valid before the crossing --\n"
    "        acc = pl.set_validshape(acc, <valid_rows>, {cols})\n"
    "    and store the full column box; the padded columns are don't-care.",
    "Shard of a tile whose valid column extent is narrowed by a runtime value.",
)
_r(
    "PTO-D10",
    "shard-up-down-ragged-both",
    "parse",
    "{op}: UP_DOWN split with BOTH a per-lane row extent ({valid_rows} of {rows}, so the lanes hold "
    "different row counts) and a narrowed column extent ({valid_cols} of {cols}) is not supported. The "
    "per-lane row extent rides on the TPOP valid_row operand, but the narrowed column extent can only be "
    "restored by pto.treshape, which rebuilds BOTH axes from one static type and would overwrite that "
    "per-lane row.\n"
    "Fix: widen the columns before the crossing and store the full column box --\n"
    "        acc = pl.set_validshape(acc, {valid_rows}, {cols})\n"
    "        out[r0 : r0 + <half>, 0 : {cols}] = shard",
    "UP_DOWN shard with a partial row extent and a narrowed static column extent.",
)
_r(
    "PTO-D11",
    "shard-runtime-rows-narrow-columns",
    "parse",
    "{op}: this tile's valid row extent ({valid_rows} of {rows}) is a runtime value and its valid column "
    "extent ({valid_cols} of {cols}) is narrower than the physical box. The narrowed column extent forces "
    "a full-box transport whose logical extents are rebuilt by the static pto.treshape, which cannot "
    "express a runtime row extent.\n"
    "Fix: make the columns fully valid before the crossing --\n"
    "        acc = pl.set_validshape(acc, <valid_rows>, {cols})\n"
    "    and store the full column box; the padded columns are don't-care.",
    "Shard with a runtime row extent and a narrowed static column extent.",
)
