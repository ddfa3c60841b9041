"""The one comparison the suffix-window tests make: the error found from a window of lines around an
edit must be the error of parsing the whole unit."""

from __future__ import annotations

import copy
from collections.abc import Callable

from compiler.frontend.parser import ParseCache, _suffix_syntax_error
from compiler.frontend.units import Unit, split_units
from compiler.incremental import LineAnchors
from compiler.modules import parse_source

ErrorKey = tuple[type, str, int | None, int | None, int | None, int | None]


def _error_key(exc: SyntaxError) -> ErrorKey:
    return (type(exc), exc.msg, exc.lineno, exc.offset, exc.end_lineno, exc.end_offset)


def window_error_matches_whole(
    text: str, anchors: LineAnchors, cache: ParseCache, is_unit: Callable[[Unit], bool]
) -> bool:
    """Assert that the window's error for the edited unit is the whole unit's; True when the window told one."""
    moved = copy.deepcopy(anchors)
    moved.update(text)
    unit = next(u for u in split_units(text) if is_unit(u))
    unit_anchors = moved.of_lines(unit.first_line, unit.last_line - unit.first_line + 1)
    record = next(r for place, r in cache.bodies.items() if place[0] == unit_anchors[0])
    found = _suffix_syntax_error(record, unit, unit_anchors)
    if found is None:
        return False
    try:
        parse_source(unit.text)
        whole = None
    except SyntaxError as exc:
        whole = _error_key(exc)
    assert _error_key(found) == whole
    return True
