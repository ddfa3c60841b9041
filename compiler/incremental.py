"""Positions that do not move when lines above them do.

The engine analyses a document in an *anchored line space*: every line of the document has an anchor, a
number that stays the same from one version to the next while the line's text is kept. Pressing Enter,
deleting a line or pasting a block gives anchors to the new lines only; every statement below keeps the
anchors it had, so its IR object, its checks, its kernel and every result cached by it are reused as they
are (rust-analyzer keeps syntax positions relative, Roslyn hands absolute positions out lazily: same idea).
Anchors are spaced apart, so new lines fit between two neighbours; when a gap is used up only a small
window around it is spread out again.

`Rebase` turns what the pipeline made (anchored spans, and the lines results hold as values: message
fields, quick-fix arguments, the expanded kernel's rows, each a `compiler.source.Line`) into document lines
when the Analysis is read: once per version, for results that moved, cached for the rest. Texts are
rendered from the rebased data afterwards, never rewritten.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field, fields, is_dataclass, replace
from functools import partial
from typing import Any, TypeVar

from compiler import ir
from compiler.diagnostics import Note, Related, Rule
from compiler.ir_walk import child_blocks
from compiler.source import Line, Span

T = TypeVar("T")

SPACING = 1 << 16  # the distance between the anchors of two neighbouring lines on a fresh numbering
_STEP = 1 << 10  # new lines are placed this far apart (or closer, where the gap is small)
_MIN_GAP = 16  # a window is spread out again when its lines would be closer than this
FLOOR = SPACING // 2  # every anchor is above this


@dataclass(slots=True)
class LineAnchors:
    """The anchor of each document line (index 0 is line 1), strictly increasing."""

    lines: list[str] = field(default_factory=list)
    anchors: list[int] = field(default_factory=list)
    version: int = 0  # bumped when any existing line's anchor changes (a window spread out again)
    # Bumped when a kept line may map to another document line (lines were added or removed, or a window
    # was spread out again); while it stays, every kept anchor maps to the line it mapped to before.
    moves: int = 0

    @classmethod
    def numbered(cls, text: str) -> LineAnchors:
        """Anchors that are the line numbers themselves (a one-off analysis that is never edited)."""
        lines = text.split("\n")
        return cls(lines, list(range(1, len(lines) + 1)))

    def update(self, text: str) -> list[str]:
        """Give the lines of a new version their anchors (kept lines keep theirs); returns the lines."""
        new = text.split("\n")
        old = self.lines
        if not old:
            self.lines = new
            self.anchors = [(i + 1) * SPACING for i in range(len(new))]
            self.moves += 1
            return new
        # One changed region: the common prefix and suffix keep their anchors.
        limit = min(len(old), len(new))
        head = 0
        while head < limit and old[head] == new[head]:
            head += 1
        tail = 0
        while tail < limit - head and old[-1 - tail] == new[-1 - tail]:
            tail += 1
        added = len(new) - head - tail
        before = self.anchors[head - 1] if head else FLOOR
        after = self.anchors[len(old) - tail] if tail else before + (added + 1) * _STEP
        middle = _spread(before, after, added)
        if middle or added == 0:
            self.anchors = self.anchors[:head] + middle + self.anchors[len(old) - tail :]
        else:
            self.anchors = self._respace(self.anchors[:head], added, self.anchors[len(old) - tail :])
            self.moves += 1
        if len(new) != len(old):
            self.moves += 1
        self.lines = new
        return new

    def _respace(self, before: list[int], added: int, after: list[int]) -> list[int]:
        """Anchors for `added` new lines between `before` and `after` where the gap has no room for them:
        a window around them is spread out again (the lines in it get new anchors)."""
        self.version += 1
        lo, hi = len(before), len(before)  # the window: before[lo:] and after[: hi - len(before)]
        while True:
            below = before[lo - 1] if lo > 0 else FLOOR
            taken = hi - len(before)
            above = after[taken] if taken < len(after) else below + (hi - lo + added + 1) * SPACING
            count = hi - lo + added
            if (above - below) // (count + 1) >= _MIN_GAP * 4 or (lo == 0 and taken >= len(after)):
                break
            width = max(count, 1)
            lo, hi = max(0, lo - width), min(len(before) + len(after), hi + width)
        step = (above - below) // (count + 1)
        spread = [below + step * (k + 1) for k in range(count)]
        return before[:lo] + spread + after[hi - len(before) :]

    def anchor(self, line: int) -> int:
        """The anchor of a 1-based document line (past the end: beyond the last anchor)."""
        if 1 <= line <= len(self.anchors):
            return self.anchors[line - 1]
        if line < 1:
            return FLOOR
        return (self.anchors[-1] if self.anchors else 0) + (line - len(self.anchors)) * SPACING

    def of_lines(self, first: int, count: int) -> list[int]:
        """The anchors of `count` lines from the 1-based `first` on."""
        if first >= 1 and first - 1 + count <= len(self.anchors):
            return self.anchors[first - 1 : first - 1 + count]
        return [self.anchor(first + k) for k in range(count)]

    def line_of(self, anchor: int) -> int:
        """The 1-based document line of an anchor (a value between anchors: the line after it)."""
        return bisect.bisect_left(self.anchors, anchor) + 1

    def real_lines(self, first_anchor: int, last_anchor: int) -> int:
        """How many document lines lie between two anchors, both included."""
        return self.line_of(last_anchor) - self.line_of(first_anchor) + 1


def _spread(before: int, after: int, count: int) -> list[int]:
    """`count` increasing anchors strictly between `before` and `after` (empty when they do not fit)."""
    if count <= 0:
        return []
    step = min((after - before) // (count + 1), _STEP)
    if step < _MIN_GAP:
        return []
    return [before + step * (k + 1) for k in range(count)]


@dataclass(slots=True)
class Rebase:
    """Turns anchored results into document positions (spans, Lines, line-keyed rows).

    Lines at or past `foreign` (helper code of other modules) are left as they are."""

    anchors: LineAnchors
    foreign: int
    _memo: dict[int, tuple[tuple[object, ...], tuple[int, int], object]] = field(default_factory=dict)
    _live: dict[int, tuple[tuple[object, ...], tuple[int, int], object]] = field(default_factory=dict)

    def line(self, anchor: int) -> int:
        """The document line of an anchored line."""
        if anchor >= self.foreign:
            return anchor
        return self.anchors.line_of(anchor)

    def span(self, span: Span) -> Span:
        """A span in document lines."""
        line = self.line(span.line)
        end = line if span.end_line == span.line else self.line(span.end_line)
        if line == span.line and end == span.end_line:
            return span
        return Span(line, span.col, end, span.end_col)

    def value(self, obj: T) -> T:
        """Any result (dataclasses, tuples of them, spans, Lines) in document lines."""
        return self._value(obj)  # type: ignore[no-any-return]

    def cached(self, owner: tuple[object, ...], bounds: tuple[int, int], make: Callable[[], T]) -> T:
        """`make()`, reused while the `owner` objects are the same and the first and last anchored line
        they hold (`bounds`) map to the same document lines: the lines in between then moved alike."""
        key = hash(tuple(id(o) for o in owner))
        mapped = (self.line(bounds[0]), self.line(bounds[1]))
        found = self._memo.get(key) or self._live.get(key)
        if (
            found is not None
            and found[1] == mapped
            and all(a is b for a, b in zip(found[0], owner, strict=True))  # type: ignore[call-overload]
        ):
            self._live[key] = found
            return found[2]  # type: ignore[return-value]
        out = make()
        self._live[key] = (owner, mapped, out)
        return out

    def next_version(self) -> None:
        """Keep what this version read, drop the rest (called once per analysis, before it is read)."""
        self._memo, self._live = self._live, {}

    def keep_all(self) -> None:
        """This version reads what the last one did (its read-out was reused whole): keep all of it."""
        self._live.update(self._memo)

    def _lines(self, lines: tuple[Line, ...]) -> tuple[Line, ...]:
        """A tuple of Lines (an expanded kernel's source lines) in document lines."""
        foreign, line_of = self.foreign, self.anchors.line_of
        out = [line if line >= foreign else Line(line_of(line)) for line in lines]
        for a, b in zip(out, lines, strict=True):
            if a != b:
                return tuple(out)
        return lines

    def _value(self, obj: Any) -> Any:
        kind = type(obj)
        if kind in _KEPT:  # most fields: nothing to rebase (the checks below give the same)
            return obj
        if kind is Span:
            return self.span(obj)
        if isinstance(obj, Span):
            return self.span(obj)
        if isinstance(obj, Line):
            line = self.line(obj)
            return obj if line == obj else Line(line)
        if isinstance(obj, Related) and obj.path is not None:
            return obj  # a location in another file: its own lines
        if isinstance(obj, tuple):
            if obj and type(obj[0]) is Line and all(type(item) is Line for item in obj):
                return self._lines(obj)
            # A list comprehension and a loop (generators cost twice as much here: every row of a read-out).
            value = self._value
            kept = _KEPT
            items = [item if type(item) in kept else value(item) for item in obj]
            for a, b in zip(items, obj, strict=True):
                if a is not b:
                    return tuple(items)
            return obj
        shape = _shape(type(obj))
        if shape is not None:
            names, plain = shape
            changes: dict[str, Any] = {}
            for name in names:
                old = getattr(obj, name)
                if old is None or isinstance(old, _PLAIN_FIELDS) or type(old) is int:
                    continue
                new = self._value(old)
                if new is not old:
                    changes[name] = new
            if not changes:
                return obj
            if plain:  # every field set by __init__: a call, not the generic dataclasses.replace
                return type(obj)(**{name: changes.get(name, getattr(obj, name)) for name in names})
            return replace(obj, **changes)
        return obj


_KEPT = frozenset({str, int, float, bool, bytes, type(None), frozenset})
_PLAIN_FIELDS = (str, bool, float, bytes, frozenset)  # a tuple: isinstance of a union builds it at each call

# Per class: None when `Rebase` leaves its objects as they are (not a dataclass; a rule or a note, which are
# declarations), else its field names and whether they are all plain __init__ fields.
_SHAPES: dict[type, tuple[tuple[str, ...], bool] | None] = {}


def _shape(cls: type) -> tuple[tuple[str, ...], bool] | None:
    try:
        return _SHAPES[cls]
    except KeyError:
        pass
    shape: tuple[tuple[str, ...], bool] | None = None
    if is_dataclass(cls) and not issubclass(cls, type | Rule | Note):
        found = fields(cls)
        plain = all(f.init for f in found) and len(found) == len(cls.__dataclass_fields__)
        shape = (tuple(f.name for f in found), plain)
    _SHAPES[cls] = shape
    return shape


# --------------------------------------------------------------------------------------------- memos

N = TypeVar("N")
V = TypeVar("V")


@dataclass(slots=True)
class IdentityMemo:
    """Pure functions of immutable IR nodes, by node identity, kept one version deep: what the current
    version asked for lives on into the next, the rest is dropped at `next_version`."""

    _last: dict[int, tuple[object, object]] = field(default_factory=dict)
    _live: dict[int, tuple[object, object]] = field(default_factory=dict)

    def get(self, node: object, compute: Callable[[Any], T]) -> T:
        """`compute(node)`, once per node object."""
        key = id(node)
        found = self._live.get(key)
        if found is None or found[0] is not node:
            found = self._last.get(key)
            if found is None or found[0] is not node:
                found = (node, compute(node))
            self._live[key] = found
        return found[1]  # type: ignore[return-value]

    def next_version(self) -> None:
        """Start a new version: keep only what the finished one used."""
        self._last, self._live = self._live, {}

    def carried(self) -> IdentityMemo:
        """A new memo for the next version holding what this version used (this one is left as it is,
        so a run cancelled part way loses nothing)."""
        return IdentityMemo(self._live or self._last)

    def checkpoint(self) -> Callable[[], None]:
        """What puts this memo back as it stands now, for a run cancelled part way (a new version fills
        new tables, so these stay as they are)."""
        last, live = self._last, self._live

        def restore() -> None:
            self._last, self._live = last, live

        return restore


# A lasting memo drops an entry that no version asked for in this many versions.
_LASTING_VERSIONS = 64


class LastingMemo:
    """Pure functions of immutable IR nodes, by node identity, kept across versions: a statement reused
    whole keeps the entries of the statements nested in it without touching them, so the next edit
    inside it finds them. An entry that no version asked for in `_LASTING_VERSIONS` versions is dropped
    (a sweep every that many versions), which bounds what edits leave behind."""

    __slots__ = ("_table", "_version")

    def __init__(self) -> None:
        self._table: dict[int, list[Any]] = {}  # id -> [node, value, the version that last asked]
        self._version = 0

    def get(self, node: object, compute: Callable[[Any], T]) -> T:
        """`compute(node)`, once per node object."""
        found = self._table.get(id(node))
        if found is None or found[0] is not node:
            found = [node, compute(node), self._version]
            self._table[id(node)] = found
        else:
            found[2] = self._version
        return found[1]  # type: ignore[no-any-return]

    def next_version(self) -> None:
        """Start a new version (every `_LASTING_VERSIONS` versions: drop what none of them asked for)."""
        self._version += 1
        if self._version % _LASTING_VERSIONS == 0:
            oldest = self._version - _LASTING_VERSIONS
            self._table = {k: e for k, e in self._table.items() if e[2] >= oldest}


def nested_fold(memo: LastingMemo, stmt: ir.Stmt, own: Callable[[ir.Stmt], tuple[T, ...]]) -> tuple[T, ...]:
    """`own` of a statement and of every statement nested in it, concatenated in source order (the order
    of `walk_stmts`); each nested compound statement's part is taken from `memo` (one memo per `own`), so
    an edit inside a long loop computes again only the statements around it."""
    return memo.get(stmt, partial(_nested_part, memo, own))


def _nested_part(memo: LastingMemo, own: Callable[[ir.Stmt], tuple[T, ...]], node: ir.Stmt) -> tuple[T, ...]:
    """`nested_fold`'s part of one statement (a function, not a closure: a recursive closure is a cycle
    that only a collection frees, with all it holds)."""
    blocks = child_blocks(node)
    if not blocks:
        return own(node)
    out = list(own(node))
    compute = partial(_nested_part, memo, own)
    for block in blocks:
        for child in block:
            out.extend(memo.get(child, compute) if child_blocks(child) else own(child))
    return tuple(out)


@dataclass(slots=True)
class SameInputs:
    """The last result of a pure function of immutable objects, reused while it is asked with the very
    same objects again (a read-out over every kernel of a document, when no kernel changed)."""

    _inputs: tuple[object, ...] | None = None
    _result: object = None

    def get(self, inputs: tuple[object, ...], compute: Callable[[], T]) -> T:
        """`compute()`, or the last result when `inputs` are the objects it was computed from."""
        last = self._inputs
        if (
            last is None
            or len(last) != len(inputs)
            or not all(a is b for a, b in zip(last, inputs, strict=True))
        ):
            self._result = compute()
            self._inputs = inputs
        return self._result  # type: ignore[return-value]


_Entry = tuple[str, object, object, object]  # a read (source, key, value, scope) or write (target, ...)
# The target of a write that stands for a reused step's unscoped writes to one target, `(_CHUNK, writes,
# None, None)`: a replay inside a step being recorded hands them on by reference, and the steps around it
# keep the reference (a chunk is unscoped, so every frame keeps it), not a copy of each write.
_CHUNK = "\x00chunk"


@dataclass(frozen=True, slots=True)
class _Groups:
    """A step's writes by target, each in order: as (key, value) pairs for the bulk sinks, and the
    unscoped ones as recorded, which a replay inside a step being recorded hands on whole."""

    pairs: tuple[tuple[str, tuple[tuple[Any, Any], ...]], ...]
    # per target written with no scope: its writes as recorded, and as pairs
    entries: tuple[tuple[str, tuple[_Entry, ...], tuple[tuple[Any, Any], ...]], ...]
    scoped: tuple[_Entry, ...]  # the writes to a target that is written with a scope, in order


@dataclass(frozen=True, slots=True)
class Step:
    """One recorded step: what it read (source, key, the value it gave, scope) and what it wrote
    (target, key, value, scope), in order, and its result."""

    node: object
    context: object
    reads: tuple[_Entry, ...]
    writes: tuple[_Entry, ...]
    result: object
    children: tuple[object, ...] = ()  # the steps recorded or reused inside it (they live on with it)
    # The reads its writes answer (`write`'s), each once: a tuple, not a frozenset (the hash table of a
    # set was the largest part of a long function's statement memos), only ever added to a frame's set.
    shadows: tuple[tuple[str, object], ...] = ()
    chunked: bool = False  # some of `writes` are chunks (`_CHUNK`): a reused step's writes, not copied
    _groups: _Groups | None = field(default=None, compare=False, repr=False)  # made when first replayed
    _flat: tuple[_Entry, ...] | None = field(default=None, compare=False, repr=False)

    def entries(self) -> tuple[_Entry, ...]:
        """The writes, each chunk taken apart into the writes it stands for, in order."""
        if not self.chunked:
            return self.writes
        if self._flat is None:
            flat: list[_Entry] = []
            for entry in self.writes:
                if entry[0] is _CHUNK:
                    flat.extend(entry[1])  # type: ignore[arg-type]
                else:
                    flat.append(entry)
            object.__setattr__(self, "_flat", tuple(flat))  # a cache, as `_groups`
        return self._flat  # type: ignore[return-value]

    @property
    def grouped(self) -> tuple[tuple[str, tuple[tuple[Any, Any], ...]], ...]:
        """The writes by target, in order, as (key, value) pairs."""
        return self.groups().pairs

    def groups(self) -> _Groups:
        """The writes by target (made once, when the step is first replayed: most never are)."""
        if self._groups is None:
            pairs: dict[str, list[tuple[Any, Any]]] = {}
            entries: dict[str, list[_Entry]] = {}
            scoped: set[str] = set()
            for entry in self.entries():
                target, written, value, scope = entry
                pairs.setdefault(target, []).append((written, value))
                entries.setdefault(target, []).append(entry)
                if scope is not None:
                    scoped.add(target)
            by_target = {target: tuple(found) for target, found in pairs.items()}  # shared by both views
            groups = _Groups(
                tuple(by_target.items()),
                tuple(
                    (target, tuple(found), by_target[target])
                    for target, found in entries.items()
                    if target not in scoped
                ),
                tuple(entry for entry in self.entries() if entry[0] in scoped),
            )
            object.__setattr__(self, "_groups", groups)  # a cache (frozen: a list per step cost more)
            return groups
        return self._groups


@dataclass(slots=True)
class _Frame:
    """A step being recorded. Only the innermost frame takes each read and write as it happens; a frame
    hands what it took to the one around it when it ends (salsa's active-query stack), so a read costs
    the same at any depth. It takes every read and write, whatever their scope: those of another scope
    are for the frames around it."""

    scope: object
    # (source, key, scope) -> the first read of it not answered by a write made inside this frame
    reads: dict[tuple[str, object, object], tuple[str, object, object, object]] = field(default_factory=dict)
    writes: list[tuple[str, object, object, object]] = field(default_factory=list)
    shadowed: set[tuple[str, object]] = field(default_factory=set)
    children: list[object] = field(default_factory=list)
    chunked: bool = False  # `writes` holds a chunk

    def own_reads(self) -> tuple[tuple[str, object, object, object], ...]:
        """The step's inputs: per (source, key), its first read in this frame's scope."""
        scope = self.scope
        found: dict[tuple[str, object], tuple[str, object, object, object]] = {}
        for read in self.reads.values():
            if read[3] is None or read[3] == scope:
                found.setdefault((read[0], read[1]), read)
        return tuple(found.values())

    def hand_to(self, frames: list[_Frame]) -> None:
        """Give the frame around this one (the last of `frames`, the steps still open) what happened inside
        this one, as if it had taken each read and write as it happened: a read counts there unless a write
        made before this frame began answers it. What is scoped to no open step is dropped: no step that
        begins later takes what happened before it."""
        outer = frames[-1]
        scopes = [frame.scope for frame in frames]
        shadowed, reads = outer.shadowed, outer.reads
        for place, read in self.reads.items():
            if (place[2] is None or place[2] in scopes) and (place[0], place[1]) not in shadowed:
                reads.setdefault(place, read)
        outer.writes.extend(w for w in self.writes if w[3] is None or w[3] in scopes)
        outer.chunked = outer.chunked or self.chunked
        shadowed.update(self.shadowed)


def _same(a: object, b: object) -> bool:
    return a == b


class Recorded:
    """A memo for a step that runs statement by statement with a state around it (salsa's model: a
    query records each input it reads). The step reads that state only through `read(source, key)`
    and changes it only through `write(target, key, value)`; a cached step is reused while every read
    it recorded gives the same value again, and its writes are then replayed, so an input the step
    reads cannot be left out of its key. A step nested in another reads and writes for both, except
    what is scoped: a read or write with a `scope` belongs to the steps begun in that scope (a body's
    own names), and a read of what the step wrote itself is no input of it.

    One version deep: `next_version` keeps what the finished version used or made, with the steps
    nested in a reused one (the next edit inside it needs them). Steps are keyed by the identity of
    their node, or by its value (`by_value`: a key that says everything the step reads, such as a
    statement's text and anchors), with its context too (`by_context`: one node met in several contexts
    keeps a step for each)."""

    __slots__ = (
        "_by_context",
        "_by_value",
        "_equal",
        "_frames",
        "_last",
        "_live",
        "_versions",
        "bulk",
        "sinks",
        "sources",
    )

    def __init__(
        self,
        equal: Callable[[object, object], bool] = _same,
        by_value: bool = False,
        by_context: bool = False,
    ) -> None:
        self._by_value = by_value
        self._by_context = by_context
        self._last: dict[object, Step] = {}
        self._live: dict[object, Step] = {}
        self._versions = 0  # since `_last` was last swept
        self._frames: list[_Frame] = []
        self._equal = equal
        self.sources: dict[str, Callable[[Any], object]] = {}
        self.sinks: dict[str, Callable[[Any, Any], None]] = {}
        self.bulk: dict[str, Callable[[tuple[tuple[Any, Any], ...]], None]] = {}

    def next_version(
        self,
        sources: dict[str, Callable[[Any], object]],
        sinks: dict[str, Callable[[Any, Any], None]] | None = None,
        bulk: dict[str, Callable[[tuple[tuple[Any, Any], ...]], None]] | None = None,
    ) -> None:
        """Start a version whose state is read through `sources` (source -> key -> value) and written,
        when a step is replayed, through `sinks` (target -> key, value); `bulk` sinks take all of a
        step's writes to one target at once, where no step around it is being recorded."""
        if self._live:
            self._versions += 1
            if self._versions >= SWEEP_EVERY:
                self._last, self._versions = self._reachable(), 0
            elif not self._last:
                self._last = self._live
            else:
                # A reused step's nested steps stay where they are: only what this version made or reused
                # is added. A step no version reaches stays until the next sweep (reuse checks its reads).
                self._last.update(self._live)
            self._live = {}
        self._frames = []
        self.sources = sources
        self.sinks = sinks or {}
        self.bulk = bulk or {}

    def checkpoint(self) -> Callable[[], None]:
        """What puts this memo back as it stands now, as the last finished run left it, for a run
        cancelled part way (a new version fills new tables, so these stay as they are)."""
        last, live = self._last, self._live

        def restore() -> None:
            self._last, self._live = last, live
            self._frames = []

        return restore

    def key(self, node: object, context: object = None) -> object:
        """The key of `node`'s step in `context`."""
        return self._key(node, context)

    def steps_of(self, keys: Iterable[object]) -> dict[object, Step]:
        """The steps of `keys` in this version (what `keep` takes; the steps nested in them stay kept
        while these are, as a reuse of them keeps them)."""
        live, last = self._live, self._last
        found: dict[object, Step] = {}
        for key in keys:
            step = live.get(key) or last.get(key)
            if step is not None:
                found[key] = step
        return found

    def keep(self, steps: Mapping[object, Step]) -> None:
        """Carry steps of an earlier version (`steps_of`) into this one, as reusing them would."""
        self._live.update(steps)

    def read(self, source: str, key: object, scope: object = None) -> Any:
        """Read the state (and record the read in the steps being recorded)."""
        value = self.sources[source](key)
        if self._frames:
            frame = self._frames[-1]
            if (source, key) not in frame.shadowed:
                frame.reads.setdefault((source, key, scope), (source, key, value, scope))
        return value

    def write(
        self, target: str, key: object, value: object, scope: object = None, shadows: tuple = ()
    ) -> None:
        """Record a change the caller made to the state (`shadows`: the reads it answers from now on)."""
        if self._frames:
            frame = self._frames[-1]
            frame.writes.append((target, key, value, scope))
            if shadows:
                frame.shadowed.update(shadows)

    def _note(self, read: tuple[str, object, object, object]) -> None:
        frame = self._frames[-1]
        if (read[0], read[1]) not in frame.shadowed:
            frame.reads.setdefault((read[0], read[1], read[3]), read)

    def reuse(self, node: object, context: object = None) -> Step | None:
        """The step recorded for `node` in `context` if every read it made gives the same value now (its
        reads then count for the steps around it); None otherwise. The caller replays its writes."""
        key = self._key(node, context)
        found = self._live.get(key) or self._last.get(key)
        if found is None or found.context != context or not (self._by_value or found.node is node):
            return None
        return self._reused(key, found)

    def reuse_run(self, stmts: tuple[object, ...], context: object = None) -> Step | None:
        """The step of a run of leading statements (`end_run`) that `stmts` starts with, in `context`,
        if every read it made gives the same value now (as `reuse`); the caller replays its writes."""
        if not stmts:
            return None
        key = (_RUN, id(stmts[0]))
        found = self._live.get(key) or self._last.get(key)
        if found is None or found.context != context:
            return None
        run: tuple[object, ...] = found.node  # type: ignore[assignment]
        if len(run) > len(stmts) or any(a is not b for a, b in zip(run, stmts, strict=False)):
            return None
        return self._reused(key, found)

    def _reused(self, key: object, found: Step) -> Step | None:
        sources, equal = self.sources, self._equal
        for source, read_key, value, _ in found.reads:
            if not equal(sources[source](read_key), value):
                return None
        if self._frames:
            for read in found.reads:
                self._note(read)
            self._frames[-1].children.append(key)
        self._keep(key, found)
        return found

    def _key(self, node: object, context: object) -> object:
        key = node if self._by_value else id(node)
        return (key, context) if self._by_context else key

    def _keep(self, key: object, step: Step) -> None:
        self._live[key] = step  # its nested steps are in `_last`, kept there by `next_version`

    def _reachable(self) -> dict[object, Step]:
        """What this version made or reused, with every step nested in those (the earlier versions' steps
        that no version reaches any more are dropped)."""
        live, last = self._live, self._last
        found: dict[object, Step] = {}
        pending = list(live)
        while pending:
            key = pending.pop()
            if key in found:
                continue
            step = live.get(key) or last.get(key)
            if step is not None:
                found[key] = step
                pending.extend(step.children)
        return found

    def replay(self, step: Step) -> None:
        """Apply a reused step's writes again, in order, through the sinks."""
        sinks = self.sinks
        if self._frames and self.bulk:
            self._replay_recorded(step)
            return
        if not self._frames and self.bulk:
            bulk = self.bulk
            for target, pairs in step.grouped:
                many = bulk.get(target)
                if many is not None:
                    many(pairs)
                else:
                    one = sinks[target]
                    for key, value in pairs:
                        one(key, value)
            return
        for target, key, value, _ in step.entries():
            sinks[target](key, value)

    def _replay_recorded(self, step: Step) -> None:
        """`replay` while steps around it are being recorded: each target with a bulk sink takes all of
        the step's unscoped writes to it at once, and the steps being recorded take them whole, with the
        reads they answer, as `write` would have given them one by one (within a target the order is
        kept; the targets are independent of each other). Scoped writes go through the sinks."""
        bulk, sinks, frame = self.bulk, self.sinks, self._frames[-1]
        groups = step.groups()
        for target, entries, pairs in groups.entries:  # the targets written with no scope
            many = bulk.get(target)
            if many is not None:
                many(pairs)
                frame.writes.append((_CHUNK, entries, None, None))
                frame.chunked = True
            else:
                one = sinks[target]
                for key, value in pairs:
                    one(key, value)
        if step.shadows:
            frame.shadowed.update(step.shadows)
        for target, key, value, _ in groups.scoped:
            sinks[target](key, value)

    def begin(self, scope: object = None) -> None:
        """Start recording a step (in `scope`)."""
        self._frames.append(_Frame(scope))

    def end(self, node: object, context: object = None, result: object = None) -> Step:
        """Finish the step started last, with its result."""
        return self._end(self._key(node, context), node, context, result)

    def end_run(self, stmts: tuple[object, ...], context: object = None) -> Step:
        """Finish the step started last as the step of `stmts`, a run of leading statements of a body
        (reused at once by `reuse_run` while they are the same objects and what they read is the same).
        A run it extends gives way to the statements of that run: runs do not nest."""
        key = (_RUN, id(stmts[0]))
        frame = self._frames[-1]
        extended = self._live.get(key)
        if extended is not None and key in frame.children:
            frame.children = [
                inner
                for child in frame.children
                for inner in (extended.children if child == key else (child,))
            ]
        return self._end(key, stmts, context, None)

    def _end(self, key: object, node: object, context: object, result: object) -> Step:
        frame = self._frames.pop()
        if self._frames:
            frame.hand_to(self._frames)
            self._frames[-1].children.append(key)
        scope = frame.scope
        step = Step(
            node,
            context,
            frame.own_reads(),
            tuple(w for w in frame.writes if w[3] is None or w[3] == scope),
            result,
            tuple(frame.children),
            tuple(frame.shadowed),
            frame.chunked,
        )
        self._live[key] = step
        return step

    def abandon(self) -> None:
        """Finish the step started last without keeping it (it failed)."""
        frame = self._frames.pop()
        if self._frames:
            frame.hand_to(self._frames)
            self._frames[-1].children.extend(frame.children)


_MISSING = object()
_RUN = "\x00run"  # the first part of the key of a run of leading statements (`Recorded.end_run`)
SWEEP_EVERY = 16  # versions between two sweeps of a Recorded memo's unreachable steps


class MappingChanges:
    """Which keys differ between two versions of a few mappings that a step rebuilds whole each version
    (a function's parse-stage facts): a result that read only unchanged keys of them is still valid
    (salsa's changed-at check, one version deep). Each mapping is compared once, when first asked."""

    __slots__ = ("_changed", "new", "old")

    def __init__(self, old: tuple[Mapping[Any, object], ...], new: tuple[Mapping[Any, object], ...]) -> None:
        self.old, self.new = old, new
        self._changed: list[set[object] | None] = [None] * len(new)

    def unchanged(self, index: int, keys: Collection[object]) -> bool:
        """True when no key of `keys` was added, removed or given a different value in mapping `index`."""
        changed = self._changed[index]
        if changed is None:
            changed = self._changed[index] = changed_keys(self.old[index], self.new[index])
        return not changed or changed.isdisjoint(keys)


def changed_keys(old: Mapping[Any, object], new: Mapping[Any, object]) -> set[object]:
    """The keys whose value differs between two versions of a mapping (added, removed or unequal)."""
    if old is new:
        return set()
    out: set[object] = set()
    get = old.get
    for key, value in new.items():
        before = get(key, _MISSING)
        if before is not value and before != value:
            out.add(key)
    if out or len(old) != len(new):  # removed keys (none when every key of `new` is old and the sizes agree)
        out.update(key for key in old if key not in new)
    return out
