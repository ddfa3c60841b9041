"""Names across modules, as Python resolves them: imports followed to the module that defines a name,
attributes of modules, classes and configuration values (`M.hidden_size` through the dataclass instance the
evaluator computed for `M`), `self.<member>` of programs, and every reference to a symbol in the workspace.

One `Workspace` serves every open document. Open documents are indexed unit by unit (`IndexCache`); other
modules whole, once per version of their text. Nothing is imported or executed.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from compiler.evaluator import ModuleValue, Record
from compiler.modules import ModuleGraph
from compiler.navigation import surface
from compiler.navigation.index import (
    MODULE_REFERENCE,
    Definition,
    DocumentIndex,
    IndexCache,
    Located,
    PlacedUnit,
    Reference,
    index_module,
)
from compiler.source import Span

MAX_DEPTH = 12  # import chains and attribute chains followed at most this deep
MAX_FILES = 5000  # files scanned for references in one workspace
_DSL_MODULES = {"pypto.language": "pl", "pypto.language.distributed": "pld"}
_SKIP_DIRS = frozenset({"__pycache__", "node_modules", "venv", "site-packages", "build", "dist"})


def dsl_root(module: str, name: str) -> str | None:
    """The DSL spelling an import binds: `import pypto.language as pl` -> "pl", `from pypto.language import
    FP32` -> "pl.FP32"; None for any other module."""
    if not name:
        return _DSL_MODULES.get(module)
    whole = _DSL_MODULES.get(f"{module}.{name}" if module else name)
    if whole is not None:
        return whole
    root = _DSL_MODULES.get(module)
    return f"{root}.{name}" if root is not None else None


@dataclass(frozen=True, slots=True)
class Target:
    """What a name resolves to: a definition in a module, a module file, or a DSL name."""

    located: Located | None = None
    module: Path | None = None  # `import config` / `from . import helpers`: the module itself
    dsl: surface.SurfaceName | None = None

    @property
    def key(self) -> tuple[object, ...]:
        """Identity of the target: where it is defined."""
        if self.located is not None:
            return ("def", self.located.path, self.located.span)
        if self.module is not None:
            return ("module", str(self.module))
        return ("dsl", self.dsl.dotted if self.dsl is not None else "")


@dataclass(slots=True)
class Workspace:
    """Navigation facts of every module the editor knows about."""

    graph: ModuleGraph
    read_text: Callable[[Path], str | None] | None = None  # open text or the file on disk
    documents: dict[str, IndexCache] = field(default_factory=dict)
    files: dict[str, tuple[str, DocumentIndex]] = field(default_factory=dict)
    lock: threading.RLock = field(default_factory=threading.RLock)

    # -- indexes -------------------------------------------------------------------------------
    def document(self, path: str, text: str) -> DocumentIndex:
        """The index of an open document's text (units reused across versions)."""
        with self.lock:
            cache = self.documents.setdefault(path, IndexCache())
        return cache.index(path, text)

    def document_with_imports(self, path: str, text: str) -> DocumentIndex:
        """The index of an open document, with the modules it imports indexed too (so completion and
        signature help find imported helpers without reading a file on the request path)."""
        index = self.document(path, text)
        surface.all_names()  # the DSL's names, built once, off the typing path
        for defs in index.module_bindings().values():
            for _, definition in defs:
                if definition.kind != "import" or definition.imported is None:
                    continue
                module, level, name = definition.imported
                if dsl_root(module, name) is not None:
                    continue
                found = self.resolve_module(path, module, level)
                if found is not None:
                    self.module(found)
        return index

    def forget(self, path: str) -> None:
        """A document was closed: drop its unit caches."""
        with self.lock:
            self.documents.pop(path, None)

    def module(self, path: Path | str) -> DocumentIndex | None:
        """The index of any module file: an open document's latest, else the file's current text."""
        key = str(path)
        with self.lock:
            cache = self.documents.get(key)
            if cache is not None and cache.latest is not None:
                return cache.latest
        text = self._read(Path(key))
        if text is None:
            return None
        with self.lock:
            cached = self.files.get(key)
            if cached is not None and cached[0] == text:
                return cached[1]
        index = index_module(key, text)
        with self.lock:
            self.files[key] = (text, index)
        return index

    def is_indexed(self, path: str) -> bool:
        """True when a module's index is at hand without reading or parsing anything."""
        with self.lock:
            return path in self.files or path in self.documents

    def _read(self, path: Path) -> str | None:
        reader = self.read_text or self.graph.read_file
        try:
            return reader(path)
        except (OSError, ValueError):
            return None

    # -- resolution ----------------------------------------------------------------------------
    def resolve_module(self, from_path: str, module: str, level: int) -> Path | None:
        """The file of `from <level dots><module> import ...` written in `from_path`."""
        return self.graph.resolve(Path(from_path) if from_path != "<memory>" else None, module, level)

    def targets_at(self, index: DocumentIndex, line: int, col: int) -> list[Target]:
        """What the name under a position stands for (a definition name stands for itself)."""
        found = index.reference_at(line, col)
        if found is not None:
            unit, reference = found
            if reference.store and reference.base is None:
                own = [d for d in unit.facts.definitions if d.span == reference.span]
                if own and own[0].kind != "import":
                    return [Target(index.locate(unit, own[0]))]
            return self.resolve_reference(index, unit, reference)
        defined = index.definition_at(line, col)
        if defined is not None:
            return [Target(index.locate(*defined))]
        return []

    def resolve_reference(self, index: DocumentIndex, unit: PlacedUnit, reference: Reference) -> list[Target]:
        """The final targets of one reference: imports followed, attributes resolved."""
        if reference.module is not None and reference.base == MODULE_REFERENCE:
            module, level = reference.module
            path = self.resolve_module(index.path, module, level)
            return [Target(module=path)] if path is not None else []
        if reference.module is not None:
            module, level = reference.module
            return self._import_targets(index.path, module, level, reference.name, 0)
        if reference.base is not None:
            return self.attribute_targets(index, unit, reference)
        found = index.resolve(unit, reference)
        return self._follow_all(index, found, 0)

    def _follow_all(
        self, index: DocumentIndex, found: Iterable[tuple[PlacedUnit, Definition]], depth: int
    ) -> list[Target]:
        out: list[Target] = []
        for unit, definition in found:
            out.extend(self.follow(index, unit, definition, depth))
        return _unique(out)

    def follow(
        self, index: DocumentIndex, unit: PlacedUnit, definition: Definition, depth: int = 0
    ) -> list[Target]:
        """A definition, or for an import what the import names (followed to where it is defined)."""
        if definition.kind != "import" or definition.imported is None:
            return [Target(index.locate(unit, definition))]
        module, level, name = definition.imported
        root = dsl_root(module, name)
        if root is not None:
            found = surface.lookup(root)
            return [Target(dsl=found)] if found is not None else []
        if not name:  # `import x.y as z`
            path = self.resolve_module(index.path, module, level)
            return [Target(module=path)] if path is not None else []
        targets = self._import_targets(index.path, module, level, name, depth + 1)
        return targets or [Target(index.locate(unit, definition))]

    def _import_targets(self, from_path: str, module: str, level: int, name: str, depth: int) -> list[Target]:
        """`from <module> import <name>`: the name's definition in that module, or a submodule."""
        root = dsl_root(module, name)
        if root is not None:
            dsl = surface.lookup(root)
            return [Target(dsl=dsl)] if dsl is not None else []
        path = self.resolve_module(from_path, module, level)
        if path is None:
            return []
        found = self.module_member(path, name, depth)
        if found:
            return found
        submodule = self.resolve_module(from_path, f"{module}.{name}" if module else name, level)
        return [Target(module=submodule)] if submodule is not None else []

    def module_member(self, path: Path, name: str, depth: int = 0) -> list[Target]:
        """The module-level definition of `name` in a module file (re-exports followed)."""
        if depth > MAX_DEPTH:
            return []
        index = self.module(path)
        if index is None:
            return []
        found = index.module_bindings().get(name, [])
        return self._follow_all(index, found[:1] if _all_imports(found) else found, depth + 1)

    # -- attributes ----------------------------------------------------------------------------
    def attribute_targets(self, index: DocumentIndex, unit: PlacedUnit, reference: Reference) -> list[Target]:
        """`base.name`: a module member, a class member, a field of a configuration value, a DSL name."""
        base = reference.base or "?"
        if base == "?":
            return []
        parts = base.split(".")
        if parts[0] == "self" and len(parts) == 1:
            members = index.self_members(unit, reference.scope).get(reference.name, [])
            return [Target(index.locate(u, d)) for u, d in members]
        roots = index.lookup(unit, reference.scope, parts[0])
        out: list[Target] = []
        for root_unit, root_def in roots:
            out.extend(self._walk(index, root_unit, root_def, [*parts[1:], reference.name]))
        return _unique(out)

    def _walk(
        self, index: DocumentIndex, unit: PlacedUnit, definition: Definition, rest: list[str]
    ) -> list[Target]:
        """Follow `rest` attribute by attribute from a definition."""
        starts = self.follow(index, unit, definition)
        out: list[Target] = []
        for start in starts:
            found = self._walk_target(start, rest, 0)
            out.extend(found)
        return out

    def _walk_target(self, target: Target, rest: list[str], depth: int) -> list[Target]:
        if not rest:
            return [target]
        if depth > MAX_DEPTH:
            return []
        name, tail = rest[0], rest[1:]
        if target.dsl is not None:
            found = surface.lookup(f"{target.dsl.dotted}.{name}")
            return self._walk_target(Target(dsl=found), tail, depth + 1) if found is not None else []
        if target.module is not None:
            members = self.module_member(target.module, name)
            return [t for m in members for t in self._walk_target(m, tail, depth + 1)]
        located = target.located
        if located is None or located.definition is None:
            return []
        definition = located.definition
        index = self.module(located.path)
        if index is None:
            return []
        if definition.kind == "class" and definition.defines is not None:
            owned = index.class_members(located.unit, definition.defines).get(name, [])
            return [
                t for u, d in owned for t in self._walk_target(Target(index.locate(u, d)), tail, depth + 1)
            ]
        if definition.kind in ("constant", "variable", "field") and definition.scope.kind in (
            "module",
            "class",
        ):
            return self._value_member(located, [name, *tail])
        return []

    def _value_member(self, located: Located, rest: list[str]) -> list[Target]:
        """`M.hidden_size` where `M` is a module constant: the evaluator's value of `M` says which class it
        is an instance of; the attribute is that class's field or property."""
        summary = self.graph.summary(Path(located.path)) if located.path != "<memory>" else None
        if summary is None or located.definition is None:
            return []
        definition = located.definition
        if definition.scope.kind == "class":
            return []
        value: object = summary.names.get(definition.name)
        home = Path(located.path)
        for i, name in enumerate(rest):
            last = i == len(rest) - 1
            if isinstance(value, ModuleValue):
                value = value.names.get(name)
                continue
            if not isinstance(value, Record):
                return []
            if last:
                return self._class_member(home, value.class_name, name)
            value = value.get(name)
        return []

    def value_class(self, located: Located) -> Target | None:
        """For a module constant holding a dataclass instance (a configuration preset): its class."""
        definition = located.definition
        if definition is None or definition.scope.kind != "module" or located.path == "<memory>":
            return None
        summary = self.graph.summary(Path(located.path))
        value = summary.names.get(definition.name) if summary is not None else None
        if not isinstance(value, Record):
            return None
        found = self._class_definitions(Path(located.path), value.class_name)
        return found[0] if found else None

    def _class_member(self, home: Path, class_name: str, name: str) -> list[Target]:
        """The field or property `name` of the class `class_name` as seen from module `home`."""
        for klass in self._class_definitions(home, class_name):
            located = klass.located
            if located is None or located.definition is None or located.definition.defines is None:
                continue
            index = self.module(located.path)
            if index is None:
                continue
            members = index.class_members(located.unit, located.definition.defines).get(name, [])
            if members:
                return [Target(index.locate(u, d)) for u, d in members]
        return []

    def _class_definitions(self, home: Path, class_name: str) -> list[Target]:
        """Where the class is defined: in `home` (or what it imports it from), else in a module it imports."""
        found = [t for t in self.module_member(home, class_name) if _is_class(t)]
        if found:
            return found
        summary = self.graph.summary(home)
        for dep in summary.deps if summary is not None else ():
            found = [t for t in self.module_member(dep.path, class_name) if _is_class(t)]
            if found:
                return found
        return []

    # -- calls ---------------------------------------------------------------------------------
    def callee_targets(
        self, index: DocumentIndex, unit: PlacedUnit, callee: str, scope: object
    ) -> list[Target]:
        """What a call's callee (`helper`, `self.kernel`, `mod.fn`, `pl.matmul`) stands for."""
        from compiler.navigation.index import Scope

        assert isinstance(scope, Scope)
        parts = callee.split(".")
        if len(parts) == 1:
            return self._follow_all(index, index.lookup(unit, scope, callee), 0)
        fake = Reference(parts[-1], Span(0, 0, 0, 0), scope, base=".".join(parts[:-1]))
        return self.attribute_targets(index, unit, fake)

    # -- references across the workspace -----------------------------------------------------------
    def symbol_at(self, index: DocumentIndex, line: int, col: int) -> Target | None:
        """The symbol under a position for references, highlights and rename: what a name is bound to, an
        import followed to the definition it imports, except an alias (`import x as y`), which is its own."""
        found = index.reference_at(line, col)
        if found is None:
            defined = index.definition_at(line, col)
            return Target(index.locate(*defined)) if defined is not None else None
        unit, reference = found
        if reference.base is None and reference.module is None:
            first = index.resolve(unit, reference)
            if first:
                first_unit, definition = first[0]
                if definition.kind != "import" or _is_alias(definition):
                    return Target(index.locate(first_unit, definition))
        targets = self.resolve_reference(index, unit, reference)
        return next((t for t in targets if t.located is not None), targets[0] if targets else None)

    def references(
        self,
        target: Target,
        roots: Iterable[Path],
        open_paths: Iterable[str] = (),
        only: DocumentIndex | None = None,
    ) -> list[tuple[DocumentIndex, PlacedUnit, Reference]]:
        """Every occurrence of a symbol: in its own document for a local or an import alias, else in every
        Python file under the roots that mentions the name (open documents with their editor text); `only`
        limits the search to one document."""
        located = target.located
        if located is None or located.definition is None:
            return []
        definition = located.definition
        name = definition.name
        home = self.module(located.path)
        if home is None:
            return []
        local = definition.kind == "import" or _is_local(definition)
        if only is not None:
            indexes = [only] if (not local or only.path == located.path) else []
        else:
            indexes = [home] if local else self._indexes_mentioning(name, roots, open_paths, home)
        out: list[tuple[DocumentIndex, PlacedUnit, Reference]] = []
        for index in indexes:
            for unit, reference in index.references_named(name):
                if definition.kind == "import":
                    hit = (
                        reference.base is None
                        and reference.module is None
                        and any(d is definition for _, d in index.resolve(unit, reference))
                    )
                else:
                    hit = any(t.key == target.key for t in self.resolve_reference(index, unit, reference))
                if hit:
                    out.append((index, unit, reference))
        return out

    def mentioning(
        self, name: str, roots: Iterable[Path], open_paths: Iterable[str], home: DocumentIndex
    ) -> list[DocumentIndex]:
        """The home module and every Python file under the roots whose text mentions the name."""
        return self._indexes_mentioning(name, roots, open_paths, home)

    def _indexes_mentioning(
        self, name: str, roots: Iterable[Path], open_paths: Iterable[str], home: DocumentIndex
    ) -> list[DocumentIndex]:
        seen: set[str] = {home.path}
        out = [home]
        paths = [*open_paths, *(str(p) for p in python_files(roots))]
        for path in paths:
            if path in seen:
                continue
            seen.add(path)
            text = self._read(Path(path))
            if text is None or name not in text:
                continue
            index = self.module(path)
            if index is not None:
                out.append(index)
        return out


