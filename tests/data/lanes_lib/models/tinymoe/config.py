"""Shapes of a tiny mixture-of-experts layer, in the style of a kernel library's config module."""

from dataclasses import dataclass


@dataclass(frozen=True)
class MoeConfig:
    n_experts: int = 16
    score_pad: int = 16
    clamp: float = 0.0


MOE = MoeConfig()
TOKENS = 16
