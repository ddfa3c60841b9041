"""Which workspace files import which modules: the server's background index for helper modules.

A helper module's lines get their lanes, hovers and faults from the entries that reach them (see
`compiler.reached_helpers`), and those entries need not be open. This index knows, for every DSL file
under the workspace folders, the modules it imports at module level, resolved as the analysis resolves
them (the shared ModuleGraph); `importers` walks it backwards. It is built once on a worker thread and
kept current file by file: a changed file is only marked, and read again by the next `refresh`.
"""

from __future__ import annotations

import ast
import itertools
import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from compiler.modules import ModuleGraph, parse_source
from pypto_lsp import dsl

log = logging.getLogger(__name__)

MAX_INDEXED_FILES = 5_000  # a workspace larger than this is indexed up to here


def module_imports(graph: ModuleGraph, path: Path, text: str) -> frozenset[Path]:
    """The files a module's top-level imports name (a submodule `from pkg import mod` included)."""
    try:
        tree = parse_source(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return frozenset()
    found: set[Path] = set()
    todo: list[ast.stmt] = list(tree.body)
    while todo:
        stmt = todo.pop()
        if isinstance(stmt, ast.If | ast.Try):  # `try: from x import y` and `if TYPE_CHECKING:` forms
            todo.extend(stmt.body)
            todo.extend(stmt.orelse)
            if isinstance(stmt, ast.Try):
                todo.extend(item for handler in stmt.handlers for item in handler.body)
        elif isinstance(stmt, ast.ImportFrom):
            module = stmt.module or ""
            resolved = graph.resolve(path, module, stmt.level)
            if resolved is not None:
                found.add(resolved)
            for alias in stmt.names:
                sub = graph.resolve(path, f"{module}.{alias.name}" if module else alias.name, stmt.level)
                if sub is not None:
                    found.add(sub)
        elif isinstance(stmt, ast.Import):
            for alias in stmt.names:
                resolved = graph.resolve(path, alias.name, 0)
                if resolved is not None:
                    found.add(resolved)
    found.discard(path)
    return frozenset(found)


@dataclass(slots=True)
class ReachIndex:
    """Workspace DSL file -> the module files it imports; safe to read while a worker thread refreshes it."""

    graph: ModuleGraph
    read: Callable[[Path], str | None]
    imports: dict[Path, frozenset[Path]] = field(default_factory=dict)
    built: bool = False
    dirty: set[Path] = field(default_factory=set)  # files changed since they were last read
    lock: threading.Lock = field(default_factory=threading.Lock)
    # Each module's importers while `imports` is unchanged (every diagnostic pull of a helper module asks)
    importer_lists: dict[Path, list[Path]] = field(default_factory=dict)

    @staticmethod
    def files(roots: Iterable[Path]) -> list[Path]:
        """The DSL files under the folders that the index holds (on a worker thread)."""
        found = list(itertools.islice(dsl.dsl_files(roots), MAX_INDEXED_FILES + 1))
        if len(found) > MAX_INDEXED_FILES:
            log.info("workspace index: stopped at %d files", MAX_INDEXED_FILES)
        return found[:MAX_INDEXED_FILES]

    def add(self, paths: Iterable[Path]) -> None:
        """Index some of the files (on a worker thread: the server indexes a slice at a time, between
        keystrokes)."""
        for path in paths:
            self._read(path)

    def build(self, roots: Iterable[Path]) -> None:
        """Index every DSL file under the folders at once (on a worker thread)."""
        self.add(self.files(roots))
        self.built = True
        self.refresh()

    def mark(self, path: Path) -> None:
        """A file changed (edited, or on disk): it is read again by the next refresh."""
        with self.lock:
            self.dirty.add(path)

    def refresh(self) -> bool:
        """Read the changed files again (on a worker thread); True when an import changed."""
        with self.lock:
            todo, self.dirty = self.dirty, set()
        return any([self._read(path) for path in todo])

    def _read(self, path: Path) -> bool:
        text = self.read(path)
        found = module_imports(self.graph, path, text) if text is not None and dsl.is_dsl(text) else None
        with self.lock:
            before = self.imports.get(path)
            if found is None:
                self.imports.pop(path, None)
            else:
                self.imports[path] = found
            if before != found:
                self.importer_lists = {}
        return before != found

    def importers(self, module: Path) -> list[Path]:
        """The indexed files that import the module, directly or through other modules, closest first."""
        with self.lock:
            known = self.importer_lists.get(module)
            if known is not None:
                return list(known)
            edges = list(self.imports.items())
            lists = self.importer_lists
        backwards: dict[Path, list[Path]] = {}
        for importer, modules in edges:
            for imported in modules:
                backwards.setdefault(imported, []).append(importer)
        seen: dict[Path, None] = {}
        frontier = [module]
        while frontier:
            nxt: list[Path] = []
            for item in frontier:
                for importer in sorted(backwards.get(item, ())):
                    if importer != module and importer not in seen:
                        seen[importer] = None
                        nxt.append(importer)
            frontier = nxt
        with self.lock:
            if lists is self.importer_lists:  # no file was read again meanwhile
                lists[module] = list(seen)
        return list(seen)

    def depends_on(self, importer: Path, module: Path) -> bool:
        """True when a file imports the module, directly or through other modules."""
        return importer in self.importers(module)
