"""Small text-edit builders for quick fixes; edits are minimal and leave comments and layout alone."""

from __future__ import annotations

import io
import tokenize

import libcst as cst
from lsprotocol import types

from compiler.source import Span
from pypto_lsp.positions import LineIndex

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


def parse_call(snippet: str) -> cst.Call | None:
    """The snippet as a libcst call expression (only the fix's span is parsed, never the file)."""
    try:
        node = cst.parse_expression(snippet)
    except cst.ParserSyntaxError:
        return None
    return node if isinstance(node, cst.Call) else None


def expression_code(node: cst.CSTNode) -> str:
    """Source text of a libcst expression node."""
    return cst.Module(body=[]).code_for_node(node)


def span_text(index: LineIndex, span: Span) -> str:
    """The document text covered by a span (code-point columns)."""
    if span.line == span.end_line:
        return index.line_text(span.line)[span.col : span.end_col]
    parts = [index.line_text(span.line)[span.col :]]
    parts.extend(index.line_text(n) for n in range(span.line + 1, span.end_line))
    parts.append(index.line_text(span.end_line)[: span.end_col])
    return "\n".join(parts)
