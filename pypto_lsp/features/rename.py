"""Rename a local, a helper or a configuration constant across the files that use it; refuse with a clear
message where the result could mean something else (the plan comes from compiler/navigation/rename.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from lsprotocol import types
from pygls.exceptions import JsonRpcException

from compiler.navigation import rename as engine
from compiler.navigation.index import DocumentIndex
from compiler.navigation.workspace import Workspace
from pypto_lsp.features.locations import Locator, uri_of
from pypto_lsp.positions import LineIndex


class RenameRefused(JsonRpcException):
    """A rename that would be unsafe or is not supported: answered as the LSP RequestFailed error, whose
    message the editor shows."""

    CODE = -32803


def prepare_rename(
    index: DocumentIndex, workspace: Workspace, text_index: LineIndex, position: types.Position
) -> types.PrepareRenamePlaceholder:
    """The range and text of the name to rename; RenameRefused when it cannot be renamed."""
    line, col = text_index.point(position)
    found = engine.prepare(workspace, index, line, col)
    if isinstance(found, str):
        raise RenameRefused(found)
    span, text = found
    return types.PrepareRenamePlaceholder(range=text_index.range(span), placeholder=text)


def rename(
    index: DocumentIndex,
    workspace: Workspace,
    text_index: LineIndex,
    position: types.Position,
    new_name: str,
    roots: Iterable[Path],
    open_paths: Iterable[str],
    version_of: Callable[[str], int | None],
    document_changes: bool,
) -> types.WorkspaceEdit:
    """The edit renaming the symbol everywhere; RenameRefused with the reason when it is unsafe."""
    line, col = text_index.point(position)
    plan = engine.plan(workspace, index, line, col, new_name, roots, open_paths)
    if plan.refused is not None:
        raise RenameRefused(plan.refused)
    locator = Locator(workspace, text_index.encoding)
    by_file: dict[str, list[types.TextEdit]] = {}
    for edit in plan.edits:
        rng = locator.range(edit.path, edit.span)
        if rng is not None:
            by_file.setdefault(edit.path, []).append(types.TextEdit(range=rng, new_text=new_name))
    if not document_changes:
        return types.WorkspaceEdit(changes={uri_of(p): e for p, e in by_file.items()})
    return types.WorkspaceEdit(
        document_changes=[
            types.TextDocumentEdit(
                text_document=types.OptionalVersionedTextDocumentIdentifier(
                    uri=uri_of(path), version=version_of(uri_of(path))
                ),
                edits=list(edits),
            )
            for path, edits in sorted(by_file.items())
        ]
    )
