"""Statement-level memos for the stages that walk a function body statement by statement.

An edit changes the statements that hold it; every other statement keeps its IR object (the builder
reuses it). A stage asks the memo before it works on a statement and records what the work gave. The
memo lives one version: what the current run read or made is carried into the next, the rest is
dropped, so it never grows past one version of the document. A reused compound statement carries the
entries of the statements nested in it, which the next edit inside it needs.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from compiler import ir
from compiler.ir_walk import child_blocks, stmt_exprs, sub_exprs

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


@dataclass(frozen=True, slots=True)
class _Entry(Generic[K, V]):
    value: V
    children: tuple[K, ...]  # the keys recorded while this entry's work ran


@dataclass(slots=True)
class NestedMemo(Generic[K, V]):
    """Values keyed by statement, one version deep, with the entries nested in each carried along."""

    previous: dict[K, _Entry[K, V]] = field(default_factory=dict)
    current: dict[K, _Entry[K, V]] = field(default_factory=dict)
    _open: list[list[K]] = field(default_factory=lambda: [[]])

    def next_version(self) -> NestedMemo[K, V]:
        """The memo the next run reads: what this run used or made."""
        return NestedMemo(previous=self.current)

    def get(self, key: K) -> V | None:
        """The value recorded for `key` by this run or the last one (the caller checks it still holds)."""
        entry = self.current.get(key) or self.previous.get(key)
        return entry.value if entry is not None else None

    def reuse(self, key: K) -> None:
        """Use the value `get` gave: it, and the entries nested in it, live on into the next run."""
        entry = self.current.get(key)
        if entry is None:
            entry = self.previous[key]
            self._keep(key, entry)
        self._open[-1].append(key)

    def begin(self) -> None:
        """Start the work on a statement: the keys used until `end` are nested in it."""
        self._open.append([])

    def end(self, key: K, value: V) -> None:
        """Record the value of the work started by the last `begin`."""
        children = self._open.pop()
        self.current[key] = _Entry(value, tuple(children))
        self._open[-1].append(key)

    def abandon(self) -> None:
        """End the work started by the last `begin` without a value (it read what the key does not say)."""
        children = self._open.pop()
        self._open[-1].extend(children)

    def entries_of(self, keys: Iterable[K]) -> dict[K, _Entry[K, V]]:
        """The entries of `keys` in this run, with every entry nested in them (what `keep_entries` takes)."""
        found: dict[K, _Entry[K, V]] = {}
        pending = list(keys)
        while pending:
            key = pending.pop()
            if key in found:
                continue
            entry = self.current.get(key) or self.previous.get(key)
            if entry is not None:
                found[key] = entry
                pending.extend(entry.children)
        return found

    def keep_entries(self, entries: Mapping[K, _Entry[K, V]]) -> None:
        """Carry entries of an earlier run (`entries_of`) into this one, as reusing them would."""
        self.current.update(entries)

    def _keep(self, key: K, entry: _Entry[K, V]) -> None:
        self.current[key] = entry
        for child in entry.children:
            nested = self.previous.get(child)
            if nested is not None and child not in self.current:
                self._keep(child, nested)


# A unit or function shorter than this is re-run whole on an edit (it takes a few ms): the statement
# memos, which cost memory for every statement, are kept for the long bodies real model files have.
MEMO_MIN_LINES = 300

# A compound statement with fewer statements than this is checked again rather than keyed: its key
# (the state of every name it mentions) would cost about what its checks do.
MIN_KEYED_STATEMENTS = 8


# A short function that splices helpers in can hold thousands of statements: it is as long as this.
MEMO_MIN_STATEMENTS = 150


_SWEEP_EVERY = 64  # versions between two sweeps of a NameIndex


def long_body(first_line: int, last_line: int) -> bool:
    """True for a body long enough to keep statement memos for."""
    return last_line - first_line + 1 >= MEMO_MIN_LINES


def many_statements(body: tuple[ir.Stmt, ...], limit: int = MEMO_MIN_STATEMENTS) -> bool:
    """True when `body` holds at least `limit` statements, nested ones included (stops counting there)."""
    pending = [body]
    count = 0
    while pending:
        for stmt in pending.pop():
            count += 1
            if count >= limit:
                return True
            pending.extend(child_blocks(stmt))
    return False


@dataclass(slots=True)
class NameIndex:
    """The names each compound statement mentions (variables, attribute roots, callees) and how many
    statements it holds: a statement memo compares the state of those names to decide that a statement
    would read the same. One index serves every stage of a function.

    An entry is a pure function of its (immutable) statement, so entries live on across versions: a
    version that reuses a compound statement whole touches only its entry, and the next edit inside it
    then finds its children's. Every `_SWEEP_EVERY` versions, what the statements in use no longer
    reach is dropped."""

    names: dict[int, tuple[ir.Stmt, tuple[str, ...], int]] = field(default_factory=dict)
    previous: dict[int, tuple[ir.Stmt, tuple[str, ...], int]] = field(default_factory=dict)
    age: int = 0

    def next_version(self) -> NameIndex:
        """The index the next version reads."""
        if self.age + 1 >= _SWEEP_EVERY:
            return NameIndex(previous=self._reachable())
        kept = self.previous
        kept.update(self.names)
        return NameIndex(previous=kept, age=self.age + 1)

    def _reachable(self) -> dict[int, tuple[ir.Stmt, tuple[str, ...], int]]:
        """The entries of the statements this version used and of every statement nested in them."""
        every = {**self.previous, **self.names}
        out: dict[int, tuple[ir.Stmt, tuple[str, ...], int]] = {}
        pending = [entry[0] for entry in self.names.values()]
        while pending:
            stmt = pending.pop()
            key = id(stmt)
            entry = every.get(key)
            if key in out or entry is None or entry[0] is not stmt:
                continue
            out[key] = entry
            for body in child_blocks(stmt):
                pending.extend(body)
        return out

    def keyed(self, stmt: ir.Stmt) -> tuple[str, ...] | None:
        """The names of a compound statement big enough to key, else None (a simple one at once)."""
        if not child_blocks(stmt):
            return None
        entry = self._entry(stmt)
        return entry[1] if entry[2] >= MIN_KEYED_STATEMENTS else None

    def _entry(self, stmt: ir.Stmt) -> tuple[ir.Stmt, tuple[str, ...], int]:
        key = id(stmt)
        cached = self.names.get(key) or self.previous.get(key)
        if cached is not None and cached[0] is stmt:
            self.names[key] = cached
            return cached
        found = _simple_names(stmt)  # its own header's names
        size = 1
        if isinstance(stmt, ir.With) and stmt.target:
            found.add(stmt.target)
        elif isinstance(stmt, ir.For):
            _expr_names(stmt.target, found)
        # Every statement's entry is kept (simple ones too): a new compound statement around an edit
        # then reads its children's names from here, not by walking every expression again.
        for body in child_blocks(stmt):
            for child in body:
                _, names, count = self._entry(child)
                found.update(names)
                size += count
        entry = (stmt, tuple(sorted(found)), size)
        self.names[key] = entry
        return entry


def _simple_names(stmt: ir.Stmt) -> set[str]:
    found: set[str] = set()
    for expr in stmt_exprs(stmt):
        _expr_names(expr, found)
    return found


def _expr_names(expr: ir.Expr, out: set[str]) -> None:
    """The names in an expression (a direct recursion: this runs over every expression of a body; by
    exact type, IR classes are never subclassed, and a name or literal child without a call)."""
    if type(expr) is ir.Name:
        out.add(expr.id)
    elif type(expr) is ir.Call:
        out.add(expr.func.split(".", 1)[0])
        for arg in expr.args:
            if type(arg) is ir.Name:
                out.add(arg.id)
            elif type(arg) is not ir.Const:
                _expr_names(arg, out)
        for kw in expr.keywords:
            _expr_names(kw.value, out)
    elif type(expr) is ir.Attribute:
        out.add(expr.dotted.split(".", 1)[0])
    elif type(expr) is not ir.Const and type(expr) is not ir.Opaque:
        for child in sub_exprs(expr):
            if type(child) is ir.Name:
                out.add(child.id)
            elif type(child) is not ir.Const:
                _expr_names(child, out)
