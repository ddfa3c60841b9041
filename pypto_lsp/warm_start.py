"""A document's first diagnostics from the persistent cache, before its first analysis finishes.

Opening a large model file costs seconds of analysis. When the file on disk, every module its last
analysis read and the settings are unchanged since `pypto-lsp check` or an earlier server session
analysed it, the cached result is exact: the server shows it at once (a *provisional* result) and
replaces it when its own analysis lands. The server reads the project's `.pypto_lsp_cache` (what
`check` wrote) but writes only its own entries, in the user's cache folder
(`$XDG_CACHE_HOME/pypto-lsp/<workspace hash>`): opening files never writes into the workspace, and
what `check` prints never comes from a server entry. Cache files are JSON data (see `check_cache`),
read and written on worker threads, never on the event loop.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from compiler.analysis import Analysis
from compiler.source_files import decode, read_bytes
from pypto_lsp.check_cache import CheckCache, Dependencies, Fingerprints, cache_settings, digest, slim

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class CacheKey:
    """Where the caches live and the settings their entries were computed with."""

    project_root: Path  # `check`'s cache (read only)
    server_root: Path  # the server's own entries
    target: str | None
    environ: tuple[tuple[str, str], ...]
    extra_paths: tuple[Path, ...]

    def server_cache(self, fingerprints: Fingerprints) -> CheckCache:
        """The server's own cache for these settings."""
        settings = {**self.settings(), "producer": "server"}
        return CheckCache(self.server_root, settings, fingerprints)

    def caches(self, fingerprints: Fingerprints) -> list[CheckCache]:
        """The caches a document's first result may come from: the server's own, then `check`'s."""
        return [self.server_cache(fingerprints), CheckCache(self.project_root, self.settings(), fingerprints)]

    def settings(self) -> dict[str, object]:
        """The settings key, as `check` writes it."""
        return cache_settings(self.target, dict(self.environ), self.extra_paths)


@dataclass(frozen=True, slots=True)
class Stored:
    """A finished analysis of a document whose text is the file's on disk, to keep for a later session."""

    path: Path
    text: str
    analysis: Analysis
    deps: Dependencies


def disk_bytes_of(path: Path, text: str) -> bytes | None:
    """The file's bytes when they decode to exactly `text` (the editor shows the saved file), else None."""
    try:
        data = read_bytes(path)
    except OSError:
        return None
    decoded = decode(data)
    return data if decoded.error is None and decoded.text == text else None


def lookup(key: CacheKey, path: Path, text: str, read: Callable[[Path], str | None]) -> Analysis | None:
    """The cached analysis of an opened document, when it is exact for this text and what it read."""
    data = disk_bytes_of(path, text)
    if data is None:
        return None
    try:
        for cache in key.caches(Fingerprints(read)):
            found = cache.lookup(path, data)
            if found is not None:
                return found
    except Exception:  # a damaged cache is a miss, never a failure of the open
        log.exception("reading the cache for %s failed", path)
    return None


def store(key: CacheKey, items: Iterable[Stored], read: Callable[[Path], str | None]) -> int:
    """Keep the analyses of documents that equal their files on disk; the number kept."""
    saved = [(item, data) for item in items if (data := disk_bytes_of(item.path, item.text)) is not None]
    if not saved:
        return 0
    cache = key.server_cache(Fingerprints(read))
    for item, data in saved:
        cache.store(item.path, data, slim(item.analysis), item.deps)
    cache.save()
    return len(saved)


def user_cache_folder() -> Path:
    """Where the server keeps its entries: `$XDG_CACHE_HOME/pypto-lsp` (default `~/.cache/pypto-lsp`)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pypto-lsp"


def key_for(
    project_root: Path | None, target: str | None, environ: Mapping[str, str], extra_paths: tuple[Path, ...]
) -> CacheKey | None:
    """The caches of a workspace (None without a workspace folder)."""
    if project_root is None:
        return None
    server_root = user_cache_folder() / digest(str(project_root.resolve()))
    return CacheKey(project_root, server_root, target, tuple(sorted(environ.items())), extra_paths)
