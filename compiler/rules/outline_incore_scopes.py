"""OutlineIncoreScopes (reference §2.3)."""

from __future__ import annotations

from compiler.rules.book import RuleBook

BOOK = RuleBook()
_r = BOOK.rule

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
    unreachable="backstop: the parser's PTO-P2 rejects the same program first",
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
    unreachable=(
        "pl.at takes no predicate=; a waiter under pl.spmd(predicate=...) is rejected by PTO-OI3 first"
    ),
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

# The deferred-waiter task contract (deferred_wait_contract.h), run on every scope the outliners lift that holds
# a pld.system.defer_wait, before the scope's own checks (PTO-OI2 / OI3), and again by ExpandMixedKernel on a
# hand-written waiter: the body holds only scalar bookkeeping and defer_wait registrations.
_WAITER = "The body of a deferred waiter holds only defer_wait registrations and scalar bookkeeping"
_r(
    "PTO-OI7",
    "waiter-payload-tensor",
    "OutlineIncoreScopes",
    "deferred waiter is registration-only and cannot create or update payload tensors",
    "A deferred waiter (a pl.at holding pld.system.defer_wait) that computes or writes a tensor.",
    f"{_WAITER}: move the tensor work into a later pl.at(..., deps=[wait_tid]) task.",
)
_r(
    "PTO-OI8",
    "waiter-unexpected-op",
    "OutlineIncoreScopes",
    "deferred waiter is registration-only; unexpected operation '{op}'",
    "A statement-level op other than pld.system.defer_wait in a deferred waiter.",
    f"{_WAITER}: move this op into another pl.at task.",
)
_r(
    "PTO-OI8b",
    "waiter-scalar-op",
    "OutlineIncoreScopes",
    "deferred waiter scalar bookkeeping supports only a pre-registration tensor.read call; unexpected operation "
    "'{op}'",
    "An op call (other than a pl.read before the first registration) in a deferred waiter's scalar values.",
    "Compute the value before the waiter and pass it in, or read it with pl.read before the first registration.",
)
_r(
    "PTO-OI9",
    "waiter-work-after-registration",
    "OutlineIncoreScopes",
    "deferred waiter cannot execute tensor reads, payload, cache, communication, or continuation work after "
    "pld.system.defer_wait registration begins",
    "A pl.read (or other work) after the first pld.system.defer_wait of a deferred waiter.",
    "Do every pl.read of the waiter before its first pld.system.defer_wait.",
)
_r(
    "PTO-OI9b",
    "waiter-loop-reads",
    "OutlineIncoreScopes",
    "deferred waiter loop may execute tensor reads or continuation work after registering its first condition; "
    "loop bodies may contain only pure scalar bookkeeping, control flow, and defer_wait registrations",
    "A registration loop of a deferred waiter that also reads a tensor: its second trip reads after a registration.",
    "Read the values before the loop (or register once per waiter task).",
)
_r(
    "PTO-OI10",
    "waiter-condition-budget",
    "OutlineIncoreScopes",
    "deferred waiter supports at most 64 conditions, but may statically register {count}",
    "A deferred waiter that may register more than 64 conditions (the runtime's per-task completion budget).",
    "Split the registrations over several waiter tasks of at most 64 conditions each.",
)
_r(
    "PTO-OI10b",
    "waiter-loop-trip-count",
    "OutlineIncoreScopes",
    "deferred waiter registration loop must have a statically known positive trip count so the per-waiter "
    "condition budget can be proved",
    "A registration loop of a deferred waiter whose trip count is a run-time value.",
    "Give the loop constant bounds (pl.range(4)) and guard each registration with an if on the run-time value.",
)
_r(
    "PTO-OI11",
    "waiter-parallel-loop",
    "OutlineIncoreScopes",
    "deferred waiter supports only sequential/unrolled scalar registration loops",
    "A pl.parallel loop in a deferred waiter.",
    "Use pl.range (or pl.unroll) for the registration loop.",
)
_r(
    "PTO-OI11b",
    "waiter-statement-kind",
    "OutlineIncoreScopes",
    "deferred waiter body supports only scalar assignments/control flow and pld.system.defer_wait registrations",
    "A while loop or a break in a deferred waiter.",
    "Write the registrations with a pl.range loop of constant bounds and if statements.",
)
_r(
    "PTO-OI12",
    "waiter-defer-wait-assigned",
    "OutlineIncoreScopes",
    "pld.system.defer_wait is side-effect-only and must be used as a standalone statement",
    "The result of pld.system.defer_wait bound to a name.",
    "Call pld.system.defer_wait(...) as a statement of its own.",
)
_r(
    "PTO-OI12b",
    "waiter-returns-value",
    "OutlineIncoreScopes",
    "deferred waiter is registration-only and cannot return a value",
    "A return with a value inside a deferred waiter.",
    "Return after the waiter's pl.at scope, not inside it.",
)
