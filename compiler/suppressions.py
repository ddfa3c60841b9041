"""`# noqa` comments: silence diagnostics on their line, as ruff and flake8 users already write.

`# noqa` silences every code on the line; `# noqa: PTO-F46, PTO-H1` only those codes. A PTO code that
silences nothing gets a hint, so stale suppressions do not pile up; other tools' codes (`# noqa: E501`)
and bare directives are theirs to judge.
"""

from __future__ import annotations

import re

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.source import Span

_NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[A-Za-z0-9_\-]+(?:[\s,]+[A-Za-z0-9_\-]+)*))?", re.IGNORECASE)


def directives(source: str) -> dict[int, tuple[Span, frozenset[str] | None]]:
    """Line -> (the directive's span, its codes, or None for a bare `# noqa`)."""
    found: dict[int, tuple[Span, frozenset[str] | None]] = {}
    if "noqa" not in source.lower():
        return found
    for number, line in enumerate(source.split("\n"), start=1):
        hash_at = line.find("#")
        if hash_at < 0 or "noqa" not in line.lower():
            continue
        match = _NOQA.search(line, hash_at)
        if match is None:
            continue
        codes = match.group("codes")
        names = frozenset(c.upper() for c in re.split(r"[\s,]+", codes) if c) if codes else None
        found[number] = (Span(number, match.start(), number, match.end()), names)
    return found


def apply(diagnostics: list[Diagnostic], source: str) -> list[Diagnostic]:
    """The diagnostics that no `# noqa` on their first line silences, plus a hint per unused directive."""
    table = directives(source)
    if not table:
        return diagnostics
    kept: list[Diagnostic] = []
    used: dict[int, set[str]] = {}
    for d in diagnostics:
        entry = table.get(d.span.line)
        if entry is not None and (entry[1] is None or d.code.upper() in entry[1]):
            used.setdefault(d.span.line, set()).add(d.code.upper())
            continue
        kept.append(d)
    for line, (span, codes) in table.items():
        hit = used.get(line, set())
        unused = sorted(c for c in codes - hit if c.startswith("PTO-")) if codes is not None else []
        if unused:
            kept.append(diagnostic("PTO-NQ1", span, codes=", ".join(unused)))
    return kept
