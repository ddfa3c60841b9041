"""The single catalog of every diagnostic pypto-lsp can emit.

Each :class:`Rule` carries a stable code (``PTO-<reference id>``), the compiler's exact message text as a
``str.format`` template with named fields, the compiler's hint (parser errors carry one) or our short fix
advice, and a one-line summary for ``docs/diagnostics.md``.

Sources, newest word first: ``shared/spec`` (000, 003, 004 and ``DELTAS.md``), then
``shared/reference/pypto-diagnostics.md`` (the upstream templates, by stage) and
``shared/reference/pypto-dsl-surface.md`` Appendix A (every parser raise site). The reference IDs
(``P-1``, ``AV-E``, ``MK-12`` ...) become our codes (``PTO-P1``, ``PTO-AV-E``, ``PTO-MK12``). Where one
reference ID has several whole sentences, the first keeps the code and the others get a letter suffix
(``PTO-E3``, ``PTO-E3b``, ``PTO-E3c``). Where only a small clause changes (``«AIC» / «AIV»``), the clause is
a field, and :func:`variant_fields` returns the exact clause text for each named case.

Where the compiler prints an IR value name (``'mm__tile'``, ``'x__ssa_v0'``), the field holds the user's
source variable name (``'mm'``). Everything else is the compiler's text byte for byte, em-dashes included.

Regenerate the docs with ``python -m compiler.catalog > docs/diagnostics.md``.
"""

from __future__ import annotations

import html
import re
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from compiler.diagnostics import Diagnostic, Fix, Related, Severity
from compiler.source import Span

STAGES: tuple[str, ...] = (
    "parse",
    "InlineFunctions",
    "OutlineIncoreScopes",
    "OutlineClusterScopes",
    "ConvertTensorToTileOps",
    "FlattenTileNdTo2D",
    "InferTileMemorySpace",
    "AivSplitValid",
    "AccToGmStoreValid",
    "LowerAutoVectorSplit",
    "ExpandMixedKernel",
    "MixedKernelExpanded",
    "HardSyncallOccupancy",
    "SplitVectorKernel",
    "codegen",
    "spec",
    "lint",
)
"""Every stage a rule may name, in pipeline order. ``SplitVectorKernel`` (exec 24) and ``codegen`` (the
orchestration codegen error) lie after ExpandMixedKernel, where the modelled pipeline stops; ``spec`` rules
come from ``shared/spec`` only; ``lint`` rules are our hazard warnings."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One diagnostic pypto-lsp can emit."""

    code: str  # stable code we define, e.g. "PTO-AV-E"
    slug: str  # kebab-case name, e.g. "vector-op-outside-region"
    stage: str  # one of STAGES
    severity: Severity
    template: str  # the compiler's exact text as a str.format template with named fields
    hint: str | None  # the compiler's hint (a template too), or our short fix advice
    summary: str  # one line for the docs table

    @property
    def fields(self) -> tuple[str, ...]:
        """The named fields of the template, in first-use order."""
        return template_fields(self.template)

    @property
    def hint_fields(self) -> tuple[str, ...]:
        """The named fields of the hint template, in first-use order."""
        return template_fields(self.hint or "")


def template_fields(template: str) -> tuple[str, ...]:
    """The distinct field names of a ``str.format`` template, in first-use order."""
    names: list[str] = []
    for _literal, name, _spec, _conv in string.Formatter().parse(template):
        if name is not None and name not in names:
            names.append(name)
    return tuple(names)


# --------------------------------------------------------------------------------------------------
# Shared hint texts (pypto-dsl-surface.md, "Hints stored in variables")
# --------------------------------------------------------------------------------------------------

H_SA = (
    "Use 'for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):' — n is the AIV sub-core count "
    "(hardware-fixed at 2); 'mode' is required (NONE = task-parallel, no halving; UP_DOWN / LEFT_RIGHT = "
    "data-parallel halving); and the loop variable binds the AIV lane index (equivalent to "
    "pl.tile.get_subblock_idx())."
)
"""The hint of every ``for ... in pl.split_aiv(...)`` loop error (P-1 ... P-10)."""

H_X = (
    "Write 'x = pl.{op}(tile)' inside a 'for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):' loop; "
    "the split mode is taken from that scope."
)
"""The hint of every ``pl.aiv_shard`` / ``pl.aic_gather`` parser error (X-1 ... X-11); ``op`` is the bare
op name (``aiv_shard`` / ``aic_gather``)."""

H_CROSS_CORE_SLOT = "Use pl.cross_core_slot(slot_num=4)."
H_SPMD_WITH = (
    "Use 'with pl.spmd(4):' with a body that dispatches a 'self.<kernel>(...)' call or reads "
    "'pl.tile.get_block_idx()', or 'with pl.spmd(4) as tid:' to also capture the dispatch TaskId."
)
H_ITERATOR = (
    "Use pl.range(), pl.parallel(), pl.unroll(), pl.pipeline(), pl.while_(), pl.spmd(), or pl.split_aiv() "
    "as the iterator"
)
H_FUNC_ATTR = 'Use: pl.func_attr({{"split": pl.SplitMode.UP_DOWN}})'

_E = Severity.ERROR
_W = Severity.WARNING
_I = Severity.HINT

_RULES: list[Rule] = []


def _r(
    code: str,
    slug: str,
    stage: str,
    template: str,
    summary: str,
    hint: str | None = None,
    severity: Severity = _E,
) -> None:
    _RULES.append(Rule(code, slug, stage, severity, template, hint, summary))


# ==================================================================================================
# InlineFunctions (exec 1): splicing @pl.jit.inline / @pl.inline helpers into their callers
# ==================================================================================================

_r(
    "PTO-IN1",
    "inline-cycle",
    "InlineFunctions",
    "Cycle detected in FunctionType::Inline call graph: {cycle}",
    "Inline helpers call each other in a cycle, so they can never be fully spliced.",
    "Break the cycle: an inline helper cannot (indirectly) call itself.",
)
_r(
    "PTO-IN2",
    "inline-early-return",
    "InlineFunctions",
    "Inline function '{function}' contains a non-trailing ReturnStmt; only a single trailing return is "
    "supported (early-return inside an If/For/While branch is rejected)",
    "A called inline helper returns from inside an if/for/while/with body.",
    "Assign the result in each branch and return it once, as the helper's last statement.",
)
_r(
    "PTO-IN5",
    "inline-arity",
    "InlineFunctions",
    "Inline function '{function}' expects {expected} argument(s), got {got}",
    "An inline helper called with arguments that do not match its parameters.",
    "Pass one argument per parameter (parameters with defaults may be left out).",
)
_r(
    "PTO-IN5b",
    "inline-no-return-value",
    "InlineFunctions",
    "Inline function '{function}' has no return value",
    "The value of an inline helper that returns nothing is used.",
    "Return the value from the helper, or call it as a statement.",
)

# ==================================================================================================
# Parser: `for v in pl.split_aiv(...)` (reference §2.1.a)
# ==================================================================================================

_r(
    "PTO-P1",
    "nested-split-aiv",
    "parse",
    "nested 'for ... in pl.split_aiv(...)' is not allowed: a split_aiv body already represents the two "
    "AIV lanes, so it cannot contain another split_aiv loop",
    "A pl.split_aiv loop sits (lexically) inside another pl.split_aiv body.",
    H_SA,
)
_r(
    "PTO-P2",
    "split-with-split-aiv",
    "parse",
    "scope combines a function-level pl.split(pl.SplitMode.{mode}) (optimizations=[pl.split(...)]) with a "
    "pl.split_aiv region; these are mutually exclusive AIV-split mechanisms — the function-level split "
    "would be silently dropped (the per-region split governs the lanes)",
    "The innermost InCore scope declares optimizations=[pl.split(MODE)] (NONE included) and contains a "
    "pl.split_aiv region; mode is NONE / UP_DOWN / LEFT_RIGHT.",
    "Remove optimizations=[pl.split(...)] or the pl.split_aiv region. To pin a custom cross-core slot "
    "count, use optimizations=[pl.cross_core_slot(slot_num=N)], which is orthogonal to splitting. " + H_SA,
)
_r(
    "PTO-P3",
    "split-aiv-loop-target",
    "parse",
    "for ... in pl.split_aiv(...) must use a single loop variable",
    "The pl.split_aiv loop target is not a plain name.",
    H_SA,
)
_r(
    "PTO-P4",
    "split-aiv-loop-keyword",
    "parse",
    "pl.split_aiv() loop form does not accept '{kw}='",
    "A loop keyword (init_values, chunk, chunk_policy, attrs, step, stage) on pl.split_aiv.",
    H_SA,
)
_r(
    "PTO-P5",
    "split-aiv-optimizations",
    "parse",
    "pl.split_aiv() does not accept 'optimizations=' — pl.split_aiv() IS the split declaration; a "
    "co-present pl.split(...) is a conflicting split spec",
    "optimizations= given on pl.split_aiv itself.",
    H_SA,
)
_r(
    "PTO-P6",
    "split-aiv-arity",
    "parse",
    "pl.split_aiv() takes exactly one positional argument (n, the AIV sub-core count)",
    "pl.split_aiv was not given exactly one positional argument.",
    H_SA,
)
_r(
    "PTO-P7",
    "split-aiv-count",
    "parse",
    "pl.split_aiv(n) requires n == 2 (AIV sub-core count is hardware-fixed at 2), got {n}",
    "pl.split_aiv(n) with n other than the literal 2 (n is the value or the printed expression).",
    H_SA,
)
_r(
    "PTO-P8",
    "split-aiv-kwargs-splat",
    "parse",
    "pl.split_aiv() does not accept **kwargs; pass n (positional) and mode= explicitly",
    "**kwargs passed to pl.split_aiv.",
    H_SA,
)
_r(
    "PTO-P9",
    "split-aiv-unknown-keyword",
    "parse",
    "pl.split_aiv() got unexpected keyword argument '{kw}'",
    "An unknown keyword on pl.split_aiv.",
    H_SA,
)
_r(
    "PTO-P10",
    "split-aiv-missing-mode",
    "parse",
    "pl.split_aiv() requires mode= (e.g. mode=pl.SplitMode.NONE for task-parallel, or pl.SplitMode.UP_DOWN "
    "/ pl.SplitMode.LEFT_RIGHT for data-parallel halving)",
    "pl.split_aiv without mode=.",
    H_SA,
)
_r(
    "PTO-P11",
    "split-aiv-loop-control",
    "parse",
    "'{keyword}' not supported inside a 'for ... in pl.split_aiv(...)' body",
    "break / continue whose innermost loop is a pl.split_aiv body (InvalidOperationError).",
    "'{keyword}' can only be used in sequential (pl.range) or while loops; a pl.split_aiv body is a scope "
    "over the two AIV lanes, not a loop",
)
_r(
    "PTO-P12",
    "unknown-split-mode",
    "parse",
    "Unknown SplitMode value: {value}",
    "A pl.SplitMode member that does not exist (no span upstream; the SplitMode case of PTO-F7).",
    "Valid values: NONE, UP_DOWN, LEFT_RIGHT",
)
_r(
    "PTO-P12b",
    "split-mode-not-enum",
    "parse",
    "Expected pl.SplitMode.<name>",
    "A split mode that is not spelled pl.SplitMode.<name> (the SplitMode case of PTO-F8).",
    "Use pl.SplitMode.<name>.",
)

