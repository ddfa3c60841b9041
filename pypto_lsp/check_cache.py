"""The persistent cache of `pypto-lsp check`, as ruff's `.ruff_cache`.

A file's analysis is reused while everything it was computed from is unchanged: the file's bytes, what
the analysis can observe of every module it read (its tokens where they stand: a comment edit that moves
no token leaves it, see `module_digest`; and the absence of the module files it looked for and did not
find), the module-store lines of the folders it resolved imports in (`config.K = ...` in a sibling makes
K unknown), the settings (target, environment values, import roots) and the tool itself (its version
and the sources of the installed engine). Entries are plain JSON, one file per source file (its first
line names the file): a cache file is data, never code.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
import json
import logging
import os
import tempfile
import tokenize
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from compiler import catalog
from compiler.analysis import Analysis, ForeignDiagnostic
from compiler.diagnostics import Diagnostic, Note, Related
from compiler.fixes import from_args, to_args
from compiler.modules import ModuleGraph, read_disk_text, store_signature
from compiler.source import Span, python_text
from pypto_lsp import __version__

log = logging.getLogger(__name__)

CACHE_DIR = ".pypto_lsp_cache"
FORMAT = 5  # 5: a module read is hashed by what an analysis observes of it (`module_digest`)
_NOT_CACHED = ("PTO-F47", "PTO-F47b")  # an internal error or a time budget: not a function of the input
_ENGINE_PACKAGES = ("compiler", "pypto_lsp")
_DROPPED = frozenset({tokenize.COMMENT, tokenize.NL})
_UNPLACED = frozenset({tokenize.NEWLINE, tokenize.DEDENT, tokenize.ENDMARKER})  # placed by a neighbour
_LINE_STARTS = frozenset({tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT})
_DEFINITIONS = frozenset({"def", "class", "async"})
# A configuration module is a few KB; tokenizing costs ~0.8 s a MB in each worker, more than analysing the
# importers of a large module (a model file's kernels) again costs after a comment edit.
_TOKENIZED_CHARS = 16_000
_MODULE_DIGESTS = 4096  # module texts whose digests a process keeps (by the hash of their text)
_ENCODE_ITEMS = 200  # list items per call of the C JSON encoder (a lane row or diagnostic: ~0.1 ms a call)


@dataclass(frozen=True, slots=True)
class Dependencies:
    """What one file's analysis was computed from besides its own text."""

    modules: tuple[tuple[str, str | None], ...]  # module file -> its `module_digest` (None: absent)
    folders: tuple[str, ...]  # the folders its imports were resolved in


def digest(data: bytes | str) -> str:
    """A short content hash."""
    raw = data.encode("utf-8", errors="surrogatepass") if isinstance(data, str) else data
    return hashlib.blake2b(raw, digest_size=16).hexdigest()


_module_digests: dict[str, str] = {}


def text_digest(text: str) -> str:
    """The `TEXT` part of `module_digest` alone: what `Fingerprints.unchanged` accepts while the text is
    the same."""
    return digest(python_text(text))


def module_digest(text: str) -> str:
    """What an analysis can observe of a module it read, as `TEXT:TOKENS`: the hash of its text as the module
    graph reads it (line breaks as LF) and, for a text of at most `_TOKENIZED_CHARS`, the hash of its tokens
    with their exact positions, without comments and blank lines (a `# noqa` one stays: it silences a
    helper's faults) and with the length of each line a block's header span may end on
    (`SpanMaker.header`). A larger text, or one Python's tokenizer rejects, is `TEXT` alone."""
    text = python_text(text)
    key = digest(text)
    found = _module_digests.get(key)
    if found is None:
        tokens = _observed(text) if len(text) <= _TOKENIZED_CHARS else None
        found = key if tokens is None else f"{key}:{tokens}"
        if len(_module_digests) >= _MODULE_DIGESTS:
            _module_digests.clear()
        _module_digests[key] = found
    return found


