"""LowerCompositeOps' checks of a pld.tensor.allreduce target's view in InCore code (lower_composite_ops_pass.cpp):
the layout and strides of a window view, and a partial valid region the lowering can express."""

from __future__ import annotations

import math
from typing import Any

from compiler.types import Dim, TensorType

# kAllReduceChunkBytes: the mesh lowering reduces a partial region in one tile of at most this many bytes.
CHUNK_BYTES = 16 * 1024
_BYTES = {"FP16": 2, "FP32": 4}


def packed_view_error(target: TensorType) -> tuple[str, dict[str, Any]] | None:
    """CheckAllReduceTargetIsPackedNd: a target view must be ND (PTO-LC8) with packed row-major strides (LC9)."""
    if target.layout not in (None, "ND"):
        return "PTO-LC8", {}
    if target.stride is None:
        return None
    if len(target.stride) != target.rank:
        return "PTO-LC9", {}
    if all(isinstance(d, int) for d in target.shape) and target.stride != _packed(target.shape):
        return "PTO-LC9", {}
    return None


def _packed(shape: tuple[Dim, ...]) -> tuple[int, ...]:
    return tuple(math.prod(int(d) for d in shape[i + 1 :]) for i in range(len(shape)))


def mesh_valid_error(target: TensorType) -> tuple[str, dict[str, Any]] | None:
    """The mesh lowering of a target with a partial valid region: one 2D view of it (PTO-LC10), within one 16 KiB
    chunk (LC11). Only static extents are judged."""
    valid = _partial(target)
    if valid is None:
        return None
    if not collapse_contiguous(valid, target.shape):
        return "PTO-LC10", {}
    if not all(isinstance(d, int) for d in (*valid, *target.shape)) or target.dtype not in _BYTES:
        return None
    elements = math.prod(int(d) for d in valid)  # the flattened [rows, cols] box of a static valid region
    if elements > CHUNK_BYTES // _BYTES[target.dtype]:
        return "PTO-LC11", {}
    return None


def ring_valid_error(target: TensorType) -> tuple[str, dict[str, Any]] | None:
    """The ring lowering reads a partial target as one contiguous row-major prefix (PTO-LC12)."""
    valid = _partial(target)
    if valid is None or len(valid) != target.rank:
        return None
    past = False
    for part, full in zip(valid, target.shape, strict=True):
        if past:
            if not _same(part, full):
                return "PTO-LC12", {}
            continue
        if part != 1:
            past = True
    return None


def _partial(target: TensorType) -> tuple[Dim, ...] | None:
    """A target's partial valid region (the TensorType constructor drops one equal to the shape)."""
    if not target.ranked or target.valid is None or len(target.valid) != target.rank:
        return None
    return None if tuple(target.valid) == tuple(target.shape) else tuple(target.valid)


def collapse_contiguous(valid: tuple[Dim, ...], shape: tuple[Dim, ...]) -> bool:
    """IsRowMajorCollapseContiguous: below the outermost partial leading dimension, every leading one is full."""
    past = False
    for part, full in zip(valid[:-1], shape[:-1], strict=True):
        if past:
            if not _same(part, full):
                return False
            continue
        if part != 1:
            past = True
    return True


def _same(a: Dim, b: Dim) -> bool:
    # AreExprsEqual: a symbolic extent is taken as equal only to the same name (unknown: assumed equal).
    return a == b or not (isinstance(a, int) and isinstance(b, int))