# ==================================================================================================
# Parser: pl.aiv_shard / pl.aic_gather (reference §2.1.b); `op` is aiv_shard or aic_gather
# ==================================================================================================

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

# ==================================================================================================
# Parser: optimizations=[...], pl.split, pl.cross_core_slot (reference §2.1.c)
# ==================================================================================================

_r(
    "PTO-O1",
    "optimizations-not-list",
    "parse",
    "{owner}(optimizations=...) must be a list literal",
    "optimizations= is not an inline list literal; owner is pl.at or pl.spmd.",
    "Use optimizations=[pl.split(pl.SplitMode.NONE)].",
)
_r(
    "PTO-O2",
    "duplicate-split",
    "parse",
    "Duplicate 'pl.split(...)' in optimizations=[...]",
    "A second pl.split in one optimizations list.",
)
_r(
    "PTO-O3",
    "slot-count-twice",
    "parse",
    "optimizations=[...] sets the cross-core slot count twice: via the deprecated pl.split(slot_num=...) "
    "and via pl.cross_core_slot(...)",
    "pl.split(..., slot_num=) and pl.cross_core_slot in one list, pl.split written second.",
    "Keep only pl.cross_core_slot(slot_num=N).",
)
_r(
    "PTO-O3b",
    "slot-count-twice-slot-last",
    "parse",
    "optimizations=[...] sets the cross-core slot count twice: via the deprecated pl.split(slot_num=...) "
    "and via pl.cross_core_slot(...)",
    "As PTO-O3, with pl.cross_core_slot written second (only the hint differs).",
    "Drop slot_num= from pl.split(...) and keep pl.cross_core_slot(slot_num=N).",
)
_r(
    "PTO-O4",
    "duplicate-cross-core-slot",
    "parse",
    "Duplicate 'pl.cross_core_slot(...)' in optimizations=[...]",
    "A second pl.cross_core_slot in one optimizations list.",
)
_r(
    "PTO-O5",
    "unsupported-optimization",
    "parse",
    "Unsupported entry in {owner}(optimizations=[...])",
    "An optimizations entry that is neither pl.split nor pl.cross_core_slot.",
    "Each entry must be pl.split(pl.SplitMode.X) or pl.cross_core_slot(slot_num=N).",
)
_r(
    "PTO-O6",
    "split-unknown-keyword",
    "parse",
    "Unknown keyword argument '{kw}' in pl.split()",
    "A keyword other than slot_num on pl.split.",
    "pl.split() accepts only the deprecated slot_num= keyword.",
)
_r(
    "PTO-O7",
    "split-arity",
    "parse",
    "pl.split() takes exactly 1 positional argument, got {n}",
    "pl.split without exactly one positional argument.",
    "Use pl.split(pl.SplitMode.NONE).",
)
_r(
    "PTO-O8",
    "cross-core-slot-positional",
    "parse",
    "pl.cross_core_slot() takes no positional arguments, got {n}",
    "Positional arguments passed to pl.cross_core_slot.",
    H_CROSS_CORE_SLOT,
)
_r(
    "PTO-O9",
    "cross-core-slot-unknown-keyword",
    "parse",
    "Unknown keyword argument '{kw}' in pl.cross_core_slot()",
    "An unknown keyword on pl.cross_core_slot (the spec adds local_slot_num= to slot_num=).",
    H_CROSS_CORE_SLOT,
)
_r(
    "PTO-O10",
    "cross-core-slot-missing-slot-num",
    "parse",
    "pl.cross_core_slot() requires the slot_num= keyword argument",
    "pl.cross_core_slot without slot_num=.",
    H_CROSS_CORE_SLOT,
)
_r(
    "PTO-O11",
    "slot-num-not-literal",
    "parse",
    "pl.cross_core_slot(slot_num=...) must be an integer literal",
    "pl.cross_core_slot(slot_num=) is not an int literal (bool rejected).",
    H_CROSS_CORE_SLOT,
)
_r(
    "PTO-O11b",
    "split-slot-num-not-literal",
    "parse",
    "pl.split(slot_num=...) must be an integer literal",
    "The deprecated pl.split(slot_num=) is not an int literal (bool rejected).",
    "Use e.g. pl.cross_core_slot(slot_num=16).",
)
_r(
    "PTO-O12",
    "slot-num-not-positive",
    "parse",
    "{api} must be positive, got {value}",
    "slot_num <= 0; api is pl.cross_core_slot(slot_num=...) or pl.split(slot_num=...).",
)
_r(
    "PTO-O13",
    "split-slot-num-deprecated",
    "parse",
    "pl.split(slot_num=...) is deprecated: the cross-core slot count is orthogonal to the split mode, and "
    "spelling it here forces a split mode you may not want (the pl.split(pl.SplitMode.NONE, slot_num=N) "
    "idiom). Use optimizations=[pl.cross_core_slot(slot_num=N)] instead, optionally alongside "
    "pl.split(MODE).",
    "DeprecationWarning for pl.split(MODE, slot_num=N); the value is still honoured.",
    "Move the count to pl.cross_core_slot(slot_num=N).",
    _W,
)
_r(
    "PTO-O14",
    "optimizations-level",
    "parse",
    "optimizations=[pl.split(...)] / optimizations=[pl.cross_core_slot(...)] are only supported with "
    "level=pl.Level.CORE_GROUP",
    "pl.at(level other than CORE_GROUP, optimizations=[...]).",
    "Use pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]).",
)
_r(
    "PTO-O15",
    "at-optimizations-twice",
    "parse",
    "pl.at() got multiple values for argument 'optimizations'",
    "optimizations= given twice on pl.at.",
)
_r(
    "PTO-O16",
    "spmd-optimizations-twice",
    "parse",
    "`optimizations=` is specified twice: on `pl.spmd(...)` and on the inner "
    "`pl.at(level=pl.Level.CORE_GROUP, ...)`",
    "pl.spmd(..., optimizations=...) around a pl.at(CORE_GROUP) carrier that has its own entry.",
    "Keep `optimizations=[...]` on the inner `pl.at(...)` carrier only.",
)
_r(
    "PTO-O16b",
    "spmd-optimizations-misplaced",
    "parse",
    "`optimizations=` belongs on the InCore scope, but the body already provides one as the inner "
    "`pl.at(level=pl.Level.CORE_GROUP, ...)`",
    "pl.spmd(..., optimizations=...) around a pl.at(CORE_GROUP) carrier without an entry.",
    "Keep `optimizations=[...]` on the inner `pl.at(...)` carrier only.",
)

# ==================================================================================================
# Type deducers of the boundary ops (reference §2.2); `op` is the full IR op name
# ==================================================================================================

