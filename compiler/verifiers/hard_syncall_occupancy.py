"""HardSyncallOccupancy: a hard pl.system.syncall needs a launch that fills every core (HS-1 ... HS-4).

Also the hazard lint for a hard barrier whose launch is not sized by an inline
pl.system.available_*_count() (a literal width, or the query bound to a name first).
"""

from __future__ import annotations

from typing import Any

from compiler.analysis import KernelInfo
from compiler.catalog import diagnostic, variant_fields
from compiler.diagnostics import Diagnostic, Related, Remark
from compiler.fixes import SuggestText
from compiler.incremental import IdentityMemo
from compiler.passes.model import Kernel, TOp, ops_of
from compiler.rules.hard_syncall_occupancy import LAUNCHED_HERE, occupancy_fields
from compiler.rules.hazards import BOUND_QUERY, HARD_BARRIER, LITERAL_WIDTH


def _first_hard_syncall(kernel: Kernel) -> TOp | None:
    return next((op for op, _ in ops_of(kernel.body) if _is_hard_syncall(op)), None)


CORES = {"a2a3": (24, 48), "a5": (36, 72)}  # (AIC, AIV)
_STRING = {"AIC": "aic_only", "AIV": "aiv_only", "MIX": "mix"}


def verify(
    kernels: list[Kernel], infos: list[KernelInfo], target: str, memo: IdentityMemo | None = None
) -> list[Diagnostic]:
    """Check each launch site of a kernel that holds a hard syncall (`memo`: each kernel's, by identity)."""
    memo = memo if memo is not None else IdentityMemo()
    out: list[Diagnostic] = []
    aic_cores, aiv_cores = CORES.get(target, CORES["a2a3"])
    for kernel, info in zip(kernels, infos, strict=False):
        launch = kernel.launch
        if launch is None:
            continue
        syncall = memo.get(kernel, _first_hard_syncall)
        if syncall is None:
            continue
        core = str(syncall.kwarg("core_type") or "MIX").upper()
        related = (LAUNCHED_HERE.at(launch.span),)
        kind = "AIC" if kernel.func_type == "AIC" else "AIV" if kernel.func_type == "AIV" else info.func_type
        dual = bool(dict(kernel.attrs).get("dual_aiv_dispatch"))
        if (kind == "AIV" and not dual and core != "AIV") or (kind == "AIC" and core != "AIC"):
            out.append(
                _diag(
                    "PTO-HS4",
                    syncall,
                    related,
                    core_type=_STRING.get(core, core.lower()),
                    **variant_fields("PTO-HS4", kind.lower()),
                )
            )
            continue
        if kind == "AIV":
            fields = occupancy_fields("aiv", aiv_cores)
            need, query, other = aiv_cores, "available_aiv_count", "available_cluster_count"
        elif kind == "AIC":
            fields = occupancy_fields("aic", aic_cores)
            need, query, other = aic_cores, "available_cluster_count", "available_aiv_count"
        else:
            fields = occupancy_fields("group", aic_cores, kernel.name)
            need, query, other = aic_cores, "available_cluster_count", "available_aiv_count"
        width = launch.width
        if isinstance(width, int) and width != need:
            out.append(_diag("PTO-HS1", syncall, related, blocks=width, **fields))
            continue
        if width == other:
            out.append(
                _diag(
                    "PTO-HS2",
                    syncall,
                    related,
                    used_query=f"pl.system.{other}()",
                    expected_query=f"pl.system.{query}()",
                    **fields,
                )
            )
            continue
        if not launch.sync_start:
            out.append(_diag("PTO-HS3", syncall, related, detail=fields["detail"]))
            continue
        problem = _width_problem(launch.width, launch.bound_query)
        if problem is not None:
            inline = f"pl.system.{query}()"
            fixes = (
                (SuggestText(launch.width_span, inline),)
                if launch.width_span is not None and isinstance(launch.width, int)
                else ()  # a bound name keeps its assignment: replacing the use would leave it unused
            )
            out.append(
                diagnostic(
                    "PTO-H7",
                    launch.span,
                    fixes=fixes,
                    related=(HARD_BARRIER.at(syncall.call_span),),
                    hint_fields={"query": f"pl.system.{query}()"},
                    kernel=kernel.name,
                    launch=problem,
                )
            )
    return out


def _width_problem(width: object, bound_query: str | None) -> Remark | None:
    """What is wrong with a full-occupancy launch width, or None when it is the inline device query."""
    if isinstance(width, int):
        return LITERAL_WIDTH.remark(width=width)
    if bound_query is not None:
        return BOUND_QUERY.remark(query=bound_query)
    return None


def _is_hard_syncall(op: TOp) -> bool:
    return op.op == "system.syncall" and str(op.kwarg("mode") or "HARD").upper() != "SOFT"


def _diag(code: str, syncall: TOp, related: tuple[Related, ...], **fields: Any) -> Diagnostic:
    return diagnostic(code, syncall.call_span, related=related, **fields)
