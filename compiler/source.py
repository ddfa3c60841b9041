"""Source positions: every IR node carries a Span in the user's file; a line held as a value is a Line."""

from __future__ import annotations

from dataclasses import dataclass


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
