"""The one place where compiler Spans (1-based lines, code-point columns) meet LSP positions."""

from __future__ import annotations

import re

from lsprotocol import types

from compiler.source import Span

UTF8 = types.PositionEncodingKind.Utf8.value
UTF16 = types.PositionEncodingKind.Utf16.value
UTF32 = types.PositionEncodingKind.Utf32.value

# The LSP line terminators; str.splitlines() would also split on \f, \v, \u2028 ... which
# neither Python's tokenizer nor the editors treat as line breaks.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """Split text into lines (without terminators) the way LSP clients count them."""
    if "\r" not in text:
        return text.split("\n")  # the common case, several times faster than the regex
    return _LINE_BREAK.split(text)


def _units(text: str, encoding: str) -> int:
    """Length of text in the code units of the encoding."""
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    if encoding == UTF32:
        return len(text)
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


class LineIndex:
    """Converts between code-point columns of one text version and client code units.

    The compiler reads the text as Python does (`compiler.source.python_text`): the same lines, and no
    byte-order mark, so a mark the client keeps in the buffer shifts the columns of line 1 by one.
    """

    __slots__ = ("bom", "encoding", "lines")

    def __init__(self, text: str, encoding: str = UTF16) -> None:
        self.lines = split_lines(text)
        self.encoding = normalize_encoding(encoding)
        self.bom = 1 if text.startswith("\ufeff") else 0

    def line_text(self, line: int) -> str:
        """Text of a 1-based line, '' past the end."""
        if 1 <= line <= len(self.lines):
            return self.lines[line - 1]
        return ""

    def position(self, line: int, col: int) -> types.Position:
        """Client position of a 1-based line and 0-based code-point column (clamped to the text)."""
        if line < 1:
            return types.Position(line=0, character=0)
        if line > len(self.lines):
            last = len(self.lines)
            return types.Position(line=last - 1, character=_units(self.lines[-1], self.encoding))
        text = self.lines[line - 1]
        if line == 1:
            col += self.bom
        col = max(0, min(col, len(text)))
        return types.Position(line=line - 1, character=_units(text[:col], self.encoding))

    def range(self, span: Span) -> types.Range:
        """Client range of a compiler span."""
        start = self.position(span.line, span.col)
        end = self.position(span.end_line, span.end_col)
        if (end.line, end.character) < (start.line, start.character):
            end = start
        return types.Range(start=start, end=end)

    def line_end(self, line: int) -> types.Position:
        """Client position of the end of a 1-based line."""
        return self.position(line, len(self.line_text(line)) - (self.bom if line == 1 else 0))

    def point(self, position: types.Position) -> tuple[int, int]:
        """1-based line and 0-based code-point column of a client position."""
        line = position.line + 1
        line, col = self._point(line, position.character)
        return line, max(col - self.bom, 0) if line == 1 else col

    def _point(self, line: int, character: int) -> tuple[int, int]:
        text = self.line_text(line)
        if self.encoding == UTF32:
            return line, min(character, len(text))
        units = 0
        for index, char in enumerate(text):
            if units >= character:
                return line, index
            units += _units(char, self.encoding)
        return line, len(text)

    def span(self, rng: types.Range) -> Span:
        """Compiler span of a client range."""
        line, col = self.point(rng.start)
        end_line, end_col = self.point(rng.end)
        return Span(line, col, end_line, end_col)


def normalize_encoding(encoding: object) -> str:
    """'utf-8' / 'utf-16' / 'utf-32' from an enum member or string; anything else means UTF-16."""
    value = getattr(encoding, "value", encoding)
    return str(value) if value in (UTF8, UTF16, UTF32) else UTF16


def choose_encoding(offered: list[str] | None) -> str:
    """UTF-8 when the client offers it (fewer conversions, Neovim), else the mandatory UTF-16."""
    if offered and UTF8 in [normalize_encoding(e) for e in offered]:
        return UTF8
    return UTF16
