"""HardSyncallOccupancy: a hard pl.system.syncall needs a launch that fills every core (HS-1 ... HS-4).

Also the hazard lint for a hard barrier launched with a literal width (spec 004: size the launch with
an inline pl.system.available_*_count()).
"""

from __future__ import annotations

from compiler.analysis import KernelInfo
from compiler.diagnostics import Diagnostic, Related, Severity
from compiler.passes.model import Kernel, TOp, ops_of

CORES = {"a2a3": (24, 48), "a5": (36, 72)}  # (AIC, AIV)
_STRING = {"AIC": "aic_only", "AIV": "aiv_only", "MIX": "mix"}


def verify(kernels: list[Kernel], infos: list[KernelInfo], target: str) -> list[Diagnostic]:
    """Check each launch site of a kernel that holds a hard syncall."""
    out: list[Diagnostic] = []
    aic_cores, aiv_cores = CORES.get(target, CORES["a2a3"])
    for kernel, info in zip(kernels, infos, strict=False):
        launch = kernel.launch
        if launch is None:
            continue
        syncall = next((op for op, _ in ops_of(kernel.body) if _is_hard_syncall(op)), None)
        if syncall is None:
            continue
        core = str(syncall.kwarg("core_type") or "MIX").upper()
        core_text = _STRING.get(core, core.lower())
        related = (Related(launch.span, "launched here"),)
        kind = "AIC" if kernel.func_type == "AIC" else "AIV" if kernel.func_type == "AIV" else info.func_type
        dual = bool(dict(kernel.attrs).get("dual_aiv_dispatch"))
        if (kind == "AIV" and not dual and core != "AIV") or (kind == "AIC" and core != "AIC"):
            lane, wait = ("vector-only (AIV)", "CUBE") if kind == "AIV" else ("cube-only (AIC)", "VECTOR")
            out.append(
                _diag(
                    "PTO-HS4",
                    f'hard pl.system.syncall(core_type="{core_text}") can never complete in a {lane} launch: it '
                    f"waits for all {wait} cores, but a single-core-type SPMD launch provides none of them. Use a "
                    "barrier core_type that matches the launch, or launch this barrier from a mixed (cube+vector) "
                    "kernel.",
                    syncall,
                    related,
                )
            )
            continue
        if kind == "AIV":
            detail, need, query, other = (
                f'(core_type="{core_text}")',
                aiv_cores,
                "available_aiv_count",
                "available_cluster_count",
            )
            requirement = f"fill all {aiv_cores} AIV cores (one block per physical core)"
        elif kind == "AIC":
            detail, need, query, other = (
                f'(core_type="{core_text}")',
                aic_cores,
                "available_cluster_count",
                "available_aiv_count",
            )
            requirement = f"fill all {aic_cores} AIC cores (one block per physical core)"
        else:
            detail, need, query, other = (
                f" in mixed kernel '{kernel.name}'",
                aic_cores,
                "available_cluster_count",
                "available_aiv_count",
            )
            requirement = (
                f"fill all {aic_cores} core-groups (one block per core-group, i.e. all {aic_cores} AIC cores)"
            )
        width = launch.width
        if isinstance(width, int) and width != need:
            out.append(
                _diag(
                    "PTO-HS1",
                    f"hard pl.system.syncall{detail} requires the SPMD launch to {requirement}, but the launch has "
                    f'{width} blocks. Use mode="soft" (GM-polling) for partial occupancy.',
                    syncall,
                    related,
                )
            )
            continue
        if width == other:
            out.append(
                _diag(
                    "PTO-HS2",
                    f"hard pl.system.syncall{detail} requires the SPMD launch to {requirement}, but the launch sizes "
                    f'itself on pl.system.{other}(). Use pl.system.{query}() instead, or mode="soft" (GM-polling) '
                    "for partial occupancy.",
                    syncall,
                    related,
                )
            )
            continue
        if not launch.sync_start:
            out.append(
                _diag(
                    "PTO-HS3",
                    f"hard pl.system.syncall{detail} requires the SPMD launch to set sync_start=True so all blocks "
                    "are co-resident at the FFTS barrier; without it the runtime may dispatch blocks in waves and the "
                    'barrier deadlocks on device (507018). Add sync_start=True to the launch, or use mode="soft" '
                    "(GM-polling).",
                    syncall,
                    related,
                )
            )
            continue
        if isinstance(width, int):
            out.append(
                Diagnostic(
                    "PTO-H7",
                    Severity.WARNING,
                    f"hard pl.system.syncall in '{kernel.name}' is launched with the literal width {width}: a device "
                    f"with fewer cores deadlocks at the barrier. Size the launch inline with pl.system.{query}().",
                    launch.span,
                    None,
                    (Related(syncall.call_span, "the hard barrier"),),
                    (),
                    "lint",
                )
            )
    return out


def _is_hard_syncall(op: TOp) -> bool:
    return op.op == "system.syncall" and str(op.kwarg("mode") or "HARD").upper() != "SOFT"


def _diag(code: str, message: str, syncall: TOp, related: tuple[Related, ...]) -> Diagnostic:
    return Diagnostic(
        code, Severity.ERROR, message, syncall.call_span, None, related, (), "HardSyncallOccupancy"
    )
