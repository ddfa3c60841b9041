"""What surrounds the cursor in the text being typed: the dotted name before it, the call it sits in, the
argument it is in. Incomplete code (`x = pl.matmul(a, `) does not parse, so this reads the characters before
the cursor with a small scanner that knows strings, comments and brackets."""

from __future__ import annotations

import re
from dataclasses import dataclass

WINDOW_LINES = 80  # how far back a call that is still open can start
_CALLEE = re.compile(r"([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)\s*$")
_KEYWORD = re.compile(r"^\s*([A-Za-z_]\w*)\s*=(?!=)")
_DOTTED_PREFIX = re.compile(r"([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\.(\w*)$")
_WORD_PREFIX = re.compile(r"(\w*)$")
_STATEMENT_KEYWORDS = frozenset({"def", "class", "import", "from", "as", "global", "nonlocal"})


@dataclass(frozen=True, slots=True)
class CallContext:
    """The innermost call whose parenthesis is open at the cursor."""

    callee: str  # `pl.matmul`, `helper`, `self.kernel`
    line: int  # where the callee starts (1-based) and its column
    col: int
    active: int  # the index of the argument the cursor is in (commas before it)
    keyword: str | None  # `name` when the cursor's argument is written `name=...`
    used_keywords: tuple[str, ...]  # keywords given before the cursor's argument
    positional: int  # positional arguments before the cursor's argument
    at_argument_start: bool  # nothing but spaces (or a partial name) typed in this argument yet


@dataclass(frozen=True, slots=True)
class CursorContext:
    """The text facts at one cursor position."""

    base: str | None  # for `pl.ti|`: "pl"; None when the cursor is not after a dot
    prefix: str  # the partial word before the cursor
    start_col: int  # the column where that word starts
    call: CallContext | None
    in_string: bool = False
    in_comment: bool = False
    statement_keyword: str | None = None  # the line starts with `def` / `import` / ...: no name completion
    indent: int = 0  # the indentation of the cursor's line
    in_split_aiv: bool = False  # the cursor's line sits in the body of a `for ... in pl.split_aiv(...)`


def cursor_context(lines: list[str], line: int, col: int) -> CursorContext:
    """The context at a 1-based line and 0-based code-point column of the text `lines`."""
    if not 1 <= line <= len(lines):
        return CursorContext(None, "", col, None)
    current = lines[line - 1]
    col = max(0, min(col, len(current)))
    before = current[:col]
    indent = len(current) - len(current.lstrip())
    first = max(1, line - WINDOW_LINES)
    scan = _Scanner()
    for number in range(first, line):
        scan.feed(lines[number - 1], number, final=False)
    scan.feed(before, line, final=True)
    if scan.in_string or scan.in_comment:
        return CursorContext(None, "", col, None, scan.in_string, scan.in_comment, indent=indent)
    dotted = _DOTTED_PREFIX.search(before)
    word = _WORD_PREFIX.search(before)
    prefix = word.group(1) if word else ""
    base = None
    if dotted is not None and dotted.end() == len(before):
        base, prefix = dotted.group(1), dotted.group(2)
    head = before.lstrip().split(" ", 1)[0] if before.strip() else ""
    keyword = head if head in _STATEMENT_KEYWORDS and scan.depth_at_line_start == 0 else None
    return CursorContext(
        base,
        prefix,
        col - len(prefix),
        scan.call(lines),
        statement_keyword=keyword,
        indent=indent,
        in_split_aiv=in_split_aiv_region(lines, line, indent),
    )


_REGION_HEADER = re.compile(r"^\s*for\s.+\bin\s+[A-Za-z_]\w*\.split_aiv\s*\(")
_BLOCK_END = re.compile(r"^\s*(?:async\s+def|def|class)\s")


def in_split_aiv_region(lines: list[str], line: int, indent: int) -> bool:
    """True when the enclosing blocks of a line (found by indentation, as Python reads them) include a
    `for ... in pl.split_aiv(...)` region, before the function they are in."""
    level = indent if lines[line - 1].strip() else 10_000
    for number in range(line - 1, max(0, line - 2000), -1):
        text = lines[number - 1]
        stripped = text.lstrip()
        if not stripped or stripped.startswith("#"):
            continue
        depth = len(text) - len(stripped)
        if depth >= level:
            continue
        if _REGION_HEADER.match(text):
            return True
        if _BLOCK_END.match(text) or depth == 0:
            return False
        level = depth
    return False