def python_files(roots: Iterable[Path]) -> list[Path]:
    """The Python files under the roots (hidden, virtualenv and build folders skipped), at most MAX_FILES."""
    out: list[Path] = []
    for root in roots:
        if root.is_file():
            out.append(root)
            continue
        for folder, dirs, names in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS and not d.startswith("."))
            out.extend(Path(folder) / n for n in sorted(names) if n.endswith(".py"))
            if len(out) >= MAX_FILES:
                return out[:MAX_FILES]
    return out


def _is_alias(definition: Definition) -> bool:
    """`import x as y` / `from m import x as y`: the local name differs from the imported one."""
    imported = definition.imported
    return imported is not None and (imported[2] or imported[0].rsplit(".", 1)[-1]) != definition.name


def _is_local(definition: Definition) -> bool:
    """A name bound inside a function (its references are all in that function's document)."""
    return any(scope.kind in ("function", "comprehension") for scope in definition.scope.chain())


def _all_imports(found: list[tuple[PlacedUnit, Definition]]) -> bool:
    return bool(found) and all(d.kind == "import" for _, d in found)


def _is_class(target: Target) -> bool:
    located = target.located
    return located is not None and located.definition is not None and located.definition.kind == "class"


def _unique(targets: list[Target]) -> list[Target]:
    seen: set[tuple[object, ...]] = set()
    out: list[Target] = []
    for target in targets:
        if target.key not in seen:
            seen.add(target.key)
            out.append(target)
    return out
