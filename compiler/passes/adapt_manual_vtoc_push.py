"""AdaptManualVtoCPush (spec 000, "Hand-written pipes get the same adapter"), as checks.

The pass stages every hand-written ``tile.tpush_to_aic`` of an AIV function into the fractal boundary
view the cube reads. To plan a push it resolves the AIV import to its AIC reserve and pairs the push with
the peer's ``tile.tpop_from_aiv`` by pipe id and occurrence order; what it cannot resolve is rejected
instead of guessing a layout: a missing peer (SP10), an ambiguous initializer (SP11), mismatched
push / pop counts (SP12) or splits (SP13), and a staged tile larger than the slot (SP14).

Counts are compared only where they are static: both sides straight-line, or loops / branches that
match structurally (then the pairing is positional and the counts agree by construction).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from compiler import catalog
from compiler.diagnostics import Diagnostic, Related
from compiler.passes.model import Kernel, TIf, TLoop, TNode, TOp, TRegion, TScope, TYield, ops_of
from compiler.passes.outline_incore_scopes import GroupInfo
from compiler.rules.spec import (
    LAST_TPOP,
    LAST_TPUSH,
    PAIRED_TPOP,
    PEER_AIC_FUNCTION,
    PEER_BUFFER_IMPORTED,
    PIPE_INITIALIZED,
    PIPE_SLOT_SIZE,
)
from compiler.source import Span
from compiler.types import TensorType, TileType, nbytes

_STAGE = "ExpandMixedKernel"
_PUSH = "tile.tpush_to_aic"
_POP = "tile.tpop_from_aiv"
_IMPORT = "system.import_peer_buffer"
_RESERVE = "system.reserve_buffer"
_INIT = {"AIV": "system.aiv_initialize_pipe", "AIC": "system.aic_initialize_pipe"}
_ADAPTING_TARGETS = frozenset({"a2a3", "a5"})  # RequiresVtoCFractalAdapt(): both backends stage V->C


@dataclass(frozen=True, slots=True)
class _Loop:
    """A loop or branch of the skeleton: its header shape and the pipe ops inside it."""

    key: tuple[object, ...]
    blocks: tuple[tuple[_Item, ...], ...]


_Item = TOp | _Loop


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _pipe_id(op: TOp) -> int | None:
    """The op's pipe id (0 when omitted, None when not a constant)."""
    value = op.kwarg("id")
    return 0 if value is None else _int(value)


def _requires_vtoc_fractal_adapt(target: str) -> bool:
    return target in _ADAPTING_TARGETS


def _skeleton(block: tuple[TNode, ...], name: str, pipe: int) -> tuple[_Item, ...]:
    """The ops `name` on `pipe` in program order, keeping the loops and branches around them."""
    out: list[_Item] = []
    for node in block:
        if isinstance(node, TOp):
            if node.op == name and _pipe_id(node) == pipe:
                out.append(node)
        elif isinstance(node, TLoop):
            body = _skeleton(node.body, name, pipe)
            if body:
                out.append(_Loop(("loop", node.kind, node.reads), (body,)))
        elif isinstance(node, TIf):
            then, orelse = _skeleton(node.body, name, pipe), _skeleton(node.orelse, name, pipe)
            if then or orelse:
                out.append(_Loop(("if", node.reads), (then, orelse)))
        elif isinstance(node, TRegion | TScope):
            out.extend(_skeleton(node.body, name, pipe))
        elif isinstance(node, TYield):
            continue
    return tuple(out)


def _shape(items: tuple[_Item, ...]) -> tuple[object, ...]:
    return tuple("op" if isinstance(i, TOp) else (i.key, tuple(_shape(b) for b in i.blocks)) for i in items)


def _flat(items: tuple[_Item, ...]) -> list[TOp]:
    out: list[TOp] = []
    for item in items:
        if isinstance(item, TOp):
            out.append(item)
        else:
            for block in item.blocks:
                out.extend(_flat(block))
    return out


