"""Quick-fix edits outside the editor: the edits of a diagnostic's fix in code points, and applying them.

The `check` CLI uses this for `--format json` (`fix`) and `--fix`; the server builds the same edits through
code actions.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.diagnostics import Diagnostic
from compiler.fixes import KINDS
from pypto_lsp.features.code_actions import build_edits, title_of
from pypto_lsp.positions import LineIndex, split_lines

# Fix kinds that only restate what the user wrote in a form the compiler accepts (no change in behaviour
# of a valid program; `Fix.safe` in compiler/fixes.py): `--fix` applies these. Region wrappers and moves
# change placement, so they stay editor actions the user reviews.
SAFE_KINDS = frozenset(kind for kind, cls in KINDS.items() if cls.safe)


@dataclass(frozen=True, slots=True)
class TextChange:
    """One replacement: 1-based lines, 0-based code-point columns, end exclusive."""

    line: int
    col: int
    end_line: int
    end_col: int
    new_text: str


@dataclass(frozen=True, slots=True)
class FixEdit:
    """The first fix of a diagnostic as concrete text changes."""

    title: str
    kind: str
    changes: tuple[TextChange, ...]


def fix_of(diagnostic: Diagnostic, text: str) -> FixEdit | None:
    """The text changes of a diagnostic's first fix that can be built on this text, or None."""
    index = LineIndex(text, "utf-32")
    for fix in diagnostic.fixes:
        edits = build_edits(fix, index, text)
        if not edits:
            continue
        changes = tuple(
            TextChange(
                e.range.start.line + 1,
                e.range.start.character,
                e.range.end.line + 1,
                e.range.end.character,
                e.new_text,
            )
            for e in edits
        )
        return FixEdit(title_of(fix, diagnostic.code), fix.kind, changes)
    return None


def apply(text: str, changes: list[TextChange]) -> str:
    """The text with non-overlapping changes applied (a change overlapping an earlier one is dropped)."""
    lines = split_lines(text)
    starts = [0]
    for line in lines[:-1]:
        terminator = 2 if text.startswith("\r\n", starts[-1] + len(line)) else 1
        starts.append(starts[-1] + len(line) + terminator)

    def offset(line: int, col: int) -> int:
        if line > len(lines):
            return len(text)
        return starts[line - 1] + min(col, len(lines[line - 1]))

    spans = sorted((offset(c.line, c.col), offset(c.end_line, c.end_col), c.new_text) for c in changes)
    kept: list[tuple[int, int, str]] = []
    for start, end, new in spans:
        if kept and start < kept[-1][1]:
            continue
        kept.append((start, end, new))
    for start, end, new in reversed(kept):
        text = text[:start] + new + text[end:]
    return text
