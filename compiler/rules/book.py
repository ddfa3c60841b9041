"""The declaration of a family's rules (see ``compiler/rules/__init__.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from compiler.diagnostics import Rule, Severity


class RuleBook:
    """The rules of one family, in declaration order."""

    def __init__(self) -> None:
        self.rules: list[Rule] = []

    def rule(
        self,
        code: str,
        slug: str,
        stage: str,
        template: str,
        summary: str,
        hint: str | None = None,
        severity: Severity = Severity.ERROR,
        *,
        fix_title: str | None = None,
        unreachable: str | None = None,
        variants: Mapping[str, Mapping[str, str]] | None = None,
    ) -> Rule:
        """Declare one rule (``template``: the compiler's text as a ``str.format`` template)."""
        frozen = MappingProxyType({case: MappingProxyType(dict(v)) for case, v in (variants or {}).items()})
        entry = Rule(code, slug, stage, severity, template, hint, summary, fix_title, unreachable, frozen)
        self.rules.append(entry)
        return entry
