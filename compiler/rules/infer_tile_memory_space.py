"""InferTileMemorySpace: TileMemoryInferred and AccToGmStoreValid (reference §2.8)."""

from __future__ import annotations

from compiler.rules.book import RuleBook

BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-TM2",
    "operand-memory-space",
    "InferTileMemorySpace",
    "InCore function '{function}': Op '{op}' input {index} ('{value}') requires {required} but is in {actual}",
    "A constrained operand sits in a memory space the op does not accept (required joined with '/').",
    unreachable=(
        "backstop: InferTileMemorySpace inserts a tile.move before every constrained input whose "
        "space is not allowed, so the verifier after it finds none from DSL source"
    ),
)
_r(
    "PTO-AG1",
    "acc-store-dtype",
    "AccToGmStoreValid",
    "cube accumulator cannot be stored directly into a '{dtype}' global tensor on the '{arch}' backend "
    "(function '{function}'). The fix-pipe narrows an Acc tile only into INT32/FP32/FP16/BF16. Narrow "
    "through the vector unit first -- cast the matmul result to '{dtype}' (e.g. pl.cast(result, ...)) and "
    "store that -- or accumulate into an INT32/FP32 tensor and convert afterwards.",
    "A matmul (Acc) result stored into a GM tensor of a dtype the fix-pipe cannot produce (INT8, INT16, ...).",
    "pl.cast the matmul result first, or store into an INT32/FP32 tensor.",
)
