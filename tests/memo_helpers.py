"""Helpers of the statement-memo tests: memos on bodies short to read, and the statements the checks look up."""

from __future__ import annotations

import pytest

from compiler.frontend.checks.state import StatementChecks


def memos_on_short_bodies(monkeypatch: pytest.MonkeyPatch) -> None:
    """The memos are kept for long bodies only; the tests' bodies are long in statements, short to read."""
    import compiler.memo

    monkeypatch.setattr(compiler.memo, "MEMO_MIN_LINES", 1)


def looked_up(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The statements the checks look up one by one in their memo, one entry per look-up."""
    seen: list[object] = []
    original = StatementChecks.reuse

    def reuse(self: StatementChecks, node: object, context: object = None) -> object:
        seen.append(node)
        return original(self, node, context)

    monkeypatch.setattr(StatementChecks, "reuse", reuse)
    return seen
