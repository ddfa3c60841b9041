"""Expert parallelism: widens the expert count on the shared config before any kernel module is imported.

A driver imports this module first; a kernel module that does not import it keeps the config's own value.
"""

import dataclasses
import sys

import config


def _ranks_from_argv() -> int:
    for token in sys.argv:
        if token.startswith("--ranks="):
            return int(token.split("=", 1)[1])
    return 2


RANKS = _ranks_from_argv()
config.MOE = dataclasses.replace(config.MOE, n_experts=config.MOE.n_experts * RANKS)