_r(
    "PTO-D1",
    "boundary-missing-split",
    "parse",
    "{op} requires a 'split' attr (0 = NONE/no split axis, 1 = UP_DOWN/axis0, 2 = LEFT_RIGHT/axis1)",
    "A boundary op without a split attribute.",
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

# ==================================================================================================
# OutlineIncoreScopes (reference §2.3)
# ==================================================================================================

_r(
    "PTO-OI1",
    "outlined-split-with-split-aiv",
    "OutlineIncoreScopes",
    "scope combines a function-level pl.split(...) (optimizations=[pl.split(...)]) with pl.split_aiv "
    "region(s); these are mutually exclusive AIV-split mechanisms. Remove optimizations=[pl.split(...)] or "
    "the pl.split_aiv region(s) — the function-level split would otherwise be silently dropped (the "
    "per-region split governs the lanes). To pin a custom cross-core slot count, use "
    "optimizations=[pl.cross_core_slot(slot_num=N)], which is orthogonal to splitting.",
    "Backstop of PTO-P2: a pl.split on an outer CORE_GROUP scope with a region under an inner one.",
)
_r(
    "PTO-OI2",
    "defer-wait-not-in-task",
    "OutlineIncoreScopes",
    "pld.system.defer_wait must be the body of a CORE_GROUP / InCore task",
    "pld.system.defer_wait in a scope that is not an InCore task.",
)
_r(
    "PTO-OI3",
    "defer-wait-nested-launch",
    "OutlineIncoreScopes",
    "pld.system.defer_wait must be in a task-level pl.at(CORE_GROUP) scope; nesting the waiter under "
    "pl.spmd or another task-launch scope is unsupported because the outer launch owns dispatch predicate "
    "and early-resolve semantics",
    "pld.system.defer_wait nested under pl.spmd or another task launch.",
)
_r(
    "PTO-OI4",
    "defer-wait-predicate",
    "OutlineIncoreScopes",
    "pld.system.defer_wait task cannot use a dispatch predicate; every submitted waiter must register its "
    "completion condition",
    "A defer_wait task with a dispatch predicate.",
)
_r(
    "PTO-OI5",
    "defer-wait-early-resolve",
    "OutlineIncoreScopes",
    "pl.at(...) containing pld.system.defer_wait cannot use allow_early_resolve=True; the waiter's TaskId "
    "must remain unresolved until its registered signal condition is satisfied",
    "allow_early_resolve=True on a scope holding pld.system.defer_wait.",
)
_r(
    "PTO-OI6",
    "no-dep-arg-not-captured",
    "OutlineIncoreScopes",
    "pl.at(no_dep_args=[...]) references tensor '{tensor}', which is not captured by the scope body. Only "
    "tensors actually read or written inside `with pl.at(...):` can appear in no_dep_args=.",
    "A no_dep_args= entry the scope body never touches.",
)

# ==================================================================================================
# OutlineClusterScopes (reference §2.5)
# ==================================================================================================

_r(
    "PTO-OC1",
    "spmd-count-defined-in-cluster",
    "OutlineClusterScopes",
    "pl.spmd() block count references '{value}', which is defined inside the enclosing pl.cluster(). The "
    "block count is evaluated at the cluster's launch site, so it must be computed before `with "
    "pl.cluster():` and captured, e.g.\n"
    "    n = pl.system.available_cluster_count()\n"
    "    with pl.cluster():\n"
    "        with pl.spmd(n):",
    "The core_num of a cluster-nested pl.spmd uses a value bound inside the cluster.",
)

# ==================================================================================================
# ConvertTensorToTileOps (reference §2.6)
# ==================================================================================================

_CT = "ConvertTensorToTileOps"
_r(
    "PTO-CT1",
    "reinterpret-view-dn",
    _CT,
    "tensor.reinterpret_view in an InCore function currently supports only packed ND tensors; DN layout "
    "changes which logical axis is physically contiguous, and that information cannot yet be preserved by "
    "tensor-to-tile lowering",
    "tensor.reinterpret_view of a non-ND tensor inside InCore code.",
)
_r(
    "PTO-CT2",
    "view-of-tile",
    _CT,
    "tensor.view in an InCore function requires a GM Tensor input that remains tensor-like through "
    "ConvertTensorToTileOps; viewing the result of an op lowered to Tile is not supported",
    "tensor.view of a value that was lowered to a tile.",
)
_r(
    "PTO-CT3",
    "slice-rank-zero",
    _CT,
    "tensor.slice conversion does not support rank-0 tiles; keep one unit axis or use tensor.read for a "
    "scalar result",
    "A tensor.slice whose drop_dims removes every axis.",
)
_r(
    "PTO-CT4",
    "mixed-mte3-scalar-stores",
    _CT,
    "GM tensor '{param}' mixes MTE3 and scalar stores in one InCore function. tile.store/tensor.assemble "
    "uses the MTE3 path while tensor.write uses the scalar D-cache path; PyPTO cannot guarantee ordering or "
    "cache-line coherence between them. Rewrite the updates through one UB tile (use tile.write, then one "
    "tile.store), or use tensor.write for every GM element written to this tensor.",
    "One GM parameter written by both a DMA store and a scalar tensor.write.",
)
_r(
    "PTO-CT5",
    "div-row-broadcast-rows",
    _CT,
    "tensor.div row broadcasting requires the divisor valid rows to cover the dividend, but got dividend "
    "valid_shape {dividend} and divisor valid_shape {divisor}",
    "Row-broadcast tensor.div whose divisor has fewer valid rows than the dividend.",
)
_r(
    "PTO-CT5b",
    "div-row-broadcast-column",
    _CT,
    "tensor.div row broadcasting requires the divisor's first column to be valid, but got valid_shape "
    "{valid_shape}",
    "Row-broadcast tensor.div whose divisor has no valid first column.",
)
_r(
    "PTO-CT6",
    "atomic-assemble-on-chip",
    _CT,
    "tensor.assemble with atomic=AtomicType.Add requires a global-memory destination (a function output "
    "tensor), but this assemble targets an on-chip tile",
    "Atomic-add assemble into an on-chip tile.",
)
_r(
    "PTO-CT6b",
    "atomic-assemble-tensor-source",
    _CT,
    "tensor.assemble with atomic=AtomicType.Add requires a tile source stored into a global-memory target: "
    "the source must be an on-chip compute result (the split-K partial product), not a plain tensor. This "
    "assemble copies one tensor into another, so there is no store to carry the atomic combine.",
    "Atomic-add assemble whose source is a plain tensor.",
)
_r(
    "PTO-CT7",
    "scatter-update-rank",
    _CT,
    "scatter_update: only 2D input/src is currently supported in lowering, got input rank {input_rank} and "
    "src rank {src_rank}",
    "scatter_update on operands that are not 2D.",
)
_r(
    "PTO-CT7b",
    "scatter-update-index-range",
    _CT,
    "scatter_update: {dtype} dst has m*d = {elements} elements, exceeding the i16 flat-index limit (32767); "
    "reduce dst rows*cols or use a 4-byte dtype",
    "scatter_update destination too large for i16 flat indices.",
)
_r(
    "PTO-CT8",
    "matmul-acc-init-cond-rank",
    _CT,
    "tensor.matmul_acc does not support init_cond on operands of rank > 2 (got acc rank {acc_rank}, lhs rank "
    "{lhs_rank}, rhs rank {rhs_rank}). Loop over the batch dimension and accumulate with 2D operands "
    "instead.",
    "tensor.matmul_acc(init_cond=...) on batched operands.",
)
_r(
    "PTO-CT9",
    "gather-int16-index-range",
    _CT,
    "tensor.gather (A5) with INT16 indices: rows({rows}) * src_cols({cols}) exceeds the INT16 index range "
    "(max flat index 32767, rows <= {max_rows}).",
    "tensor.gather on A5 whose flat INT16 index overflows.",
)
_r(
    "PTO-CT9b",
    "gather-rank3-16bit",
    _CT,
    "tensor.gather: rank-3 gather on dim {dim} uses an INT32 flat index that only matches the tgather b32 "
    "form (32-bit src); 16-bit src is not yet supported on this axis. Got input dtype {dtype}",
    "Rank-3 tensor.gather of a 16-bit source on dim 0 or 1.",
)
_r(
    "PTO-CT9c",
    "gather-rank-dim",
    _CT,
    "tensor.gather: unsupported (rank, dim) combination, got rank={rank} norm_dim={dim}",
    "tensor.gather on an unsupported (rank, dim) pair.",
)
_r(
    "PTO-CT10",
    "paged-gather-indices",
    _CT,
    "tensor.paged_gather: indices length ({length}) exceeds max_indices ({max_indices})",
    "tensor.paged_gather with more indices than max_indices.",
)
_r(
    "PTO-CT11",
    "scatter-int16-index-range",
    _CT,
    "tensor.scatter with element dtype {dtype} uses INT16 flattened indices, but the destination is too "
    "large: rows({rows}) * cols({cols}) exceeds the INT16 index range (max flat index 32767, rows <= "
    "{max_rows}). Use a smaller tile or split the scatter into chunks.",
    "tensor.scatter destination too large for INT16 flat indices.",
)
_r(
    "PTO-CT12",
    "put-computed-source",
    _CT,
    "pld.tensor.put src must be a GM tensor, but got a computed value that lowers to a tile: TPUT transfers "
    "between two GM regions, and a UB tile has no GM address. Use pld.tensor.remote_store(src, target, "
    "peer, offsets) to push a computed value straight to a peer (pld.remote_store dispatches to it "
    "automatically).",
    "pld.tensor.put whose src is a computed (tile) value.",
)

# ==================================================================================================
# AivSplitValid verifier (reference §2.4): checks (a) ... (h)
# ==================================================================================================

_AV = "AivSplitValid"
_r(
    "PTO-AV-A",
    "cube-op-inside-region",
    _AV,
    "cube op '{op}' inside a pl.split_aiv region: the region body is AIV work, so cube ops do not belong in "
    "it{half_tile_clause}; move it outside the region{ending}",
    "(a) A cube op (including a Mat load or an Acc store) inside a region, any mode; see variant_fields "
    "'data_parallel' / 'none'.",
    "Move the cube op outside the pl.split_aiv region.",
)
_r(
    "PTO-AV-B",
    "reduce-over-split-axis",
    _AV,
    "reduce op '{op}' reduces over the split axis (dim {dim}) inside a pl.split_aiv region, producing a "
    "partial reduction; reduce the non-split axis, or gather the lanes back (tile.aic_gather) before "
    "reducing.",
    "(b) A tile.row_* / tile.col_* reduction over the split axis of an UP_DOWN / LEFT_RIGHT region.",
    "Reduce the non-split axis, or pl.aic_gather the lanes back first.",
)
_r(
    "PTO-AV-C",
    "boundary-op-outside-region",
    _AV,
    "'{op}' must appear inside a pl.split_aiv region (it marks the AIV-split boundary and is only "
    "meaningful there).",
    "(c) An outlined-form tile/tensor aiv_shard / aic_gather outside every region.",
    "Move the boundary op into a pl.split_aiv region.",
)
_r(
    "PTO-AV-D1",
    "boundary-operand-memory",
    _AV,
    "'{op}' operand is in {actual}, but it transfers a {producer}-produced value across the cross-core "
    "boundary and requires {required}.{operand_hint}",
    "(d) A boundary op whose operand lives in the wrong memory (e.g. pl.aiv_shard of a vector-produced "
    "value); see variant_fields 'aiv_shard' / 'aic_gather'.",
    "Shard only cube (Acc) results; gather only vector (Vec) results.",
)
_r(
    "PTO-AV-D2",
    "boundary-result-memory",
    _AV,
    "'{op}' result is in {actual}, but it delivers its {delivery} lane and must be {required} (the memory "
    "ExpandMixedKernel pops it into).",
    "(d) A boundary op result in the wrong memory (hand-built IR only); see variant_fields.",
)
_r(
    "PTO-AV-E",
    "vector-op-outside-region",
    _AV,
    "vector op '{op}' sits outside every pl.split_aiv region, but this function already opens one, so the "
    "regions are authoritative for where vector work runs and this op has no lane to run on. Wrap this "
    "phase in its own region — 'for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):' runs the full body on "
    "both AIV lanes and is the task-parallel form for full-width compute — or move the op into an existing "
    "region.",
    "(e) In a function that opens a region, a vector op outside every region.",
    "Wrap the op in 'for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):'.",
)
_r(
    "PTO-AV-F",
    "missing-aic-gather",
    _AV,
    "'{value}' is defined inside a pl.split_aiv region but '{op}' reads it on the CUBE lane outside that "
    "region, so the value crosses the AIV -> AIC boundary implicitly. In manual mode (this function opens a "
    "region) the crossing must be written down: wrap it in pl.aic_gather(...) inside the region — '{value} "
    "= pl.aic_gather({value})' — and read the gathered value here.",
    "(f) A region value read on the cube lane outside the region without pl.aic_gather.",
    "Add '{value} = pl.aic_gather({value})' at the end of the region.",
)
_r(
    "PTO-AV-G",
    "missing-aiv-shard",
    _AV,
    "'{value}' is produced on the CUBE lane by '{defop}' outside every pl.split_aiv region, but '{op}' "
    "reads it on the VECTOR lane inside one, so the value crosses the AIC -> AIV boundary implicitly. In "
    "manual mode (this function opens a region) the crossing must be written down: bring it in with "
    "pl.aiv_shard(...) at the top of the region — '{value} = pl.aiv_shard({value})' — and read the sharded "
    "value here.",
    "(g) A cube value read on the vector lane inside a region without pl.aiv_shard.",
    "Add '{value} = pl.aiv_shard({value})' at the top of the region.",
)
_r(
    "PTO-AV-H",
    "region-in-incore-function",
    _AV,
    "'pl.split_aiv' opens a CORE_GROUP-level region, so it cannot be authored inside a function declared "
    "'pl.FunctionType.InCore' — that function is already a core function. A region reaches an InCore "
    "function only when OutlineIncoreScopes lifted the enclosing CORE_GROUP scope into it, and that pass "
    "processes only Opaque / Orchestration functions. Declare the enclosing function with plain "
    "@pl.function / @pl.jit (Opaque), or open the region inside a 'with pl.at(level=pl.Level.CORE_GROUP):' "
    "scope in such a function, and let pass 8 outline it.",
    "(h) A pl.split_aiv region inside a function declared pl.FunctionType.InCore.",
    "Declare the function with plain @pl.function / @pl.jit and open the region in a pl.at(CORE_GROUP) "
    "scope.",
)

# ==================================================================================================
# FlattenTileNdTo2D (reference §2.7)
# ==================================================================================================

_r(
    "PTO-FT6",
    "nd-tile-op-unsupported",
    "FlattenTileNdTo2D",
    "FlattenTileNdTo2D: {op} is not supported on >2D tiles",
    "tile.read / tile.write / tile.slice on a tile of rank 3 or more (hardware tiles are 2D).",
    "Reshape the tile to 2D (pl.tile.reshape) before reading, writing or slicing it.",
)
_r(
    "PTO-FT7",
    "nd-transpose-batch-axis",
    "FlattenTileNdTo2D",
    "FlattenTileNdTo2D: only last-two-axes tile.transpose on >2D tiles is supported; transpose involving a "
    "batch axis (axes {a}, {b} of rank {n}) is not yet lowered. Reshape the tile so the transposed axes are "
    "the last two.",
    "A tile.transpose of a >2D tile that swaps a batch axis.",
)

# ==================================================================================================
# InferTileMemorySpace: TileMemoryInferred and AccToGmStoreValid (reference §2.8)
# ==================================================================================================

_r(
    "PTO-TM2",
    "operand-memory-space",
    "InferTileMemorySpace",
    "InCore function '{function}': Op '{op}' input {index} ('{value}') requires {required} but is in {actual}",
    "A constrained operand sits in a memory space the op does not accept (required joined with '/').",
)
_r(
    "PTO-AG1",
    "acc-store-dtype",
    "AccToGmStoreValid",
    "cube accumulator cannot be stored directly into a '{dtype}' global tensor on the '{arch}' backend "
    "(function '{function}'). The fix-pipe narrows an Acc tile only into INT32/FP32/FP16/BF16. Narrow "
    "through the vector unit first -- cast the matmul result to '{dtype}' (e.g. pl.cast(result, ...)) and "
    "store that -- or accumulate into an INT32/FP32 tensor and convert afterwards.",
    "A matmul (Acc) result stored into a GM tensor of a dtype the fix-pipe cannot produce (INT8, INT16, ...).",
    "pl.cast the matmul result first, or store into an INT32/FP32 tensor.",
)

# ==================================================================================================
# LowerAutoVectorSplit (reference §2.9)
# ==================================================================================================

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

# ==================================================================================================
# ExpandMixedKernel (reference §2.10)
# ==================================================================================================

_EM = "ExpandMixedKernel"
_E1_REST = (
    " that swaps the split axis (dim {dim}). SplitVectorKernel halves the split axis while the transpose "
    "moves that data to the other dimension, so the split cannot be applied correctly. Fix it one of two "
    'ways: (1) drop the split — set attrs={{"split": pl.SplitMode.NONE}} (or remove the pl.split '
    "optimization); or (2) eliminate this transpose, e.g. replace a transpose-then-row-index with a direct "
    "column slice such as pre[:, h:h+1]."
)
_r(
    "PTO-E1",
    "transpose-of-split-axis-auto",
    _EM,
    "ExpandMixedKernel: kernel '{kernel}' requests pl.split({mode}) but contains a tile.transpose (result "
    "'{result}')" + _E1_REST,
    "A mixed AUTO pl.split kernel with a transpose of the split axis (spec: LowerAutoVectorSplit reports "
    "it; the corpus records this text).",
)
_r(
    "PTO-E1b",
    "transpose-of-split-axis-auto-unnamed",
    _EM,
    "ExpandMixedKernel: kernel '{kernel}' requests pl.split({mode}) but contains a tile.transpose" + _E1_REST,
    "As PTO-E1 when the transpose result is not a named value.",
)
_r(
    "PTO-E2",
    "deferred-waiter-dispatch",
    _EM,
    "deferred waiter '{group}' must be dispatched directly from an Orchestration function via a task-level "
    "pl.at(CORE_GROUP) scope",
    "A deferred waiter not dispatched from Orchestration through a task-level pl.at.",
)
_r(
    "PTO-E3",
    "deferred-waiter-early-resolve",
    _EM,
    "deferred waiter '{group}' cannot use allow_early_resolve=True",
    "A deferred waiter dispatched with allow_early_resolve=True.",
)
_r(
    "PTO-E3b",
    "deferred-waiter-predicate",
    _EM,
    "deferred waiter '{group}' cannot use a dispatch predicate",
    "A deferred waiter dispatched with a predicate.",
)
_r(
    "PTO-E3c",
    "deferred-waiter-multi-block",
    _EM,
    "deferred waiter '{group}' must be a single-block task and cannot use core_num or sync_start",
    "A deferred waiter dispatched with core_num or sync_start.",
)
_r(
    "PTO-E4",
    "defer-wait-bypass",
    _EM,
    "pld.system.defer_wait in function '{function}' bypasses the deferred-waiter task contract. Use a "
    "task-level `with pl.at(level=pl.Level.CORE_GROUP)` scope; capture its TaskId and use `deps=[wait_tid]` "
    "only when a later consumer must be gated.",
    "pld.system.defer_wait outside the deferred-waiter task form.",
)
_r(
    "PTO-E5",
    "deferred-waiter-kind",
    _EM,
    "deferred waiter '{function}' must be an outlined InCore function or its pure-AIV expanded form",
    "A deferred waiter that is not an outlined InCore (or pure-AIV) function.",
)
_r(
    "PTO-E5b",
    "deferred-waiter-launch",
    _EM,
    "deferred waiter '{function}' must be a single-block task and cannot carry core_num or sync_start",
    "A deferred waiter function carrying core_num or sync_start.",
)
_r(
    "PTO-E5c",
    "deferred-waiter-no-call-site",
    _EM,
    "deferred waiter '{function}' has no task-level Orchestration call site; a printable function attr "
    "alone is not a valid deferred-completion contract",
    "A deferred waiter with no task-level Orchestration call site.",
)
_r(
    "PTO-E6",
    "deferred-waiter-not-aiv",
    _EM,
    "deferred waiter '{function}' must lower to a pure AIV kernel; AIC and mixed AIC/AIV waiters are not "
    "supported",
    "A defer_wait function whose affinity is CUBE or MIXED.",
)
_r(
    "PTO-E7",
    "group-member-arity",
    _EM,
    "Group '{group}' calls member '{member}' with {n} arguments, but its signature has {expected}",
    "Hand-written pl.cluster Group ABI normalization: a member call with the wrong argument count.",
)
_r(
    "PTO-E8",
    "group-no-dep-non-variable",
    _EM,
    "Cannot preserve pl.no_dep on non-variable argument {index} of Group member '{member}' while "
    "normalizing its shared ABI",
    "Group ABI normalization: pl.no_dep on an argument that is not a variable.",
)
_r(
    "PTO-E8b",
    "group-no-dep-unmapped",
    _EM,
    "Cannot map pl.no_dep argument {index} of Group member '{member}' to a canonical Group parameter",
    "Group ABI normalization: a pl.no_dep argument with no canonical Group parameter.",
)
_r(
    "PTO-E9",
    "group-layout-mismatch",
    _EM,
    "Mixed Group '{group}' has AIC/AIV members with different argument layouts. External or runtime-bound "
    "members cannot be adapted; declare both members with the same signature and forward the Group's full "
    "parameter list.",
    "Group ABI: external-source or runtime-bound members whose layouts differ.",
)

# ==================================================================================================
# MixedKernelExpanded verifier (reference §2.10); `kind` is AIC or AIV
# ==================================================================================================

_MK = "MixedKernelExpanded"
_r(
    "PTO-MK1",
    "incore-still-mixed",
    _MK,
    "InCore function '{function}' contains both Cube and Vector tile ops (should have been expanded)",
    "A mixed InCore function survived ExpandMixedKernel (compiler bug).",
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
    "Function '{function}' has {comparison} '{buffer_op}' calls than initialized pipe directions require",
    "Too few / too many system.reserve_buffer or system.import_peer_buffer calls for the initialized pipes.",
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
    "{kind} function '{function}' uses {direction} cross-core ops but has no '{buffer_op}'",
    "C2V / V2C cross-core ops without the matching reserve_buffer / import_peer_buffer.",
)
_r(
    "PTO-MK7",
    "initialize-pipe-arity",
    _MK,
    "Function '{function}': '{op}' requires exactly 2 operands (c2v_consumer_buf, v2c_consumer_buf), got {n}",
    "initialize_pipe without exactly two operands.",
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
)
_r(
    "PTO-MK14",
    "initialize-pipe-placeholder-inactive",
    _MK,
    "Function '{function}': '{op}' does not use {direction} for this dir_mask; operand must be ConstInt(0) "
    "placeholder",
    "An inactive pipe direction whose buffer operand is not the ConstInt(0) placeholder.",
)
_r(
    "PTO-MK15",
    "tfree-without-tile",
    _MK,
    "{kind} function '{function}' has '{tfree_op}' without a tile value operand",
    "A tfree without a tile operand.",
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
)

# ==================================================================================================
# HardSyncallOccupancy verifier (reference §2.10)
# ==================================================================================================

_HS = "HardSyncallOccupancy"
_r(
    "PTO-HS1",
    "hard-syncall-width",
    _HS,
    "hard pl.system.syncall{detail} requires the SPMD launch to {requirement}, but the launch has {blocks} "
    'blocks. Use mode="soft" (GM-polling) for partial occupancy.',
    "A hard syncall launched with a literal width other than the physical core count (a2a3: 24 AIC / 48 "
    "AIV; a5: 36 / 72); see variant_fields.",
)
_r(
    "PTO-HS2",
    "hard-syncall-wrong-query",
    _HS,
    "hard pl.system.syncall{detail} requires the SPMD launch to {requirement}, but the launch sizes itself "
    'on {used_query}. Use {expected_query} instead, or mode="soft" (GM-polling) for partial occupancy.',
    "A hard syncall launched on the other core type's launch-shape query.",
)
_r(
    "PTO-HS3",
    "hard-syncall-sync-start",
    _HS,
    "hard pl.system.syncall{detail} requires the SPMD launch to set sync_start=True so all blocks are "
    "co-resident at the FFTS barrier; without it the runtime may dispatch blocks in waves and the barrier "
    'deadlocks on device (507018). Add sync_start=True to the launch, or use mode="soft" (GM-polling).',
    "A hard syncall whose launch lacks sync_start=True.",
)
_r(
    "PTO-HS4",
    "hard-syncall-core-type",
    _HS,
    'hard pl.system.syncall(core_type="{core_type}") can never complete in a {launch} launch: it waits for '
    "all {missing} cores, but a single-core-type SPMD launch provides none of them. Use a barrier core_type "
    "that matches the launch, or launch this barrier from a mixed (cube+vector) kernel.",
    "A hard syncall whose core_type waits for a core type the single-core-type launch does not have.",
)

# ==================================================================================================
# SplitVectorKernel (reference §2.11): hand-written standalone split kernels
# ==================================================================================================

_r(
    "PTO-SV1",
    "invalid-pipe-split",
    "SplitVectorKernel",
    "SplitVectorKernel found invalid cross-core split attribute: {split}",
    "A tpush/tpop split attribute outside 0 ... 4.",
)
_r(
    "PTO-SV2",
    "conflicting-pipe-splits",
    "SplitVectorKernel",
    "SplitVectorKernel found conflicting cross-core split modes in function body",
    "Two tpush/tpop ops of one standalone kernel disagree on the split mode (split=0 never conflicts).",
)
_r(
    "PTO-SV3",
    "function-split-vs-pipe-split",
    "SplitVectorKernel",
    "SplitVectorKernel found conflicting function split and cross-core op split",
    "The function split attribute disagrees with the mode of its pipe ops.",
)

# ==================================================================================================
# Spec-only rules (shared/spec/DELTAS.md, 000, 003, 004). Where the spec quotes no text, the text is ours.
# ==================================================================================================

_r(
    "PTO-SP1",
    "crossing-mode-conflict",
    "spec",
    "'{op}' crosses the AIC/AIV boundary under {mode} but '{earlier_op}' at line {earlier_line} earlier in "
    "this function crosses it under {earlier_mode}",
    "A crossing NONE region and a crossing UP_DOWN / LEFT_RIGHT region in one function share one "
    "pipe (modes are written pl.SplitMode.X; two split axes are fine).",
    "Make every crossing agree on split / no-split, drop the crossing from one region, or put the two "
    "phases in separate pl.at(level=pl.Level.CORE_GROUP) scopes.",
)
_r(
    "PTO-SP2",
    "local-slot-num-on-a5",
    "spec",
    "pl.cross_core_slot(local_slot_num={local_slot_num}) is rejected on the a5 (Ascend950) backend, even "
    "when equal to slot_num: PTOAS does not support an explicit local depth for that frontend pipe lowering",
    "local_slot_num given while the target is a5.",
    "Omit local_slot_num for portable source.",
)
_r(
    "PTO-SP3",
    "local-slot-num-below-retained-pops",
    "spec",
    "local_slot_num={local_slot_num} is smaller than the {retained} consumer pops that the finalized FIFO "
    "schedule of '{function}' retains at once; the pass does not reschedule consumers to make a smaller "
    "depth fit",
    "The local consumer FIFO is shallower than the pops retained simultaneously.",
    "Raise local_slot_num to at least the number of retained pops, or omit it.",
)
_r(
    "PTO-SP4",
    "mx-gather-needs-four-slots",
    "spec",
    "gathering all four MX matmul operands before consuming any requires pl.cross_core_slot(slot_num=4); "
    "gathered Mat tiles retain their FIFO slots until their consumers release them, so slot_num={slot_num} "
    "is not enough",
    "All four MX matmul operands are pl.aic_gather-ed before any is consumed, with fewer than four slots.",
    "Add optimizations=[pl.cross_core_slot(slot_num=4)] to the scope.",
)
_r(
    "PTO-SP5",
    "enum-spelled-as-string",
    "spec",
    "pl.system.{op}() {param}= takes a pl.{enum} member, not the string '{value}' (TypeError): the lowered "
    "attribute spelling is not an accepted input",
    "core_type= / mode= of syncall, sync_set, sync_wait spelled as a string.",
    "Use pl.KernelType.AIC / AIV / MIX for core_type= and pl.SyncAllMode.HARD / SOFT for mode=.",
)
_r(
    "PTO-SP5b",
    "enum-member-out-of-domain",
    "spec",
    "pl.system.{op}() does not accept {param}={member} (ValueError): {member} is outside this op's domain",
    "An enum member the op does not take (pl.KernelType.MIX on sync_set / sync_wait).",
    "An event op pins one lane (AIC or AIV); omit core_type= to run it on both lanes.",
)
_r(
    "PTO-SP6",
    "local-slot-num-not-positive",
    "spec",
    "pl.cross_core_slot(local_slot_num=...) must be positive, got {value}",
    "pl.cross_core_slot(local_slot_num=) <= 0 (same shape as PTO-O12).",
    "Use a positive local_slot_num no larger than slot_num, or omit it.",
)
_r(
    "PTO-SP6b",
    "local-slot-num-exceeds-slot-num-scope",
    "spec",
    "pl.cross_core_slot(local_slot_num=...) must be <= slot_num ({slot_num}), got {local_slot_num}",
    "pl.cross_core_slot(local_slot_num=M) with M > slot_num.",
    "Use local_slot_num <= slot_num, or omit it.",
)
_r(
    "PTO-SP6c",
    "local-slot-num-not-literal",
    "spec",
    "pl.cross_core_slot(local_slot_num=...) must be an integer literal",
    "pl.cross_core_slot(local_slot_num=) is not an int literal (same shape as PTO-O11).",
    H_CROSS_CORE_SLOT,
)
_r(
    "PTO-SP7",
    "soft-syncall-arguments",
    "spec",
    "pl.system.syncall(mode=pl.SyncAllMode.SOFT) requires gm_workspace= and used_cores=; missing: {missing}",
    "A soft syncall without gm_workspace or used_cores (used_cores=0 selects the one-operand form).",
    "Pass a zeroed, cache-line-exclusive INT32 GM tensor of at least 16 elements as gm_workspace= and the "
    "participant count (or 0) as used_cores=.",
)
_r(
    "PTO-SP8",
    "group-result-no-carrier",
    "spec",
    "Group '{group}' member '{member}' returns result {index} with no caller-visible carrier; views and "
    "slices are not complete-parameter aliases",
    "Group ABI: a hand-written Group member result that no caller-visible storage carries.",
    "Write the result into an Out parameter passed to the Group.",
)
_r(
    "PTO-SP9",
    "group-scalar-return",
    "spec",
    "Group '{group}' member '{member}' returns a device-computed scalar; the kernel-return contract requires "
    "an explicit Tensor output",
    "Group ABI: a device-computed scalar return without a Tensor output.",
    "Store the scalar into a pl.Out tensor parameter instead of returning it.",
)
_r(
    "PTO-SP10",
    "manual-push-missing-peer",
    "spec",
    "AdaptManualVtoCPush: the hand-written tpush_to_aic in '{function}' has no peer AIC function (its "
    "import_peer_buffer does not resolve to a reserve_buffer)",
    "A manual V->C push whose AIC peer cannot be found.",
    "Name the AIC kernel in import_peer_buffer(peer_func=...) and reserve the buffer there.",
)
_r(
    "PTO-SP11",
    "manual-push-ambiguous-initializer",
    "spec",
    "AdaptManualVtoCPush: pipe {pipe_id} of '{function}' has more than one initialize_pipe, so the push "
    "cannot be paired with one consumer contract",
    "Several initializers could own a manual V->C pipe.",
    "Initialize each pipe id once per function.",
)
_r(
    "PTO-SP12",
    "manual-push-pop-count",
    "spec",
    "AdaptManualVtoCPush: pipe {pipe_id} pushes {pushes} tile(s) in '{function}' but its peer '{peer}' pops "
    "{pops}",
    "Manual tpush_to_aic / tpop_from_aiv counts differ on one pipe id.",
    "Pair every tpush_to_aic with exactly one tpop_from_aiv on the same pipe id.",
)
_r(
    "PTO-SP13",
    "manual-push-split-mismatch",
    "spec",
    "AdaptManualVtoCPush: push {index} on pipe {pipe_id} uses split={push_split} but its consumer tpop uses "
    "split={pop_split}",
    "A manual push and its paired pop disagree on the split.",
    "Use the same split= on the push and its pop.",
)
_r(
    "PTO-SP14",
    "manual-push-slot-too-small",
    "spec",
    "AdaptManualVtoCPush: the staged tile of push {index} on pipe {pipe_id} needs {needed} bytes but the "
    "pipe's slot_size is {slot_size}",
    "A manual V->C push (or MX scale carrier) does not fit the paired pipe's slot.",
    "Raise slot_size on both initialize_pipe calls.",
)
_r(
    "PTO-SP15",
    "mx-scale-group-axis-split",
    "spec",
    "MX scale transport: '{value}' is split along its scale-group axis, which needs boxed-layout transport "
    "handling that is not supported",
    "An MX scale gathered with a split along its scale-group axis.",
    "Split the other axis, or gather the scale under mode=pl.SplitMode.NONE.",
)
_r(
    "PTO-SP16",
    "mx-scale-partial-split-box",
    "spec",
    "MX scale transport: '{value}' is a partially valid scale box under a split, which needs boxed-layout "
    "transport handling that is not supported",
    "A partially valid MX scale box gathered under UP_DOWN / LEFT_RIGHT.",
    "Make the scale box fully valid before the gather, or gather it under mode=pl.SplitMode.NONE.",
)

# ==================================================================================================
# Front end: parser errors DSL source can trigger (pypto-dsl-surface.md §4.0, §5, Appendix A)
# ==================================================================================================

_r(
    "PTO-F0",
    "syntax-error",
    "parse",
    "invalid syntax: {detail}",
    "The unit does not parse as Python; the rest of the file is still analysed.",
    None,
)
_r(
    "PTO-F1",
    "unknown-operation",
    "parse",
    "Unknown operation 'pl.{op}'",
    "pl.<name> is not an op of the unified namespace (InvalidOperationError).",
    "Check spelling, or use pl.tensor.*/pl.tile.*/pl.system.* for explicit namespacing",
)
_r(
    "PTO-F2",
    "unknown-module-operation",
    "parse",
    "Unknown {module} operation: {op}",
    "pl.tensor.<name> / pl.tile.<name> / pl.system.<name> that the module does not define.",
    "Check if '{op}' is a valid {module} operation",
)
_r(
    "PTO-F3",
    "unknown-distributed-operation",
    "parse",
    "Unknown distributed operation 'pld.{op}'",
    "pld.<name> that is not a distributed op.",
    "Available short forms: pld.world_size, pld.get_comm_ctx, pld.rank, pld.nranks, pld.alloc_window_buffer, "
    "pld.window, pld.remote_load, pld.remote_store",
)
_r(
    "PTO-F4",
    "unsupported-statement",
    "parse",
    "Unsupported statement type: {kind}",
    "A Python statement the DSL does not support (AugAssign, Try, Assert, ...).",
    "Only assignments, for loops, while loops, if statements, with statements, returns, break, continue, "
    "and pass are supported in DSL functions",
)
_r(
    "PTO-F5",
    "bad-loop-iterator",
    "parse",
    "For loop must use pl.range(), pl.parallel(), pl.unroll(), pl.pipeline(), pl.while_(), pl.spmd(), or "
    "pl.split_aiv()",
    "A for loop over something other than a DSL iterator (e.g. Python range()).",
    H_ITERATOR,
)
_r(
    "PTO-F6",
    "undefined-variable",
    "parse",
    "Undefined variable '{name}'",
    "A name that is not defined in the DSL scope.",
    "Check if the variable is defined before using it or is available in the enclosing scope",
)
_r(
    "PTO-F7",
    "unknown-enum-member",
    "parse",
    "Unknown {enum} value: {value}",
    "An enum member that does not exist (pl.Level, pl.Role, pl.SplitMode, pl.ScopeMode, ...); no span "
    "upstream.",
    "Valid values: {valid}",
)
_r(
    "PTO-F8",
    "enum-not-qualified",
    "parse",
    "Expected {qualified}.<name>",
    "An enum argument not spelled pl.<Enum>.<name>; no span upstream.",
    "Use {qualified}.<name>.",
)
_r(
    "PTO-F9",
    "expression-evaluation-failed",
    "parse",
    "Failed to evaluate expression '{expr}': {detail}",
    "A closure/annotation expression that fails to evaluate (e.g. pl.MemorySpace.L1).",
)
_r(
    "PTO-F10",
    "expression-unresolved",
    "parse",
    "Cannot resolve expression '{expr}': {detail}",
    "A closure expression naming something undefined.",
    "Make sure the variable is defined in the enclosing scope",
)
_r(
    "PTO-F11",
    "spmd-body-identical-work",
    "parse",
    "`with pl.spmd(...)` body neither reads the per-block index via `pl.tile.get_block_idx()` nor "
    "dispatches a `self.<kernel>(...)` call, so every block would run identical work.",
    "A with pl.spmd body that neither reads the block index nor dispatches a kernel.",
    "Add `i = pl.tile.get_block_idx()` inside the scope, dispatch a kernel that reads it, or use `for i in "
    "pl.spmd(n):` to bind the block index automatically.",
)
_r(
    "PTO-F12",
    "spmd-multiple-dispatch",
    "parse",
    "`with pl.spmd(...)` dispatch body launches {count} kernels; only one kernel dispatch per SPMD scope is "
    "supported.",
    "A with pl.spmd body that dispatches more than one kernel.",
    "Use one `pl.spmd(...)` scope per kernel, or make the body inline by reading `pl.tile.get_block_idx()` "
    "so the whole body is outlined into a single per-block kernel.",
)
_r(
    "PTO-F13",
    "compute-op-in-orchestration",
    "OutlineIncoreScopes",
    "Compute tensor op '{op}' found in Orchestration function (should be inside InCore)",
    "A compute tensor op outside every pl.at: the SplitIncoreOrch verifier only warns (the program is "
    "accepted up to ExpandMixedKernel).",
    "Wrap the op in `with pl.at(level=pl.Level.CORE_GROUP):`.",
    _W,
)
_r(
    "PTO-F14",
    "misplaced-tensor-op",
    "codegen",
    "Misplaced tensor op '{op}' in Orchestration function (should be inside InCore block)",
    "Where a compute op left outside pl.at finally fails: orchestration codegen, after the modelled "
    "pipeline. Report it as a warning next to PTO-F13; the pipeline verdict stays ok.",
    "Wrap the op in `with pl.at(level=pl.Level.CORE_GROUP):`.",
    _W,
)
_r(
    "PTO-F15",
    "op-type-deduction",
    "parse",
    "pl operation '{op}': {detail}",
    "An op wrapper rejected its arguments (type deduction: shapes, dtypes, ranks); detail is the "
    "deducer's message.",
)
_r(
    "PTO-F15b",
    "module-op-type-deduction",
    "parse",
    "{module} operation '{op}': {detail}",
    "As PTO-F15 for an explicitly namespaced op (pl.tensor, pl.tile, pl.system, ...).",
)
_r(
    "PTO-F15c",
    "named-op-type-deduction",
    "parse",
    "{op}: {detail}",
    "As PTO-F15 when the deducer's message already starts with the op's name (pl.<op> / <module>.<op>), "
    "which the parser passes through unchanged.",
)
_r(
    "PTO-F16",
    "op-error",
    "parse",
    "Error in {module} operation '{op}': {detail}",
    "An op wrapper failed with an exception other than TypeError / ValueError.",
)
_r(
    "PTO-F17",
    "python-syntax-error",
    "parse",
    "Failed to parse {entity} source: {detail}",
    "A Python syntax error in the function or program source.",
    "Check for Python syntax errors in your {entity}",
)
_r(
    "PTO-F18",
    "function-parse-failed",
    "parse",
    "Failed to parse function '{function}': {detail}",
    "Wrapper around another error raised while parsing a function (e.g. a boundary-op deducer message).",
    "Check your function definition for errors",
)
_r(
    "PTO-F19",
    "loop-control-outside-loop",
    "parse",
    "'{keyword}' outside loop",
    "break / continue outside every loop.",
    "'{keyword}' can only be used inside a for or while loop",
)
_r(
    "PTO-F20",
    "loop-control-in-parallel",
    "parse",
    "'{keyword}' not supported in parallel loops",
    "break / continue in a pl.parallel loop.",
    "'{keyword}' can only be used in sequential (pl.range) or while loops",
)
_r(
    "PTO-F21",
    "loop-control-in-unroll",
    "parse",
    "'{keyword}' not supported in unrolled loops",
    "break / continue in a pl.unroll loop.",
    "'{keyword}' can only be used in sequential (pl.range) or while loops",
)
_r(
    "PTO-F22",
    "reassign-different-type",
    "parse",
    "Cannot reassign '{name}' with a different type: was {old_type}, got {new_type}",
    "A name rebound to a value of a different type.",
    "Use a different variable name for tensors with different shapes or dtypes",
)
_r(
    "PTO-F23",
    "missing-parameter-annotation",
    "parse",
    "Parameter '{name}' missing type annotation",
    "A function parameter without a type annotation.",
    "Add a type annotation like: x: pl.Tensor[[64], pl.FP32]",
)
_r(
    "PTO-F24",
    "unsupported-context-manager",
    "parse",
    "Unsupported context manager in with statement",
    "A with statement over something other than pl.at / pl.cluster / pl.spmd / pl.scope / pl.manual_scope.",
    "Supported: 'with pl.cluster():', 'with pl.spmd(...):', 'with pl.at(level=..., optimizations=[...]):', "
    "'with pl.scope():', or 'with pl.manual_scope():'",
)
_r(
    "PTO-F25",
    "multiple-context-managers",
    "parse",
    "Only single context manager supported in with statement",
    "A with statement with several context managers.",
    "Use 'with pl.cluster():', 'with pl.spmd(...):', 'with pl.at(level=...):', 'with pl.scope():', or 'with "
    "pl.manual_scope():' without multiple context managers",
)
_r(
    "PTO-F26",
    "unsupported-function-call",
    "parse",
    "Unsupported function call: {call}",
    "A call that is neither a DSL op, pl.yield_, a self.<kernel> call nor an external/inline function.",
    "Use pl.* operations, pl.yield_(), self.method() for cross-function calls, or call an external "
    "@pl.function / @pl.inline by name",
)
_r(
    "PTO-F27",
    "unsupported-operation-call",
    "parse",
    "Unsupported operation call: {call}",
    "A dotted call outside the pl / pld namespaces the parser routes.",
    "Use pl.*, pl.tensor.*, pl.tile.*, or pl.system.* operations",
)
_r(
    "PTO-F28",
    "unsupported-expression",
    "parse",
    "Unsupported expression type: {kind}",
    "A Python expression the DSL does not support (lambda, comprehension, ...).",
    "Use supported expressions like variables, constants, operations, or function calls",
)
_r(
    "PTO-F29",
    "tensor-subscript-rank",
    "parse",
    "Tensor subscript has {count} indices but the tensor is {rank}D",
    "More subscript indices than the tensor rank.",
    "Provide at most {rank} indices for a {rank}D tensor",
)
_r(
    "PTO-F30",
    "tile-subscript-rank",
    "parse",
    "Tile subscript has {count} indices but the tile is {rank}D",
    "More subscript indices than the tile rank.",
    "Provide at most {rank} indices for a {rank}D tile",
)
_r(
    "PTO-F31",
    "unknown-dtype",
    "parse",
    "Unknown dtype: {dtype}",
    "A dtype attribute that does not exist (e.g. pl.FP64).",
    "Use a valid dtype like pl.FP32, pl.INT32, etc. Available: {available}",
)
_r(
    "PTO-F32",
    "static-assert-failed",
    "parse",
    "static_assert failed: {text}",
    "pl.static_assert(cond, 'text') whose condition is false.",
    "Condition `{condition}` evaluated to {value}",
)
_r(
    "PTO-F33",
    "spmd-missing-core-num",
    "parse",
    "pl.spmd() requires core_num (first positional argument)",
    "pl.spmd without a block count.",
    H_SPMD_WITH,
)
_r(
    "PTO-F34",
    "spmd-core-num-not-positive",
    "parse",
    "core_num must be a positive integer, got {value}",
    "A literal pl.spmd block count <= 0.",
    H_SPMD_WITH,
)
_r(
    "PTO-F35",
    "kernel-not-defined",
    "parse",
    "Function '{name}' not defined in program",
    "self.<name>(...) where the program has no such function.",
    "Available functions: {available}",
)
_r(
    "PTO-F36",
    "kernel-call-arity",
    "parse",
    "Function '{name}' expects {expected} argument(s), got {got}",
    "A kernel call with the wrong number of arguments.",
    "Parameters: {parameters}",
)
_r(
    "PTO-F37",
    "at-unknown-keyword",
    "parse",
    "Unknown keyword argument '{kw}' in pl.at()",
    "An unknown keyword on pl.at.",
    "Supported arguments: level, role, optimizations, deps, no_dep_args, dumps, allow_early_resolve, "
    "name_hint, windowize",
)
_r(
    "PTO-F38",
    "at-missing-level",
    "parse",
    "pl.at() requires a level argument",
    "pl.at without level=.",
    "Use pl.at(pl.Level.HOST) or pl.at(level=pl.Level.HOST)",
)
_r(
    "PTO-F39",
    "at-role-on-core-group",
    "parse",
    "role= is not supported with level=pl.Level.CORE_GROUP",
    "pl.at(level=CORE_GROUP, role=...).",
    "Drop role= for InCore scopes, or use a non-CORE_GROUP level for Hierarchy scope",
)
_r(
    "PTO-F40",
    "chained-comparison",
    "parse",
    "Only simple comparisons supported",
    "A chained comparison such as a < b < c.",
    "Use single comparison operators like: a < b, not chained comparisons",
)
_r(
    "PTO-F41",
    "unsupported-binary-operator",
    "parse",
    "Unsupported binary operator: {operator}",
    "A binary operator the DSL does not support (e.g. ** or @).",
    "Use supported operators: +, -, *, /, //, %, <<, >>",
)
_r(
    "PTO-F42",
    "ssa-redefinition",
    "parse",
    "Variable '{name}' is already defined",
    "With strict_ssa=True, a name assigned twice in one scope.",
    "Use a different variable name for each assignment (SSA form requires unique names)",
)
_r(
    "PTO-F43",
    "function-attrs-deprecated",
    "parse",
    "@pl.function(attrs={{...}}) is deprecated: a decorator is evaluated before the signature binds, so it "
    "cannot reference parameters. Use pl.func_attr({{...}}) as the first statement of the function body "
    "instead.",
    "DeprecationWarning for @pl.function(attrs={...}).",
    "Move the attrs into pl.func_attr({{...}}) as the first statement of the body.",
    _W,
)
_r(
    "PTO-F44",
    "func-attr-not-first",
    "parse",
    "pl.func_attr() must appear before every other statement in '{function}'",
    "pl.func_attr placed after another statement of the body.",
    "Move the pl.func_attr(...) call to the top of the function body. A function attribute describes the "
    "whole function, so it is declared in the prologue; only parameters are referenceable there.",
)
_r(
    "PTO-F45",
    "func-attr-not-dict",
    "parse",
    "pl.func_attr() argument must be a dict literal",
    "pl.func_attr with an argument that is not a dict literal.",
    H_FUNC_ATTR,
)
_r(
    "PTO-F46",
    "unused-variable",
    "parse",
    "Unused variable '{name}' in function '{function}'",
    "UnusedVariableCheck (pre-pipeline warning): a bound name that is never read.",
    "{advice}",
    _W,
)
_r(
    "PTO-F47",
    "internal-error",
    "parse",
    "pypto-lsp internal error while analysing this file: {detail}",
    "The analysis itself failed (a pypto-lsp bug, not a fault in the program); nothing else is reported.",
    "Please report it with the file; the server keeps running and re-analyses on the next edit.",
    _W,
)
_r(
    "PTO-NQ1",
    "unused-noqa",
    "parse",
    "Unused `noqa` directive (unused: {codes})",
    "A `# noqa` comment that silences nothing on its line.",
    "Remove the directive, or the codes it no longer needs.",
    _I,
)
_r(
    "PTO-F47b",
    "analysis-budget-exceeded",
    "parse",
    "pypto-lsp analysis budget exceeded in '{unit}': this part of the file was not analysed",
    "One function or kernel took longer than its analysis budget (a huge or pathological body); the rest "
    "of the file is analysed as usual.",
    "Split the function, or simplify the expression that makes it explode; the next edit tries again.",
    _I,
)
_r(
    "PTO-F47c",
    "file-too-large",
    "parse",
    "file too large to analyse ({size}; the limit is {limit}): pypto-lsp does not read it",
    "A document larger than the size limit is not analysed at all (no real kernel file comes near it), so "
    "no input can exhaust the memory of the editor's machine.",
    "Split the file, or move a large data literal into a file of its own that the kernels do not import.",
    _I,
)

# ==================================================================================================
# Hazard lints (shared/corpus/HAZARDS.md, spec 003 and 004): patterns the compiler accepts but that
# miscompute, deadlock or race on hardware. All warnings, all our text.
# ==================================================================================================

_r(
    "PTO-H1",
    "notify-on-both-lanes",
    "lint",
    "'pld.system.notify' runs on both AIV lanes here (the body runs once per lane), so the peer is "
    "signalled twice: an AtomicAdd counter reads double and a pld.system.wait is released after one real "
    "arrival",
    "A once-only side effect in a mode=NONE region must be sharded by aiv_id or restricted to one lane: "
    "the region body runs on both AIV lanes.",
    "Shard it by lane ('for owner in pl.range(aiv_id, n, 2):') or guard it with 'if aiv_id == 0:'.",
    _W,
)
_r(
    "PTO-H2",
    "lane0-notify-before-lane1-data",
    "lint",
    "'pld.system.notify' runs on one lane only, but it releases data that the other lane also writes "
    "('{written}', line {line}); nothing orders the two lanes, so the peer can read that half before it lands",
    "A notify restricted to lane 0 is safe only when lane 0 wrote all the data it releases: the two AIV "
    "lanes run asynchronously.",
    "Shard the notify by aiv_id so each lane releases only what it wrote, let the guarded lane write all of "
    "it, or order the lanes (pl.system.sync_set / sync_wait) before the notify.",
    _W,
)
_r(
    "PTO-H3",
    "gather-lane-varying-from-none",
    "lint",
    "'{value}' is gathered out of a mode=NONE region but differs between the two AIV lanes: both lanes push "
    "into one slot with no arbitration, so the cube receives one of the two values, unspecified which",
    "pl.aic_gather out of a mode=NONE region is well defined only for a lane-uniform value: both lanes push "
    "into one slot with no per-lane offset.",
    "Gather only lane-uniform values, or use an UP_DOWN / LEFT_RIGHT region where each lane owns a half.",
    _W,
)
_r(
    "PTO-H4",
    "gm-cross-lane-unordered",
    "lint",
    "GM tensor '{tensor}' is written on the {writer} lane (line {line}) and read here on the {reader} lane "
    "of the same mixed kernel, and no fence orders the two: the lanes run asynchronously and race on the "
    "buffer",
    "Ordering the cube lane's writes and the vector lane's reads of one GM buffer is the author's job; "
    "the compiler fences only a single cube store followed by a vector load in the same body.",
    "Before this read: publish (pl.system.cacheinvalid()), pl.system.fence(), a barrier "
    "(pl.system.syncall), then pl.system.cacheinvalid(); or pass the value as a tile through "
    "pl.aiv_shard / pl.aic_gather.",
    _W,
)
_r(
    "PTO-H5",
    "spmd-blocks-overlap",
    "lint",
    "every block of this pl.spmd launch writes block-dependent data to '{tensor}' at an offset that does not "
    "depend on the block index, so the blocks race on the same bytes",
    "pl.spmd is an assertion, not a request: the blocks must be independent, so each must write its own "
    "part of an output.",
    "Derive the store offset from pl.tile.get_block_idx() (or the pl.spmd loop variable), or accumulate "
    "with atomic=pl.AtomicType.Add.",
    _W,
)
_r(
    "PTO-H6",
    "write-shared-cache-line",
    "lint",
    "concurrent instances write different elements of '{tensor}' with pl.write into the same 64-byte cache "
    "line (they are {stride} bytes apart); DDR receives whole lines, so most of these writes are lost, "
    "differently on every run",
    "Concurrent instances must not pl.write different elements of one 64-byte cache line: DDR receives "
    "whole lines, not elements.",
    "Give each instance whole 64-byte lines (space the elements {line_elems} apart), or do the writes from "
    "pl.spmd(1).",
    _W,
)
_r(
    "PTO-H7",
    "hard-syncall-launch-width",
    "lint",
    "hard pl.system.syncall in kernel '{kernel}' waits for every physical core, but this launch {launch}",
    "Size a launch that holds a hard pl.system.syncall by the device, with "
    "pl.system.available_cluster_count() / available_aiv_count() written inline in pl.spmd.",
    "Launch with pl.spmd({query}, sync_start=True), writing the query inline.",
    _W,
)
_r(
    "PTO-H8",
    "cacheinvalid-single-line",
    "lint",
    "pl.system.cacheinvalid('{tensor}', ...) invalidates only the cache line holding the view's base "
    "address, but the view it names spans {nbytes} bytes (more than one 64-byte line)",
    "The tensor-region form of pl.system.cacheinvalid covers only the cache line of the view's base "
    "address; a buffer that may span several lines needs the whole-GM form.",
    "Use the whole-GM form pl.system.cacheinvalid() around the barrier.",
    _W,
)

# --------------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------------


def _index(rules: list[Rule]) -> Mapping[str, Rule]:
    table: dict[str, Rule] = {}
    for r in rules:
        if r.code in table:
            raise ValueError(f"duplicate diagnostic code {r.code}")
        table[r.code] = r
    return MappingProxyType(table)


RULES: Mapping[str, Rule] = _index(_RULES)
"""Every rule, keyed by code, in catalog order."""

_VARIANTS: dict[str, dict[str, dict[str, str]]] = {
    "PTO-AV-A": {
        "data_parallel": {
            "half_tile_clause": ", and each AIV lane holds only half the tile so it cannot be vector-split either",
            "ending": ", or gather the lanes back to a full tile (tile.aic_gather) first.",
        },
        "none": {"half_tile_clause": "", "ending": "."},
    },
    "PTO-AV-D1": {
        "aiv_shard": {
            "op": "tile.aiv_shard",
            "producer": "cube",
            "required": "Acc",
            "operand_hint": " Only a cube-produced value reaches the vector lane through this boundary: Acc "
            "is the matmul result the c2v pipe can push. A Vec operand is vector-produced (pl.load / "
            "pl.full) and already lives on the AIV lane — drop the pl.aiv_shard and let the implicit "
            "affinity-gated split halve it. A Mat operand is not a supported producer pipe; move it "
            "through a pl.matmul, or load it on the vector lane instead.",
        },
        "aic_gather": {
            "op": "tile.aic_gather",
            "producer": "vector",
            "required": "Vec",
            "operand_hint": " Gather the value only after it has been computed by vector ops on the AIV lane.",
        },
    },
    "PTO-AV-D2": {
        "aiv_shard": {"op": "tile.aiv_shard", "delivery": "half to the vector", "required": "Vec"},
        "aic_gather": {"op": "tile.aic_gather", "delivery": "full tile to the cube", "required": "Mat"},
    },
    "PTO-MK13": {
        "c2v": {"direction": "C2V (c2v_consumer_buf)"},
        "v2c": {"direction": "V2C (v2c_consumer_buf)"},
    },
    "PTO-MK14": {
        "c2v": {"direction": "C2V (c2v_consumer_buf)"},
        "v2c": {"direction": "V2C (v2c_consumer_buf)"},
    },
    "PTO-HS1": {
        "aiv": {"detail": '(core_type="aiv_only")'},
        "aic": {"detail": '(core_type="aic_only")'},
    },
    "PTO-HS4": {
        "aiv": {"launch": "vector-only (AIV)", "missing": "CUBE"},
        "aic": {"launch": "cube-only (AIC)", "missing": "VECTOR"},
    },
}
for _code in ("PTO-HS2", "PTO-HS3"):
    _VARIANTS[_code] = _VARIANTS["PTO-HS1"]

VARIANTS: Mapping[str, Mapping[str, Mapping[str, str]]] = MappingProxyType(
    {
        code: MappingProxyType({k: MappingProxyType(v) for k, v in cases.items()})
        for code, cases in _VARIANTS.items()
    }
)
"""Exact clause texts for rules whose wording changes with a condition: code -> case -> field values.
HS-1 ... HS-3 ``requirement`` (not listed: it holds the core count) and a Group's ``detail`` come from
:func:`occupancy_fields`."""


_HS_REQUIREMENT = {
    "aiv": "fill all {n} AIV cores (one block per physical core)",
    "aic": "fill all {n} AIC cores (one block per physical core)",
    "group": "fill all {n} core-groups (one block per core-group, i.e. all {n} AIC cores)",
}
_HS_GROUP_DETAIL = " in mixed kernel '{group}'"


def occupancy_fields(case: str, cores: int, group: str = "") -> dict[str, str]:
    """``detail`` and ``requirement`` of PTO-HS1 ... PTO-HS3 for a standalone ``aiv`` / ``aic`` kernel or a
    mixed ``group``, where ``cores`` is the physical core count the launch must fill."""
    detail = _HS_GROUP_DETAIL.format(group=group) if case == "group" else VARIANTS["PTO-HS1"][case]["detail"]
    return {"detail": detail, "requirement": _HS_REQUIREMENT[case].format(n=cores)}


def rule(code: str) -> Rule:
    """The rule with this code; raises KeyError for an unknown code."""
    return RULES[code]


def message(code: str, **fields: object) -> str:
    """The compiler's message for ``code`` with its fields filled; raises KeyError on a missing field."""
    return RULES[code].template.format(**fields)


def hint(code: str, **fields: object) -> str | None:
    """The rule's hint with its fields filled (None when the rule has no hint)."""
    text = RULES[code].hint
    return None if text is None else text.format(**fields)


def diagnostic(
    code: str,
    span: Span,
    *,
    related: Iterable[Related] = (),
    fixes: Iterable[Fix] = (),
    stage: str | None = None,
    hint_fields: Mapping[str, object] | None = None,
    **fields: object,
) -> Diagnostic:
    """The one way to build a :class:`Diagnostic`: the rule's message and hint with their fields filled, the
    rule's severity, and the rule's stage unless ``stage`` names the pass that reports it.

    ``fields`` fill the template (and the hint, unless ``hint_fields`` is given). A field that neither the
    template nor the hint names is a TypeError and a missing one a KeyError, so an emitting site cannot
    drift from its catalog entry.
    """
    r = RULES[code]
    hint_values = fields if hint_fields is None else hint_fields
    known = set(r.fields) | (set(r.hint_fields) if hint_fields is None else set())
    extra = sorted(set(fields) - known)
    if extra:
        raise TypeError(f"{code} has no field(s) {', '.join(extra)}")
    return Diagnostic(
        code,
        r.severity,
        r.template.format(**fields),
        span,
        None if r.hint is None else r.hint.format(**hint_values),
        tuple(related),
        tuple(fixes),
        r.stage if stage is None else stage,
    )


def template_regex(template: str) -> re.Pattern[str]:
    """A template as a regex: each field a non-greedy named group (a repeated field must repeat its text)."""
    parts: list[str] = []
    seen: set[str] = set()
    for literal, name, _spec, _conv in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.*?)")
            seen.add(name)
    return re.compile("".join(parts), re.S)


