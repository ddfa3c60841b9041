"""Small text-edit builders for quick fixes; edits are minimal and leave comments and layout alone."""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lsprotocol import types

from compiler.source import Span
from pypto_lsp.positions import LineIndex

if TYPE_CHECKING:  # libcst is imported by the two quick fixes that parse a call (~9 MiB of the server)
    import libcst as cst

DEFAULT_INDENT = "    "


def indent_of(text: str) -> str:
    """The leading whitespace of a line."""
    return text[: len(text) - len(text.lstrip(" \t"))]


def indent_unit(index: LineIndex) -> str:
    """The file's indentation step (first indented line after a colon), default four spaces."""
    for prev, line in zip(index.lines, index.lines[1:], strict=False):
        if prev.rstrip().endswith(":") and line.strip():
            step = indent_of(line)[len(indent_of(prev)) :]
            if step:
                return step
    return DEFAULT_INDENT


def replace(index: LineIndex, span: Span, new_text: str) -> types.TextEdit:
    """Replace the text of a span."""
    return types.TextEdit(range=index.range(span), new_text=new_text)


def insert_before_line(index: LineIndex, line: int, text: str) -> types.TextEdit:
    """Insert whole lines (text ends with a newline) before a 1-based line."""
    pos = index.position(line, 0)
    return types.TextEdit(range=types.Range(start=pos, end=pos), new_text=text)


def insert_after_line(index: LineIndex, line: int, text: str, newline: str = "\n") -> types.TextEdit:
    """Insert one or more lines (no trailing newline needed) after a 1-based line."""
    end = index.line_end(line)
    return types.TextEdit(range=types.Range(start=end, end=end), new_text=newline + text)


def _string_continuation_lines(block: list[str]) -> set[int]:
    """Indexes of block lines that start inside a multi-line string (must not be re-indented)."""
    inside: set[int] = set()
    try:
        tokens = tokenize.generate_tokens(io.StringIO("\n".join(block) + "\n").readline)
        for tok in tokens:
            if tok.type == tokenize.STRING and tok.end[0] > tok.start[0]:
                inside.update(range(tok.start[0], tok.end[0]))  # 1-based start -> 0-based following lines
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return inside


def reindent(block: list[str], old: str, new: str) -> list[str]:
    """Lines with the leading `old` indentation swapped for `new`; blank and string lines untouched."""
    keep = _string_continuation_lines(block)
    out = []
    for i, text in enumerate(block):
        if i in keep or not text.strip():
            out.append(text)
        elif text.startswith(old):
            out.append(new + text[len(old) :])
        else:
            out.append(new + text.lstrip(" \t"))
    return out


def _newline(index: LineIndex, text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def wrap_lines(index: LineIndex, text: str, first: int, last: int, header: str) -> list[types.TextEdit]:
    """Wrap lines first..last (1-based) in a block `header` placed at the first line's indentation."""
    nl = _newline(index, text)
    block = index.lines[first - 1 : last]
    base = indent_of(block[0]) if block else ""
    body = reindent(block, base, base + indent_unit(index))
    start = index.position(first, 0)
    end = index.line_end(last)
    new_text = nl.join([base + header, *body])
    return [types.TextEdit(range=types.Range(start=start, end=end), new_text=new_text)]


def move_before(index: LineIndex, text: str, first: int, last: int, target_line: int) -> list[types.TextEdit]:
    """Move lines first..last (1-based) to just before target_line, at that line's indentation."""
    nl = _newline(index, text)
    block = index.lines[first - 1 : last]
    target_indent = indent_of(index.line_text(target_line))
    moved = reindent(block, indent_of(block[0]) if block else "", target_indent)
    delete_start = index.position(first, 0)
    delete_end = index.position(last + 1, 0) if last < len(index.lines) else index.line_end(last)
    return [
        insert_before_line(index, target_line, nl.join(moved) + nl),
        types.TextEdit(range=types.Range(start=delete_start, end=delete_end), new_text=""),
    ]


def _delete_lines(index: LineIndex, first: int, last: int, replacement: str, nl: str) -> types.TextEdit:
    """Replace whole lines first..last (1-based, with their line break) by `replacement` lines."""
    if last < len(index.lines):
        start, end = index.position(first, 0), index.position(last + 1, 0)
        new_text = replacement + nl if replacement else ""
    elif first > 1:  # the last line of the document has no line break of its own
        start, end = index.line_end(first - 1), index.line_end(last)
        new_text = nl + replacement if replacement else ""
    else:
        start, end = index.position(first, 0), index.line_end(last)
        new_text = replacement
    return types.TextEdit(range=types.Range(start=start, end=end), new_text=new_text)


def _insert_lines_after(index: LineIndex, line: int, lines: list[str], nl: str) -> types.TextEdit:
    """Insert whole lines after a 1-based line."""
    if line < len(index.lines):
        return insert_before_line(index, line + 1, nl.join(lines) + nl)
    return insert_after_line(index, line, nl.join(lines), nl)


_Statement = tuple[int, int, frozenset[str], frozenset[str]]  # first line, last line, reads, writes


@dataclass(frozen=True, slots=True)
class _Region:
    """The statements of a `for ... in pl.split_aiv(...)` region, as 1-based document line ranges."""

    lane_names: frozenset[str]
    end_line: int
    body: tuple[_Statement, ...]


def _names(nodes: list[ast.stmt], ctx: type[ast.expr_context]) -> frozenset[str]:
    return frozenset(
        n.id for node in nodes for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ctx)
    )