def _error(code: str, span: Span, related: tuple[Related, ...], **fields: object) -> Diagnostic:
    values: dict[str, Any] = dict(fields)
    return catalog.diagnostic(code, span, related=related, stage=_STAGE, **values)


def check_manual_vtoc_pushes(
    kernels: Sequence[Kernel], groups: Sequence[GroupInfo], target: str
) -> list[Diagnostic]:
    """Pair every hand-written V->C push with its AIC peer's pop and report what cannot be adapted."""
    by_name = {k.name: k for k in kernels if not k.outlined}
    out: list[Diagnostic] = []
    for kernel in kernels:
        if kernel.outlined or kernel.func_type != "AIV":
            continue
        ops = [op for op, _ in ops_of(kernel.body)]
        pushes = [op for op in ops if op.op == _PUSH]
        if not pushes or not _requires_vtoc_fractal_adapt(target):
            continue
        for pipe in sorted({p for p in map(_pipe_id, pushes) if p is not None}):
            out.extend(_check_pipe(kernel, ops, pipe, by_name, groups))
    return out


def _group_peer(kernel: Kernel, by_name: dict[str, Kernel], groups: Sequence[GroupInfo]) -> Kernel | None:
    peers = {
        m
        for g in groups
        if kernel.name in g.members
        for m in g.members
        if m in by_name and by_name[m].func_type == "AIC"
    }
    return by_name[next(iter(peers))] if len(peers) == 1 else None


def _import_of(ops: list[TOp], inits: list[TOp]) -> TOp | None:
    """The import_peer_buffer feeding the V2C operand of the pipe's initializer, else the only import."""
    imports = [op for op in ops if op.op == _IMPORT]
    for init in inits:
        v2c = init.operands[1] if len(init.operands) > 1 else None
        found = next((op for op in imports if v2c is not None and op.result == v2c), None)
        if found is not None:
            return found
    return imports[0] if len(imports) == 1 else None


