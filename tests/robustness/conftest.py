"""The stdio server fixtures of tests/lsp, for the protocol robustness tests."""

from tests.lsp.conftest import client, nvim

__all__ = ["client", "nvim"]
