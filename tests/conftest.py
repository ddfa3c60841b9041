"""Shared pytest configuration."""

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """Register the project's markers."""
    config.addinivalue_line(
        "markers",
        "engine: needs the real analysis engine (front end + passes), not only syntax errors",
    )
