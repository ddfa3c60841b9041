"""The language server: document state, background analysis, and the protocol handlers.

Mutating notifications (didOpen/didChange/didClose, watched files) run in order on the event loop; the
Scheduler (pypto_lsp/scheduler.py) analyses immutable Snapshots on worker threads, cancels stale work
and keeps only the newest result. Read-only requests answer from the last finished analysis and never
wait for a compile (only the very first one of a document waits for it).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
import uuid
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from lsprotocol import types
from pygls.capabilities import get_capability
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from compiler import budget
from compiler.analysis import Analysis, ForeignOp, KernelInfo
from compiler.modules import DiskReader, ModuleGraph, store_signature
from compiler.navigation.context import cursor_context
from compiler.navigation.index import DocumentIndex
from compiler.navigation.workspace import Workspace
from compiler.pipeline import Analyzer
from compiler.reached_helpers import helper_diagnostics, helper_ops, merged_lanes, reaches
from pypto_lsp import __version__, config, dsl, project_config, scheduler, warm_start
from pypto_lsp.check_cache import Dependencies, cacheable, dependencies
from pypto_lsp.document import Analyzed, Snapshot
from pypto_lsp.features import code_actions as code_action_feature
from pypto_lsp.features import code_lens as code_lens_feature
from pypto_lsp.features import completion as completion_feature
from pypto_lsp.features import definition as definition_feature
from pypto_lsp.features import diagnostics as diagnostics_feature
from pypto_lsp.features import document_highlight as highlight_feature
from pypto_lsp.features import expanded_kernels as expanded_feature
from pypto_lsp.features import hover as hover_feature
from pypto_lsp.features import inlay_hints as inlay_feature
from pypto_lsp.features import references as references_feature
from pypto_lsp.features import rename as rename_feature
from pypto_lsp.features import semantic_tokens as tokens_feature
from pypto_lsp.features import signature_help as signature_feature
from pypto_lsp.features import symbols as symbols_feature
from pypto_lsp.features import workspace_check
from pypto_lsp.features import workspace_symbols as workspace_symbols_feature
from pypto_lsp.positions import LineIndex, normalize_encoding
from pypto_lsp.protocol import PyptoProtocol
from pypto_lsp.workspace_reach import ReachIndex

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")

MIN_DEBOUNCE_S = scheduler.MIN_DEBOUNCE_S
REFRESH_DELAY_S = 0.05  # re-analyses that land together get one workspace/diagnostic/refresh
WATCHED_FILES = ("**/*.py", "**/pyproject.toml")
NAV_REFRESH_S = 0.4  # typing pause after which completion's navigation index catches up with the text
# A document whose last index build took longer than this (CPU) builds the next ones only once typing has
# paused NAV_REFRESH_S: the edited unit of the largest library file is parsed (twice, when a typed line does
# not parse yet) and walked again, ~55 ms holding the interpreter that read requests need; until it lands, its
# views answer from the last complete pair (never waiting for it), as they do while the text is ahead.
NAV_SLOW_S = 0.01
# Entries that reach an open helper module are analysed in the background only once typing has paused
# this long and no open document's analysis is pending: they never compete with the user's own edits.
REACH_DELAY_S = 0.3
REACH_IDLE_S = 1.5
REACH_INDEX_SLICE = 8  # workspace files indexed between two looks at whether the user typed
MAX_REACHING_ENTRIES = 16  # entry files analysed in the background for one helper module
CACHE_STORE_DELAY_S = 2.0  # analyses are written to the persistent cache once typing has paused
# an opened document's first analysis waits at most this long for its cache look-up (warm_open)
WARM_LOOKUP_S = 1.0  # a look-up takes a few ms; a busy machine must not make the analysis win


@dataclass(frozen=True, slots=True)
class View:
    """What a read-only feature gets: the latest analysis, the index of its text, and that snapshot."""

    analysis: Analysis
    index: LineIndex
    snapshot: Snapshot


@dataclass(frozen=True, slots=True)
class NavView:
    """A view with the navigation index of the same snapshot's text: the positions of both agree."""

    view: View
    nav: DocumentIndex


