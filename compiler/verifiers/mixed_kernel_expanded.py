"""MixedKernelExpanded: the pipe rules for hand-written AIC / AIV kernels (MK-3 ... MK-17)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.fixes import Fix, InsertStatement
from compiler.passes.model import Kernel, TNode, TOp, children, last_use, user_name
from compiler.rules.mixed_kernel_expanded import IN_FUNCTION

_CROSS_CORE = frozenset(
    {"tile.tpush_to_aic", "tile.tpush_to_aiv", "tile.tpop_from_aic", "tile.tpop_from_aiv"}
)
_DIRECTION = {
    "tile.tpush_to_aiv": "C2V",
    "tile.tpop_from_aic": "C2V",
    "tile.tpush_to_aic": "V2C",
    "tile.tpop_from_aiv": "V2C",
}
_TFREE = {"tile.tpop_from_aic": "system.tfree_to_aic", "tile.tpop_from_aiv": "system.tfree_to_aiv"}


def _error(code: str, kernel: Kernel, at: TOp | None = None, **fields: Any) -> Diagnostic:
    """The catalog rule ``code`` at the statement of op ``at``, else at the kernel's `def` line."""
    # Without an op: `def name`, where the compiler's function span starts.
    span = (at.line_span or at.call_span) if at is not None else kernel.header.with_def_keyword()
    related = (
        (IN_FUNCTION.at(kernel.header, kind=kernel.func_type, function=kernel.name),)
        if at is not None
        else ()
    )
    return diagnostic(
        code, span, related=related, stage="MixedKernelExpanded", function=kernel.name, **fields
    )


# VerifyCrossCorePipeSetup's message per side and direction: the side that pops owns the ring
# (system.reserve_buffer), the side that pushes imports its peer's (system.import_peer_buffer).
_MISSING_BUFFER = {
    ("aic", "V2C"): "PTO-MK20",
    ("aic", "C2V"): "PTO-MK6",
    ("aiv", "C2V"): "PTO-MK21",
    ("aiv", "V2C"): "PTO-MK22",
}


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def verify(kernels: list[Kernel]) -> list[Diagnostic]:
    """Check every hand-written AIC / AIV kernel's pipe setup and tpop / tfree pairing."""
    out: list[Diagnostic] = []
    for kernel in kernels:
        if kernel.func_type not in ("AIC", "AIV"):
            continue
        side = kernel.func_type.lower()
        ops = _ops(kernel.body)
        uses_cross_core = any(op.op in _CROSS_CORE for op in ops)
        init_name = f"system.{side}_initialize_pipe"
        inits = [op for op in ops if op.op == init_name]
        reserves = sum(op.op == "system.reserve_buffer" for op in ops)
        imports = sum(op.op == "system.import_peer_buffer" for op in ops)
        dir_mask = 0
        for init in inits:
            dir_mask |= _int(init.kwarg("dir_mask")) or 0
        c2v, v2c = 1 if dir_mask & 1 else 0, 1 if dir_mask & 2 else 0
        need_imports, need_reserves = (c2v, v2c) if side == "aic" else (v2c, c2v)
        # VerifyReserveAndImportPeerBufferCoverage: too few reserves (MK23) / imports (MK24), too many (MK3 / MK25).
        for have, need, missing, extra in (
            (reserves, need_reserves, "PTO-MK23", "PTO-MK3"),
            (imports, need_imports, "PTO-MK24", "PTO-MK25"),
        ):
            if have < need:
                out.append(_error(missing, kernel))
            elif have > need:
                out.append(_error(extra, kernel))
        if uses_cross_core and not inits:
            out.append(_error("PTO-MK5", kernel, kind=kernel.func_type, init_op=init_name))
        for direction in ("V2C", "C2V") if side == "aic" else ("C2V", "V2C"):
            if not inits or not any(_DIRECTION.get(op.op) == direction for op in ops):
                continue
            consumer = (direction == "V2C") == (side == "aic")  # this side pops: it owns the ring
            have = reserves if consumer else imports
            if not have:
                out.append(_error(_MISSING_BUFFER[side, direction], kernel))
        out.extend(_check_splits(kernel, ops))
        consts = {
            op.result: op.consts[0] for op in ops if op.dsl_name == "pl.const" and op.result and op.consts
        }
        for init in inits:
            out.extend(_check_init(kernel, init, consts))
        out.extend(_check_tfree(kernel, kernel.body))
    return out


_SPLIT_MODE = {1: "UP_DOWN", 2: "LEFT_RIGHT", 3: "UP_DOWN", 4: "LEFT_RIGHT"}  # the odd codes normalize


def _check_splits(kernel: Kernel, ops: list[TOp]) -> list[Diagnostic]:
    """SV-1: a cross-core split code is 0..4 (MK-2, the tpop's annotated memory, is a front-end check);
    SV-2 / SV-3: the pipe ops of a standalone kernel agree on one split mode, and with the function's."""
    out: list[Diagnostic] = []
    modes: list[str] = []
    for op in ops:
        split = _int(op.kwarg("split")) if op.op in _CROSS_CORE else None
        if split is not None and not 0 <= split <= 4:
            out.append(diagnostic("PTO-SV1", op.call_span, stage="SplitVectorKernel", split=split))
        elif split in _SPLIT_MODE:
            modes.append(_SPLIT_MODE[split])
    code = None
    if len(set(modes)) > 1:
        code = "PTO-SV2"
    elif modes and kernel.split in ("UP_DOWN", "LEFT_RIGHT") and modes[0] != kernel.split:
        code = "PTO-SV3"
    if code is not None:  # no span upstream: the function's `def`
        out.append(diagnostic(code, kernel.header.with_def_keyword(), stage="SplitVectorKernel"))
    return out


