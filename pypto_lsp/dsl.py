"""Cheap text-level facts about a file: is it PyPTO DSL, which target does it ask for, where are they."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from compiler.vocabulary import target_comment

MARKER = "pypto.language"
_SKIP_DIRS = {".git", ".hg", ".svn", "__pycache__", "node_modules", ".venv", "venv", ".mypy_cache", ".tox"}


def is_dsl(text: str) -> bool:
    """True when the text mentions pypto.language; only such files get diagnostics."""
    return MARKER in text


def target_of(text: str, default: str | None) -> str | None:
    """The `# target: a5` first-line override, else the default (None lets the engine decide)."""
    return target_comment(text) or default


def read_text(path: Path) -> str:
    """A file's text as UTF-8 (undecodable bytes replaced); it is never imported."""
    return path.read_bytes().decode("utf-8", errors="replace")


def walk_python(root: Path) -> Iterator[Path]:
    """Every *.py file below root, in a stable order, skipping VCS and virtualenv folders."""
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS and not d.startswith("."))
        for name in sorted(filenames):
            if name.endswith(".py"):
                yield Path(dirpath) / name


def dsl_files(roots: Iterable[Path]) -> Iterator[Path]:
    """The DSL files under the given folders (files are yielded as given)."""
    for root in roots:
        if root.is_dir():
            for path in walk_python(root):
                try:
                    if is_dsl(read_text(path)):
                        yield path
                except OSError:
                    continue
        else:
            yield root