class PyptoServer(LanguageServer):
    """pygls server holding the open documents' analysis state and the user settings."""

    def __init__(self) -> None:
        # max_workers >= 4: pygls reads stdin through the same pool (see lsp-conventions.md §5)
        super().__init__("pypto-lsp", __version__, protocol_cls=PyptoProtocol, max_workers=4)
        self.settings = config.Settings()
        self.generation = 0  # bumped on every settings change; results of older generations are stale
        self.pushed: set[str] = set()  # URIs that currently show non-empty pushed diagnostics
        self.project = project_config.ProjectConfig()
        self.project_fault_shown = False
        # Imported modules are read, parsed and evaluated once per version, for every open document.
        self.disk = DiskReader()
        self.uris: dict[Path, str | None] = {}  # each module file's URI (every keystroke reads ~50 modules)
        self.graph = ModuleGraph(read_file=self.read_workspace_file, scan_file=self.scan_workspace_file)
        self.scheduler = scheduler.Scheduler(self, self.graph)
        self.indexes: dict[str, tuple[tuple[int | None, str, str], LineIndex]] = {}
        self.pending_refresh: asyncio.TimerHandle | None = None
        # the lines of each module text that decide its module stores (`config.K = ...`), as last seen
        self.store_lines: dict[Path, tuple[str, ...]] = {}
        self.navigation = Workspace(self.graph, self.read_workspace_file)  # names across modules
        self.nav_refresh: dict[str, asyncio.Task[None]] = {}  # per document: the pending index refresh
        # Views with their navigation index (hover, inlay hints, code lenses, symbols): the newest complete
        # pair, the build of the newest analysed text's index, the documents whose views asked for one
        # (their landings build it at once), and those answered from an older pair (refreshed once it lands).
        self.nav_views: dict[str, NavView] = {}
        self.nav_builds: dict[str, tuple[str, asyncio.Task[NavView]]] = {}
        self.nav_wanted: set[str] = set()
        self.nav_lagged: set[str] = set()
        self.nav_cost: dict[str, float] = {}  # per document: CPU seconds of its last index build
        # Helper modules get lanes, hovers and faults from the workspace entries that reach them: which file
        # imports which (built in the background), and the entries that are not open, analysed there too.
        self.reach = ReachIndex(self.graph, self.read_workspace_file)
        self.background: dict[Path, tuple[str, Analysis | None]] = {}  # entry -> (its text, its analysis)
        self.reach_task: asyncio.Task[None] | None = None
        self.reach_again = False
        self.reach_version = 0  # bumped whenever what reaches the helper modules changed
        self.reach_token: budget.CancelToken | None = None  # the background analysis an edit cancels
        self.last_edit = 0.0  # time.monotonic() of the last didChange
        # Analyses of saved texts, kept for the next session's first diagnostics (see warm_start).
        self.to_store: dict[Path, tuple[str, Analysis, Dependencies]] = {}
        self.store_task: asyncio.Task[None] | None = None
        # its own thread: a look-up never queues behind the analyses that fill the scheduler's pool
        self.cache_io = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pypto-cache")

    # -- errors ------------------------------------------------------------------------------

    def report_server_error(self, error: Exception, source: Any) -> None:
        """Log internal errors instead of popping up a message in the editor; a message that is not JSON
        gets the JSON-RPC Parse error response."""
        if isinstance(error, json.JSONDecodeError | UnicodeDecodeError):
            log.warning("unparsable message: %s", error)
            assert isinstance(self.protocol, PyptoProtocol)
            self.protocol.reply_parse_error()
            return
        if isinstance(error, JsonRpcException):
            return  # already answered (invalid request or params)
        log.error("pypto-lsp internal error (%s): %r", getattr(source, "__name__", source), error)

    # -- capabilities and settings --------------------------------------------------------------

    @property
    def pull_mode(self) -> bool:
        """True when the client pulls diagnostics (then the server never pushes them)."""
        return get_capability(self.client_capabilities, "text_document.diagnostic", None) is not None

    @property
    def encoding(self) -> str:
        """The negotiated position encoding."""
        return normalize_encoding(self.workspace.position_encoding)

    def client_supports(self, dotted: str) -> bool:
        """True when a client capability is present and not false."""
        return bool(get_capability(self.client_capabilities, dotted, None))

    async def pull_configuration(self) -> None:
        """Fetch the "pypto" section with workspace/configuration, when the client supports it."""
        if not self.client_supports("workspace.configuration"):
            return
        try:
            items = [types.ConfigurationItem(section="pypto")]
            result = await asyncio.wait_for(
                self.workspace_configuration_async(types.ConfigurationParams(items=items)), 5.0
            )
        except Exception as exc:
            log.warning("workspace/configuration failed: %r", exc)
            return
        if result:
            self.apply_settings(config.merge(self.settings, result[0] or {}))

    async def watch_files(self) -> None:
        """Ask the client to report changes to Python files and pyproject.toml on disk (imported modules
        that are not open, the project configuration), when it supports registering the watcher."""
        if not self.client_supports("workspace.did_change_watched_files.dynamic_registration"):
            return
        options = types.DidChangeWatchedFilesRegistrationOptions(
            watchers=[types.FileSystemWatcher(glob_pattern=pattern) for pattern in WATCHED_FILES]
        )
        registration = types.Registration(
            id=f"pypto-watched-files-{uuid.uuid4()}",
            method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=options,
        )
        try:
            await asyncio.wait_for(
                self.client_register_capability_async(types.RegistrationParams(registrations=[registration])),
                5.0,
            )
        except Exception as exc:
            log.warning("registering the file watcher failed: %r", exc)

    def extra_roots(self, paths: tuple[str, ...]) -> tuple[Path, ...]:
        """`pypto.extraPaths` as folders: relative entries are relative to the workspace root."""
        root = to_fs_path(self.workspace.root_uri) if self.workspace.root_uri else None
        base = Path(root) if root else Path.cwd()
        roots = (project_config.resolved(base, p) for p in paths)  # never raises (a NUL byte, a loop)
        return tuple(root for root in roots if root is not None)

    def load_project(self) -> None:
        """Read `[tool.pypto-lsp]` from the workspace's pyproject.toml; a fault there is shown on it."""
        root_uri = self.workspace.root_uri or next((f.uri for f in self.workspace.folders.values()), None)
        root = to_fs_path(root_uri) if root_uri else None
        found = project_config.find(Path(root)) if root else None
        self.project = project_config.load(found)
        if found is not None:
            items = [
                types.Diagnostic(
                    range=types.Range(types.Position(0, 0), types.Position(0, 1)),
                    message=f"[tool.pypto-lsp]: {problem}",
                    severity=types.DiagnosticSeverity.Error,
                    source="pypto-lsp",
                )
                for problem in self.project.errors
            ]
            if items or self.project_fault_shown:
                uri = from_fs_path(str(found)) or found.as_uri()
                self.text_document_publish_diagnostics(
                    types.PublishDiagnosticsParams(uri=uri, diagnostics=items)
                )
            self.project_fault_shown = bool(items)
        self.configure_graph()

    def reload_project(self) -> None:
        """Read the project configuration again; when it changed, every open document is re-analysed."""
        before = self.project
        self.load_project()
        if self.project != before:
            self.generation += 1
            for uri in list(self.scheduler.docs):
                self.scheduler.schedule(uri, 0.0)

    def graph_inputs(self) -> tuple[dict[str, str], tuple[Path, ...]]:
        """Environment values and import roots: the editor's settings win over the project's."""
        env = {**dict(self.project.env), **dict(self.settings.env)}
        return env, (*self.extra_roots(self.settings.extra_paths), *self.project.extra_paths)

    def configure_graph(self) -> None:
        """Give the module graph the environment values and import roots."""
        self.graph.configure(*self.graph_inputs())

    def apply_settings(self, settings: config.Settings) -> None:
        """Adopt new settings and re-analyse every open document when they changed."""
        if settings == self.settings:
            return
        log.info("settings: %s", settings)
        self.settings = settings
        self.generation += 1
        self.configure_graph()
        for uri in list(self.scheduler.docs):
            self.scheduler.schedule(uri, 0.0)
        if self.pull_mode and self.client_supports("workspace.diagnostics.refresh_support"):
            self.workspace_diagnostic_refresh(None)
        self.refresh_views()

    # -- document state (the Scheduler's Host) ----------------------------------------------------

    def refresh_views(self) -> None:
        """Ask the client to re-request inlay hints, code lenses and lane tokens (they follow the latest
        analysis)."""
        if self.client_supports("workspace.inlay_hint.refresh_support"):
            self.workspace_inlay_hint_refresh(None)
        if self.client_supports("workspace.code_lens.refresh_support"):
            self.workspace_code_lens_refresh(None)
        if self.client_supports("workspace.semantic_tokens.refresh_support"):
            self.workspace_semantic_tokens_refresh(None)

    def snapshot(self, uri: str) -> Snapshot | None:
        """The current text of an open document, or None when it is not open."""
        if uri not in self.workspace.text_documents:
            return None
        doc = self.workspace.get_text_document(uri)
        return Snapshot(uri=uri, version=doc.version, text=doc.source, path=to_fs_path(uri) or uri)

    def analysis_inputs(self) -> tuple[int, str | None, float]:
        """The settings generation, the default target and the debounce cap (seconds)."""
        return self.generation, self.settings.target, self.settings.debounce_ms / 1000

    def landed(self, uri: str, result: Analyzed, previous: Analyzed | None) -> None:
        """A new latest result: push it (push clients), or tell pull clients to re-ask when the document's
        own text did not change (an imported module or a file on disk did); views follow it."""
        self.keep_in_cache(uri, result)
        if not self.pull_mode:
            self.publish(result)
        elif (
            previous is not None
            and previous.snapshot.version == result.snapshot.version
            and previous.generation == result.generation
        ):
            self.refresh_diagnostics()
        if _gives_helpers(result) or (previous is not None and _gives_helpers(previous)):
            self.reached_changed(skip=uri)
        if _may_be_reached(result.snapshot.text):
            self.fill_reach()
        if uri in self.nav_wanted and result.analysis is not None:
            # its views will need this text's navigation index: built now, not when the next hover asks
            self.build_nav(uri, self.view_of(uri, result))
        self.refresh_views()

    # -- the persistent cache ------------------------------------------------------------------

    def cache_key(self) -> warm_start.CacheKey | None:
        """The caches of this workspace and settings (None without a workspace folder)."""
        root_uri = self.workspace.root_uri or next((f.uri for f in self.workspace.folders.values()), None)
        root = to_fs_path(root_uri) if root_uri else None
        project_root = (
            self.project.path.parent if self.project.path is not None else (Path(root) if root else None)
        )
        env, roots = self.graph_inputs()
        return warm_start.key_for(project_root, self.settings.target, env, roots)

    async def warm_open(self, uri: str) -> None:
        """Show an opened document's cached diagnostics while its first analysis runs (see warm_start),
        then start that analysis: it waits for the look-up (at most WARM_LOOKUP_S), which would otherwise
        share the interpreter with it and lose the race on a small file."""
        try:
            await self._warm_open(uri)
        finally:
            self.scheduler.start_now(uri)

    async def _warm_open(self, uri: str) -> None:
        state = self.scheduler.docs.get(uri)
        snap = self.snapshot(uri)
        key = self.cache_key()
        if state is None or snap is None or key is None or not dsl.is_dsl(snap.text):
            return
        generation = self.generation
        loop = asyncio.get_running_loop()
        start = time.perf_counter()
        found = await loop.run_in_executor(
            self.cache_io,
            warm_start.lookup,
            key,
            Path(snap.path),
            snap.text,
            self.read_workspace_file,
        )
        elapsed_ms = 1000 * (time.perf_counter() - start)
        if found is None:
            log.info("no cached result for %s (%.0f ms)", snap.path, elapsed_ms)
            return
        if self.generation != generation and self.cache_key() == key:
            # the client's settings arrived during the look-up (editors open documents before answering
            # workspace/configuration) and change nothing the cached result depends on
            generation = self.generation
        result = self.scheduler.provide(uri, snap, found, generation)
        shown = "shown" if result is not None else "too late"
        log.info("cached result for %s %s (%.0f ms)", snap.path, shown, elapsed_ms)
        if result is not None and not self.pull_mode:
            self.publish(result)

    def keep_in_cache(self, uri: str, result: Analyzed) -> None:
        """Queue a finished analysis of a saved text for the persistent cache (written once typing pauses)."""
        state = self.scheduler.docs.get(uri)
        analysis = result.analysis
        if result.provisional or state is None or analysis is None:
            return
        self.queue_store(
            Path(result.snapshot.path), result.snapshot.text, analysis, self.scheduler.imports(uri)
        )

    def queue_store(self, path: Path, text: str, analysis: Analysis, imports: Iterable[Path]) -> None:
        """Queue one analysis for the persistent cache, with what it read as the graph holds it now: only
        when the text is the file's on disk (never while typing) and the result is a function of its input."""
        if self.disk(path) != text or not cacheable(analysis):
            return  # the common case while typing, decided by a stat and a compare
        key = self.cache_key()
        if key is None:
            return
        # on the event loop: modules hashed by their text, not tokenized (`check` tokenizes, on its workers)
        deps = dependencies(
            self.graph, path, imports, key.extra_paths, self.read_workspace_file, tokens=False
        )
        self.to_store[path] = (text, analysis, deps)
        if self.store_task is None or self.store_task.done():
            self.store_task = asyncio.get_running_loop().create_task(self._store_queued())

    async def _store_queued(self) -> None:
        try:
            await asyncio.sleep(CACHE_STORE_DELAY_S)
            await self._wait_until_idle()
            await asyncio.get_running_loop().run_in_executor(self.cache_io, self.store_now)
        except Exception:
            log.exception("writing the persistent cache failed")

    def store_now(self) -> int:
        """Write the queued analyses to the persistent cache (on a worker thread, or at shutdown)."""
        key = self.cache_key()
        queued, self.to_store = self.to_store, {}
        if key is None or not queued:
            return 0
        items = [
            warm_start.Stored(path, text, analysis, deps) for path, (text, analysis, deps) in queued.items()
        ]
        return warm_start.store(key, items, self.read_workspace_file)

    def refresh_diagnostics(self) -> None:
        """One workspace/diagnostic/refresh for the re-analyses that land within REFRESH_DELAY_S."""
        if not self.client_supports("workspace.diagnostics.refresh_support") or self.pending_refresh:
            return

        def send() -> None:
            self.pending_refresh = None
            self.workspace_diagnostic_refresh(None)

        self.pending_refresh = asyncio.get_running_loop().call_later(REFRESH_DELAY_S, send)

    def current_version(self, uri: str) -> int | None:
        """The version of an open document."""
        doc = self.workspace.text_documents.get(uri)
        return doc.version if doc is not None else None

    def schedule(self, uri: str, delay: float | None = None, held: bool = False) -> None:
        """(Re)analyse a document the user opened or edited: after the keystroke debounce, or after
        `delay` seconds (`held`: or once its cache look-up ends)."""
        self.scheduler.schedule(uri, delay, edited=True, held=held)

    def schedule_importers(self, paths: Iterable[Path], skip: str | None = None) -> None:
        """Re-analyse the open documents that import one of the modules, directly or through others."""
        affected: set[Path] = set()
        for path in paths:
            affected |= {path} | self.graph.dependents(path)
        for other in list(self.scheduler.docs):
            if other == skip or other not in self.workspace.text_documents:
                continue
            if self.scheduler.imports(other) & affected:
                self.scheduler.schedule(other)

    def module_text_changed(self, path: Path, text: str | None) -> None:
        """A module's text is new (opened, edited, closed, changed on disk). When the module stores it
        makes may differ (`config.K = ...` added, removed or renamed), the graph reads them again and
        every open document is re-analysed: what such a store makes unknown is seen by all importers."""
        self.forget_reached(path)
        lines = store_signature(text) if text is not None else ()
        known = self.store_lines.get(path)
        if known is None and path in self.graph.stores:
            # First seen in an editor: the graph noted the stores of the file on disk. Opened as it is
            # on disk, nothing changes (re-analysing every open document would make each a full analysis
            # again, its caches being released when it is idle: scheduler.ACTIVE_DOCUMENTS).
            disk = self.disk(path)
            known = store_signature(disk) if disk is not None else None
        self.store_lines[path] = lines
        if lines == known or (known is None and not lines and path not in self.graph.stores):
            return
        self.graph.text_changed(path)
        if known is not None or path in self.graph.stores:
            for uri in list(self.scheduler.docs):
                self.scheduler.schedule(uri)

    def files_changed(self, changes: Iterable[types.FileEvent]) -> None:
        """Files changed on disk: a module that is not open is read again and the documents that import
        it are re-analysed; a new module can change how any import resolves; pyproject.toml is reloaded."""
        changed: list[Path] = []
        created = False
        for event in changes:
            fs_path = to_fs_path(event.uri)
            if not fs_path:
                continue
            path = Path(fs_path)
            if path.name == "pyproject.toml":
                self.reload_project()
                continue
            if event.uri in self.workspace.text_documents:
                continue  # the editor's text wins over the file
            self.disk.texts.pop(path, None)  # read it again even when its mtime and size look the same
            changed.append(path)
            self.module_text_changed(path, self.disk(path))
            created = created or event.type == types.FileChangeType.Created
        if created:
            for uri in list(self.scheduler.docs):
                self.scheduler.schedule(uri)
        elif changed:
            self.schedule_importers(changed)

    def reached_from_elsewhere(self, uri: str) -> list[tuple[str, ForeignOp]]:
        """Ops of this document's helpers that workspace entries reach, with the names of their files."""
        return helper_ops(to_fs_path(uri) or uri, self.reaching(uri))

    def reaching(self, uri: str) -> list[tuple[str, Analysis]]:
        """The analyses of the entries that reach this document's code (the file's name with each): the
        open documents', then those of workspace files analysed in the background."""
        path = to_fs_path(uri) or uri
        out: list[tuple[str, Analysis]] = []
        for other, state in list(self.scheduler.docs.items()):
            result = state.result
            if (
                other != uri
                and result is not None
                and result.analysis is not None
                and reaches(result.analysis, path)
            ):
                out.append((Path(to_fs_path(other) or other).name, result.analysis))
        for entry in self.reach.importers(Path(path))[:MAX_REACHING_ENTRIES]:
            found = self.background.get(entry)
            uri_of = self._uri(entry)
            if found is None or found[1] is None or (uri_of is not None and uri_of in self.scheduler.docs):
                continue
            if reaches(found[1], path):
                out.append((entry.name, found[1]))
        return out

    def with_reached(self, analysis: Analysis, snap: Snapshot) -> Analysis:
        """A document's analysis with what the entries reaching its helpers give it: lanes and faults."""
        reaching = [a for _, a in self.reaching(snap.uri)] if _may_be_reached(snap.text) else []
        if not reaching:
            return analysis
        path = snap.path
        return replace(
            analysis,
            lanes=merged_lanes(analysis.lanes, path, reaching),
            diagnostics=helper_diagnostics(path, reaching, snap.text, analysis.diagnostics),
        )

    def reached_changed(self, skip: str | None = None) -> None:
        """What reaches the open helper modules changed: their diagnostics and views follow."""
        self.reach_version += 1
        if self.pull_mode:
            self.refresh_diagnostics()
        else:
            for uri, state in list(self.scheduler.docs.items()):
                if uri != skip and state.result is not None and _may_be_reached(state.result.snapshot.text):
                    self.publish(state.result)
        self.refresh_views()

    def forget_reached(self, path: Path) -> None:
        """A file changed: the index reads it again, and the background analyses that read it are stale."""
        self.reach.mark(path)
        stale = [e for e in self.background if e == path or self.reach.depends_on(e, path)]
        for entry in stale:  # kept on show until analysed again (an empty text never matches the file's)
            self.background[entry] = ("", self.background[entry][1])
        if stale or self.background:
            self.fill_reach()

    def fill_reach(self) -> None:
        """Analyse, in the background, the workspace entries that reach the open helper modules."""
        if self.reach_task is not None and not self.reach_task.done():
            self.reach_again = True
            return
        self.reach_task = asyncio.get_running_loop().create_task(self._fill_reach())

    async def _fill_reach(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            await asyncio.sleep(REACH_DELAY_S)
            if not self.reach.built:
                files = await loop.run_in_executor(self.scheduler.executor, self.reach.files, _roots(self))
                for start in range(0, len(files), REACH_INDEX_SLICE):
                    await self._wait_until_idle()  # a slice at a time, only while the user pauses
                    chunk = files[start : start + REACH_INDEX_SLICE]
                    await loop.run_in_executor(self.scheduler.executor, self.reach.add, chunk)
                self.reach.built = True
            while True:
                self.reach_again = False
                # Reading the changed files again parses them whole (tens of ms for a large file, holding
                # the interpreter): only while the user pauses, never beside a keystroke's analysis.
                await self._wait_until_idle()
                await loop.run_in_executor(self.scheduler.executor, self.reach.refresh)
                todo = self._reach_todo()
                if not todo:
                    if not self.reach_again:
                        return
                    continue
                await self._wait_until_idle()
                entry, text = todo[0]
                _, target, _ = self.analysis_inputs()
                analyzer = Analyzer(graph=self.graph, one_shot=True)
                self.reach_token = token = budget.CancelToken(scheduler.READS.wait)
                outcome = await loop.run_in_executor(
                    self.scheduler.executor,
                    scheduler.analyse_cancellable,
                    token,
                    text,
                    str(entry),
                    target,
                    analyzer,
                )
                self.reach_token = None
                if outcome is scheduler.CANCELLED or self.read_workspace_file(entry) != text:
                    continue  # typing resumed, or the file changed: analysed again once typing pauses
                analysis = outcome if isinstance(outcome, Analysis) else None
                if analysis is not None:
                    self.queue_store(entry, text, analysis, analyzer.imports())
                before = self.background.get(entry)
                self.background[entry] = (text, analysis)
                if _gives_others(analysis) or (before is not None and _gives_others(before[1])):
                    self.reached_changed()
        except Exception:
            log.exception("background analysis of the entries reaching helper modules failed")

    def pause_background(self) -> None:
        """The user is typing: a background analysis of a reaching entry stops at its next statement
        boundary (it runs again once typing pauses), so it never holds the interpreter a keystroke needs."""
        self.last_edit = time.monotonic()
        if self.reach_token is not None:
            self.reach_token.cancel()

    async def _wait_until_idle(self) -> None:
        """Wait until the user has paused typing (REACH_IDLE_S) and no open document's analysis is
        pending or running."""
        while True:
            quiet = time.monotonic() - self.last_edit >= REACH_IDLE_S
            busy = any(
                state.debouncing or (state.running is not None and not state.running.done())
                for state in list(self.scheduler.docs.values())
            )
            if quiet and not busy:
                return
            await asyncio.sleep(REACH_DELAY_S)

    def _reach_todo(self) -> list[tuple[Path, str]]:
        """The entries (not open) that reach an open helper module and have no current analysis."""
        todo: dict[Path, str] = {}
        for state in list(self.scheduler.docs.values()):
            snap = state.result.snapshot if state.result is not None else None
            if snap is None or not _may_be_reached(snap.text):
                continue
            for entry in self.reach.importers(Path(snap.path))[:MAX_REACHING_ENTRIES]:
                entry_uri = self._uri(entry)
                if entry in todo or (entry_uri is not None and entry_uri in self.scheduler.docs):
                    continue
                text = self.read_workspace_file(entry)
                known = self.background.get(entry)
                if text is not None and (known is None or known[0] != text):
                    todo[entry] = text
        return list(todo.items())

    async def current(self, uri: str) -> Analyzed | None:
        """The analysis of the document's current version (a pull waits for the pending one)."""
        return await self.scheduler.current(uri, lambda: self.current_version(uri))

    def lsp_diagnostics(self, result: Analyzed) -> list[types.Diagnostic]:
        """LSP diagnostics of a result, positioned in the text that was analysed."""
        snap = result.snapshot
        index = self.line_index(snap)
        analysis = result.analysis
        if analysis is None and _may_be_reached(snap.text):  # a configuration module whose import fails
            analysis = Analysis(snap.path, self.settings.target or "a2a3")
        if analysis is not None:
            analysis = self.with_reached(analysis, snap)
        items = diagnostics_feature.collect(analysis, index, snap.uri, snap.version, self.settings)
        if self.project.select or self.project.ignore or self.project.per_file_ignores:
            items = [d for d in items if self.project.allows(str(d.code), snap.path)]
        return items

    def publish(self, result: Analyzed | None) -> None:
        """Push a complete result; non-DSL files get nothing unless earlier diagnostics must be cleared."""
        if result is None:
            return
        uri = result.snapshot.uri
        if result.analysis is None and uri not in self.pushed and not self.reaching(uri):
            return
        items = self.lsp_diagnostics(result)
        if items:
            self.pushed.add(uri)
        else:
            self.pushed.discard(uri)
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=items, version=result.snapshot.version)
        )

    def read_workspace_file(self, path: Path) -> str | None:
        """A module the document imports constants from: its editor text when open, else the file on disk."""
        uri = self._uri(path)
        if uri is not None and uri in self.scheduler.docs:
            doc = self.workspace.text_documents.get(uri)
            if doc is not None:
                return doc.source
        return self.disk(path)

    def _uri(self, path: Path) -> str | None:
        """A module file's URI (None: not a file path), computed once per path."""
        uri = self.uris.get(path, "")
        if uri == "":
            uri = self.uris[path] = from_fs_path(str(path))
        return uri

    def scan_workspace_file(self, path: Path) -> str | None:
        """`read_workspace_file` for a folder's store scan: a file on disk is not kept for it."""
        uri = self._uri(path)
        if uri is not None and uri in self.scheduler.docs:
            return self.read_workspace_file(path)
        return self.disk.peek(path)

    def close(self, uri: str) -> None:
        """Forget a closed document, clear what was pushed for it, and re-analyse the open documents that
        import it (they read the file on disk now)."""
        self.scheduler.close(uri)
        self.indexes.pop(uri, None)
        self.nav_views.pop(uri, None)
        self.nav_builds.pop(uri, None)
        self.nav_wanted.discard(uri)
        self.nav_lagged.discard(uri)
        self.nav_cost.pop(uri, None)
        self.navigation.forget(to_fs_path(uri) or uri)
        if uri in self.pushed:
            self.pushed.discard(uri)
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
        path = Path(to_fs_path(uri) or uri)
        self.module_text_changed(path, self.disk(path))
        self.schedule_importers([path])

    async def view(self, uri: str) -> View | None:
        """The last finished DSL analysis of a document with a LineIndex of its text (before the first
        analysis, waits for it)."""
        result = self.scheduler.latest(uri)
        if result is None:
            result = await self.scheduler.ready(uri)
        if result is None or result.analysis is None:
            return None
        return self.view_of(uri, result)

    def view_of(self, uri: str, result: Analyzed) -> View:
        """The view of a finished DSL analysis."""
        assert result.analysis is not None
        return View(result.analysis, self.line_index(result.snapshot), result.snapshot)

    def line_index(self, snap: Snapshot) -> LineIndex:
        """One LineIndex per analysed text and encoding of an open document, shared by every request on it
        (a diagnostic pull, hovers, inlay hints)."""
        key = (snap.version, self.encoding, snap.text)  # the text compares by identity first
        cached = self.indexes.get(snap.uri)
        if cached is not None and cached[0] == key:
            return cached[1]
        index = LineIndex(snap.text, self.encoding)
        if snap.uri in self.scheduler.docs:
            self.indexes[snap.uri] = (key, index)
        return index

    async def nav_view(self, uri: str) -> NavView | None:
        """The last finished view with the navigation index of its text. That index is built on the
        analysis thread (at its landing, when views of the document were asked for before); while it is
        being built and the text has already moved on (the user is typing: any answer is of a past
        text), the previous complete pair answers at once instead of waiting behind the build and the
        running analysis. A document at rest waits for its index, so it is answered exactly, unless its
        index builds are slow (NAV_SLOW_S): then the previous pair answers until the new one lands."""
        view = await self.view(uri)
        if view is None:
            return None
        self.nav_wanted.add(uri)
        text = view.snapshot.text
        known = self.nav_views.get(uri)
        if known is not None and known.nav.text == text:  # the same text analysed again (an import changed)
            return NavView(view, known.nav)
        cache = self.navigation.documents.get(view.snapshot.path)
        latest = cache.latest if cache is not None else None
        if latest is not None and latest.text is text:
            return self.adopt_nav(uri, NavView(view, latest))
        build = self.build_nav(uri, view)
        typing_on = self.current_version(uri) != view.snapshot.version
        if known is not None and (typing_on or (not build.done() and self.nav_slow(uri))):
            self.nav_lagged.add(uri)
            return known
        return await asyncio.shield(build)

    def nav_slow(self, uri: str) -> bool:
        """True when the document's last index build took longer than NAV_SLOW_S (CPU): a read never
        waits for the next one, which would blow its budget many times over."""
        return self.nav_cost.get(uri, 0.0) > NAV_SLOW_S

    def nav_waits(self, uri: str) -> bool:
        """True when the document's next index build waits for a typing pause (see NAV_SLOW_S)."""
        return self.nav_slow(uri) and time.monotonic() - self.last_edit < NAV_REFRESH_S

    async def typing_paused(self) -> None:
        """Return once no document has been edited for NAV_REFRESH_S."""
        while (left := self.last_edit + NAV_REFRESH_S - time.monotonic()) > 0:
            await asyncio.sleep(left)

    def build_nav(self, uri: str, view: View) -> asyncio.Task[NavView]:
        """Build (once) the navigation index of a view's text on the analysis thread."""
        pending = self.nav_builds.get(uri)
        if pending is not None and pending[0] == view.snapshot.text:
            return pending[1]

        async def build() -> NavView:
            if self.nav_waits(uri):
                await self.typing_paused()
                newer = self.nav_builds.get(uri)
                if newer is not None and newer[1] is not task:  # a newer text landed meanwhile: build that
                    return await asyncio.shield(newer[1])
            return self.adopt_nav(uri, NavView(view, await _nav_index(self, view.snapshot)))

        def done(task: asyncio.Task[NavView]) -> None:
            if task.cancelled() or task.exception() is not None:
                log.error(
                    "navigation index of %s failed: %r", uri, None if task.cancelled() else task.exception()
                )
                if self.nav_builds.get(uri, (None, None))[1] is task:
                    del self.nav_builds[uri]  # the next request tries again

        task = asyncio.get_running_loop().create_task(build())
        task.add_done_callback(done)
        self.nav_builds[uri] = (view.snapshot.text, task)
        return task

    def adopt_nav(self, uri: str, pair: NavView) -> NavView:
        """Keep a complete pair when it is newer than the one kept; views answered from an older pair
        are asked for again."""
        known = self.nav_views.get(uri)
        if uri not in self.scheduler.docs or (
            known is not None and (known.view.snapshot.version or 0) > (pair.view.snapshot.version or 0)
        ):
            return pair
        self.nav_views[uri] = pair
        if uri in self.nav_lagged:
            self.nav_lagged.discard(uri)
            self.refresh_views()
        return pair


