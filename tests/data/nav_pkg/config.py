"""Model presets of the navigation test package (a real library's config module, in its style)."""

import os
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class ModelConfig:
    name: str
    hidden_size: int
    num_heads: int
    tile_rows: int
    rms_eps: float = 1e-6

    @property
    def head_dim(self) -> int:
        return self.hidden_size // self.num_heads


TINY = ModelConfig("tiny", hidden_size=128, num_heads=2, tile_rows=64)
BASE = ModelConfig("base", hidden_size=256, num_heads=4, tile_rows=64)
PRESETS = {cfg.name: cfg for cfg in (TINY, BASE)}
ACTIVE = replace(PRESETS[os.environ.get("NAV_PRESET", "tiny")], rms_eps=1e-5)

TILE_ROWS = ACTIVE.tile_rows
K_TILE = 64