def _observed(text: str) -> str | None:
    """The hash of the tokens of `module_digest` (None when Python's tokenizer rejects the text)."""
    lines = text.split("\n")
    kept: list[object] = []
    previous = tokenize.NEWLINE
    try:
        for kind, string, start, end, _ in tokenize.generate_tokens(io.StringIO(text).readline):
            if kind in _DROPPED and not (kind == tokenize.COMMENT and "noqa" in string.lower()):
                continue
            if kind == tokenize.ERRORTOKEN:
                return None
            kept.append(kind if kind in _UNPLACED else (kind, start, end, string))
            if start[0] >= 2 and (
                kind == tokenize.INDENT or (string in _DEFINITIONS and previous in _LINE_STARTS)
            ):
                # a body's first line, or a definition's (it may be one): the line above ends a header
                kept.append(len(lines[start[0] - 2]))
            previous = kind
    except (SyntaxError, tokenize.TokenError, ValueError):
        return None
    return digest(repr(kept))


def cacheable(analysis: Analysis) -> bool:
    """False when the result depends on more than the input (a time budget ran out, the engine failed)."""
    return not any(d.code in _NOT_CACHED for d in analysis.diagnostics)


@functools.cache
def tool_fingerprint() -> str:
    """The version and the sources of the engine as installed (a change to either is a new tool); once per
    process: the code that runs is the code that was loaded."""
    parts = [__version__, str(FORMAT)]
    here = Path(__file__).resolve().parent.parent
    for package in _ENGINE_PACKAGES:
        for root, dirs, files in os.walk(here / package):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith(".py"):
                    stat = os.stat(os.path.join(root, name))
                    parts.append(f"{root}/{name}:{stat.st_mtime_ns}:{stat.st_size}")
    return digest("\n".join(parts))


def cache_settings(
    target: str | None, environ: Mapping[str, str], extra_paths: Iterable[Path]
) -> dict[str, object]:
    """The settings an analysis depends on, as a cache key (the same for `check` and the server)."""
    return {
        "target": target,
        "env": sorted(environ.items()),
        "extra_paths": [str(p) for p in extra_paths],
    }


def dependencies(
    graph: ModuleGraph,
    path: Path,
    imports: Iterable[Path],
    extra_paths: Iterable[Path],
    read: Callable[[Path], str | None] = read_disk_text,
    tokens: bool = True,
) -> Dependencies:
    """Every module an analysis read (through imports of imports), the module files the imports of its
    import closure looked for and did not find (`ModuleGraph.import_closure`), and the folders its imports
    were resolved in. A module the graph holds no summary of is hashed as `read` gives it now (the
    server's graph drops summaries as files change). Without `tokens` a module is hashed by its text alone
    (`text_digest`: no tokenizing, for the server's event loop; any edit to the module then misses)."""
    hashed = module_digest if tokens else text_digest
    modules: dict[Path, str | None] = {}
    todo = list(imports)
    while todo:
        module = todo.pop()
        if module in modules:
            continue
        summary = graph.summaries.get(module)
        if summary is not None:
            modules[module] = hashed(summary.text)
            todo.extend(dep.path for dep in summary.deps)
        else:
            text = read(module)
            modules[module] = hashed(text) if text is not None else None
    reached, absent = graph.import_closure([path, *modules])
    for module in reached - modules.keys() - {path}:
        # resolved from the closure but not evaluated (an import only the store scan follows)
        summary = graph.summaries.get(module)
        text = summary.text if summary is not None else read(module)
        modules[module] = hashed(text) if text is not None else None
    for missing in absent:
        modules.setdefault(missing, None)
    folders = consulted_folders([path, *(m for m, h in modules.items() if h is not None)], extra_paths)
    return Dependencies(tuple(sorted((_absolute(m), h) for m, h in modules.items())), folders)


@functools.lru_cache(maxsize=8192)
def _absolute(path: Path) -> str:
    """`os.path.abspath` of a module path (a run names the same modules and probed paths in many files'
    dependencies)."""
    return os.path.abspath(path)


