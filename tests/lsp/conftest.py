"""pytest-lsp fixtures driving the real server (`python -m pypto_lsp`) over stdio."""

from __future__ import annotations

import asyncio
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest_lsp
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

CORPUS = Path("/work/shared/corpus")
SERVER = [sys.executable, "-m", "pypto_lsp"]


@dataclass
class Published:
    """One textDocument/publishDiagnostics notification as received."""

    uri: str
    version: int | None
    diagnostics: list[types.Diagnostic]


class RecordingClient(LanguageClient):
    """A pytest-lsp client that also records every publishDiagnostics with its version."""

    published: list[Published]
    changed: asyncio.Event
    refreshes: list[str]
    registrations: list[types.Registration]


def _record(client: RecordingClient, params: types.PublishDiagnosticsParams) -> None:
    client.diagnostics[params.uri] = params.diagnostics
    client.published.append(Published(params.uri, params.version, list(params.diagnostics)))
    client.changed.set()


def _inlay_refresh(client: RecordingClient, params: None) -> None:
    client.refreshes.append(types.WORKSPACE_INLAY_HINT_REFRESH)


def _code_lens_refresh(client: RecordingClient, params: None) -> None:
    client.refreshes.append(types.WORKSPACE_CODE_LENS_REFRESH)


def _register_capability(client: RecordingClient, params: types.RegistrationParams) -> None:
    client.registrations.extend(params.registrations)


def _semantic_tokens_refresh(client: RecordingClient, params: None) -> None:
    client.refreshes.append(types.WORKSPACE_SEMANTIC_TOKENS_REFRESH)


def make_client() -> LanguageClient:
    """LanguageClient with the default test handlers plus a publishDiagnostics recorder."""
    client = RecordingClient(converter_factory=default_converter)
    client.published = []
    client.changed = asyncio.Event()
    client.refreshes = []
    client.registrations = []
    features: dict[str, Any] = dict(DEFAULT_CLIENT_FEATURES)
    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _record
    # the VS Code profile advertises these refreshes, but pytest-lsp has no handler for them
    features[types.WORKSPACE_CODE_LENS_REFRESH] = _code_lens_refresh
    features[types.WORKSPACE_INLAY_HINT_REFRESH] = _inlay_refresh
    # the VS Code profile registers the file watcher dynamically
    features[types.CLIENT_REGISTER_CAPABILITY] = _register_capability
    features[types.WORKSPACE_SEMANTIC_TOKENS_REFRESH] = _semantic_tokens_refresh
    register_lsp_features(client, features)
    return client


CONFIG = ClientServerConfig(server_command=SERVER, client_factory=make_client)


async def _start(
    client: LanguageClient,
    profile: str,
    init_options: Any = None,
    capabilities: types.ClientCapabilities | None = None,
) -> None:
    client.set_configuration({"inlayHints": {"enabled": True}}, section="pypto")
    await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities or client_capabilities(profile),
            initialization_options=init_options,
            workspace_folders=[types.WorkspaceFolder(uri=CORPUS.as_uri(), name="corpus")],
        )
    )


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient):
    """VS Code 1.65 profile: UTF-16 positions, push diagnostics."""
    await _start(lsp_client, "visual-studio-code")
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=CONFIG)
async def nvim(lsp_client: LanguageClient):
    """Neovim 0.11 profile: UTF-8 positions, pull diagnostics."""
    await _start(lsp_client, "neovim")
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=CONFIG)
async def nvim_refresh(lsp_client: LanguageClient):
    """The Neovim profile (pull diagnostics) with workspace/diagnostic/refresh and a dynamically
    registered file watcher, as VS Code has them."""
    capabilities = client_capabilities("neovim")
    assert capabilities.workspace is not None
    capabilities.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    capabilities.workspace.did_change_watched_files = types.DidChangeWatchedFilesClientCapabilities(
        dynamic_registration=True
    )
    await _start(lsp_client, "neovim", capabilities=capabilities)
    yield
    await lsp_client.shutdown_session()
