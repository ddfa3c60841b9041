"""Source text and positions: the text as Python's tokenizer reads it, the Span every IR node carries, and
Line, a line held as a value.

Lines are what Python's tokenizer says they are, everywhere: a CRLF, a lone CR and a LF each end a line
(form feeds, vertical tabs and U+2028 do not), and a leading byte-order mark is not part of the text.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_DOCUMENT_BYTES = 2_000_000  # the same limit as an imported module's; the largest real file is ~450 KB


def python_text(text: str) -> str:
    """The text as Python's tokenizer reads it: its byte-order mark dropped, every line break a LF (columns
    are unchanged; line numbers are Python's)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def oversized(text: str) -> int | None:
    """The size in UTF-8 bytes of a document too large to analyse (None when it is within the limit)."""
    if len(text) * 4 <= MAX_DOCUMENT_BYTES:
        return None
    size = len(text) if len(text) > MAX_DOCUMENT_BYTES else len(text.encode("utf-8", "surrogatepass"))
    return size if size > MAX_DOCUMENT_BYTES else None


@dataclass(frozen=True, slots=True, order=True)
class Span:
    """A source range. Lines are 1-based; columns are 0-based code-point offsets; end is exclusive."""

    line: int
    col: int
    end_line: int
    end_col: int

    def contains(self, line: int, col: int) -> bool:
        """True when the 1-based line / 0-based column lies inside this span."""
        if line < self.line or line > self.end_line:
            return False
        if line == self.line and col < self.col:
            return False
        return not (line == self.end_line and col > self.end_col)

    def covers_line(self, line: int) -> bool:
        """True when the span touches the given 1-based line."""
        return self.line <= line <= self.end_line

    def shifted(self, line_delta: int) -> Span:
        """The same span moved by a number of lines (for units parsed out of place)."""
        return Span(self.line + line_delta, self.col, self.end_line + line_delta, self.end_col)

    def with_def_keyword(self) -> Span:
        """A function name's span widened to start at its `def` keyword (the compiler's function span)."""
        return Span(self.line, max(self.col - len("def "), 0), self.line, self.end_col)

    def header(self) -> Span:
        """Only the first line of a multi-line span (a region or scope header)."""
        if self.end_line == self.line:
            return self
        return Span(self.line, self.col, self.line, 10_000)


NO_SPAN = Span(1, 0, 1, 0)


class Line(int):
    """A line held as a value rather than in a Span: a message field (`line 12`), a quick fix's region
    line, a row of the expanded kernel. The pipeline works on anchored lines (compiler.incremental), and
    the Analysis is read out in document lines: a Line is rebased with the spans, so whatever holds one
    stays right when the lines above it move."""

    __slots__ = ()
