"""What the parse-stage checks produce for the passes, per function."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.ops.resolve import Resolution
from compiler.source import Span
from compiler.types import ValueType


@dataclass(frozen=True, slots=True)
class ScopeInfo:
    """What the passes need to know about a `with pl.at(CORE_GROUP)` / spmd InCore scope."""

    split: str | None  # NONE / UP_DOWN / LEFT_RIGHT from optimizations=[pl.split(...)]
    slot_num: int | None
    local_slot_num: int | None
    name_hint: str | None


@dataclass(slots=True)
class FunctionFacts:
    """Per-function results of the parse stage."""

    types: dict[str, ValueType] = field(default_factory=dict)
    calls: dict[Span, Resolution] = field(default_factory=dict)
    scopes: dict[Span, ScopeInfo] = field(default_factory=dict)
    regions: dict[Span, str] = field(default_factory=dict)  # region span -> mode
    bad: bool = False  # a parse error: later passes skip this function
