"""pypto-lsp's model of the PyPTO compiler front half. Never imports or executes user code."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from compiler.analysis import Analysis
    from compiler.pipeline import analyze

__all__ = ["Analysis", "analyze"]


def __getattr__(name: str) -> Any:
    """`compiler.analyze` / `compiler.Analysis`, imported on first use: importing a light module (the op
    registry, the rule catalog) does not load the whole pipeline."""
    if name == "analyze":
        from compiler.pipeline import analyze

        return analyze
    if name == "Analysis":
        from compiler.analysis import Analysis

        return Analysis
    raise AttributeError(name)
