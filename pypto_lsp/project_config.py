"""Project configuration: the `[tool.pypto-lsp]` table of the nearest `pyproject.toml`.

Keys: `target`, `select` / `ignore` (codes or prefixes, e.g. `PTO-F46`, `PTO-H`), `per-file-ignores`
(glob -> codes), `extra-paths` (import roots, relative to the pyproject's folder) and `env` (values that
configuration modules read). It is read by `check` and by the server; editor settings override it, as
ruff's do. An invalid key or value is reported, never raised.
"""

from __future__ import annotations

import fnmatch
import tomllib
from dataclasses import dataclass
from pathlib import Path

from compiler.source_files import read_bytes
from pypto_lsp.config import TARGETS

_KEYS = ("target", "select", "ignore", "per-file-ignores", "extra-paths", "env")
_MAX_PYPROJECT_BYTES = 1_000_000


@dataclass(frozen=True, slots=True)
class ProjectConfig:
    """The settings one `pyproject.toml` gives, and what was wrong with it."""

    path: Path | None = None
    target: str | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    extra_paths: tuple[Path, ...] = ()
    env: tuple[tuple[str, str], ...] = ()
    errors: tuple[str, ...] = ()

    def allows(self, code: str, file: str | None) -> bool:
        """True when a diagnostic with this code is reported for this file."""
        if self.select and not any(code.startswith(p) for p in self.select):
            return False
        if any(code.startswith(p) for p in self.ignore):
            return False
        if file is not None and self.per_file_ignores:
            relative = _relative(Path(file), self.path.parent if self.path else None)
            for pattern, codes in self.per_file_ignores:
                if fnmatch.fnmatch(relative, pattern) and any(code.startswith(p) for p in codes):
                    return False
        return True


def find(start: Path) -> Path | None:
    """The nearest `pyproject.toml` at or above a file or folder."""
    try:
        folder = start if start.is_dir() else start.parent
        for candidate in (folder, *folder.parents):
            path = candidate / "pyproject.toml"
            if path.is_file():
                return path
    except (OSError, ValueError):  # a path Python cannot look at (a NUL byte): no project configuration
        return None
    return None


def resolved(base: Path, entry: str | Path) -> Path | None:
    """A path (relative to `base`) made absolute with its symlinks followed; None when it cannot be (a NUL
    byte, a symlink loop), never an exception."""
    try:
        return (base / entry).resolve()
    except (OSError, RuntimeError, ValueError):
        return None


def load(path: Path | None) -> ProjectConfig:
    """Read the `[tool.pypto-lsp]` table (an absent file or table gives the defaults)."""
    if path is None:
        return ProjectConfig()
    try:
        data = tomllib.loads(read_bytes(path, _MAX_PYPROJECT_BYTES).decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return ProjectConfig(path, errors=(f"cannot read {path.name}: {exc}",))
    table = data.get("tool", {}).get("pypto-lsp") if isinstance(data.get("tool"), dict) else None
    if table is None:
        return ProjectConfig(path)
    if not isinstance(table, dict):
        return ProjectConfig(path, errors=("[tool.pypto-lsp] must be a table",))
    errors: list[str] = [f"unknown key '{key}' in [tool.pypto-lsp]" for key in table if key not in _KEYS]
    target = table.get("target")
    if target is not None and target not in TARGETS:
        errors.append(f"target must be one of {', '.join(TARGETS)}, got {target!r}")
        target = None
    select = _codes(table, "select", errors)
    ignore = _codes(table, "ignore", errors)
    per_file: list[tuple[str, tuple[str, ...]]] = []
    raw_per_file = table.get("per-file-ignores", {})
    if not isinstance(raw_per_file, dict):
        errors.append("per-file-ignores must be a table of glob = [codes]")
    else:
        for pattern, codes in raw_per_file.items():
            if isinstance(codes, list) and all(isinstance(c, str) for c in codes):
                per_file.append((pattern, tuple(codes)))
            else:
                errors.append(f"per-file-ignores['{pattern}'] must be a list of codes")
    extra: list[Path] = []
    raw_extra = table.get("extra-paths", [])
    if isinstance(raw_extra, list) and all(isinstance(p, str) for p in raw_extra):
        for entry in raw_extra:
            root = resolved(path.parent, entry)
            if root is None:
                errors.append(f"extra-paths entry {entry!r} is not a usable folder path")
            else:
                extra.append(root)
    else:
        errors.append("extra-paths must be a list of folders")
    env: list[tuple[str, str]] = []
    raw_env = table.get("env", {})
    if isinstance(raw_env, dict) and all(isinstance(v, str) for v in raw_env.values()):
        env = sorted(raw_env.items())
    else:
        errors.append('env must be a table of NAME = "value" strings')
    return ProjectConfig(
        path,
        target if isinstance(target, str) else None,
        select,
        ignore,
        tuple(per_file),
        tuple(extra),
        tuple(env),
        tuple(errors),
    )


def _codes(table: dict[str, object], key: str, errors: list[str]) -> tuple[str, ...]:
    value = table.get(key, [])
    if isinstance(value, list) and all(isinstance(c, str) for c in value):
        return tuple(value)
    errors.append(f"{key} must be a list of codes or prefixes")
    return ()


def _relative(file: Path, root: Path | None) -> str:
    try:
        return str(file.resolve().relative_to(root.resolve())) if root else file.name
    except (OSError, RuntimeError, ValueError):
        return str(file)