_INTERESTING = re.compile(r"\"\"\"|'''|[\"'#()\[\]{},]")


def _string_end(text: str, start: int, quote: str) -> int:
    """The index after the string's closing quote on this line, or -1 when it continues."""
    i = start
    while True:
        end = text.find(quote, i)
        if end < 0:
            return -1
        backslashes = 0
        k = end - 1
        while k >= start and text[k] == "\\":
            backslashes += 1
            k -= 1
        if backslashes % 2 == 0:
            return end + len(quote)
        i = end + 1


@dataclass(slots=True)
class _Open:
    char: str
    line: int
    col: int
    commas: int = 0
    arg_start: tuple[int, int] = (0, 0)  # where the current argument's text starts
    args: list[str] | None = None


class _Scanner:
    """Tracks strings, comments and open brackets over the lines before the cursor."""

    def __init__(self) -> None:
        self.stack: list[_Open] = []
        self.quote: str | None = None  # the open string's delimiter
        self.in_string = False
        self.in_comment = False
        self.text: dict[int, str] = {}
        self.depth_at_line_start = 0

    def feed(self, text: str, number: int, final: bool) -> None:
        self.text[number] = text
        self.in_comment = False
        self.depth_at_line_start = len(self.stack)
        i = 0
        while True:
            if self.quote is not None:
                end = _string_end(text, i, self.quote)
                if end < 0:
                    break
                i, self.quote = end, None
                continue
            match = _INTERESTING.search(text, i)
            if match is None:
                break
            ch, i = match.group(), match.end()
            if ch == "#":
                self.in_comment = True
                break
            if ch[0] in "\"'":
                self.quote = ch
            elif ch in "([{":
                self.stack.append(_Open(ch, number, i - 1, 0, (number, i), []))
            elif ch in ")]}":
                if self.stack:
                    self.stack.pop()
            elif ch == "," and self.stack:
                top = self.stack[-1]
                top.commas += 1
                if top.args is not None:
                    top.args.append(self._slice(top.arg_start, (number, i - 1)))
                top.arg_start = (number, i)
        if self.quote is not None and len(self.quote) == 1:
            # A one-quote string ends with its line (an unterminated literal while typing).
            self.in_string = final
            if not final:
                self.quote = None
            return
        self.in_string = final and self.quote is not None

    def _slice(self, start: tuple[int, int], end: tuple[int, int]) -> str:
        if start[0] == end[0]:
            return self.text.get(start[0], "")[start[1] : end[1]]
        parts = [self.text.get(start[0], "")[start[1] :]]
        parts.extend(self.text.get(k, "") for k in range(start[0] + 1, end[0]))
        parts.append(self.text.get(end[0], "")[: end[1]])
        return " ".join(parts)

    def call(self, lines: list[str]) -> CallContext | None:
        """The innermost open `(` that follows a (dotted) name."""
        for opened in reversed(self.stack):
            if opened.char != "(":
                if opened.char == "[":
                    return None  # inside a list or subscript: its elements are not this call's arguments
                continue
            before = lines[opened.line - 1][: opened.col] if opened.line <= len(lines) else ""
            found = _CALLEE.search(before)
            if found is None:
                return None
            callee = re.sub(r"\s+", "", found.group(1))
            if callee in ("if", "while", "return", "and", "or", "not", "in", "elif", "assert", "with"):
                return None
            last_line = max(self.text)
            current = self._slice(opened.arg_start, (last_line, len(self.text[last_line])))
            done = opened.args or []
            keyword = _KEYWORD.match(current)
            used = tuple(m.group(1) for a in done if (m := _KEYWORD.match(a)) is not None)
            positional = sum(1 for a in done if _KEYWORD.match(a) is None and a.strip())
            return CallContext(
                callee,
                opened.line,
                found.start(1),
                opened.commas,
                keyword.group(1) if keyword else None,
                used,
                positional,
                bool(re.fullmatch(r"\s*\w*", current)),
            )
        return None
