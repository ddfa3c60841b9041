"""Semantic tokens: the name of every op call coloured by the lane it runs on after ExpandMixedKernel — cube
(AIC), vector (AIV), or both (a crossing or a core-agnostic op duplicated onto both lanes). Editors colour the
three types with no configuration (the VS Code extension maps them to theme scopes; the Neovim plugin links
highlight groups)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from lsprotocol import types

from compiler.analysis import Lane, OpInfo
from pypto_lsp.positions import LineIndex

TOKEN_TYPES = ["aicOp", "aivOp", "bothOp"]
TOKEN_MODIFIERS = ["crossing"]
LEGEND = types.SemanticTokensLegend(token_types=TOKEN_TYPES, token_modifiers=TOKEN_MODIFIERS)
_TYPE_OF = {Lane.AIC: 0, Lane.AIV: 1, Lane.BOTH: 2}
_CALLEE = re.compile(r"[A-Za-z_][\w]*(?:\s*\.\s*[A-Za-z_]\w*)*")
_CROSSING_OPS = ("aiv_shard", "aic_gather", "tpush_to", "tpop_from", "tfree_to")


def tokens(ops: Iterable[OpInfo], index: LineIndex, rng: types.Range | None = None) -> types.SemanticTokens:
    """The encoded tokens of the ops' names (in `rng` when given), sorted, one per call."""
    found: dict[tuple[int, int], tuple[int, int, int]] = {}
    first = rng.start.line + 1 if rng is not None else 1
    last = rng.end.line + 1 if rng is not None else len(index.lines)
    for op in ops:
        lane = _TYPE_OF.get(op.lane if isinstance(op.lane, Lane) else Lane.ORCHESTRATION)
        if lane is None or op.implicit or not first <= op.span.line <= last:
            continue
        name = _name_of(index.line_text(op.span.line), op.span.col)
        if name is None:
            continue
        start, end = name
        modifiers = 1 if any(part in op.ir_name for part in _CROSSING_OPS) else 0
        key = (op.span.line, start)
        if key not in found or lane == 2:
            found[key] = (end, lane, modifiers)
    data: list[int] = []
    prev_line, prev_char = 0, 0
    for (line, start), (end, lane, modifiers) in sorted(found.items()):
        begin = index.position(line, start)
        stop = index.position(line, end)
        delta_line = begin.line - prev_line
        delta_char = begin.character - prev_char if delta_line == 0 else begin.character
        data.extend([delta_line, delta_char, stop.character - begin.character, lane, modifiers])
        prev_line, prev_char = begin.line, begin.character
    return types.SemanticTokens(data=data)


def _name_of(text: str, col: int) -> tuple[int, int] | None:
    """The columns of the last name of the callee that starts at `col` (`matmul` of `pl.matmul(`)."""
    match = _CALLEE.match(text, col)
    if match is None or not text[match.end() :].lstrip().startswith("("):
        return None
    last = match.group(0).rsplit(".", 1)[-1].strip()
    end = match.end()
    return end - len(last), end