def match_fields(code: str, text: str) -> dict[str, str] | None:
    """The fields that make ``message(code, **fields) == text``, or None when the rule's template cannot
    read as ``text`` (for text produced outside the catalog, such as an op deducer's message)."""
    match = template_regex(RULES[code].template).fullmatch(text)
    return match.groupdict() if match else None


def variant_fields(code: str, case: str) -> dict[str, str]:
    """The exact clause texts for one named case of a rule (see :data:`VARIANTS`)."""
    return dict(VARIANTS[code][case])


def doc_anchor(code: str) -> str:
    """The anchor of the rule's row in docs/diagnostics.md, e.g. ``av-e`` for ``PTO-AV-E``."""
    rule(code)
    return code.removeprefix("PTO-").lower()


_SECTIONS: tuple[tuple[str, str], ...] = (
    ("P", "Parser: `for … in pl.split_aiv(...)`"),
    ("X", "Parser: `pl.aiv_shard` / `pl.aic_gather`"),
    ("O", "Parser: `optimizations=`, `pl.split`, `pl.cross_core_slot`"),
    ("D", "Boundary-op type deducers"),
    ("IN", "InlineFunctions: splicing inline helpers"),
    ("NQ", "Suppressions: `# noqa`"),
    ("OI", "OutlineIncoreScopes"),
    ("OC", "OutlineClusterScopes"),
    ("CT", "ConvertTensorToTileOps"),
    ("FT", "FlattenTileNdTo2D"),
    ("AV", "AivSplitValid verifier"),
    ("TM", "InferTileMemorySpace (TileMemoryInferred)"),
    ("AG", "AccToGmStoreValid verifier"),
    ("L", "LowerAutoVectorSplit"),
    ("S", "Shared split-axis messages"),
    ("E", "ExpandMixedKernel"),
    ("MK", "MixedKernelExpanded verifier"),
    ("HS", "HardSyncallOccupancy verifier"),
    ("SV", "SplitVectorKernel"),
    ("SP", "Specification rules (newer than the compiler)"),
    ("F", "Front end (parser errors and warnings)"),
    ("H", "Hazard lints"),
)


