"""Suppressions: `# noqa` directives."""

from __future__ import annotations

from compiler.diagnostics import Severity
from compiler.rules.book import RuleBook

_I = Severity.HINT

BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-NQ1",
    "unused-noqa",
    "parse",
    "Unused `noqa` directive (unused: {codes})",
    "A `# noqa` comment that silences nothing on its line.",
    "Remove the directive, or the codes it no longer needs.",
    _I,
)
