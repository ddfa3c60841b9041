"""The server reads `[tool.pypto-lsp]` from the workspace's pyproject.toml (over stdio)."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from .conftest import CONFIG
from .helpers import open_doc


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A workspace whose pyproject.toml sets an import root and an environment value."""
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "sizes.py").write_text(
        'import os\n\nK = 128 if os.environ.get("KMODE") == "big" else 64\n'
    )
    (tmp_path / "pyproject.toml").write_text(
        '[tool.pypto-lsp]\nextra-paths = ["lib"]\nenv = { KMODE = "big" }\n'
    )
    (tmp_path / "entry.py").write_text(
        "import pypto.language as pl\nfrom sizes import K\n\n\n@pl.jit\n"
        "def run(a: pl.Tensor[[64, K], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], "
        "y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n"
        "        y[:] = pl.matmul(a, b, out_dtype=pl.FP32)\n"
        "    return y\n"
    )
    return tmp_path


@pytest_lsp.fixture(config=CONFIG)
async def rooted(lsp_client: LanguageClient, project: Path):
    """Neovim profile (pull diagnostics) rooted at the project."""
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("neovim"), root_uri=project.as_uri())
    )
    yield
    await lsp_client.shutdown_session()


async def test_project_table_sets_import_roots_and_environment(rooted: LanguageClient, project: Path) -> None:
    entry = project / "entry.py"
    open_doc(rooted, entry.as_uri(), entry.read_text())
    report = await rooted.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=entry.as_uri()))
    )
    assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
    assert [(d.code, d.range.start.line) for d in report.items] == [("PTO-F15", 7)]  # 0-based line
    assert "lhs K=128 and rhs K=64" in report.items[0].message
