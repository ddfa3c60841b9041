"""workspace/executeCommand pypto.checkWorkspace over the corpus folder (the client's workspace)."""

from __future__ import annotations

from lsprotocol import types
from pytest_lsp import LanguageClient

from .conftest import CORPUS


async def test_check_workspace_reports_progress(client: LanguageClient) -> None:
    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="pypto.checkWorkspace", arguments=[])
    )
    expected = len([p for p in CORPUS.glob("*.py") if "pypto.language" in p.read_text(encoding="utf-8")])
    files = result["files"] if isinstance(result, dict) else result.files
    assert files == expected
    (reports,) = [r for r in client.progress_reports.values() if r]
    assert isinstance(reports[0], types.WorkDoneProgressBegin)
    assert isinstance(reports[-1], types.WorkDoneProgressEnd)
    assert sum(isinstance(r, types.WorkDoneProgressReport) for r in reports) == expected
