"""Statement-level memos for the stages that walk a function body statement by statement.

An edit changes the statements that hold it; every other statement keeps its IR object (the builder
reuses it). A stage asks the memo before it works on a statement and records what the work gave. The
memo lives one version: what the current run read or made is carried into the next, the rest is
dropped, so it never grows past one version of the document. A reused compound statement carries the
entries of the statements nested in it, which the next edit inside it needs.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from compiler import ir
from compiler.passes.walk import child_blocks, stmt_exprs, walk_expr

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

    def _keep(self, key: K, entry: _Entry[K, V]) -> None:
        self.current[key] = entry
        for child in entry.children:
            nested = self.previous.get(child)
            if nested is not None and child not in self.current:
                self._keep(child, nested)


@dataclass(slots=True)
class NameIndex:
    """The names each compound statement mentions (variables, attribute roots, callees), one version
    deep: what a statement memo compares to decide that a statement would read the same state."""

    names: dict[int, tuple[ir.Stmt, tuple[str, ...]]] = field(default_factory=dict)
    previous: dict[int, tuple[ir.Stmt, tuple[str, ...]]] = field(default_factory=dict)

    def next_version(self) -> NameIndex:
        """The index the next run reads."""
        return NameIndex(previous=self.names)

    def of(self, stmt: ir.Stmt) -> tuple[str, ...]:
        """Every name the statement and the statements nested in it mention, sorted."""
        key = id(stmt)
        cached = self.names.get(key) or self.previous.get(key)
        if cached is not None and cached[0] is stmt:
            self.names[key] = cached
            return cached[1]
        found: set[str] = set()
        exprs = list(stmt_exprs(stmt))
        if isinstance(stmt, ir.With) and stmt.target:
            found.add(stmt.target)
        elif isinstance(stmt, ir.For):
            exprs.append(stmt.target)
        for expr in exprs:
            for node in walk_expr(expr):
                if isinstance(node, ir.Name):
                    found.add(node.id)
                elif isinstance(node, ir.Attribute):
                    found.add(node.dotted.split(".", 1)[0])
                elif isinstance(node, ir.Call):
                    found.add(node.func.split(".", 1)[0])
        for body in child_blocks(stmt):
            for child in body:
                found.update(self.of(child))
        names = tuple(sorted(found))
        if child_blocks(stmt):
            self.names[key] = (stmt, names)
        return names