def _family(code: str) -> str:
    body = code.removeprefix("PTO-")
    if body.startswith("AV-"):
        return "AV"
    match = re.match(r"[A-Z]+", body)
    return match.group(0) if match else body


def display_template(template: str) -> str:
    """A template as the docs show it: fields as ⟨name⟩, literal braces unescaped."""
    out: list[str] = []
    for literal, name, _spec, _conv in string.Formatter().parse(template):
        out.append(literal)
        if name is not None:
            out.append(f"⟨{name}⟩")
    return "".join(out)


def _cell(text: str) -> str:
    return html.escape(text, quote=False).replace("|", "&#124;").replace("\n", "<br>")


def markdown_table() -> str:
    """The content of docs/diagnostics.md."""
    lines = [
        "# pypto-lsp diagnostics",
        "",
        "Generated by `python -m compiler.catalog > docs/diagnostics.md` from `compiler/catalog.py`; do not edit.",
        "",
        "Each code is `PTO-` plus the ID of the compiler check (`P-1` → `PTO-P1`, `AV-E` → "
        "`PTO-AV-E`); a letter suffix (`b`, `c`) marks a second or third sentence of the same check. "
        "`SP` rules come from the PyPTO specification only, `F` rules from the parser's raise sites, and `H` "
        "rules are our hazard lints. Message templates are the compiler's text; ⟨field⟩ marks a substituted value, "
        "and where the compiler prints an IR name (`mm__tile`) pypto-lsp prints the source name (`mm`).",
        "",
        f"{len(RULES)} rules.",
        "",
    ]
    by_family: dict[str, list[Rule]] = {}
    for r in RULES.values():
        by_family.setdefault(_family(r.code), []).append(r)
    for family, title in _SECTIONS:
        rules = by_family.pop(family, [])
        if not rules:
            continue
        lines += [
            f"## {title}",
            "",
            "| Code | Severity | Stage | Summary | Message |",
            "|---|---|---|---|---|",
        ]
        for r in rules:
            text = f"<code>{_cell(display_template(r.template))}</code>"
            if r.hint:
                text += f"<br>help: <code>{_cell(display_template(r.hint))}</code>"
            lines.append(
                f'| <a id="{doc_anchor(r.code)}"></a>`{r.code}`<br>{r.slug} | {r.severity.value} | {r.stage} | '
                f"{_cell(r.summary).replace('*', '&#42;')} | {text} |"
            )
        lines.append("")
    if by_family:  # pragma: no cover - guarded by tests
        raise ValueError(f"rules without a docs section: {sorted(by_family)}")
    return "\n".join(lines)


