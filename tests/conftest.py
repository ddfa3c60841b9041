"""Shared pytest configuration."""

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """Register the project's markers."""
    config.addinivalue_line(
        "markers",
        "engine: needs the real analysis engine (front end + passes), not only syntax errors",
    )


def pytest_sessionstart(session: pytest.Session) -> None:
    """Servers started by the tests keep their persistent cache in a folder of this session, not in the
    user's ~/.cache (each run starts without one)."""
    import os
    import tempfile

    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="pypto-lsp-test-cache-")