# -- handler wrappers -----------------------------------------------------------------------------


def guarded(default: Any) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Never let an exception escape a handler: log it and answer with `default`."""

    def decorate(fn: Callable[P, R]) -> Callable[P, R]:
        if asyncio.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def run_async(*args: P.args, **kwargs: P.kwargs) -> Any:
                try:
                    return await fn(*args, **kwargs)  # type: ignore[misc]
                except (JsonRpcException, asyncio.CancelledError):
                    raise
                except Exception:
                    log.exception("handler %s failed", fn.__name__)
                    return default

            return run_async  # type: ignore[return-value]

        @functools.wraps(fn)
        def run(*args: P.args, **kwargs: P.kwargs) -> Any:
            try:
                return fn(*args, **kwargs)
            except JsonRpcException:
                raise
            except Exception:
                log.exception("handler %s failed", fn.__name__)
                return default

        return run  # type: ignore[return-value]

    return decorate


def _field(params: Any, name: str) -> Any:
    """A field of custom-request params (pygls gives a namedtuple; tolerate dicts)."""
    if isinstance(params, dict):
        return params.get(name)
    return getattr(params, name, None)


# -- registration ---------------------------------------------------------------------------------


def create_server() -> PyptoServer:
    """A new server with every feature registered."""
    server = PyptoServer()
    _register_lifecycle(server)
    _register_sync(server)
    _register_diagnostics(server)
    _register_features(server)
    _register_commands(server)
    _register_navigation(server)
    return server


def _register_lifecycle(server: PyptoServer) -> None:
    @server.feature(types.INITIALIZE)
    @guarded(None)
    def initialize(ls: PyptoServer, params: types.InitializeParams) -> None:
        if params.initialization_options is not None:
            # no documents and no refresh requests yet: just adopt the values
            ls.settings = config.merge(ls.settings, params.initialization_options)

    @server.feature(types.INITIALIZED)
    @guarded(None)
    async def initialized(ls: PyptoServer, params: types.InitializedParams) -> None:
        ls.load_project()
        await ls.pull_configuration()
        await ls.watch_files()

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    @guarded(None)
    async def did_change_configuration(ls: PyptoServer, params: types.DidChangeConfigurationParams) -> None:
        ls.reload_project()
        settings = params.settings
        if settings:
            ls.apply_settings(config.merge(ls.settings, settings))
        await ls.pull_configuration()

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    @guarded(None)
    def did_change_watched_files(ls: PyptoServer, params: types.DidChangeWatchedFilesParams) -> None:
        ls.files_changed(params.changes)

    @server.feature(types.SHUTDOWN)
    @guarded(None)
    def shutdown(ls: PyptoServer, params: None) -> None:
        ls.scheduler.shutdown()
        try:
            ls.store_now()  # what typing never paused long enough to write
        except Exception:
            log.exception("writing the persistent cache at shutdown failed")
        ls.cache_io.shutdown(wait=False, cancel_futures=True)


def _register_sync(server: PyptoServer) -> None:
    # pygls has already applied the change to its workspace (in message order) when these run

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    @guarded(None)
    def did_open(ls: PyptoServer, params: types.DidOpenTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.schedule(uri, WARM_LOOKUP_S, held=True)  # started by warm_open once its cache look-up is done
        ls.module_text_changed(Path(to_fs_path(uri) or uri), params.text_document.text)
        asyncio.get_running_loop().create_task(ls.warm_open(uri))

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    @guarded(None)
    def did_change(ls: PyptoServer, params: types.DidChangeTextDocumentParams) -> None:
        uri = params.text_document.uri
        path = Path(to_fs_path(uri) or uri)
        ls.pause_background()
        ls.schedule(uri)
        ls.schedule_importers([path], skip=uri)
        snap = ls.snapshot(uri)
        ls.module_text_changed(path, snap.text if snap is not None else None)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    @guarded(None)
    def did_close(ls: PyptoServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.close(params.text_document.uri)


def _register_diagnostics(server: PyptoServer) -> None:
    options = types.DiagnosticOptions(
        identifier="pypto", inter_file_dependencies=False, workspace_diagnostics=False
    )

    @server.feature(types.TEXT_DOCUMENT_DIAGNOSTIC, options)
    @guarded(types.RelatedFullDocumentDiagnosticReport(items=[]))
    async def diagnostic(
        ls: PyptoServer, params: types.DocumentDiagnosticParams
    ) -> types.DocumentDiagnosticReport:
        uri = params.text_document.uri
        result = await ls.current(uri)
        if result is None:
            return types.RelatedFullDocumentDiagnosticReport(items=[])
        # the request number too: an imported module's edit re-analyses the same version
        result_id = f"{result.generation}:{result.snapshot.version}:{result.seq}:{ls.reach_version}"
        if result.provisional:
            result_id += ":cached"
        if params.previous_result_id == result_id:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result_id)
        return types.RelatedFullDocumentDiagnosticReport(
            items=ls.lsp_diagnostics(result), result_id=result_id
        )


def _register_features(server: PyptoServer) -> None:
    # Read-only features answer from the last finished analysis (`await ls.view(uri)` waits only for a
    # document's first one): they never run an analysis and never wait for a newer one.

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    @guarded(None)
    async def hover(ls: PyptoServer, params: types.HoverParams) -> types.Hover | None:
        paired = await ls.nav_view(params.text_document.uri)
        if paired is None:
            return await _plain_hover(ls, params)
        view, nav = paired.view, paired.nav
        # A helper module with no entry of its own: on an op's name, what an open entry that runs it gives.
        foreign = ls.reached_from_elsewhere(params.text_document.uri) if not view.analysis.kernels else []
        found = hover_feature.helper_hover(foreign, view.index, params.position, callee_only=True)
        if found is None:
            found = hover_feature.hover(view.analysis, view.index, params.position, nav, ls.navigation)
        if found is None and foreign:
            found = hover_feature.helper_hover(foreign, view.index, params.position)
        return found

    @server.feature(types.TEXT_DOCUMENT_INLAY_HINT, types.InlayHintOptions(resolve_provider=False))
    @guarded([])
    async def inlay_hint(ls: PyptoServer, params: types.InlayHintParams) -> list[types.InlayHint]:
        paired = await ls.nav_view(params.text_document.uri)
        if paired is None:
            return []
        view, nav = paired.view, paired.nav
        analysis = ls.with_reached(view.analysis, view.snapshot)  # a helper module: its entries' lanes
        return inlay_feature.inlay_hints(analysis, view.index, params.range, ls.settings, nav, ls.navigation)

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, code_action_feature.FIX_ALL]
        ),
    )
    @guarded([])
    async def code_action(ls: PyptoServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        uri = params.text_document.uri
        view = await ls.view(uri)
        if view is None:
            return []
        if view.snapshot.version != ls.current_version(uri):
            return []  # edits computed on older text would land in the wrong place
        return code_action_feature.code_actions(
            view.analysis,
            view.index,
            view.snapshot.text,
            uri,
            view.snapshot.version,
            params,
            ls.settings,
            document_changes=ls.client_supports("workspace.workspace_edit.document_changes"),
        )

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @guarded([])
    async def document_symbol(
        ls: PyptoServer, params: types.DocumentSymbolParams
    ) -> list[types.DocumentSymbol]:
        paired = await ls.nav_view(params.text_document.uri)
        if paired is None:
            return []
        view, nav = paired.view, paired.nav
        return symbols_feature.document_symbols(view.analysis, view.index, nav, ls.navigation)

    @server.feature(types.TEXT_DOCUMENT_CODE_LENS)
    @guarded([])
    async def code_lens(ls: PyptoServer, params: types.CodeLensParams) -> list[types.CodeLens]:
        uri = params.text_document.uri
        paired = await ls.nav_view(uri)
        if paired is None:
            return []
        view, nav = paired.view, paired.nav
        return code_lens_feature.code_lenses(view.analysis, view.index, uri, nav, ls.navigation)

    @server.feature(expanded_feature.METHOD)
    @guarded({"text": ""})
    async def expanded_kernels(ls: PyptoServer, params: Any) -> dict[str, Any]:
        uri = _field(params, "uri")
        if not isinstance(uri, str):
            raise JsonRpcInvalidParams("pypto/expandedKernels needs a string 'uri'")
        return await _expanded_view(ls, uri, _field(params, "position"))


async def _expanded_view(ls: PyptoServer, uri: str, position: Any) -> dict[str, Any]:
    """The expanded text and, for each view line that comes from a source line, where that line is
    (`[view line, uri, line]`, 0-based lines)."""
    view = await ls.view(uri)
    if view is None:
        return {"text": "", "sources": []}
    line = None
    if position is not None:
        raw_line, raw_char = _field(position, "line"), _field(position, "character")
        if not isinstance(raw_line, int) or not isinstance(raw_char, int):
            raise JsonRpcInvalidParams("position needs integer 'line' and 'character'")
        if raw_line < 0 or raw_char < 0:
            raise JsonRpcInvalidParams("position 'line' and 'character' must not be negative")
        line, _ = view.index.point(types.Position(line=raw_line, character=raw_char))
    nav = ls.navigation.document(view.snapshot.path, view.snapshot.text)
    text, sources = expanded_feature.expanded_view(view.analysis, line, nav, ls.navigation)
    return {
        "text": text,
        "sources": [[at, from_fs_path(path) or path, source - 1] for at, path, source in sources],
    }


def _register_commands(server: PyptoServer) -> None:
    @server.command(code_lens_feature.SHOW_EXPANDED)
    @guarded({"text": ""})
    async def show_expanded(ls: PyptoServer, *args: Any) -> dict[str, Any]:
        if not args or not isinstance(args[0], str):
            raise JsonRpcInvalidParams(f"{code_lens_feature.SHOW_EXPANDED} needs [uri, line]")
        line = args[1] if len(args) > 1 and isinstance(args[1], int) else None
        position = {"line": line, "character": 0} if line is not None else None
        return await _expanded_view(ls, args[0], position)

    @server.command(workspace_check.COMMAND)
    @guarded(None)
    async def check_workspace(ls: PyptoServer, *args: Any) -> dict[str, int]:
        summary = await workspace_check.check_workspace(ls)
        return {"files": summary.files, "errors": summary.errors, "warnings": summary.warnings}


# -- navigation: completion, signature help, definitions, references, rename, tokens, symbols --------------
# Every request reads the navigation index (compiler/navigation) of a snapshot: the analysed one for views,
# the current text for navigation. Indexes are built on the analysis thread, never on the event loop, except
# completion and signature help, which answer at once from the latest index and the text at the cursor.


async def _nav_index(ls: PyptoServer, snap: Snapshot) -> DocumentIndex:
    """The index of a snapshot (built on the analysis thread, with the modules it imports)."""
    cache = ls.navigation.documents.get(snap.path)
    latest = cache.latest if cache is not None else None
    if latest is not None and latest.text is snap.text:
        return latest
    index, cost = await ls.scheduler.run_quietly(_timed_index, ls.navigation, snap.path, snap.text)
    ls.nav_cost[snap.uri] = cost
    return index


def _timed_index(navigation: Workspace, path: str, text: str) -> tuple[DocumentIndex, float]:
    """A document's index with the modules it imports, and the CPU seconds its build took (on this thread)."""
    started = time.thread_time()
    index = navigation.document_with_imports(path, text)
    return index, time.thread_time() - started


