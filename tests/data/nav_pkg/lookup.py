"""A module that reads a configuration value by its name: renaming that constant must be refused."""

from . import config


def tile_rows_by_name() -> int:
    return getattr(config, "K_TILE")
