"""Custom request pypto/expandedKernels: the kernel(s) as ExpandMixedKernel leaves them."""

from __future__ import annotations

from compiler.analysis import Analysis

METHOD = "pypto/expandedKernels"


def expanded_text(analysis: Analysis, line: int | None) -> str:
    """Expanded text of the kernel at the 1-based line, or of every kernel when line is None."""
    if line is not None:
        kernel = analysis.kernel_at(line)
        if kernel is not None:
            return kernel.expanded_text
    return "\n\n".join(k.expanded_text for k in analysis.kernels if k.expanded_text)
