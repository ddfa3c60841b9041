"""workspace/executeCommand pypto.checkWorkspace: analyse every DSL file under the workspace folders."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from lsprotocol import types
from pygls.progress import Progress
from pygls.uris import from_fs_path, to_fs_path
from pygls.workspace import Workspace

from compiler.modules import ModuleGraph
from pypto_lsp import dsl
from pypto_lsp.config import Settings
from pypto_lsp.document import Analyzed, Snapshot
from pypto_lsp.scheduler import Scheduler

log = logging.getLogger(__name__)

COMMAND = "pypto.checkWorkspace"


@dataclass(frozen=True, slots=True)
class CheckSummary:
    """What a workspace check found."""

    files: int
    errors: int
    warnings: int


class Host(Protocol):
    """What the workspace check needs from the server."""

    settings: Settings
    generation: int
    graph: ModuleGraph
    scheduler: Scheduler

    @property
    def workspace(self) -> Workspace:
        """The open documents and the workspace folders."""
        ...

    @property
    def work_done_progress(self) -> Progress:
        """$/progress reporting."""
        ...

    def client_supports(self, dotted: str) -> bool:
        """True when a client capability is present and not false."""
        ...

    def publish(self, result: Analyzed | None) -> None:
        """Push a result's diagnostics."""
        ...


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


async def check_workspace(ls: Host) -> CheckSummary:
    """Analyse every DSL file of the workspace on the analysis threads, reporting $/progress and pushing
    the diagnostics of the files that are not open (open documents keep their own, newer ones)."""
    uris = [f.uri for f in ls.workspace.folders.values()] or (
        [ls.workspace.root_uri] if ls.workspace.root_uri else []
    )
    loop = asyncio.get_running_loop()
    files = await loop.run_in_executor(None, dsl_files, folder_paths(uris))
    token = await _begin_progress(ls)
    errors = warnings = 0
    for done, path in enumerate(files, start=1):
        uri = from_fs_path(str(path)) or path.as_uri()
        if token is not None:
            ls.work_done_progress.report(
                token,
                types.WorkDoneProgressReport(
                    message=f"{done}/{len(files)} {path.name}", percentage=int(100 * (done - 1) / len(files))
                ),
            )
        result = await _analyse_file(ls, uri, path)
        if result is None or result.analysis is None:
            continue
        errors += sum(1 for d in result.analysis.diagnostics if d.is_error)
        warnings += sum(1 for d in result.analysis.diagnostics if not d.is_error)
        if uri not in ls.scheduler.docs:
            ls.publish(result)
    if token is not None:
        ls.work_done_progress.end(
            token, types.WorkDoneProgressEnd(message=f"{len(files)} files, {errors} errors")
        )
    return CheckSummary(files=len(files), errors=errors, warnings=warnings)


async def _begin_progress(ls: Host) -> str | None:
    """A work-done progress token, begun, when the client shows progress."""
    if not ls.client_supports("window.work_done_progress"):
        return None
    token = f"pypto-check-{uuid.uuid4()}"
    try:
        await asyncio.wait_for(ls.work_done_progress.create_async(token), 5.0)
        ls.work_done_progress.begin(
            token, types.WorkDoneProgressBegin(title="PyPTO: checking workspace", percentage=0)
        )
    except Exception as exc:
        log.warning("progress not available: %r", exc)
        return None
    return token


async def _analyse_file(ls: Host, uri: str, path: Path) -> Analyzed | None:
    try:
        text = dsl.read_text(path)
    except OSError as exc:
        log.warning("cannot read %s: %r", path, exc)
        return None
    snap = Snapshot(uri=uri, version=None, text=text, path=str(path))
    return await ls.scheduler.run_once(snap, ls.settings.target, ls.generation)