def _latest_index(ls: PyptoServer, snap: Snapshot) -> DocumentIndex:
    """The most recent index of a document; when the text moved on, a refresh runs once typing pauses
    (the cursor's context comes from the current text, so a slightly older index only lags by new names)."""
    cache = ls.navigation.documents.get(snap.path)
    latest = cache.latest if cache is not None else None
    if latest is None:
        return ls.navigation.document(snap.path, snap.text)
    if latest.text is not snap.text:
        pending = ls.nav_refresh.get(snap.uri)
        if pending is not None and not pending.done():
            pending.cancel()
        ls.nav_refresh[snap.uri] = asyncio.get_running_loop().create_task(_refresh_index(ls, snap.uri))
    return latest


async def _refresh_index(ls: PyptoServer, uri: str) -> None:
    """Index the document's text on the analysis thread once typing has paused."""
    await asyncio.sleep(NAV_REFRESH_S)
    snap = ls.snapshot(uri)
    if snap is not None:
        await _nav_index(ls, snap)


def _analysis_of(ls: PyptoServer, uri: str) -> Analysis | None:
    """The latest completed analysis of a document, without waiting for one."""
    result = ls.scheduler.latest(uri)
    return result.analysis if result is not None else None


def _roots(ls: PyptoServer) -> list[Path]:
    """The workspace folders (or the root) as paths: where references and symbols are searched."""
    uris = [f.uri for f in ls.workspace.folders.values()] or (
        [ls.workspace.root_uri] if ls.workspace.root_uri else []
    )
    return [Path(p) for u in uris if (p := to_fs_path(u))]


