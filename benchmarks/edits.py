"""Random edits the way a person makes them, shared by the differential checks (tests and benchmarks).

An edit is a new text: Enter after a line, a statement typed a character at a time, a line deleted, a
block of lines pasted from elsewhere in the file (or cut), a line's last name lengthened, an undo.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

_ASSIGNED = re.compile(r"^\s+([A-Za-z_]\w*)\s*(?::[^=]+)?=\s*pl\.")


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip())]


def _names(lines: list[str]) -> list[str]:
    found = [m.group(1) for line in lines if (m := _ASSIGNED.match(line))]
    return found or ["x"]


def edit_sequence(text: str, rng: random.Random, count: int) -> Iterator[str]:
    """`count` successive versions of `text`, each one keystroke-sized or block-sized edit away."""
    lines = text.split("\n")
    history: list[list[str]] = []
    made = 0
    while made < count:
        kind = rng.choice(["enter", "type", "delete", "paste", "cut", "rename", "undo"])
        at = rng.randrange(len(lines))
        history.append(list(lines))
        if kind == "enter":
            lines.insert(at + 1, _indent(lines[at]))
        elif kind == "type":
            # Enter, then `t = pl.exp(x)` a character at a time: every prefix is a version.
            statement = f"t = pl.exp({rng.choice(_names(lines))})"
            pad = _indent(lines[at]) or "    "
            lines.insert(at + 1, pad)
            for k in range(1, len(statement) + 1):
                lines[at + 1] = pad + statement[:k]
                yield "\n".join(lines)
                made += 1
            continue
        elif kind == "delete" and len(lines) > 1:
            del lines[at]
        elif kind == "paste":
            size = rng.randint(2, 40)
            start = rng.randrange(len(lines))
            lines[at + 1 : at + 1] = lines[start : start + size]
        elif kind == "cut" and len(lines) > 2:
            size = rng.randint(2, 12)
            del lines[at : at + size]
            if not lines:  # a cut of the whole (short) document leaves one empty line, as an editor does
                lines.append("")
        elif kind == "rename":
            words = list(re.finditer(r"\b[A-Za-z_]\w*\b", lines[at]))
            if words:
                w = words[-1]
                lines[at] = lines[at][: w.end()] + "_" + lines[at][w.end() :]
        elif kind == "undo" and len(history) > 1:
            history.pop()
            lines = history.pop()
        yield "\n".join(lines)
        made += 1
