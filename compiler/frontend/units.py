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


@dataclass(slots=True)
class SplitMemo:
    """The last version's lines and units (one document's), for `split_units` to redo only an edit."""

    lines: list[str] | None = None
    units: tuple[Unit, ...] = ()


# What can change how the lines after an edit are read (a string spanning lines, a line continuation).
_MULTILINE_MARKS = ('"""', "'''", "\\")


def split_units(source: str, memo: SplitMemo | None = None) -> list[Unit]:
    """Cut source into units: each top-level def/class member is its own unit; other code groups. With
    a `memo` of the last version, an edit inside one function's body re-cuts that unit only."""
    lines = source.split("\n")
    if memo is not None and memo.lines is not None:
        again = _resplit(memo.lines, memo.units, lines)
        if again is not None:
            memo.lines, memo.units = lines, again
            return list(again)
    units = _split(source, lines)
    if memo is not None:
        memo.lines, memo.units = lines, tuple(units)
    return units


def _resplit(old: list[str], units: tuple[Unit, ...], new: list[str]) -> tuple[Unit, ...] | None:
    """The units of `new` from those of `old` when the lines that differ lie strictly inside one
    function's body (after its header line, before its last line) and neither side of the edit has a
    triple quote or a backslash: every line then starts in the same string state as before and no
    unit boundary, kind or trimmed end moves. None when that cannot be told (then all is cut again)."""
    limit = min(len(old), len(new))
    head = 0
    while head < limit and old[head] == new[head]:
        head += 1
    if head == len(old) == len(new):
        return units
    tail = 0
    while tail < limit - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    old_end, new_end = len(old) - tail, len(new) - tail  # changed: old[head:old_end], new[head:new_end]
    changed = old[head:old_end] + new[head:new_end]
    if any(mark in line for line in changed for mark in _MULTILINE_MARKS):
        return None
    index = next(
        (
            i
            for i, u in enumerate(units)
            if u.kind in ("def", "member") and u.first_line - 1 < head and old_end <= u.last_line - 1
        ),
        None,
    )
    if index is None:
        return None
    unit = units[index]
    a, b = unit.first_line - 1, unit.last_line  # old lines [a, b)
    header = next((i for i in range(a, b) if _code_line(old[i])), None)
    if header is None or header >= head:
        return None  # the edit may change which line is the unit's header (and so its kind)
    for line in new[head:new_end]:
        if _starts_unit(line, 0) or (unit.indent and _starts_unit(line, unit.indent)):
            return None
    delta = len(new) - len(old)
    body = new[a : b + delta]
    if unit.kind == "member":
        ind = unit.indent
        body = [line[ind:] if line[:ind].strip() == "" else line.lstrip() for line in body]
    out = list(units)
    out[index] = Unit(unit.first_line, unit.last_line + delta, unit.indent, "\n".join(body), unit.kind)
    if delta:
        for i in range(index + 1, len(out)):
            u = out[i]
            out[i] = Unit(u.first_line + delta, u.last_line + delta, u.indent, u.text, u.kind, u.lines)
        if out[0].kind == "module" and out[0].lines and out[0].lines[-1] > b:
            out[0] = _module_unit(new, [line - 1 + (delta if line > b else 0) for line in out[0].lines])
    return tuple(out)


def _code_line(line: str) -> bool:
    stripped = line.lstrip()
    return bool(stripped) and not stripped.startswith(("@", "#"))


def _module_unit(lines: list[str], module_lines: list[int]) -> Unit:
    """The module code unit: its lines (0-based `module_lines`) at their document lines, others blank."""
    keep = set(module_lines)
    last = max(module_lines) + 1
    text = "\n".join(lines[i] if i in keep else "" for i in range(last))
    return Unit(1, last, 0, text, "module", tuple(i + 1 for i in sorted(keep)))


def _split(source: str, lines: list[str]) -> list[Unit]:
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
        units.insert(0, _module_unit(lines, module_lines))
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
