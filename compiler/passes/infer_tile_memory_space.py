"""InferTileMemorySpace: give every tile a memory space and insert the implicit crossing moves.

A vector op reading a cube-side tile (a matmul's Acc result) gets an Acc->Vec `tile.move` right
before it, and a matmul reading a Vec tile gets a Vec->Left/Right move: these are the C->V and V->C
crossings ExpandMixedKernel turns into tpush/tpop. At most one move per (value, target) per block.
Also runs the AccToGmStoreValid verifier (AG-1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.ops.registry import get_op, is_boundary
from compiler.passes.convert_tensor_to_tile_ops import MATMUL_OPERANDS
from compiler.passes.model import (
    ALIAS,
    CROSSING_MOVE,
    Kernel,
    TIf,
    TLoop,
    TNode,
    TOp,
    TRegion,
    TScope,
    TYield,
    ops_of,
    walk,
)
from compiler.types import TensorType, TileType, nbytes
from compiler.vocabulary import is_cube_space

FIXPIPE_DTYPES = frozenset({"INT32", "FP32", "FP16", "BF16"})
L0C_BYTES = {"a2a3": 128 * 1024, "a5": 256 * 1024}
_RINT = ("rint", 1)
_FIXED: dict[str, str] = {
    "tile.aiv_shard": "Vec",
    "tile.aic_gather": "Mat",
    "tile.tpop_from_aic": "Vec",
    "tile.tpop_from_aiv": "Mat",
}
_MATMUL_SLOT_SPACE = ("Left", "Right")


def _slot_space(op_name: str, index: int, slots: tuple[int, ...]) -> str:
    """The cube memory a matmul operand slot reads: the op's declared input memory (Left, LeftScale, ...)."""
    opdef = get_op(op_name)
    for position, spaces in opdef.input_memory if opdef else ():
        if position == index and spaces and spaces[0] in ("Left", "Right", "LeftScale", "RightScale"):
            return spaces[0]
    return _MATMUL_SLOT_SPACE[slots.index(index) % 2]


def output_space(op: TOp, operand_spaces: tuple[str | None, ...]) -> str | None:
    """The memory space an op's result lives in."""
    if op.op == ALIAS:
        return operand_spaces[0] if operand_spaces else None
    if op.op in _FIXED:
        if isinstance(op.type, TileType) and op.type.memory and op.op.startswith("tile.tpop"):
            return op.type.memory
        return _FIXED[op.op]
    if op.op in ("tile.load", "tile.move", "tile.create", "tile.create_tile"):
        target = op.kwarg("target_memory")
        return target if isinstance(target, str) else ("Vec" if op.op != "tile.create" else _declared(op))
    if op.op == "tile.store" or not op.op.startswith("tile."):
        return None
    opdef = get_op(op.op)
    spec = opdef.output_memory if opdef else None
    if spec is not None:
        if spec.kind == "fixed":
            return spec.space
        if spec.kind == "kwarg":
            value = op.kwarg(spec.key)
            return value if isinstance(value, str) else spec.space or "Vec"
        if spec.kind == "inherit":
            return next((s for s in operand_spaces if s is not None), "Vec")
    if opdef is not None and opdef.declared_affinity is not None:
        return None if not isinstance(op.type, TileType) else "Vec"
    reuse = opdef.effects.output_reuses_input if opdef is not None else None
    if reuse is not None and reuse < len(operand_spaces) and operand_spaces[reuse] is not None:
        # No memory spec, the result is an input written in place (tile.gather_row into a Mat tile):
        # its type, memory included, is that input's.
        return operand_spaces[reuse]
    return "Vec"


def _declared(op: TOp) -> str:
    return op.type.memory if isinstance(op.type, TileType) and op.type.memory else "Vec"


def _is_vector_compute(op: TOp) -> bool:
    """An op whose tile inputs must be in Vec (elementwise, reduce, cast, ...)."""
    if (
        is_boundary(op.op)
        or op.op in ("tile.store", "tile.move", "tile.load", ALIAS)
        or op.op in MATMUL_OPERANDS
    ):
        return False
    opdef = get_op(op.op)
    if opdef is None or opdef.output_memory is None:
        return False
    if opdef.output_memory.kind == "fixed":
        return opdef.output_memory.space == "Vec"
    return False