def _open_paths(ls: PyptoServer) -> list[str]:
    return [to_fs_path(uri) or uri for uri in ls.workspace.text_documents]


async def _plain_hover(ls: PyptoServer, params: types.HoverParams) -> types.Hover | None:
    """Hover in a file with no kernel analysis (a configuration module): what the name under it is."""
    snap = ls.snapshot(params.text_document.uri)
    if snap is None:
        return None
    nav = await _nav_index(ls, snap)
    index = LineIndex(snap.text, ls.encoding)
    return hover_feature.hover(None, index, params.position, nav, ls.navigation)


def _register_navigation(server: PyptoServer) -> None:
    @server.feature(
        types.TEXT_DOCUMENT_COMPLETION,
        types.CompletionOptions(
            trigger_characters=completion_feature.TRIGGER_CHARACTERS, resolve_provider=True
        ),
    )
    @guarded(None)
    def completion(ls: PyptoServer, params: types.CompletionParams) -> types.CompletionList | None:
        uri = params.text_document.uri
        snap = ls.snapshot(uri)
        if snap is None:
            return None
        index = LineIndex(snap.text, ls.encoding)
        line, col = index.point(params.position)
        context = cursor_context(index.lines, line, col)
        snippets = ls.client_supports("text_document.completion.completion_item.snippet_support")
        nav = _latest_index(ls, snap)
        return completion_feature.completions(
            context, nav, _analysis_of(ls, uri), ls.navigation, line, snippets
        )

    @server.feature(types.COMPLETION_ITEM_RESOLVE)
    @guarded(None)
    def completion_resolve(ls: PyptoServer, item: types.CompletionItem) -> types.CompletionItem:
        return completion_feature.resolve(item, ls.navigation)

    @server.feature(
        types.TEXT_DOCUMENT_SIGNATURE_HELP,
        types.SignatureHelpOptions(
            trigger_characters=signature_feature.TRIGGER_CHARACTERS,
            retrigger_characters=signature_feature.RETRIGGER_CHARACTERS,
        ),
    )
    @guarded(None)
    def signature_help(ls: PyptoServer, params: types.SignatureHelpParams) -> types.SignatureHelp | None:
        snap = ls.snapshot(params.text_document.uri)
        if snap is None:
            return None
        index = LineIndex(snap.text, ls.encoding)
        line, col = index.point(params.position)
        context = cursor_context(index.lines, line, col)
        nav = _latest_index(ls, snap)
        return signature_feature.signature_help(context.call, nav, ls.navigation, line)

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    @guarded(None)
    async def definition(
        ls: PyptoServer, params: types.DefinitionParams
    ) -> list[types.Location] | list[types.LocationLink] | None:
        snap = ls.snapshot(params.text_document.uri)
        if snap is None:
            return None
        nav = await _nav_index(ls, snap)
        links = ls.client_supports("text_document.definition.link_support")
        index = LineIndex(snap.text, ls.encoding)
        return definition_feature.definition(nav, ls.navigation, index, params.position, links)

    @server.feature(types.TEXT_DOCUMENT_REFERENCES)
    @guarded([])
    async def references(ls: PyptoServer, params: types.ReferenceParams) -> list[types.Location]:
        snap = ls.snapshot(params.text_document.uri)
        if snap is None:
            return []
        nav = await _nav_index(ls, snap)
        index = LineIndex(snap.text, ls.encoding)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            ls.scheduler.executor,
            functools.partial(
                references_feature.references,
                nav,
                ls.navigation,
                index,
                params.position,
                params.context.include_declaration,
                _roots(ls),
                _open_paths(ls),
            ),
        )

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_HIGHLIGHT)
    @guarded([])
    async def document_highlight(
        ls: PyptoServer, params: types.DocumentHighlightParams
    ) -> list[types.DocumentHighlight]:
        snap = ls.snapshot(params.text_document.uri)
        if snap is None:
            return []
        nav = await _nav_index(ls, snap)
        return highlight_feature.highlights(
            nav, ls.navigation, LineIndex(snap.text, ls.encoding), params.position
        )

    @server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)
    @guarded(None)
    async def prepare_rename(
        ls: PyptoServer, params: types.PrepareRenameParams
    ) -> types.PrepareRenamePlaceholder | None:
        snap = ls.snapshot(params.text_document.uri)
        if snap is None:
            return None
        nav = await _nav_index(ls, snap)
        return rename_feature.prepare_rename(
            nav, ls.navigation, LineIndex(snap.text, ls.encoding), params.position
        )

    @server.feature(types.TEXT_DOCUMENT_RENAME)
    @guarded(None)
    async def rename(ls: PyptoServer, params: types.RenameParams) -> types.WorkspaceEdit | None:
        snap = ls.snapshot(params.text_document.uri)
        if snap is None:
            return None
        nav = await _nav_index(ls, snap)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            ls.scheduler.executor,
            functools.partial(
                rename_feature.rename,
                nav,
                ls.navigation,
                LineIndex(snap.text, ls.encoding),
                params.position,
                params.new_name,
                _roots(ls),
                _open_paths(ls),
                ls.current_version,
                ls.client_supports("workspace.workspace_edit.document_changes"),
            ),
        )

    @server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, tokens_feature.LEGEND)
    @guarded(types.SemanticTokens(data=[]))
    async def semantic_tokens(ls: PyptoServer, params: types.SemanticTokensParams) -> types.SemanticTokens:
        return await _tokens(ls, params.text_document.uri, None)

    @server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE, tokens_feature.LEGEND)
    @guarded(types.SemanticTokens(data=[]))
    async def semantic_tokens_range(
        ls: PyptoServer, params: types.SemanticTokensRangeParams
    ) -> types.SemanticTokens:
        return await _tokens(ls, params.text_document.uri, params.range)

    @server.feature(types.WORKSPACE_SYMBOL)
    @guarded([])
    async def workspace_symbol(
        ls: PyptoServer, params: types.WorkspaceSymbolParams
    ) -> list[types.SymbolInformation]:
        kernels: list[tuple[str, KernelInfo, LineIndex]] = []
        for uri in list(ls.scheduler.docs):
            view = await ls.view(uri)
            if view is not None:
                kernels.extend((view.snapshot.path, k, view.index) for k in view.analysis.kernels)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            ls.scheduler.executor,
            functools.partial(
                workspace_symbols_feature.workspace_symbols,
                params.query,
                ls.navigation,
                _roots(ls),
                _open_paths(ls),
                kernels,
                ls.encoding,
            ),
        )


async def _tokens(ls: PyptoServer, uri: str, rng: types.Range | None) -> types.SemanticTokens:
    view = await ls.view(uri)
    if view is None:
        return types.SemanticTokens(data=[])
    ops = list(view.analysis.ops)
    if not view.analysis.kernels:  # a helper module: the ops its importers' entries reach
        ops.extend(f.op for _, f in ls.reached_from_elsewhere(uri))
    return tokens_feature.tokens(ops, view.index, rng)


def _may_be_reached(text: str) -> bool:
    """True when entries elsewhere may give a document lanes or faults: it may define inline helpers, or
    it is a plain module (a configuration module whose import can fail)."""
    return "inline" in text or not dsl.is_dsl(text)


def _gives_helpers(result: Analyzed) -> bool:
    """True when a document's entries reach helper code of other modules (or a failing import)."""
    return _gives_others(result.analysis)


def _gives_others(analysis: Analysis | None) -> bool:
    """True when an analysis gives lanes, ops or faults to other files."""
    return analysis is not None and bool(
        analysis.foreign_lanes or analysis.foreign_ops or analysis.foreign_diagnostics
    )
