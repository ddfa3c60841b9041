"""Hostile text and configuration through the real server over stdio: lines as Python counts them in
diagnostics and quick fixes, a byte-order mark in the buffer, a document past the size limit, and a
`[tool.pypto-lsp]` table beside a symlink loop and a NUL byte (the `initialized` handler survives them)."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from tests.lsp.conftest import CONFIG
from tests.lsp.helpers import open_doc

ROOT = Path(__file__).resolve().parents[2]
SP5 = (ROOT / "tests" / "rules" / "PTO-SP5.py").read_text(encoding="utf-8")
GEMV = (ROOT / "examples" / "gemv.py").read_text(encoding="utf-8")  # PTO-F15 on line 25, column 15


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A workspace whose pyproject.toml ignores PTO-F15 and lists two unusable import roots."""
    (tmp_path / "loop").symlink_to("loop")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.pypto-lsp]\nextra-paths = ["loop", "a\\u0000b"]\nignore = ["PTO-F15"]\n'
    )
    return tmp_path


@pytest_lsp.fixture(config=CONFIG)
async def rooted(lsp_client: LanguageClient, workspace: Path):
    """Neovim profile (pull diagnostics), `pypto.extraPaths` with a loop and a NUL byte too."""
    lsp_client.set_configuration({"extraPaths": ["loop", "x\x00y"]}, section="pypto")
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("neovim"), root_uri=workspace.as_uri())
    )
    yield
    await lsp_client.shutdown_session()


async def _pull(client: LanguageClient, uri: str) -> list[types.Diagnostic]:
    report = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
    return list(report.items)


async def test_the_project_table_applies_beside_unusable_roots(
    rooted: LanguageClient, workspace: Path
) -> None:
    uri = (workspace / "gemv.py").as_uri()
    open_doc(rooted, uri, GEMV)
    items = await _pull(rooted, uri)
    assert "PTO-F15" not in [d.code for d in items]  # `ignore` applied: the handler did not die


async def test_a_lone_carriage_return_keeps_diagnostics_and_fixes_on_their_line(
    rooted: LanguageClient, workspace: Path
) -> None:
    uri = (workspace / "sp5.py").as_uri()
    text = SP5.replace("TILE = 64", "TILE = 64  # a\rb")
    open_doc(rooted, uri, text)
    (fault,) = [d for d in await _pull(rooted, uri) if d.code == "PTO-SP5"]
    assert fault.range.start.line == 15  # 0-based: one line later than in the file without the CR
    lines = text.replace("\r", "\n").split("\n")
    start, end = fault.range.start, fault.range.end
    assert lines[start.line][start.character : end.character] == '"aiv_only"'
    actions = await rooted.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=fault.range,
            context=types.CodeActionContext(diagnostics=[fault]),
        )
    )
    edits = [
        e for a in actions or [] if isinstance(a, types.CodeAction) and a.edit for e in a.edit.changes[uri]
    ]
    assert edits and all(e.range.start.line == 15 for e in edits)


async def test_a_byte_order_mark_in_the_buffer(rooted: LanguageClient, workspace: Path) -> None:
    uri = (workspace / "bom.py").as_uri()
    open_doc(rooted, uri, "\ufeff" + SP5)
    items = await _pull(rooted, uri)
    assert [(d.code, d.range.start.line, d.range.start.character) for d in items] == [("PTO-SP5", 14, 36)]


async def test_a_document_past_the_size_limit_gets_one_hint(rooted: LanguageClient, workspace: Path) -> None:
    uri = (workspace / "huge.py").as_uri()
    open_doc(rooted, uri, "import pypto.language as pl\nX = '" + "a" * 3_000_000 + "'\n")
    assert [d.code for d in await _pull(rooted, uri)] == ["PTO-F47c"]
