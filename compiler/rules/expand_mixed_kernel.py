"""ExpandMixedKernel (reference §2.10)."""

from __future__ import annotations

from compiler.diagnostics import Note
from compiler.rules.book import RuleBook

BOOK = RuleBook()
_r = BOOK.rule

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
    'A hand-written deferred waiter (pl.func_attr({"deferred_completion_waiter": True})) called from a '
    "function that is not Orchestration (a waiter scope under pl.spmd or pl.cluster is rejected by PTO-OI3 first).",
)
_r(
    "PTO-E3",
    "deferred-waiter-early-resolve",
    _EM,
    "deferred waiter '{group}' cannot use allow_early_resolve=True",
    'A hand-written deferred waiter called with attrs={"allow_early_resolve": True} (on a waiter\'s pl.at scope '
    "PTO-OI5 rejects it first).",
)
_r(
    "PTO-E3b",
    "deferred-waiter-predicate",
    _EM,
    "deferred waiter '{group}' cannot use a dispatch predicate",
    'A hand-written deferred waiter called with attrs={"predicate": ...}.',
)
_r(
    "PTO-E3c",
    "deferred-waiter-multi-block",
    _EM,
    "deferred waiter '{group}' must be a single-block task and cannot use core_num or sync_start",
    'A hand-written deferred waiter called with attrs={"core_num": ...} or sync_start=True (under pl.spmd '
    "PTO-OI3 rejects a waiter scope first).",
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
    'A function marked a deferred waiter (pl.func_attr({"deferred_completion_waiter": True})) that is not '
    "InCore or AIV.",
)
_r(
    "PTO-E5b",
    "deferred-waiter-launch",
    _EM,
    "deferred waiter '{function}' must be a single-block task and cannot carry core_num or sync_start",
    "A function marked a deferred waiter that also carries the core_num or sync_start attribute.",
)
_r(
    "PTO-E5c",
    "deferred-waiter-no-call-site",
    _EM,
    "deferred waiter '{function}' has no task-level Orchestration call site; a printable function attr "
    "alone is not a valid deferred-completion contract",
    "A function marked a deferred waiter that no function of its program calls (the attribute alone is no "
    "contract).",
)
_r(
    "PTO-E6",
    "deferred-waiter-not-aiv",
    _EM,
    "deferred waiter '{function}' must lower to a pure AIV kernel; AIC and mixed AIC/AIV waiters are not "
    "supported",
    "A defer_wait function whose affinity is CUBE or MIXED.",
    unreachable=(
        "the waiter contract (PTO-OI7 .. OI12b), which OutlineIncoreScopes runs on every waiter scope and "
        "ExpandMixedKernel again on every waiter just before this check, admits only defer_wait registrations, "
        "pl.read of a tensor and scalar arithmetic; none of them has a cube affinity, so a waiter that passes it "
        "is never CUBE or MIXED (a matmul in a waiter is PTO-OI7)"
    ),
)
_r(
    "PTO-E7",
    "group-member-arity",
    _EM,
    "Group '{group}' calls member '{member}' with {n} arguments, but its signature has {expected}",
    "Hand-written pl.cluster Group ABI normalization: a member call with the wrong argument count.",
    unreachable=(
        "backstop: the parser's arity check (PTO-F36) rejects a Group's member call with the wrong "
        "argument count first, and the submit form that may omit Out arguments is orchestration-only"
    ),
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

_r(
    "PTO-E10",
    "cross-core-move-into-acc",
    _EM,
    "cross-core move destination must be Vec, Mat, Left, or Right, got 5",
    "An accumulator that reaches a cube matmul from the vector side, so the compiler would move it across the "
    "cores into Acc, which the cross-core transfer cannot target (an internal error at e2d0f78): a "
    "tensor.matmul_acc whose accumulator is a GM tensor (loaded into Vec), or a batch_matmul_acc of more than "
    "one batch (FlattenTileNdTo2D unrolls it into per-batch slices and assembles of the accumulator).",
    "Start the accumulation on the cube side: produce the accumulator with a matmul (or pl.create_tile(..., "
    "target_memory=pl.Mem.Acc)), and accumulate one batch per matmul_acc.",
)

# Notes: the labels of related locations.

SPLIT_REQUESTED = Note("pl.split({mode}) requested here")
MEMBER_CALLED_WITH = Note("member '{name}' is called with ({params})")
EXTERNAL_MEMBER_CALLED_WITH = Note("external member '{name}' is called with ({params})")
