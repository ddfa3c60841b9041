"""Rename a local, a helper or a configuration constant in every file that uses it, or say why not.

The edits are the symbol's references as `Workspace.references` finds them (imports followed, an alias left
alone), plus the keyword arguments that name a renamed parameter. A rename is refused when the result could
mean something else: the new name is taken where the symbol is used, the old name is also spelled in a string
(`getattr(cfg, "TILE")`, `__all__`), the file star-imports the module, or the symbol is not the workspace's.
"""

from __future__ import annotations

import builtins
import keyword
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from compiler.navigation.index import DocumentIndex, PlacedUnit, Reference
from compiler.navigation.workspace import Target, Workspace
from compiler.source import Span

RENAMABLE = frozenset({"variable", "parameter", "constant", "function", "class", "import"})
_BUILTINS = frozenset(dir(builtins))


@dataclass(frozen=True, slots=True)
class RenameEdit:
    """Replace the text of `span` in `path` (the old name) with the new name."""

    path: str
    span: Span


@dataclass(frozen=True, slots=True)
class RenamePlan:
    """The edits of a rename, or the reason it is refused."""

    edits: tuple[RenameEdit, ...] = ()
    refused: str | None = None
    old: str = ""


def prepare(workspace: Workspace, index: DocumentIndex, line: int, col: int) -> tuple[Span, str] | str:
    """The span of the name to rename and its text, or why it cannot be renamed."""
    found = index.reference_at(line, col)
    if found is None:
        defined = index.definition_at(line, col)
        if defined is None:
            return "Nothing to rename here: place the cursor on a name."
        unit, definition = defined
        span = unit.absolute(definition.span)
    else:
        unit, reference = found
        span = unit.absolute(reference.span)
    target = workspace.symbol_at(index, line, col)
    reason = _unrenamable(target)
    if reason is not None:
        return reason
    return span, index.source(span)


def plan(
    workspace: Workspace,
    index: DocumentIndex,
    line: int,
    col: int,
    new_name: str,
    roots: Iterable[Path],
    open_paths: Iterable[str] = (),
) -> RenamePlan:
    """Every edit renaming the symbol under the cursor to `new_name`, or the refusal."""
    target = workspace.symbol_at(index, line, col)
    reason = _unrenamable(target)
    if reason is not None:
        return RenamePlan(refused=reason)
    assert target is not None and target.located is not None and target.located.definition is not None
    definition = target.located.definition
    old = definition.name
    if not new_name.isidentifier() or keyword.iskeyword(new_name):
        return RenamePlan(refused=f"'{new_name}' is not a valid Python name.", old=old)
    if new_name == old:
        return RenamePlan(old=old)
    if new_name in _BUILTINS:
        return RenamePlan(
            refused=f"'{new_name}' is a Python builtin: renaming to it would hide the builtin.", old=old
        )
    roots = list(roots)
    refs = workspace.references(target, roots, open_paths)
    if not refs:
        return RenamePlan(refused=f"No occurrence of '{old}' was found to rename.", old=old)
    edits: list[RenameEdit] = []
    touched: dict[str, DocumentIndex] = {}
    for ref_index, unit, reference in refs:
        touched[ref_index.path] = ref_index
        if reference.name != old:
            continue
        clash = _clash(ref_index, unit, reference, new_name, target, workspace)
        if clash is not None:
            return RenamePlan(refused=clash, old=old)
        edits.append(RenameEdit(ref_index.path, unit.absolute(reference.span)))
    if definition.kind == "parameter":
        edits.extend(_keyword_edits(workspace, target, roots, open_paths, old))
    home = workspace.module(target.located.path)
    scanned = dict(touched)
    if home is not None and definition.scope.kind in ("module", "class", "program"):
        for mentioned in workspace.mentioning(old, roots, open_paths, home):
            scanned.setdefault(mentioned.path, mentioned)
    for path, scanned_index in scanned.items():
        problem = _strings_and_stars(scanned_index, old, target, path, path in touched)
        if problem is not None:
            return RenamePlan(refused=problem, old=old)
    unique = sorted(set(edits), key=lambda e: (e.path, e.span.line, e.span.col))
    return RenamePlan(tuple(unique), old=old)


