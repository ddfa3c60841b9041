"""Shapes of a tiny decoder, in the style of a kernel library's config module."""

from dataclasses import dataclass


@dataclass(frozen=True)
class TinyConfig:
    batch: int = 16
    hidden: int = 256
    inter: int = 512
    eps: float = 1e-6

    @property
    def hidden_inv(self) -> float:
        return 1.0 / self.hidden


TINY = TinyConfig()
