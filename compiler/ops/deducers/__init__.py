"""The op type deducers, one module per upstream deducer file; importing the package registers every family."""

from compiler.ops.deducers import (
    cross_core,
    elementwise,
    indexing,
    matmul,
    memory,
    operand_kinds,
    reduction,
    system,
)
from compiler.ops.deducers.core import FAMILIES, DeduceError, deduce

__all__ = [
    "FAMILIES",
    "DeduceError",
    "cross_core",
    "deduce",
    "elementwise",
    "indexing",
    "matmul",
    "memory",
    "operand_kinds",
    "reduction",
    "system",
]
