"""Diagnostics produced by the compiler model (protocol-free)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from compiler.source import Span


class Severity(enum.Enum):
    """How serious a diagnostic is."""

    ERROR = "error"
    WARNING = "warning"
    INFORMATION = "information"
    HINT = "hint"


@dataclass(frozen=True, slots=True)
class Related:
    """A secondary location that explains a diagnostic (where a value was produced, ...)."""

    span: Span
    message: str


@dataclass(frozen=True, slots=True)
class Fix:
    """A machine-readable description of a quick fix; pypto_lsp turns it into text edits."""

    kind: str
    span: Span
    args: tuple[tuple[str, str], ...] = ()

    def arg(self, name: str, default: str = "") -> str:
        """Look up one named argument of the fix."""
        for key, value in self.args:
            if key == name:
                return value
        return default


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding: a stable code, the compiler's message text, and the exact range."""

    code: str
    severity: Severity
    message: str
    span: Span
    hint: str | None = None
    related: tuple[Related, ...] = ()
    fixes: tuple[Fix, ...] = ()
    stage: str = "parse"
    tags: tuple[str, ...] = field(default=())

    @property
    def is_error(self) -> bool:
        """True for error severity."""
        return self.severity is Severity.ERROR
