"""Cheap text-level facts about a file: is it PyPTO DSL, which target does it ask for, where are they."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from pathlib import Path

from compiler.source_files import read_source
from compiler.vocabulary import target_comment
from pypto_lsp.files import Skipped, dsl_sources

log = logging.getLogger(__name__)

MARKER = "pypto.language"


def is_dsl(text: str) -> bool:
    """True when the text mentions pypto.language; only such files get diagnostics."""
    return MARKER in text


def target_of(text: str, default: str | None) -> str | None:
    """The `# target: a5` first-line override, else the default (None lets the engine decide)."""
    return target_comment(text) or default


def read_text(path: Path) -> str:
    """A file's text, decoded as Python decodes it (it is never imported); OSError for anything but a
    regular file under the size limit."""
    return read_source(path).text


def dsl_files(roots: Iterable[Path]) -> Iterator[Path]:
    """The DSL files under the given folders (files are yielded as given); what cannot be read is skipped."""
    for root in roots:
        if not root.is_dir():
            yield root
            continue
        for found in dsl_sources([root], MARKER):
            if isinstance(found, Skipped):
                log.info("%s: %s", found.path, found.reason)
            else:
                yield found[0]
