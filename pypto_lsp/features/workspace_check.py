"""workspace/executeCommand pypto.checkWorkspace: analyse every DSL file under the workspace folders."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from pygls.uris import to_fs_path

from pypto_lsp import dsl

COMMAND = "pypto.checkWorkspace"


@dataclass(frozen=True, slots=True)
class CheckSummary:
    """What a workspace check found."""

    files: int
    errors: int
    warnings: int


def folder_paths(uris: Iterable[str]) -> list[Path]:
    """Local folders of workspace-folder URIs (non-file URIs are skipped)."""
    paths = []
    for uri in uris:
        path = to_fs_path(uri)
        if path and Path(path).is_dir():
            paths.append(Path(path))
    return paths


def dsl_files(folders: Iterable[Path]) -> list[Path]:
    """All DSL files under the folders, deduplicated, in a stable order."""
    seen: dict[Path, None] = {}
    for path in dsl.dsl_files(folders):
        seen.setdefault(path.resolve(), None)
    return list(seen)