def _ops(block: tuple[TNode, ...]) -> list[TOp]:
    out: list[TOp] = []
    for node in block:
        if isinstance(node, TOp):
            out.append(node)
        for sub in children(node):
            out.extend(_ops(sub))
    return out


def _check_init(kernel: Kernel, init: TOp, consts: dict[str, object]) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    dir_mask = _int(init.kwarg("dir_mask"))
    if dir_mask is not None and (dir_mask <= 0 or dir_mask & ~3):
        out.append(_error("PTO-MK8", kernel, init, op=init.op))
    elif dir_mask is not None:
        out.extend(_check_pipe_operands(kernel, init, dir_mask, consts))
    slot_size = _int(init.kwarg("slot_size"))
    if slot_size is not None and slot_size <= 0:
        out.append(_error("PTO-MK9", kernel, init, op=init.op))
    slot_num = _int(init.kwarg("slot_num"))
    local = _int(init.kwarg("local_slot_num"))
    if slot_num is not None and slot_num <= 0:
        out.append(_error("PTO-MK10", kernel, init, op=init.op))
    if local is not None and local <= 0:
        out.append(_error("PTO-MK11", kernel, init, op=init.op))
    elif local is not None:
        effective = slot_num if slot_num is not None else (4 if dir_mask == 3 else 8)
        if local > effective:
            out.append(_error("PTO-MK12", kernel, init, op=init.op, local_slot_num=local, slot_num=effective))
    return out


_PIPE_OPERANDS = ((1, "C2V (c2v_consumer_buf)"), (2, "V2C (v2c_consumer_buf)"))


def _check_pipe_operands(
    kernel: Kernel, init: TOp, dir_mask: int, consts: dict[str, object]
) -> list[Diagnostic]:
    """MK-13 / MK-14: an active direction needs a buffer operand, an inactive one the ConstInt(0) placeholder."""
    out: list[Diagnostic] = []
    for index, (bit, direction) in enumerate(_PIPE_OPERANDS):
        if index >= len(init.operands):
            break
        name = init.operands[index]
        const = _int(
            consts.get(name) if name in consts else (init.consts[index] if index < len(init.consts) else None)
        )
        is_var = name is not None and name not in consts
        if dir_mask & bit and not is_var and const in (0, -1):
            out.append(_error("PTO-MK13", kernel, init, op=init.op, direction=direction))
        elif not dir_mask & bit and (is_var or (const is not None and const != 0)):
            out.append(_error("PTO-MK14", kernel, init, op=init.op, direction=direction))
    return out


def _check_tfree(kernel: Kernel, block: tuple[TNode, ...]) -> list[Diagnostic]:
    """MK-16 / MK-17: every tpop is freed in the same block, by the matching tfree, on the same tile."""
    out: list[Diagnostic] = []
    pops: dict[str, TOp] = {}
    for node in block:
        if isinstance(node, TOp):
            if node.op in _TFREE and node.result:
                pops[node.result] = node
            elif node.op in ("system.tfree_to_aic", "system.tfree_to_aiv"):
                value = node.operands[0] if node.operands else None
                pop = pops.pop(value, None) if value else None
                if pop is None:
                    out.append(_error("PTO-MK16", kernel, node, kind=kernel.func_type, tfree_op=node.op))
                elif _TFREE[pop.op] != node.op:
                    expected = _TFREE[pop.op]
                    out.append(
                        _error(
                            "PTO-MK16b",
                            kernel,
                            node,
                            kind=kernel.func_type,
                            tpop_op=pop.op,
                            expected_tfree=expected,
                        )
                    )
        for sub in children(node):
            out.extend(_check_tfree(kernel, sub))
    for pop in pops.values():
        diag = _error(
            "PTO-MK17", kernel, pop, kind=kernel.func_type, tpop_op=pop.op, expected_tfree=_TFREE[pop.op]
        )
        out.append(replace(diag, fixes=_tfree_fix(block, pop)))
    return out


def _tfree_fix(block: tuple[TNode, ...], pop: TOp) -> tuple[Fix, ...]:
    """Insert the matching tfree after the last statement of the block that reads the popped tile."""
    if not pop.result or pop.line_span is None:
        return ()
    start = next((i for i, n in enumerate(block) if n is pop), None)
    if start is None:
        return ()
    last = block[last_use(block, pop.result, start)]
    end = (last.line_span or last.call_span) if isinstance(last, TOp) else getattr(last, "span", None)
    if end is None:
        return ()
    call = f"pl.system.{_TFREE[pop.op].split('.', 1)[1]}({user_name(pop.result)})"
    return (InsertStatement(end, call, pop.line_span.col),)