def _region(index: LineIndex, region_line: int) -> _Region | None:
    """Parse just the region (header line to the end of its indented body); None when it is not a for."""
    header = index.line_text(region_line)
    base = indent_of(header)
    end = region_line
    for n in range(region_line + 1, len(index.lines) + 1):
        text = index.line_text(n)
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if len(indent_of(text)) <= len(base):
            break
        end = n
    block = [
        t[len(base) :] if t.startswith(base) else t.lstrip(" \t") for t in index.lines[region_line - 1 : end]
    ]
    try:
        tree = ast.parse("\n".join(block))
    except SyntaxError:
        return None
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.For | ast.AsyncFor):
        return None
    loop = tree.body[0]
    shift = region_line - 1
    body = tuple(
        (
            stmt.lineno + shift,
            (stmt.end_lineno or stmt.lineno) + shift,
            _names([stmt], ast.Load),
            _names([stmt], ast.Store),
        )
        for stmt in loop.body
    )
    return _Region(_names([ast.Expr(loop.target)], ast.Store), (loop.end_lineno or end) + shift, body)


def move_out_of_region(
    index: LineIndex, text: str, first: int, last: int, region_line: int
) -> list[types.TextEdit] | None:
    """Move the region statement(s) on lines first..last out of the region starting at region_line.

    They go before the region unless that breaks the data flow with the region's earlier statements
    (they read a value computed there, or overwrite one read there); then after the region, under the
    same condition on its later statements. When neither fits, or they read the lane index, no edit
    is offered. A region left without statements keeps a `pass` so the file stays valid Python.
    """
    region = _region(index, region_line)
    if region is None:
        return move_before(index, text, first, last, region_line)
    moved = [s for s in region.body if first <= s[0] and s[1] <= last]
    if not moved or any(s[0] < first <= s[1] or s[0] <= last < s[1] for s in region.body):
        return None  # the span does not cover whole statements of this region
    reads, writes = _union(s[2] for s in moved), _union(s[3] for s in moved)
    if reads & region.lane_names:
        return None
    earlier = [s for s in region.body if s[1] < first]
    later = [s for s in region.body if s[0] > last]
    nl = _newline(index, text)
    block = index.lines[first - 1 : last]
    old_indent = indent_of(block[0])
    lines = reindent(block, old_indent, indent_of(index.line_text(region_line)))
    filler = old_indent + "pass" if len(moved) == len(region.body) else ""
    if not _crosses(reads, writes, earlier):
        return [
            insert_before_line(index, region_line, nl.join(lines) + nl),
            _delete_lines(index, first, last, filler, nl),
        ]
    if not _crosses(reads, writes, later):
        return [
            _delete_lines(index, first, last, filler, nl),
            _insert_lines_after(index, region.end_line, lines, nl),
        ]
    return None


def _union(sets: Iterable[frozenset[str]]) -> frozenset[str]:
    return frozenset().union(*sets)


def _crosses(reads: frozenset[str], writes: frozenset[str], others: list[_Statement]) -> bool:
    """Whether moving statements past `others` reorders a write and a read of the same name."""
    return bool(reads & _union(s[3] for s in others) or writes & _union(s[2] for s in others))


def parse_call(snippet: str) -> cst.Call | None:
    """The snippet as a libcst call expression (only the fix's span is parsed, never the file)."""
    import libcst as cst

    try:
        node = cst.parse_expression(snippet)
    except cst.ParserSyntaxError:
        return None
    return node if isinstance(node, cst.Call) else None


def expression_code(node: cst.CSTNode) -> str:
    """Source text of a libcst expression node."""
    import libcst as cst

    return cst.Module(body=[]).code_for_node(node)


def span_text(index: LineIndex, span: Span) -> str:
    """The document text covered by a span (code-point columns)."""
    if span.line == span.end_line:
        return index.line_text(span.line)[span.col : span.end_col]
    parts = [index.line_text(span.line)[span.col :]]
    parts.extend(index.line_text(n) for n in range(span.line + 1, span.end_line))
    parts.append(index.line_text(span.end_line)[: span.end_col])
    return "\n".join(parts)
