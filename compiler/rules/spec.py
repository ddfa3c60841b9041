"""Spec-only rules (shared/spec/DELTAS.md, 000, 003, 004). Where the spec quotes no text, the text is ours."""

from __future__ import annotations

from compiler.diagnostics import Note
from compiler.rules.book import RuleBook
from compiler.rules.shared import H_CROSS_CORE_SLOT

BOOK = RuleBook()
_r = BOOK.rule

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
    fix_title="Use {text}",
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

# Notes: the labels of related locations.

CALLED_FROM_GROUP = Note("called from Group '{group}' here")
GROUP_RETURNS_IT = Note("Group '{group}' returns it here")
MEMBER_CALL_RESULT = Note("result of this '{member}' call")
PEER_BUFFER_IMPORTED = Note("the peer buffer is imported here")
PIPE_INITIALIZED = Note("initialize_pipe of pipe {pipe} in '{function}'")
LAST_TPOP = Note("last tpop_from_aiv of pipe {pipe} in '{function}'")
PEER_AIC_FUNCTION = Note("peer AIC function '{function}'")
LAST_TPUSH = Note("last tpush_to_aic of pipe {pipe} in '{function}'")
PAIRED_TPOP = Note("the paired tpop_from_aiv in '{function}'")
PIPE_SLOT_SIZE = Note("slot_size={slot_size} of pipe {pipe} in '{function}'")
EARLIER_CROSSING = Note("earlier crossing under mode={mode}")