class _Inference:
    def __init__(
        self,
        kernel: Kernel,
        report: Callable[[Diagnostic], None],
        target: str,
        needed: frozenset[tuple[str, str]] = frozenset(),
    ) -> None:
        self.kernel = kernel
        self.report = report
        self.target = target
        # MoveCollector's function-wide set: (value, space) pairs some consumer must move the value to.
        self.needed = needed
        self.found: set[tuple[str, str]] = set()
        self.space: dict[str, str | None] = {}
        self.crossed: set[str] = set()  # values that arrived over the pipe
        self.matmul_inputs = {
            op.operands[i]
            for op, _ in ops_of(kernel.body)
            for i in MATMUL_OPERANDS.get(op.op, ())
            if i < len(op.operands) and op.operands[i]
        }
        self.types = {op.result: op.type for op, _ in ops_of(kernel.body) if op.result}
        # For each value: whether every read of it is a matmul operand (a chained matmul reads it on-chip).
        self.only_matmul_reads: dict[str, bool] = {}
        for op, _ in ops_of(kernel.body):
            slots = MATMUL_OPERANDS.get(op.op, ())
            for i, name in enumerate(op.operands):
                if name:
                    ok = i in slots and self.only_matmul_reads.get(name, True)
                    self.only_matmul_reads[name] = ok
            for name in op.reads:
                if name not in op.operands:
                    self.only_matmul_reads[name] = False
        for node, _ in walk(kernel.body):
            if isinstance(node, TYield):
                for name in node.values:
                    self.only_matmul_reads[name] = False
            elif isinstance(node, TLoop | TIf):
                for name in node.reads:
                    self.only_matmul_reads[name] = False

    def block(self, block: tuple[TNode, ...], moves: dict[tuple[str, str], str]) -> tuple[TNode, ...]:
        out: list[TNode] = []
        for node in block:
            if isinstance(node, TOp):
                out.extend(self.op(node, moves))
            elif isinstance(node, TLoop):
                for carry, init in node.carries:
                    self.space[carry] = self.space.get(init)
                out.append(replace(node, body=self.block(node.body, dict(moves))))
            elif isinstance(node, TIf):
                body = self.block(node.body, dict(moves))
                out.append(replace(node, body=body, orelse=self.block(node.orelse, dict(moves))))
            elif isinstance(node, TRegion | TScope):
                out.append(replace(node, body=self.block(node.body, dict(moves))))
            else:
                out.append(node)
                if isinstance(node, TYield):
                    for target, value in zip(node.targets, node.values, strict=False):
                        self.space[target] = self.space.get(value)
        return tuple(out)

    def op(self, op: TOp, moves: dict[tuple[str, str], str]) -> list[TOp]:
        if op.op == "tile.load" and op.kwarg("target_memory") is None:
            chosen = "Mat" if op.result in self.matmul_inputs else "Vec"
            op = op.with_(kwargs=tuple((k, chosen if k == "target_memory" else v) for k, v in op.kwargs))
        inserted: list[TOp] = []
        operands = list(op.operands)
        slots = MATMUL_OPERANDS.get(op.op, ())
        folded = self.cast_folds_into_fixpipe(op)
        vector = _is_vector_compute(op) and not folded
        for i, name in enumerate(operands):
            if name is None:
                continue
            space = self.space.get(name)
            target: str | None = None
            if i in slots and space == "Vec":
                target = _slot_space(op.op, i, slots)
            elif vector and is_cube_space(space) and isinstance(self._type(name), TileType | type(None)):
                target = "Vec"
            elif space is not None and (preferred := _preferred_space(op.op, i, space)) is not None:
                # A space the slot allows but does not prefer (a store from Acc): the consumer still takes
                # the moved copy when another consumer of the value needs that move (Phase 3).
                target = preferred if (name, preferred) in self.needed else None
            if target is None:
                continue
            self.found.add((name, target))
            key = (name, target)
            moved = moves.get(key)
            if moved is None:
                moved = f"{name}_{target}"
                direction = "V2C" if target != "Vec" else "C2V"
                inserted.append(
                    TOp(
                        "tile.move",
                        moved,
                        (name,),
                        (name,),
                        (("target_memory", target),),
                        op.call_span,
                        op.line_span,
                        "pl.move",
                        CROSSING_MOVE,
                        target,
                        op.type,
                        False,
                        (space,),
                        direction,
                    )
                )
                self.space[moved] = target
                moves[key] = moved
            operands[i] = moved
        spaces = tuple(self.space.get(n) if n else None for n in operands)
        memory = output_space(op, spaces)
        crossing = op.crossing
        if op.op == "tile.move" and spaces and spaces[0] is not None:
            move_target = str(op.kwarg("target_memory") or "Vec")
            if is_cube_space(spaces[0]) != is_cube_space(move_target):
                crossing = "V2C" if is_cube_space(move_target) else "C2V"
        elif op.op == "tile.aiv_shard":
            crossing = "C2V"
        elif op.op == "tile.aic_gather":
            crossing = "V2C"
        # A move of a value that already crossed (a shard / gather / tpop result) is no second crossing:
        # ExpandMixedKernel keeps it on its consuming side (the verifiers still see a crossing move).
        recross = (
            op.op == "tile.move" and crossing is not None and bool(operands) and operands[0] in self.crossed
        )
        if folded:
            memory = "Mat"  # the FIXPIPE writes the narrowed value into an L1 scratch the next matmul reads
        new = op.with_(
            operands=tuple(operands),
            in_spaces=spaces,
            memory=memory,
            crossing=crossing,
            recross=recross,
            pinned="aic" if folded else op.pinned,
        )
        if op.result:
            self.space[op.result] = memory
            if (crossing is not None and not recross) or op.op.startswith("tile.tpop_from_"):
                self.crossed.add(op.result)
            else:
                self.crossed.discard(op.result)
            for key in [k for k in moves if k[0] == op.result]:
                del moves[key]
        if op.op == "tile.store":
            self.acc_store(new)
        return [*inserted, new]

    def _type(self, name: str) -> object:
        return None

    def cast_folds_into_fixpipe(self, op: TOp) -> bool:
        """AutoTileMatmulL0's chained-matmul cast fold: `tile.cast` of an FP32 Acc result to BF16/FP16 in
        round-half-to-even (`mode="rint"`, the only rounding FIXPIPE has), read only by matmuls, and
        fitting L0c, is done by the cube's write-out path instead of the vector unit."""
        if op.op != "tile.cast" or not op.operands or not op.operands[0] or not op.result:
            return False
        source = op.operands[0]
        source_type = self.types.get(source)
        shaped = TileType | TensorType
        if self.space.get(source) != "Acc" or not isinstance(source_type, shaped):
            return False
        if (
            source_type.dtype != "FP32"
            or not isinstance(op.type, shaped)
            or op.type.dtype not in ("BF16", "FP16")
        ):
            return False
        mode = op.kwarg("mode")
        if getattr(mode, "value", mode) not in _RINT:
            return False
        size = nbytes(source_type.shape, "FP32")
        if size is None or size > L0C_BYTES.get(self.target, L0C_BYTES["a2a3"]):
            return False
        return self.only_matmul_reads.get(op.result, False)

    def acc_store(self, op: TOp) -> None:
        """AG-1: the fix-pipe narrows an Acc tile only into INT32 / FP32 / FP16 / BF16."""
        if not op.in_spaces or op.in_spaces[0] != "Acc":
            return
        dest = op.type
        if not isinstance(dest, TensorType) or not dest.ranked or dest.dtype in FIXPIPE_DTYPES:
            return
        self.report(
            diagnostic(
                "PTO-AG1",
                op.call_span,
                dtype=dest.dtype.lower(),
                arch=self.target,
                function=self.kernel.name,
            )
        )


def _preferred_space(op_name: str, index: int, space: str) -> str | None:
    """The first space of an input slot that allows `space` but lists another first (tile.store: Vec, Acc)."""
    opdef = get_op(op_name)
    for position, spaces in opdef.input_memory if opdef else ():
        if position == index and len(spaces) > 1 and space in spaces[1:]:
            return spaces[0]
    return None


def infer(kernel: Kernel, report: Callable[[Diagnostic], None], target: str) -> Kernel:
    """Resolve memory spaces and insert crossing moves for one kernel."""
    reported: list[Diagnostic] = []
    first = _Inference(kernel, reported.append, target)
    body = first.block(kernel.body, {})
    stores_needing_move = any(
        (op.operands[0], space) in first.found
        for op, _ in ops_of(body)
        if op.operands and op.operands[0] and op.in_spaces and op.in_spaces[0] is not None
        for space in (_preferred_space(op.op, 0, op.in_spaces[0]),)
        if space is not None
    )
    if not stores_needing_move:
        for found in reported:
            report(found)
        return kernel.with_body(body)
    # Again, now that the function-wide set of needed moves is known: a store may read a moved copy.
    second = _Inference(kernel, report, target, frozenset(first.found))
    return kernel.with_body(second.block(kernel.body, {}))
