"""pypto-lsp's model of the PyPTO compiler front half. Never imports or executes user code."""

from compiler.analysis import Analysis
from compiler.pipeline import analyze

__all__ = ["Analysis", "analyze"]
