"""HardSyncallOccupancy verifier (reference §2.10)."""

from __future__ import annotations

from compiler.diagnostics import Note
from compiler.rules.book import RuleBook

_CORE_KIND = {
    "aiv": {"detail": '(core_type="aiv_only")'},
    "aic": {"detail": '(core_type="aic_only")'},
}
"""PTO-HS1 ... PTO-HS3 ``detail`` for a standalone AIV / AIC kernel (a Group's comes from occupancy_fields)."""

BOOK = RuleBook()
_r = BOOK.rule

_HS = "HardSyncallOccupancy"
_r(
    "PTO-HS1",
    "hard-syncall-width",
    _HS,
    "hard pl.system.syncall{detail} requires the SPMD launch to {requirement}, but the launch has {blocks} "
    'blocks. Use mode="soft" (GM-polling) for partial occupancy.',
    "A hard syncall launched with a literal width other than the physical core count (a2a3: 24 AIC / 48 "
    "AIV; a5: 36 / 72); see variant_fields.",
    variants=_CORE_KIND,
)
_r(
    "PTO-HS2",
    "hard-syncall-wrong-query",
    _HS,
    "hard pl.system.syncall{detail} requires the SPMD launch to {requirement}, but the launch sizes itself "
    'on {used_query}. Use {expected_query} instead, or mode="soft" (GM-polling) for partial occupancy.',
    "A hard syncall launched on the other core type's launch-shape query.",
    variants=_CORE_KIND,
)
_r(
    "PTO-HS3",
    "hard-syncall-sync-start",
    _HS,
    "hard pl.system.syncall{detail} requires the SPMD launch to set sync_start=True so all blocks are "
    "co-resident at the FFTS barrier; without it the runtime may dispatch blocks in waves and the barrier "
    'deadlocks on device (507018). Add sync_start=True to the launch, or use mode="soft" (GM-polling).',
    "A hard syncall whose launch lacks sync_start=True.",
    variants=_CORE_KIND,
)
_r(
    "PTO-HS4",
    "hard-syncall-core-type",
    _HS,
    'hard pl.system.syncall(core_type="{core_type}") can never complete in a {launch} launch: it waits for '
    "all {missing} cores, but a single-core-type SPMD launch provides none of them. Use a barrier core_type "
    "that matches the launch, or launch this barrier from a mixed (cube+vector) kernel.",
    "A hard syncall whose core_type waits for a core type the single-core-type launch does not have.",
    variants={
        "aiv": {
            "launch": "vector-only (AIV)",
            "missing": "CUBE",
        },
        "aic": {
            "launch": "cube-only (AIC)",
            "missing": "VECTOR",
        },
    },
)

_r(
    "PTO-HS9",
    "atomic-add-bf16-backend",
    "AtomicAddDtypeValid",
    "atomic-add into a bf16 global tensor is not supported on the '{target}' backend (function '{function}'). "
    "bf16 atomic-add requires the Ascend910B (A2/A3) profile, whose store pipe honours set_atomic_bf16. "
    "Accumulate into an fp32 tensor and cast to bf16 after the reduction instead.",
    "A store, assemble, put or remote_store with atomic=AtomicType.Add into a BF16 tensor when the target is a5 "
    "(Ascend950), whose store pipe has no bf16 atomic-add (the program-input AtomicAddDtypeValid verifier).",
    "Accumulate into an FP32 tensor with atomic=AtomicType.Add and cast it to BF16 after the reduction.",
)


_HS_REQUIREMENT = {
    "aiv": "fill all {n} AIV cores (one block per physical core)",
    "aic": "fill all {n} AIC cores (one block per physical core)",
    "group": "fill all {n} core-groups (one block per core-group, i.e. all {n} AIC cores)",
}
_HS_GROUP_DETAIL = " in mixed kernel '{group}'"


def occupancy_fields(case: str, cores: int, group: str = "") -> dict[str, str]:
    """``detail`` and ``requirement`` of PTO-HS1 ... PTO-HS3 for a standalone ``aiv`` / ``aic`` kernel or a
    mixed ``group``, where ``cores`` is the physical core count the launch must fill."""
    detail = _HS_GROUP_DETAIL.format(group=group) if case == "group" else _CORE_KIND[case]["detail"]
    return {"detail": detail, "requirement": _HS_REQUIREMENT[case].format(n=cores)}


# Notes: the labels of related locations.

LAUNCHED_HERE = Note("launched here")
