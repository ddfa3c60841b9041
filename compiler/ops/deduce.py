"""Type deduction of a registered op: the result type, or the compiler's error (``compiler/ops/deducers/``)."""

from __future__ import annotations

from compiler.ops.deducers import DeduceError, deduce
from compiler.ops.deducers.core import broadcast_shapes, format_shape, is_float, promote_dtypes, type_name

__all__ = [
    "DeduceError",
    "broadcast_shapes",
    "deduce",
    "format_shape",
    "is_float",
    "promote_dtypes",
    "type_name",
]
