"""Positions of definitions and references in any module, in the client's encoding."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types
from pygls.uris import from_fs_path

from compiler.navigation.workspace import Target, Workspace
from compiler.source import Span
from pypto_lsp.positions import LineIndex


class Locator:
    """Turns (path, span) into LSP locations, with one LineIndex per module text (per request)."""

    def __init__(self, workspace: Workspace, encoding: str) -> None:
        self.workspace = workspace
        self.encoding = encoding
        self.indexes: dict[str, tuple[str, LineIndex]] = {}

    def line_index(self, path: str) -> LineIndex | None:
        """The LineIndex of the text the workspace indexed for a module."""
        module = self.workspace.module(path)
        if module is None:
            return None
        cached = self.indexes.get(path)
        if cached is None or cached[0] is not module.text:
            cached = (module.text, LineIndex(module.text, self.encoding))
            self.indexes[path] = cached
        return cached[1]

    def range(self, path: str, span: Span) -> types.Range | None:
        """The client range of a span of a module."""
        index = self.line_index(path)
        return index.range(span) if index is not None else None

    def location(self, path: str, span: Span) -> types.Location | None:
        """A Location, or None when the module cannot be read."""
        rng = self.range(path, span)
        return types.Location(uri=uri_of(path), range=rng) if rng is not None else None

    def target(self, target: Target, full: bool = False) -> types.Location | None:
        """Where a target is defined (its name, or its whole definition with `full`); a module at its top."""
        if target.module is not None:
            start = types.Position(line=0, character=0)
            return types.Location(uri=uri_of(str(target.module)), range=types.Range(start=start, end=start))
        located = target.located
        if located is None:
            return None
        return self.location(located.path, located.extent if full else located.span)

    def link(self, target: Target, origin: types.Range | None) -> types.LocationLink | None:
        """A LocationLink: the whole definition as target range, its name as selection."""
        located = target.located
        if located is None:
            found = self.target(target)
            if found is None:
                return None
            return types.LocationLink(
                target_uri=found.uri,
                target_range=found.range,
                target_selection_range=found.range,
                origin_selection_range=origin,
            )
        full, name = self.range(located.path, located.extent), self.range(located.path, located.span)
        if full is None or name is None:
            return None
        if not _contains(full, name):
            full = name
        return types.LocationLink(
            target_uri=uri_of(located.path),
            target_range=full,
            target_selection_range=name,
            origin_selection_range=origin,
        )


def uri_of(path: str) -> str:
    """A file URI for a path."""
    return from_fs_path(path) or Path(path).as_uri()


def _contains(outer: types.Range, inner: types.Range) -> bool:
    return (outer.start.line, outer.start.character) <= (inner.start.line, inner.start.character) and (
        inner.end.line,
        inner.end.character,
    ) <= (outer.end.line, outer.end.character)