# Rules that no DSL program can trigger, with the reason: `--coverage` counts them apart from the rules
# that still need a fixture under tests/rules/.
UNREACHABLE: Mapping[str, str] = MappingProxyType(
    {
        "PTO-OI1": "backstop: the parser's PTO-P2 rejects the same program first",
        "PTO-L5": "backstop: the parser's PTO-AV-H rejects a region nested behind a scope first",
        "PTO-AV-D2": "needs hand-built IR: a boundary op's result memory is set by the op, not by source",
        "PTO-MK1": "a compiler bug: ExpandMixedKernel always splits a mixed InCore function",
        "PTO-F47": "a pypto-lsp bug by definition (the analysis itself failed)",
        "PTO-F47b": "a time budget, not a rule of the language: only a pathological body reaches it",
        "PTO-F47c": "a size limit, not a rule of the language: only a file of megabytes reaches it",
        "PTO-D1": "inside a region the parser supplies split=, and PTO-X10 rejects the outlined form without it",
        "PTO-D3": "the parser's PTO-X3 rejects a boundary op with the wrong argument count first",
        "PTO-MK7": "the wrapper's signature check (PTO-F15, a TypeError) rejects initialize_pipe with other "
        "operands first",
        "PTO-MK15": "the wrapper's signature check (PTO-F15: missing argument 'tile') rejects a bare tfree first",
        "PTO-F14": "codegen's backstop for PTO-F13, which the parser reports for the same op first",
        "PTO-F16": "a bug in an op's Python wrapper (an exception other than TypeError / ValueError); no DSL "
        "spelling reaches it",
        "PTO-F18": "a wrapper the parser puts around another error; pypto-lsp reports that error under its own "
        "code (PTO-F15, PTO-D*)",
        "PTO-F17": "a module with a Python syntax error fails to import before the parser reads any function "
        "(pypto-lsp reports it as PTO-F0 at the error); the parser re-parses source that already compiled",
        "PTO-OI4": "pl.at takes no predicate=; a waiter under pl.spmd(predicate=...) is rejected by PTO-OI3 first",
        "PTO-E2": "backstop: a waiter scope outside orchestration code (under pl.spmd or pl.cluster) is rejected by "
        "PTO-OI3 first, and a hand-written waiter kernel by PTO-E4",
        "PTO-E3": "backstop for PTO-OI5, which rejects allow_early_resolve=True on the waiter's scope first",
        "PTO-E3b": "backstop for PTO-OI4 (see there): a waiter task cannot be given a dispatch predicate",
        "PTO-E3c": "a waiter gets core_num / sync_start only from pl.spmd (PTO-OI3 rejects it first) or from a "
        "submit of a hand-written waiter kernel (PTO-E4 rejects it first)",
        "PTO-E5": "checks functions that carry the deferred-waiter attribute, which only the pl.at scope form sets "
        "from DSL source; a hand-written waiter is rejected by PTO-E4 first",
        "PTO-E5b": "as PTO-E5: the waiter attribute with core_num / sync_start needs hand-built IR",
        "PTO-E5c": "as PTO-E5: a waiter attribute without a task-level call site needs hand-built IR",
        "PTO-L6": "backstop that DSL source does not reach: a scope inside a pl.split_aiv region body is outlined "
        "before LowerAutoVectorSplit runs",
        "PTO-TM2": "backstop: InferTileMemorySpace inserts a tile.move before every constrained input whose "
        "space is not allowed, so the verifier after it finds none from DSL source",
        "PTO-E7": "backstop: the parser's arity check (PTO-F36) rejects a Group's member call with the wrong "
        "argument count first, and the submit form that may omit Out arguments is orchestration-only",
    }
)

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "rules"