class Fingerprints:
    """The current state of modules and folders, each computed once per run."""

    def __init__(self, read: Callable[[Path], str | None] = read_disk_text) -> None:
        self.read = read  # the server reads an open module's editor text, `check` the disk
        self.texts: dict[str, str | None] = {}
        self.modules: dict[str, str | None] = {}
        self.folders: dict[str, str] = {}

    def text(self, path: str) -> str | None:
        """The hash of a module's text as the module graph reads it (None when absent or unreadable)."""
        if path not in self.texts:
            text = self.read(Path(path))
            self.texts[path] = text_digest(text) if text is not None else None
        return self.texts[path]

    def module(self, path: str) -> str | None:
        """The `module_digest` of a module's text (None when absent or unreadable)."""
        if path not in self.modules:
            text = self.read(Path(path))
            self.modules[path] = module_digest(text) if text is not None else None
        return self.modules[path]

    def unchanged(self, path: str, stored: str | None) -> bool:
        """True when a module reads as it did when its `module_digest` was `stored`: the same text, or the
        same tokens (tokenized only when the text changed)."""
        now = self.text(path)
        if not isinstance(stored, str) or now is None:
            return stored is None and now is None
        text, _, tokens = stored.partition(":")
        if text == now:
            return True
        return bool(tokens) and (self.module(path) or "").partition(":")[2] == tokens

    def folder(self, folder: str) -> str:
        """The modules of a folder by name, with the module-store and import lines of each."""
        cached = self.folders.get(folder)
        if cached is not None:
            return cached
        parts: list[str] = []
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            entries = []
        for entry in entries:
            if entry.name.endswith(".py"):
                # the lines that decide its module stores: editing a body elsewhere in the folder
                # invalidates nothing, adding, renaming or removing a store or a module does
                text = read_disk_text(Path(entry.path)) or ""
                parts.append("\t".join([entry.name, *store_signature(text)]))
            elif entry.is_dir(follow_symlinks=False) and os.path.isfile(
                os.path.join(entry.path, "__init__.py")
            ):
                parts.append(entry.name + "/")
        self.folders[folder] = digest("\n".join(parts))
        return self.folders[folder]


