"""Model presets for the test kernel package (real-library style: chosen by an environment variable)."""

import os
import sys
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class LayerConfig:
    name: str
    hidden: int
    heads: int
    tile_rows: int
    eps: float = 1e-6

    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads

    @property
    def k_tiles(self) -> int:
        return max(self.hidden // 128, 1)


SMALL = LayerConfig("small", hidden=128, heads=2, tile_rows=64)
WIDE = LayerConfig("wide", hidden=256, heads=4, tile_rows=64)
PRESETS = {p.name: p for p in (SMALL, WIDE)}


def _preset_from_argv(default):
    for i, tok in enumerate(sys.argv):
        if tok == "--preset" and i + 1 < len(sys.argv):
            return sys.argv[i + 1]
    return default


PRESET = os.environ.get("KPKG_PRESET", _preset_from_argv("small")).lower()
if PRESET not in PRESETS:
    raise ValueError(f"unknown preset {PRESET!r}")
ACTIVE = replace(PRESETS[PRESET], eps=1e-5)
USE_FUSED_SCALE = ACTIVE.hidden >= 256
LABEL = f"{ACTIVE.name}-{ACTIVE.hidden}"
