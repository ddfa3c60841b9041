"""What the entries of other modules give a helper module: its lanes, its faults and its ops.

The compiler's spans for the ops of an inlined helper point into the helper's own file, so a helper
module's lines get lanes (and its faults get reported) from the entries that reach it. Each entry's
Analysis carries what it gives other files (`foreign_lanes`, `foreign_diagnostics`, `foreign_ops`); this
module merges them for one helper file, as the compiler merges the lanes of one line: a line that one
entry runs on AIC and another on AIV is on both.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable
from dataclasses import replace

from compiler.analysis import Analysis, ForeignOp
from compiler.diagnostics import Diagnostic, Related
from compiler.suppressions import directives

MAX_CALL_SITES = 8  # call sites listed as related information of one helper fault


def same_file(a: str, b: str) -> bool:
    """True when two paths name the same file (relative paths are taken from the working folder)."""
    return a == b or _normal(a) == _normal(b)


@functools.lru_cache(maxsize=4096)
def _normal(path: str) -> str:
    # Requests compare every foreign op's path with the document's: a few distinct paths, normalised once.
    return os.path.normcase(os.path.abspath(path))


def entries_by_file(entries: Iterable[Analysis]) -> dict[str, list[Analysis]]:
    """For each file the entries reach (normalised path), the entries that give it lanes or faults: one
    pass over every entry, so reporting each file reads only its own entries, not all of them."""
    found: dict[str, list[Analysis]] = {}
    for entry in entries:
        paths = {where for where, _, _ in entry.foreign_lanes}
        paths.update(f.path for f in entry.foreign_diagnostics)
        for key in {_normal(p) for p in paths}:
            found.setdefault(key, []).append(entry)
    return found


def reaching(index: dict[str, list[Analysis]], path: str) -> list[Analysis]:
    """The entries of an `entries_by_file` index that reach `path`."""
    return index.get(_normal(path), [])


def foreign_lanes_by_file(entries: Iterable[Analysis]) -> dict[str, list[tuple[int, str]]]:
    """For each file the entries reach (normalised path), the lanes their kernels give its lines: one pass
    over every entry's lanes, so merging a file's lanes reads only its own (see `lanes_of`)."""
    found: dict[str, list[tuple[int, str]]] = {}
    for entry in entries:
        for where, line, lane in entry.foreign_lanes:
            found.setdefault(_normal(where), []).append((line, lane))
    return found


def lanes_of(index: dict[str, list[tuple[int, str]]], path: str) -> list[tuple[int, str]]:
    """The lanes a `foreign_lanes_by_file` index gives the lines of `path`."""
    return index.get(_normal(path), [])


def merged_lanes(
    own: Iterable[tuple[int, str]], path: str, entries: Iterable[Analysis]
) -> tuple[tuple[int, str], ...]:
    """A file's own lanes merged with the lanes the entries' kernels give its lines (line -> aic/aiv/both)."""
    given = (
        (line, lane)
        for entry in entries
        for where, line, lane in entry.foreign_lanes
        if same_file(where, path)
    )
    return with_foreign_lanes(own, given)


def with_foreign_lanes(
    own: Iterable[tuple[int, str]], given: Iterable[tuple[int, str]]
) -> tuple[tuple[int, str], ...]:
    """A file's own lanes merged with lanes other files' kernels give its lines: a line run on AIC by one
    and on AIV by another is on both."""
    sides: dict[int, int] = {}  # line -> 1 aic, 2 aiv, 3 both
    others: list[tuple[int, str]] = []
    for line, lane in own:
        if lane in _SIDES:
            sides[line] = sides.get(line, 0) | _SIDES[lane]
        else:
            others.append((line, lane))
    for line, lane in given:
        side = _SIDES.get(lane)
        if side is not None:
            sides[line] = sides.get(line, 0) | side
    found = {line: _LANES[mask] for line, mask in sides.items()}
    found.update((line, lane) for line, lane in others if line not in found)
    return tuple(sorted(found.items()))


_SIDES = {"aic": 1, "aiv": 2, "both": 3}
_LANES = {1: "aic", 2: "aiv", 3: "both"}


def helper_diagnostics(
    path: str, entries: Iterable[Analysis], text: str | None = None, own: Iterable[Diagnostic] = ()
) -> tuple[Diagnostic, ...]:
    """A helper file's diagnostics: its own (`own`), then the faults the entries find on its lines, one per
    (code, message, place), each with the call sites that reach it as related information (a fault the
    file reports itself gets them too); a `# noqa` on the line in `text` silences an entry's fault."""
    found: dict[tuple[object, ...], Diagnostic] = {(d.code, d.message, d.span): d for d in own}
    mine = set(found)
    table = directives(text) if text else {}
    for entry in entries:
        for foreign in entry.foreign_diagnostics:
            if not same_file(foreign.path, path):
                continue
            d = foreign.diagnostic
            key = (d.code, d.message, d.span)
            known = found.get(key)
            if known is None:
                silenced = table.get(d.span.line)
                if silenced is None or (silenced[1] is not None and d.code.upper() not in silenced[1]):
                    found[key] = d
                continue
            sites = [r for r in known.related if r.path is not None]
            if len(sites) < MAX_CALL_SITES:
                # By what it shows: an entry a `check` worker sent back holds copies of the labels.
                shown = {_shown(r) for r in known.related}
                extra: list[Related] = []
                for r in d.related:
                    if r.path is not None and _shown(r) not in shown:
                        shown.add(_shown(r))
                        extra.append(r)
                found[key] = _with_related(known, tuple(extra))
    return (
        *(found[k] for k in found if k in mine),
        *sorted(
            (d for k, d in found.items() if k not in mine), key=lambda d: (d.span.line, d.span.col, d.code)
        ),
    )


def _shown(r: Related) -> tuple[object, ...]:
    return (r.span, r.message, r.path)


def _with_related(d: Diagnostic, extra: tuple[Related, ...]) -> Diagnostic:
    return replace(d, related=(*d.related, *extra)) if extra else d


def helper_ops(path: str, entries: Iterable[tuple[str, Analysis]]) -> list[tuple[str, ForeignOp]]:
    """The ops of a helper file that the entries run, each with the name of the entry's file."""
    return [(name, f) for name, analysis in entries for f in analysis.foreign_ops if same_file(f.path, path)]


def reaches(entry: Analysis, path: str) -> bool:
    """True when an entry's kernels run code of the file, or its import of the file fails."""
    return (
        any(same_file(p, path) for p, _, _ in entry.foreign_lanes)
        or any(same_file(f.path, path) for f in entry.foreign_ops)
        or any(same_file(f.path, path) for f in entry.foreign_diagnostics)
    )