def _check_pipe(
    kernel: Kernel, ops: list[TOp], pipe: int, by_name: dict[str, Kernel], groups: Sequence[GroupInfo]
) -> list[Diagnostic]:
    """All checks for one V2C pipe id of one AIV function."""
    pushes = _skeleton(kernel.body, _PUSH, pipe)
    first_push = _flat(pushes)[0]
    inits = [op for op in ops if op.op == _INIT["AIV"] and _pipe_id(op) == pipe]
    imported = _import_of(ops, inits)
    if imported is None and not any(op.op == _IMPORT for op in ops):
        peer = _group_peer(kernel, by_name, groups)  # MK-6 reports the missing import itself
        if peer is None:
            return []
    else:
        peer_name = imported.kwarg("peer_func") if imported is not None else None
        if (
            isinstance(peer_name, str)
            and peer_name not in by_name
            and any(peer_name in g.members for g in groups)
        ):
            return []  # a Group member that was not analysed (its own errors are reported)
        candidate = (
            by_name.get(peer_name) if isinstance(peer_name, str) else _group_peer(kernel, by_name, groups)
        )
        buffer = imported.kwarg("name") if imported is not None else None
        peer = candidate if candidate is not None and candidate.func_type == "AIC" else None
        if peer is not None and isinstance(buffer, str):
            reserves = [op for op, _ in ops_of(peer.body) if op.op == _RESERVE]
            names = [op.kwarg("name") for op in reserves]
            if all(isinstance(n, str) for n in names) and buffer not in names:
                peer = None
        if peer is None:
            anchor = imported.call_span if imported is not None else kernel.header
            related = (PEER_BUFFER_IMPORTED.at(anchor),)
            return [_error("PTO-SP10", first_push.call_span, related, function=kernel.name)]
    out: list[Diagnostic] = []
    peer_ops = [op for op, _ in ops_of(peer.body)]
    peer_inits = [op for op in peer_ops if op.op == _INIT["AIC"] and _pipe_id(op) == pipe]
    pops = _skeleton(peer.body, _POP, pipe)
    flat_pops = _flat(pops)
    for owner, owned, user in (
        (kernel, inits, first_push),
        (peer, peer_inits, flat_pops[0] if flat_pops else None),
    ):
        if len(owned) > 1:
            inits_related = tuple(
                PIPE_INITIALIZED.at(i.call_span, pipe=pipe, function=owner.name) for i in owned
            )
            at = user.call_span if user is not None else owned[1].call_span
            out.append(_error("PTO-SP11", at, inits_related, pipe_id=pipe, function=owner.name))
    if out:
        return out
    out.extend(_slots(kernel, peer, pipe, _flat(pushes), inits, peer_inits))
    straight = all(isinstance(i, TOp) for i in pushes) and all(isinstance(i, TOp) for i in pops)
    flat_pushes = _flat(pushes)
    if straight and len(flat_pushes) != len(flat_pops):
        if len(flat_pushes) > len(flat_pops):
            span = flat_pushes[len(flat_pops)].call_span
            related = (
                LAST_TPOP.at(flat_pops[-1].call_span, pipe=pipe, function=peer.name)
                if flat_pops
                else PEER_AIC_FUNCTION.at(peer.header, function=peer.name),
            )
        else:
            span = flat_pops[len(flat_pushes)].call_span
            related = (LAST_TPUSH.at(flat_pushes[-1].call_span, pipe=pipe, function=kernel.name),)
        out.append(
            _error(
                "PTO-SP12",
                span,
                related,
                pipe_id=pipe,
                pushes=len(flat_pushes),
                function=kernel.name,
                peer=peer.name,
                pops=len(flat_pops),
            )
        )
        return out
    if not straight and _shape(pushes) != _shape(pops):
        return out  # statically unknown counts: no pairing
    for index, (push, pop) in enumerate(zip(flat_pushes, flat_pops, strict=True)):
        push_split, pop_split = _int(push.kwarg("split")), _int(pop.kwarg("split"))
        if push_split is not None and pop_split is not None and push_split != pop_split:
            related = (PAIRED_TPOP.at(pop.call_span, function=peer.name),)
            out.append(
                _error(
                    "PTO-SP13",
                    push.call_span,
                    related,
                    index=index,
                    pipe_id=pipe,
                    push_split=push_split,
                    pop_split=pop_split,
                )
            )
    return out


def _slots(
    kernel: Kernel, peer: Kernel, pipe: int, pushes: list[TOp], inits: list[TOp], peer_inits: list[TOp]
) -> list[Diagnostic]:
    """SP14: each staged tile must fit the pipe's slot_size (the producer's initializer, else the peer's)."""
    init = next((i for i in inits + peer_inits if _int(i.kwarg("slot_size")) is not None), None)
    if init is None:
        return []
    slot_size = _int(init.kwarg("slot_size"))
    assert slot_size is not None
    if slot_size <= 0:
        return []  # MK-9
    types = {op.result: op.type for op, _ in ops_of(kernel.body) if op.result}
    out: list[Diagnostic] = []
    for index, push in enumerate(pushes):
        value = push.operands[0] if push.operands else None
        ttype = types.get(value) if value else None
        if not isinstance(ttype, TileType | TensorType):
            continue
        needed = nbytes(ttype.shape, ttype.dtype)
        if needed is not None and needed > slot_size:
            owner = kernel.name if init in inits else peer.name
            related = (PIPE_SLOT_SIZE.at(init.call_span, slot_size=slot_size, pipe=pipe, function=owner),)
            out.append(
                _error(
                    "PTO-SP14",
                    push.call_span,
                    related,
                    index=index,
                    pipe_id=pipe,
                    needed=needed,
                    slot_size=slot_size,
                )
            )
    return out
