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
