"""Cut a document into top-level units so an edit re-parses only the units whose text changed."""

from __future__ import annotations

import ast
import bisect
import re
from dataclasses import dataclass

from compiler.modules import parse_source

# Comments and string literals as Python's tokenizer reads them: a backslash escapes the next character
# (a newline too), a string left open runs to the end of its line, or of the text for a triple quote.
# Each alternative is decided by its first characters and never backtracks: one scan, linear in the text.
_LITERALS = re.compile(
    r"#[^\n]*"
    r'|"""(?:[^"\\]|\\[\s\S]|"(?!""))*(?:"""|\Z)'
    r"|'''(?:[^'\\]|\\[\s\S]|'(?!''))*(?:'''|\Z)"
    r'|"(?:[^"\\\n]|\\[\s\S])*(?:"|$)'
    r"|'(?:[^'\\\n]|\\[\s\S])*(?:'|$)",
    re.M,
)


@dataclass(frozen=True, slots=True)
class Unit:
    """A slice of the document: whole lines [first_line, last_line] (1-based), dedented by `indent`."""

    first_line: int
    last_line: int
    indent: int
    text: str
    kind: str  # "module" (imports/constants/other top-level code), "def", "class", "member"
    lines: tuple[int, ...] | None = None  # a module unit: the 1-based lines of module code it keeps


TYPED_LINE_REPAIRS = 3


def parse_typed_lines_as_pass(
    text: str, error: SyntaxError, header_too: bool = False
) -> tuple[str, ast.Module] | None:
    """A unit that does not parse, with the line(s) Python rejects (the statement being typed, `x = pl.`)
    read as `pass` at their indent, and its tree; None when a few such lines do not make it parse. The
    unit's first line (a def header) is kept unless `header_too`."""
    lines = text.split("\n")
    first = 0 if header_too else 1
    for _ in range(TYPED_LINE_REPAIRS):
        index = (error.lineno or 0) - 1
        if not first <= index < len(lines) or lines[index].strip() in ("", "pass"):
            return None
        line = lines[index]
        lines[index] = line[: len(line) - len(line.lstrip())] + "pass"
        repaired = "\n".join(lines)
        try:
            return repaired, parse_source(repaired)
        except SyntaxError as again:
            error = again
        except (ValueError, RecursionError, MemoryError):
            return None
    return None


def _starts_unit(line: str, indent: int) -> bool:
    if len(line) <= indent or line[:indent].strip():
        return False
    ch = line[indent]
    return not ch.isspace() and ch not in "#)]}"


def string_lines(source: str) -> frozenset[int]:
    """Indices of the lines that begin inside a string literal (they never start a unit), in one scan."""
    starts = [0, *(m.end() for m in re.finditer("\n", source))]
    out: set[int] = set()
    for match in _LITERALS.finditer(source):
        if match.group().startswith("#"):
            continue
        first = bisect.bisect_right(starts, match.start()) - 1
        last = bisect.bisect_right(starts, max(match.end() - 1, match.start())) - 1
        out.update(range(first + 1, last + 1))
    return frozenset(out)


def _block_units(
    lines: list[str], start: int, end: int, indent: int, in_string: frozenset[int] = frozenset()
) -> list[tuple[int, int]]:
    """Group lines [start, end) into statements that begin at `indent` (decorators attach below)."""
    groups: list[tuple[int, int]] = []
    cur: int | None = None
    pending_decorator = False
    for i in range(start, end):
        line = lines[i]
        if i not in in_string and _starts_unit(line, indent):
            if cur is not None and not pending_decorator:
                groups.append((cur, i))
                cur = i
            elif cur is None:
                cur = i
            pending_decorator = line[indent] == "@"
    if cur is not None:
        groups.append((cur, end))
    return groups


def _trim(lines: list[str], a: int, b: int) -> int:
    """Drop trailing blank / comment-only lines so a unit's text does not depend on its neighbour."""
    while b > a + 1 and (not lines[b - 1].strip() or lines[b - 1].lstrip().startswith("#")):
        b -= 1
    return b


def split_units(source: str) -> list[Unit]:
    """Cut source into units: each top-level def/class member is its own unit; other code groups."""
    lines = source.split("\n")
    multiline = '"""' in source or "'''" in source or "\\\n" in source
    in_string = string_lines(source) if multiline else frozenset()
    units: list[Unit] = []
    module_lines: list[int] = []
    for a, b in _block_units(lines, 0, len(lines), 0, in_string):
        b = _trim(lines, a, b)
        head = _first_code_line(lines, a, b)
        if head is not None and head.lstrip().startswith("class ") and _is_dsl_class(lines, a):
            units.extend(_class_units(lines, a, b, in_string))
        elif head is not None and (head.startswith("def ") or head.startswith("async def ")):
            units.append(Unit(a + 1, b, 0, "\n".join(lines[a:b]), "def"))
        else:
            module_lines.extend(range(a, b))
    if module_lines:
        # Module code keeps its absolute line numbers: blank out every other line.
        keep = set(module_lines)
        last = max(module_lines) + 1
        text = "\n".join(lines[i] if i in keep else "" for i in range(last))
        units.insert(0, Unit(1, last, 0, text, "module", tuple(i + 1 for i in sorted(keep))))
    return units


def _first_code_line(lines: list[str], a: int, b: int) -> str | None:
    for i in range(a, b):
        stripped = lines[i].lstrip()
        if stripped and not stripped.startswith("@") and not stripped.startswith("#"):
            return lines[i]
    return None


def _is_dsl_class(lines: list[str], a: int) -> bool:
    """A `@pl.program` class: its members become units of their own (other classes are module code)."""
    i = a
    while i < len(lines) and lines[i].lstrip().startswith(("@", "#")):
        if lines[i].lstrip().startswith(("@pl.", "@pld.")):
            return True
        i += 1
    return False


def _class_units(lines: list[str], a: int, b: int, in_string: frozenset[int]) -> list[Unit]:
    header_end = a
    while header_end < b and not lines[header_end].lstrip().startswith("class "):
        header_end += 1
    # The class header (decorators + `class X:` line) is its own unit; members follow.
    body_start = header_end + 1
    indent = 0
    for i in range(body_start, b):
        stripped = lines[i].lstrip()
        if stripped and not stripped.startswith("#"):
            indent = len(lines[i]) - len(stripped)
            break
    units = [Unit(a + 1, header_end + 1, 0, "\n".join(lines[a : header_end + 1]), "class")]
    if indent == 0:
        return units
    for ma, mb in _block_units(lines, body_start, b, indent, in_string):
        mb = _trim(lines, ma, mb)
        body = [line[indent:] if line[:indent].strip() == "" else line.lstrip() for line in lines[ma:mb]]
        units.append(Unit(ma + 1, mb, indent, "\n".join(body), "member"))
    return units