def coverage(fixtures: Path = FIXTURES) -> tuple[list[str], list[str], list[str]]:
    """(rules with a fixture, rules marked unreachable, rules missing both)."""
    have = {p.stem for p in fixtures.glob("PTO-*.py")} if fixtures.is_dir() else set()
    # The hazard lints keep their faulty / correct twins in tests/hazards/ (h1_*.py ... h8_*.py).
    hazards = fixtures.parent / "hazards"
    if hazards.is_dir():
        have |= {f"PTO-H{p.name[1:].split('_', 1)[0]}" for p in hazards.glob("h*_*.py")}
    with_fixture = [c for c in RULES if c in have]
    unreachable = [c for c in RULES if c not in have and c in UNREACHABLE]
    missing = [c for c in RULES if c not in have and c not in UNREACHABLE]
    return with_fixture, unreachable, missing


def coverage_report(fixtures: Path = FIXTURES) -> tuple[str, int]:
    """The `--coverage` text (one line per rule without a fixture, then the totals) and the exit status."""
    with_fixture, unreachable, missing = coverage(fixtures)
    lines = [f"{code}: unreachable ({UNREACHABLE[code]})" for code in unreachable]
    lines += [f"{code}: no fixture (tests/rules/{code}.py)" for code in missing]
    lines.append(
        f"{len(RULES)} rules: {len(with_fixture)} with a fixture, {len(unreachable)} unreachable (with reason), "
        f"{len(missing)} missing"
    )
    return "\n".join(lines), 1 if missing else 0


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["--coverage"]:
        report, status = coverage_report()
        print(report)
        raise SystemExit(status)
    print(markdown_table())
