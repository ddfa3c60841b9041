"""Custom request pypto/expandedKernels: the kernel(s) as ExpandMixedKernel leaves them, with the source line
each view line comes from (so the editor can lead back to it)."""

from __future__ import annotations

import re
from pathlib import Path

from compiler.analysis import Analysis, KernelInfo
from compiler.navigation import reach
from compiler.navigation.index import DocumentIndex
from compiler.navigation.workspace import Workspace

METHOD = "pypto/expandedKernels"
# Labels the view uses for a source line: `L20`, `line 19`, or `helpers.py:22` for a helper of another file.
_LABEL = re.compile(r"(?P<file>[\w./-]+\.py):(?P<fline>\d+)\b|\bL(?P<line>\d+)\b|\bline (?P<word>\d+)\b")


def kernels_for(
    analysis: Analysis, line: int | None, nav: DocumentIndex | None = None, workspace: Workspace | None = None
) -> tuple[KernelInfo, ...]:
    """The kernels shown for a line: those it opens or reaches through a helper, else the one around it;
    every kernel when line is None."""
    if line is None:
        return tuple(k for k in analysis.kernels if k.expanded_text)
    reached = reach.kernels_on_line(analysis, nav, workspace, line)
    if reached.kernels:
        return reached.kernels
    kernel = analysis.kernel_at(line)
    return (kernel,) if kernel is not None else tuple(k for k in analysis.kernels if k.expanded_text)


def expanded_text(
    analysis: Analysis,
    line: int | None,
    nav: DocumentIndex | None = None,
    workspace: Workspace | None = None,
) -> str:
    """Expanded text of the kernels at the 1-based line (a list of them first when there are several),
    or of every kernel when line is None."""
    kernels = kernels_for(analysis, line, nav, workspace)
    texts = [k.expanded_text for k in kernels if k.expanded_text]
    if len(kernels) > 1 and line is not None:
        listing = [
            f"# {len(kernels)} kernels: " + ", ".join(f"{k.name} ({reach.lane_of(k)})" for k in kernels)
        ]
        return "\n\n".join(["\n".join(listing), *texts])
    return "\n\n".join(texts)


def source_lines(text: str, document: str) -> list[tuple[int, str, int]]:
    """(view line 0-based, source path, source line 1-based) for each view line that names a source line."""
    folder = Path(document).parent
    out: list[tuple[int, str, int]] = []
    for number, view_line in enumerate(text.split("\n")):
        match = _LABEL.search(view_line)
        if match is None:
            continue
        if match.group("file"):
            path = str((folder / match.group("file")).resolve())
            out.append((number, path, int(match.group("fline"))))
        else:
            out.append((number, document, int(match.group("line") or match.group("word"))))
    return out
