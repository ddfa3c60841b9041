"""MixedKernelExpanded: the hand-written pipe rules for AIC / AIV functions (MK-*)."""

from __future__ import annotations

from compiler.diagnostics import Diagnostic
from compiler.passes.model import Kernel
from compiler.passes.outline_incore_scopes import GroupInfo


def verify(kernels: list[Kernel], groups: list[GroupInfo]) -> list[Diagnostic]:
    """Check every hand-written AIC / AIV kernel's pipe setup and tpop / tfree pairing."""
    del kernels, groups
    return []
