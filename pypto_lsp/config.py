"""User settings of the "pypto" configuration section."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from compiler.vocabulary import TARGETS


@dataclass(frozen=True, slots=True)
class Settings:
    """The effective settings; immutable so a snapshot can carry them into a worker."""

    target: str | None = None
    inlay_hints: bool = True
    pure_vector_hints: bool = True  # hints on every kernel unless the user turns pure-vector ones off
    hazard_lints: bool = True
    debounce_ms: int = 150
    env: tuple[tuple[str, str], ...] = ()  # values configuration modules read through os.environ
    extra_paths: tuple[str, ...] = ()  # extra import roots, as pyright's extraPaths


def _lookup(data: Mapping[str, Any], dotted: str) -> Any:
    """A value by nested ("inlayHints": {"enabled": ...}) or flat ("inlayHints.enabled") key."""
    if dotted in data:
        return data[dotted]
    node: Any = data
    for part in dotted.split("."):
        if not isinstance(node, Mapping) or part not in node:
            return None
        node = node[part]
    return node


def section(data: Any) -> Mapping[str, Any]:
    """The "pypto" section of a settings payload (or the payload itself when already unwrapped)."""
    if hasattr(data, "_asdict"):  # pygls turns unknown JSON objects into namedtuples
        data = _to_plain(data)
    if not isinstance(data, Mapping):
        return {}
    inner = data.get("pypto")
    if isinstance(inner, Mapping):
        return inner
    return data


def _to_plain(value: Any) -> Any:
    if hasattr(value, "_asdict"):
        return {k: _to_plain(v) for k, v in value._asdict().items()}
    if isinstance(value, Mapping):
        return {k: _to_plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_to_plain(v) for v in value]
    return value


def merge(base: Settings, data: Any) -> Settings:
    """Settings updated with every valid key found in a payload; invalid values are ignored."""
    values = section(data)
    changes: dict[str, Any] = {}
    target = _lookup(values, "target")
    if target in TARGETS:
        changes["target"] = target
    elif target in ("", "auto"):
        changes["target"] = None
    for key, attr in (
        ("inlayHints.enabled", "inlay_hints"),
        ("inlayHints.pureVectorKernels", "pure_vector_hints"),
        ("hazardLints.enabled", "hazard_lints"),
    ):
        value = _lookup(values, key)
        if isinstance(value, bool):
            changes[attr] = value
    env = _lookup(values, "env")
    if isinstance(env, Mapping) and all(isinstance(k, str) and isinstance(v, str) for k, v in env.items()):
        changes["env"] = tuple(sorted(env.items()))
    extra = _lookup(values, "extraPaths")
    if isinstance(extra, list | tuple) and all(isinstance(p, str) for p in extra):
        changes["extra_paths"] = tuple(extra)
    debounce = _lookup(values, "debounceMs")
    if isinstance(debounce, int | float) and not isinstance(debounce, bool) and 0 <= debounce <= 10_000:
        changes["debounce_ms"] = int(debounce)
    return replace(base, **changes)
