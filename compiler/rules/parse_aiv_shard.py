"""Parser: pl.aiv_shard / pl.aic_gather (reference §2.1.b); `op` is aiv_shard or aic_gather."""

from __future__ import annotations

from compiler.rules.book import RuleBook

H_X = (
    "Write 'x = pl.{op}(tile)' inside a 'for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):' loop; "
    "the split mode is taken from that scope."
)
"""The hint of every ``pl.aiv_shard`` / ``pl.aic_gather`` parser error (X-1 ... X-11); ``op`` is the bare
op name (``aiv_shard`` / ``aic_gather``)."""


BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-X1",
    "shard-gather-mode-kwarg",
    "parse",
    "pl.{op}() does not take a mode= argument — pass the lowered integer 'split=' (outlined form) or rely on "
    "the enclosing pl.split_aiv(mode=...) scope (high-level form)",
    "mode= passed to pl.aiv_shard / pl.aic_gather.",
    H_X,
)
_r(
    "PTO-X2",
    "shard-gather-unknown-keyword",
    "parse",
    "pl.{op}() does not accept keyword argument '{kw}'",
    "A keyword other than split / lane_stride on pl.aiv_shard / pl.aic_gather.",
    H_X,
)
_r(
    "PTO-X3",
    "shard-gather-arity",
    "parse",
    "pl.{op}() takes exactly one positional argument (the tile to {action}), got {n}",
    "Not exactly one positional argument; action is 'shard' or 'gather'.",
    H_X,
)
_r(
    "PTO-X4",
    "shard-gather-distributed",
    "parse",
    "pl.{op} does not support distributed tensors (AIV/AIC split only)",
    "The operand is a DistributedTensor.",
    H_X,
)
_r(
    "PTO-X5",
    "shard-gather-split-in-region",
    "parse",
    "pl.{op}() does not take a split= argument inside a 'for ... in pl.split_aiv(...)' loop — the split mode "
    "is inherited from that scope",
    "split= given inside a pl.split_aiv region.",
    H_X,
)
_r(
    "PTO-X6",
    "shard-gather-split-tensor",
    "parse",
    "pl.{op}(..., split=N) does not accept a high-level Tensor operand — the outlined split= form is "
    "tile-only. Wrap the Tensor in a 'for aiv_id in pl.split_aiv(...)' region instead, which supplies the "
    "split mode and lowers to the tile op.",
    "The outlined split= form with a Tensor operand.",
    H_X,
)
_r(
    "PTO-X7",
    "shard-gather-split-not-int",
    "parse",
    "pl.{op}(..., split=N) requires an integer split (the lowered SplitMode value), got '{expr}'",
    "split= is not an integer literal.",
    H_X,
)
_r(
    "PTO-X8",
    "gather-lane-stride",
    "parse",
    "pl.aic_gather() does not take a lane_stride= argument: only the Cube -> Vector shard is ever "
    "rebalanced onto a ragged boundary's valid region, so the gather always re-joins the lanes on the box "
    "partition",
    "lane_stride= on pl.aic_gather in the outlined form.",
    H_X.replace("{op}", "aic_gather"),
)
_r(
    "PTO-X9",
    "shard-gather-lane-stride-not-int",
    "parse",
    "pl.{op}(..., lane_stride=N) requires an integer partition stride, got '{expr}'",
    "lane_stride= is not an integer literal.",
    H_X,
)
_r(
    "PTO-X10",
    "shard-gather-outside-region",
    "parse",
    "pl.{op}() must be used inside a 'for ... in pl.split_aiv(...)' loop (or pass an explicit integer "
    "'split=' in the outlined form); it otherwise inherits the split mode from that scope",
    "High-level pl.aiv_shard / pl.aic_gather outside every pl.split_aiv region (parser form of AV-C).",
    H_X,
)
_r(
    "PTO-X11",
    "shard-gather-lane-stride-in-region",
    "parse",
    "pl.{op}() does not take a lane_stride= argument inside a 'for ... in pl.split_aiv(...)' loop — the "
    "partition follows the region's own per-lane offsets",
    "lane_stride= given inside a pl.split_aiv region.",
    H_X,
)
