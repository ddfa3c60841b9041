"""Files `check` and the workspace check touch: which a folder walk reads, and how `--fix` writes one.

A walk reads only regular `*.py` files under the size limit that stay inside the folder it was given
(a symlink to `/dev/zero`, a FIFO named `pipe.py` or a link out of the folder is reported in one line and
skipped). A fix is written only to a regular, writable file inside the paths `check` was given, only when
the file still holds the bytes that were analysed, atomically (a temporary file beside it, renamed over
it) and with the file's own mode.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from compiler.source_files import MAX_SOURCE_BYTES, Decoded, Unreadable, read_bytes, read_source

SKIP_DIRS = frozenset(
    {".git", ".hg", ".svn", "__pycache__", "node_modules", ".venv", "venv", ".mypy_cache", ".tox"}
)


@dataclass(frozen=True, slots=True)
class Skipped:
    """A path a walk or a write left alone, and why (one line for the user)."""

    path: Path
    reason: str


def real_path(path: Path) -> Path | None:
    """The path with every symlink followed, or None when that fails (a loop, a dangling link, a NUL)."""
    try:
        return path.resolve(strict=True)
    except (OSError, RuntimeError, ValueError):
        return None


def walk_sources(root: Path) -> Iterator[Path | Skipped]:
    """Every `*.py` below a folder, in a stable order, that a check may read; a Skipped for each other one.
    Folder symlinks are not followed; a file symlink must lead to a file inside the folder."""
    inside = real_path(root)
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("."))
        for name in sorted(filenames):
            if not name.endswith(".py"):
                continue
            path = Path(dirpath) / name
            reason = _unreadable(path, inside)
            yield path if reason is None else Skipped(path, reason)


def _unreadable(path: Path, inside: Path | None) -> str | None:
    """Why a walked file is not read (None: it is read)."""
    if path.is_symlink():
        target = real_path(path)
        if target is None:
            return "skipped: a broken or looping symlink"
        if inside is None or not target.is_relative_to(inside):
            return f"skipped: a symlink to {target}, outside the folder being checked"
    try:
        info = os.stat(path)
    except (OSError, ValueError) as exc:
        return f"skipped: {getattr(exc, 'strerror', None) or exc}"
    if not stat.S_ISREG(info.st_mode):
        return "skipped: not a regular file"
    if info.st_size > MAX_SOURCE_BYTES:
        return f"skipped: larger than the {MAX_SOURCE_BYTES // 1_000_000} MB limit"
    return None


def dsl_sources(roots: Iterable[Path], marker: str) -> Iterator[tuple[Path, Decoded] | Skipped]:
    """The files under folders whose text holds `marker`, read and decoded (a file given as a root is
    read whatever its text); a Skipped for each file that could not be read."""
    for root in roots:
        if not root.is_dir():
            try:
                yield root, read_source(root)
            except Unreadable as exc:
                yield Skipped(root, str(exc))
            continue
        for found in walk_sources(root):
            if isinstance(found, Skipped):
                yield found
                continue
            try:
                decoded = read_source(found)
            except Unreadable as exc:
                yield Skipped(found, f"skipped: {exc}")
                continue
            if marker in decoded.text:
                yield found, decoded


def write_fixed(path: Path, read: bytes, new: bytes, allowed: Iterable[Path]) -> str | None:
    """Write `new` over the file the check read as `read`; None when written, else why not (the file is
    then left exactly as it is). Written only to a regular, writable file inside one of the `allowed`
    paths, only while it still holds `read`, through a temporary file renamed over it, keeping its mode."""
    target = real_path(path)
    if target is None:
        return "not fixed: the path no longer leads to a file"
    roots = [r for r in (real_path(p) for p in allowed) if r is not None]
    if not any(target == root or target.is_relative_to(root) for root in roots):
        return f"not fixed: it leads to {target}, outside the paths being checked"
    try:
        info = os.stat(target)
    except OSError as exc:
        return f"not fixed: {exc.strerror or exc}"
    if not stat.S_ISREG(info.st_mode):
        return "not fixed: not a regular file"
    if not os.access(target, os.W_OK) or not info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        return "not fixed: the file is read-only"  # its mode says so, even to root
    if not _unchanged(target, read):
        return "not fixed: the file changed while it was checked"
    temporary: str | None = None
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".pypto-fix", dir=target.parent)
        with os.fdopen(fd, "wb") as stream:
            stream.write(new)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, stat.S_IMODE(info.st_mode))
        with contextlib.suppress(OSError):
            os.chown(temporary, info.st_uid, info.st_gid)  # only root may; others keep their own
        if not _unchanged(target, read):  # a save between the two checks: keep it
            return "not fixed: the file changed while it was checked"
        os.replace(temporary, target)
        temporary = None
    except OSError as exc:
        return f"not fixed: {exc.strerror or exc}"
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    return None


def _unchanged(path: Path, read: bytes) -> bool:
    try:
        return read_bytes(path, max(len(read), MAX_SOURCE_BYTES)) == read
    except Unreadable:
        return False