class CheckCache:
    """One folder per tool version and settings, one small JSON file per source file in it: a lookup
    reads only its own file's entry, and a run writes only the entries it stored."""

    def __init__(
        self, root: Path, settings: Mapping[str, object], fingerprints: Fingerprints | None = None
    ) -> None:
        key = digest(json.dumps({"tool": tool_fingerprint(), **settings}, sort_keys=True, default=str))
        self.root = root / CACHE_DIR
        self.folder = self.root / key
        self.fingerprints = fingerprints or Fingerprints()
        self.pending: dict[str, dict[str, Any] | None] = {}  # stored this run (None: drop the entry)
        self.hits = 0

    def entry_file(self, path: Path | str) -> Path:
        """Where the entry of a source file lives (named by the hash of its absolute path)."""
        return self.folder / f"{digest(os.path.abspath(path))}.json"

    def _entry(self, name: str) -> dict[str, Any] | None:
        if name in self.pending:
            return self.pending[name]
        try:
            with self.entry_file(name).open(encoding="utf-8") as stream:
                stored_path = json.loads(stream.readline())
                entry = json.loads(stream.read())
        except (OSError, ValueError):
            return None
        # a hash collision or a foreign file is a miss
        return entry if stored_path == name and isinstance(entry, dict) else None

    def lookup(self, path: Path, content: bytes) -> Analysis | None:
        """The cached analysis of a file, when it and everything it read are unchanged."""
        entry = self._entry(os.path.abspath(path))
        if entry is None or entry.get("content") != digest(content):
            return None
        try:
            modules = entry["modules"]
            folders = entry["folders"]
            if not all(self.fingerprints.unchanged(p, h) for p, h in modules):
                return None
            if any(self.fingerprints.folder(f) != h for f, h in folders):
                return None
            found = analysis_from_json(entry["analysis"])
        except (KeyError, TypeError, ValueError):
            return None  # an entry of another shape: analyse again
        self.hits += 1
        return found

    def store(self, path: Path, content: bytes, analysis: Analysis, deps: Dependencies) -> None:
        """Remember a file's analysis (results that depend on time are not kept)."""
        name = os.path.abspath(path)  # the same entry whatever folder `check` or the server runs in
        if not cacheable(analysis):
            self.pending[name] = None
            return
        self.pending[name] = {
            "content": digest(content),
            "modules": [list(item) for item in deps.modules],
            "folders": [[f, self.fingerprints.folder(f)] for f in deps.folders],
            "analysis": analysis_to_json(analysis),
        }

    def save(self) -> None:
        """Write the stored entries, each atomically (a concurrent run sees an old entry or a new one),
        and drop the entries of files that are gone (a renamed file, a temporary folder)."""
        if not self.pending:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            _mark_cache_folder(self.root)
            for name, entry in self.pending.items():
                target = self.entry_file(name)
                if entry is None:
                    target.unlink(missing_ok=True)
                    continue
                fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-", suffix=".part")
                with os.fdopen(fd, "w", encoding="utf-8") as out:
                    out.write(json.dumps(name) + "\n")
                    out.write("".join(_encode(entry)))
                os.replace(tmp, target)
            self._prune()
        except OSError as exc:
            log.warning("cannot write the cache %s: %s", self.folder, exc)
        self.pending = {}

    def _prune(self) -> None:
        """Remove entries whose source file is gone (each entry's first line names its file)."""
        for entry in os.scandir(self.folder):
            if not entry.name.endswith(".json"):
                continue
            try:
                with open(entry.path, encoding="utf-8") as stream:
                    name = json.loads(stream.readline())
            except (OSError, ValueError):
                name = None
            if not isinstance(name, str) or not os.path.exists(name):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _encode(value: object) -> Iterator[str]:
    """`json.dumps(value, separators=(",", ":"))` in pieces, each one short call of the C encoder: the
    server writes entries while the user may type, and a call holds the interpreter for its whole length
    (`json.dump` is the pure-Python encoder, five times the CPU)."""
    if isinstance(value, dict):
        yield "{"
        for i, (key, item) in enumerate(value.items()):
            yield ("," if i else "") + json.dumps(key) + ":"
            yield from _encode(item)
        yield "}"
    elif isinstance(value, list) and len(value) > _ENCODE_ITEMS:
        yield "["
        for start in range(0, len(value), _ENCODE_ITEMS):
            part = json.dumps(value[start : start + _ENCODE_ITEMS], separators=(",", ":"))
            yield ("," if start else "") + part[1:-1]
        yield "]"
    else:
        yield json.dumps(value, separators=(",", ":"))


def _mark_cache_folder(folder: Path) -> None:
    """A .gitignore and a CACHEDIR.TAG, as ruff writes them, so the cache is never committed or backed up."""
    ignore = folder / ".gitignore"
    if not ignore.exists():
        ignore.write_text("# Automatically created by pypto-lsp.\n*\n", encoding="utf-8")
    tag = folder / "CACHEDIR.TAG"
    if not tag.exists():
        tag.write_text("Signature: 8a477f597d28d172789f06886806bc55\n", encoding="utf-8")


def consulted_folders(files: Iterable[Path], extra_paths: Iterable[Path]) -> tuple[str, ...]:
    """The folders a module graph resolves imports in for these files: each file's folder and its
    parents up to the root of its package (relative imports), that root, and the extra roots."""
    found: dict[str, None] = {}
    for file in files:
        folder = Path(os.path.abspath(file)).parent
        found.setdefault(str(folder), None)
        while (folder / "__init__.py").is_file() and folder.parent != folder:
            folder = folder.parent
            found.setdefault(str(folder), None)
    for root in extra_paths:
        found.setdefault(os.path.abspath(root), None)
    return tuple(found)