def _unrenamable(target: Target | None) -> str | None:
    if target is None:
        return "Nothing to rename here: place the cursor on a name."
    if target.dsl is not None:
        return f"'{target.dsl.dotted}' belongs to the PyPTO DSL, not to this workspace: it cannot be renamed."
    if target.module is not None:
        return "Renaming a module (a file) is not supported."
    located = target.located
    if located is None or located.definition is None:
        return "Nothing to rename here: place the cursor on a name."
    definition = located.definition
    if definition.kind == "field":
        return (
            f"'{definition.name}' is a field of '{definition.owner}': constructor keywords and "
            "dataclasses.replace(...) calls name it too, so it is not renamed automatically."
        )
    if definition.kind in ("method", "property"):
        owner = definition.scope
        if owner.kind != "program":
            return f"'{definition.name}' is an attribute of class '{definition.owner}': attribute renames are not supported."
    elif definition.kind not in RENAMABLE:
        return f"A {definition.kind} cannot be renamed."
    if "site-packages" in located.path or "dist-packages" in located.path:
        return f"'{definition.name}' is defined outside the workspace ({located.path})."
    return None


def _clash(
    index: DocumentIndex,
    unit: PlacedUnit,
    reference: Reference,
    new_name: str,
    target: Target,
    workspace: Workspace,
) -> str | None:
    """Why `new_name` cannot stand at this reference: the name is already bound where it would be read."""
    if reference.base is not None:
        return None  # an attribute: bound in the other module, checked there
    if reference.module is not None:
        # `from m import old` binds the new name in this module too (unless it is aliased).
        imports = [
            d
            for defs in index.module_bindings().values()
            for _, d in defs
            if d.kind == "import" and d.imported is not None and d.imported[2] == reference.name
        ]
        aliased = bool(imports) and all(d.name != reference.name for d in imports)
        taken_here = index.module_bindings().get(new_name, [])
        if taken_here and not aliased:
            first = index.locate(*taken_here[0])
            return (
                f"Renaming to '{new_name}' would clash with the existing '{new_name}' in "
                f"{Path(index.path).name} line {first.span.line}, which imports the renamed name."
            )
        return None
    taken = index.lookup(unit, reference.scope, new_name)
    if not taken:
        return None
    span = unit.absolute(reference.span)
    first = index.locate(*taken[0])
    where = f"{Path(index.path).name} line {first.span.line}"
    return (
        f"Renaming to '{new_name}' would clash with the existing '{new_name}' ({where}), which is visible at "
        f"{Path(index.path).name} line {span.line}."
    )


def _strings_and_stars(
    index: DocumentIndex, old: str, target: Target, path: str, touched: bool = True
) -> str | None:
    """A name looked up by a string (`getattr(cfg, "TILE")`, `globals()["TILE"]`, `__all__`), or a star
    import in a file the rename edits, makes the rename unsafe."""
    for unit in index.units:
        for text, span in unit.facts.strings:
            if text == old:
                line = unit.absolute(span).line
                return (
                    f"'{old}' is also looked up by name, as a string, in {Path(path).name} line {line} "
                    "(getattr, globals() or __all__): the rename would miss it, so it is refused."
                )
    if touched and "import *" in index.text and target.located is not None and target.located.path != path:
        return f"{Path(path).name} uses 'from ... import *': the names it gets cannot be tracked, so the rename is refused."
    return None


def _keyword_edits(
    workspace: Workspace, target: Target, roots: list[Path], open_paths: Iterable[str], old: str
) -> list[RenameEdit]:
    """`f(old=...)` at every call of the function whose parameter is renamed."""
    located = target.located
    if located is None or located.definition is None:
        return []
    function = located.definition.scope
    home = workspace.module(located.path)
    if home is None:
        return []
    owner = next(
        ((u, d) for u, d in home.definitions() if d.defines is function and d.kind in ("function", "method")),
        None,
    )
    if owner is None:
        return []
    function_target = Target(home.locate(*owner))
    out: list[RenameEdit] = []
    for ref_index, unit, _ in workspace.references(function_target, roots, open_paths):
        for call in unit.facts.calls:
            for name, span in call.keywords:
                if name != old:
                    continue
                targets = workspace.callee_targets(ref_index, unit, call.callee, call.scope)
                if any(t.key == function_target.key for t in targets):
                    absolute = unit.absolute(span)
                    out.append(
                        RenameEdit(
                            ref_index.path,
                            Span(absolute.line, absolute.col, absolute.line, absolute.col + len(old)),
                        )
                    )
    return out