# -- the JSON form of what `check` prints ------------------------------------------------------------
#
# A diagnostic is kept as it reads: its rule's code, its message, hint and related labels as rendered
# text, its fixes by kind and values. Read back, it holds a copy of its rule whose templates are those
# texts (braces escaped), so everything `check` prints of it (code, severity, message, hint, fix titles
# and edits) is what the analysis printed.


def _span(span: Span) -> list[int]:
    return [span.line, span.col, span.end_line, span.end_col]


def _span_of(raw: list[int]) -> Span:
    line, col, end_line, end_col = (int(v) for v in raw)
    return Span(line, col, end_line, end_col)


def _literal(text: str) -> str:
    """A template that renders as `text`."""
    return text.replace("{", "{{").replace("}", "}}")


def _diagnostic_to_json(d: Diagnostic) -> dict[str, Any]:
    return {
        "code": d.code,
        "message": d.message,
        "span": _span(d.span),
        "hint": d.hint,
        "related": [[_span(r.span), r.message, r.path] for r in d.related],
        "fixes": [[f.kind, _span(f.span), [list(a) for a in to_args(f)]] for f in d.fixes],
        "stage": d.stage,
        "tags": list(d.tags),
    }


def analysis_to_json(analysis: Analysis) -> dict[str, Any]:
    """What `check` prints of an analysis (diagnostics with their fixes, lanes, and what it gives the
    helper modules its entries reach) as JSON values."""
    return {
        "path": analysis.path,
        "target": analysis.target,
        "lanes": [list(item) for item in analysis.lanes],
        "diagnostics": [_diagnostic_to_json(d) for d in analysis.diagnostics],
        "foreign_lanes": [list(item) for item in analysis.foreign_lanes],
        "foreign_diagnostics": [
            [f.path, _diagnostic_to_json(f.diagnostic)] for f in analysis.foreign_diagnostics
        ],
    }


def _diagnostic_from_json(d: dict[str, Any]) -> Diagnostic:
    hint = d["hint"]
    rule = replace(
        catalog.rule(str(d["code"])),
        template=_literal(str(d["message"])),
        hint=None if hint is None else _literal(str(hint)),
    )
    fixes = []
    for kind, span, args in d["fixes"]:
        fix = from_args(str(kind), _span_of(span), {str(k): str(v) for k, v in args})
        if fix is None:
            raise ValueError(f"a fix of unknown kind {kind!r}")
        fixes.append(fix)
    return Diagnostic(
        rule=rule,
        span=_span_of(d["span"]),
        related=tuple(
            Related(_span_of(span), Note(_literal(str(label))), path=None if path is None else str(path))
            for span, label, path in d["related"]
        ),
        fixes=tuple(fixes),
        stage=str(d["stage"]),
        tags=tuple(str(t) for t in d["tags"]),
    )


def analysis_from_json(raw: dict[str, Any]) -> Analysis:
    """The inverse of analysis_to_json (ValueError, KeyError or TypeError on another shape)."""
    diagnostics = tuple(_diagnostic_from_json(d) for d in raw["diagnostics"])
    lanes = tuple((int(line), str(lane)) for line, lane in raw["lanes"])
    foreign_lanes = tuple((str(path), int(line), str(lane)) for path, line, lane in raw["foreign_lanes"])
    foreign = tuple(
        ForeignDiagnostic(str(path), _diagnostic_from_json(d)) for path, d in raw["foreign_diagnostics"]
    )
    return Analysis(
        path=str(raw["path"]),
        target=str(raw["target"]),
        diagnostics=diagnostics,
        lanes=lanes,
        foreign_lanes=foreign_lanes,
        foreign_diagnostics=foreign,
    )


def slim(analysis: Analysis) -> Analysis:
    """Only what `check` prints, for this file and the helper modules its entries reach (cheap to send
    between processes)."""
    return Analysis(
        path=analysis.path,
        target=analysis.target,
        diagnostics=analysis.diagnostics,
        lanes=analysis.lanes,
        foreign_lanes=analysis.foreign_lanes,
        foreign_diagnostics=analysis.foreign_diagnostics,
    )
