"""The language server: document state, debounced background analysis, and the protocol handlers.

Mutating notifications (didOpen/didChange/didClose) run in order on the event loop; analysis runs on
an immutable Snapshot in a single worker thread; results for versions that moved on are dropped.
Read-only requests answer from the latest completed analysis and never wait for a compile.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import json
import logging
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from lsprotocol import types
from pygls.capabilities import get_capability
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from compiler.analysis import Analysis, ForeignOp
from compiler.modules import DiskReader, ModuleGraph
from compiler.pipeline import Analyzer
from pypto_lsp import __version__, config, dsl, project_config
from pypto_lsp.document import Analyzed, Snapshot, run_analysis
from pypto_lsp.features import code_actions as code_action_feature
from pypto_lsp.features import code_lens as code_lens_feature
from pypto_lsp.features import diagnostics as diagnostics_feature
from pypto_lsp.features import expanded_kernels as expanded_feature
from pypto_lsp.features import hover as hover_feature
from pypto_lsp.features import inlay_hints as inlay_feature
from pypto_lsp.features import symbols as symbols_feature
from pypto_lsp.features import workspace_check
from pypto_lsp.positions import LineIndex, normalize_encoding
from pypto_lsp.protocol import PyptoProtocol

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")

MIN_DEBOUNCE_S = 0.03
PULL_WAIT_S = 30.0
IDLE_GC_S = 3.0  # quiet time after the last analysis before a full garbage collection runs


@dataclass(slots=True)
class DocState:
    """Per open document: the pending analysis task and the latest completed result."""

    task: asyncio.Task[None] | None = None
    result: Analyzed | None = None
    last_elapsed: float = 0.0
    debouncing: bool = False  # the pending analysis is still waiting out the keystroke debounce
    # replaced (and the old one set) whenever a new result lands, so pull requests can wait for it
    landed: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass(frozen=True, slots=True)
class View:
    """What a read-only feature gets: the latest analysis, the index of its text, and that snapshot."""

    analysis: Analysis
    index: LineIndex
    snapshot: Snapshot


class PyptoServer(LanguageServer):
    """pygls server holding the open documents' analysis state and the user settings."""

    def __init__(self) -> None:
        # max_workers >= 4: pygls reads stdin through the same pool (see lsp-conventions.md §5)
        super().__init__("pypto-lsp", __version__, protocol_cls=PyptoProtocol, max_workers=4)
        self.settings = config.Settings()
        self.generation = 0  # bumped on every settings change; results of older generations are stale
        self.docs: dict[str, DocState] = {}
        self.pushed: set[str] = set()  # URIs that currently show non-empty pushed diagnostics
        # one analysis at a time; a dedicated pool so analyses never starve pygls's reader threads
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pypto-analysis")
        # One Analyzer (parse + kernel caches) per open document; only the single analysis thread uses them.
        self.analyzers: dict[str, Analyzer] = {}
        self.idle_gc: asyncio.TimerHandle | None = None
        self.running_analyses = 0  # the cyclic GC is paused while any analysis runs
        self.project = project_config.ProjectConfig()
        self.project_fault_shown = False
        # Imported modules are read, parsed and evaluated once per version, for every open document.
        self.disk = DiskReader()
        self.graph = ModuleGraph(read_file=self.read_workspace_file)
        self.indexes: dict[str, tuple[tuple[int | None, str], LineIndex]] = {}

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

    def configure_graph(self) -> None:
        """Environment values and import roots: the editor's settings win over the project's."""
        env = {**dict(self.project.env), **dict(self.settings.env)}
        roots = (*self.extra_roots(self.settings.extra_paths), *self.project.extra_paths)
        self.graph.configure(env, roots)

    def apply_settings(self, settings: config.Settings) -> None:
        """Adopt new settings and re-analyse every open document when they changed."""
        if settings == self.settings:
            return
        log.info("settings: %s", settings)
        self.settings = settings
        self.generation += 1
        self.configure_graph()
        for uri in list(self.docs):
            self.schedule(uri, 0.0)
        if self.pull_mode and self.client_supports("workspace.diagnostics.refresh_support"):
            self.workspace_diagnostic_refresh(None)
        self.refresh_views()

    # -- document state -------------------------------------------------------------------

    def refresh_views(self) -> None:
        """Ask the client to re-request inlay hints and code lenses (they follow the latest analysis)."""
        if self.client_supports("workspace.inlay_hint.refresh_support"):
            self.workspace_inlay_hint_refresh(None)
        if self.client_supports("workspace.code_lens.refresh_support"):
            self.workspace_code_lens_refresh(None)

    def snapshot(self, uri: str) -> Snapshot | None:
        """The current text of an open document, or None when it is not open."""
        if uri not in self.workspace.text_documents:
            return None
        doc = self.workspace.get_text_document(uri)
        return Snapshot(uri=uri, version=doc.version, text=doc.source, path=to_fs_path(uri) or uri)

    def current_version(self, uri: str) -> int | None:
        """The version of an open document."""
        doc = self.workspace.text_documents.get(uri)
        return doc.version if doc is not None else None

    def schedule_importers(self, uri: str) -> None:
        """Re-analyse open documents that import the edited module, directly or through other modules."""
        path = Path(to_fs_path(uri) or uri)
        affected = {path} | self.graph.dependents(path)
        for other in list(self.docs):
            if other == uri or other not in self.workspace.text_documents:
                continue
            analyzer = self.analyzers.get(other)
            if analyzer is not None and analyzer.imports() & affected:
                self.schedule(other)

    def debounce(self, state: DocState) -> float:
        """Seconds to wait before analysing: about twice the last analysis time, capped by debounceMs."""
        cap = self.settings.debounce_ms / 1000
        return min(cap, max(MIN_DEBOUNCE_S, 2 * state.last_elapsed))

    def schedule(self, uri: str, delay: float | None = None) -> None:
        """(Re)start the analysis of a document; a pending older one is cancelled."""
        state = self.docs.setdefault(uri, DocState())
        if state.task is not None and not state.task.done():
            state.task.cancel()
        wait = self.debounce(state) if delay is None else delay
        state.task = asyncio.get_running_loop().create_task(self._analyse(uri, wait))

    async def _analyse(self, uri: str, delay: float) -> None:
        if delay > 0:
            state = self.docs.get(uri)
            if state is not None:
                state.debouncing = True
            try:
                await asyncio.sleep(delay)
            finally:
                if state is not None:
                    state.debouncing = False
        snap = self.snapshot(uri)
        if snap is None:
            return
        generation, target = self.generation, self.settings.target
        start = time.perf_counter()
        loop = asyncio.get_running_loop()
        self.pause_gc()
        try:
            analysis = await loop.run_in_executor(
                self.executor, run_analysis, snap.text, snap.path, target, False, self.analyzer_for(snap.uri)
            )
        finally:
            self.resume_gc()
        elapsed = time.perf_counter() - start
        self.settle_memory()
        state = self.docs.get(uri)
        if state is None or snap.version != self.current_version(uri) or generation != self.generation:
            log.debug("dropping stale analysis of %s v%s", uri, snap.version)
            return
        self.store(state, Analyzed(snap, analysis, elapsed, generation))
        if not self.pull_mode:
            self.publish(state.result)
        self.refresh_views()

    def reached_from_elsewhere(self, uri: str) -> list[tuple[str, ForeignOp]]:
        """Ops of this document's helpers that other open documents' entries reach, with their names."""
        path = to_fs_path(uri) or uri
        out: list[tuple[str, ForeignOp]] = []
        for other, state in self.docs.items():
            result = state.result
            if other == uri or result is None or result.analysis is None:
                continue
            name = Path(to_fs_path(other) or other).name
            out.extend((name, f) for f in result.analysis.foreign_ops if Path(f.path) == Path(path))
        return out

    def pause_gc(self) -> None:
        """An analysis allocates millions of short-lived objects and frees them by reference count: the
        cyclic collector's passes over the growing heap were a third of a cold open. It runs again after."""
        self.running_analyses += 1
        gc.disable()

    def resume_gc(self) -> None:
        """Re-enable the cyclic GC once no analysis is running (settle_memory then freezes what remains)."""
        self.running_analyses -= 1
        if self.running_analyses == 0:
            gc.enable()

    def settle_memory(self) -> None:
        """Keep the cyclic GC out of the typing path: what an analysis leaves is moved out of the
        collector's generations (`gc.freeze`), and a full collection runs once the server is idle."""
        gc.freeze()
        if self.idle_gc is not None:
            self.idle_gc.cancel()
        self.idle_gc = asyncio.get_running_loop().call_later(IDLE_GC_S, self._collect_when_idle)

    def _collect_when_idle(self) -> None:
        self.idle_gc = None
        if any(state.task is not None and not state.task.done() for state in self.docs.values()):
            return  # an analysis is pending: the next one settles memory again
        gc.unfreeze()
        gc.collect()
        gc.freeze()

    def store(self, state: DocState, result: Analyzed) -> None:
        """Make a result the latest completed analysis and wake up waiting pull requests."""
        state.result = result
        state.last_elapsed = result.elapsed
        landed, state.landed = state.landed, asyncio.Event()
        landed.set()

    def latest(self, uri: str) -> Analyzed | None:
        """The latest completed analysis; the first time, analyse synchronously instead of waiting."""
        state = self.docs.get(uri)
        if state is None:
            return None
        if state.result is None:
            snap = self.snapshot(uri)
            if snap is None:
                return None
            start = time.perf_counter()
            analysis = run_analysis(
                snap.text, snap.path, self.settings.target, False, self.analyzer_for(snap.uri)
            )
            self.store(state, Analyzed(snap, analysis, time.perf_counter() - start, self.generation))
        return state.result

    async def current(self, uri: str) -> Analyzed | None:
        """The analysis of the document's current version (waits for the pending one)."""
        deadline = time.monotonic() + PULL_WAIT_S
        while True:
            state = self.docs.get(uri)
            if state is None:
                return None
            result = state.result
            if (
                result is not None
                and result.snapshot.version == self.current_version(uri)
                and result.generation == self.generation
            ):
                return result
            if state.task is None or state.task.done() or state.debouncing:
                # A pull is answered as soon as this version is analysed, without the push debounce.
                self.schedule(uri, 0.0)
            landed = state.landed
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return result
            try:
                await asyncio.wait_for(landed.wait(), remaining)
            except TimeoutError:
                return state.result

    def lsp_diagnostics(self, result: Analyzed) -> list[types.Diagnostic]:
        """LSP diagnostics of a result, positioned in the text that was analysed."""
        snap = result.snapshot
        index = LineIndex(snap.text, self.encoding)
        items = diagnostics_feature.collect(result.analysis, index, snap.uri, snap.version, self.settings)
        if self.project.select or self.project.ignore or self.project.per_file_ignores:
            items = [d for d in items if self.project.allows(str(d.code), snap.path)]
        return items

    def publish(self, result: Analyzed | None) -> None:
        """Push a complete result; non-DSL files get nothing unless earlier diagnostics must be cleared."""
        if result is None:
            return
        uri = result.snapshot.uri
        if result.analysis is None and uri not in self.pushed:
            return
        items = self.lsp_diagnostics(result)
        if items:
            self.pushed.add(uri)
        else:
            self.pushed.discard(uri)
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=items, version=result.snapshot.version)
        )

    def analyzer_for(self, uri: str) -> Analyzer:
        """The caches of one document, created on first use."""
        analyzer = self.analyzers.get(uri)
        if analyzer is None:
            analyzer = self.analyzers[uri] = Analyzer(graph=self.graph)
        return analyzer

    def read_workspace_file(self, path: Path) -> str | None:
        """A module the document imports constants from: its editor text when open, else the file on disk."""
        uri = from_fs_path(str(path))
        if uri is not None and uri in self.docs and uri in self.workspace.text_documents:
            return self.workspace.get_text_document(uri).source
        return self.disk(path)

    def close(self, uri: str) -> None:
        """Forget a closed document and clear what was pushed for it."""
        state = self.docs.pop(uri, None)
        self.analyzers.pop(uri, None)
        self.indexes.pop(uri, None)
        if state is not None and state.task is not None:
            state.task.cancel()
        if uri in self.pushed:
            self.pushed.discard(uri)
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    def view(self, uri: str) -> View | None:
        """The latest DSL analysis of a document with a LineIndex of the text it was computed on."""
        result = self.latest(uri)
        if result is None or result.analysis is None:
            return None
        # One LineIndex per analysed version and encoding, shared by every request on it.
        key = (result.snapshot.version, self.encoding)
        cached = self.indexes.get(uri)
        if cached is None or cached[0] != key:
            cached = (key, LineIndex(result.snapshot.text, self.encoding))
            self.indexes[uri] = cached
        return View(result.analysis, cached[1], result.snapshot)


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

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    @guarded(None)
    async def did_change_configuration(ls: PyptoServer, params: types.DidChangeConfigurationParams) -> None:
        before = ls.project
        ls.load_project()
        if ls.project != before:
            ls.generation += 1
            for uri in list(ls.docs):
                ls.schedule(uri, 0.0)
        settings = params.settings
        if settings:
            ls.apply_settings(config.merge(ls.settings, settings))
        await ls.pull_configuration()

    @server.feature(types.SHUTDOWN)
    @guarded(None)
    def shutdown(ls: PyptoServer, params: None) -> None:
        for state in ls.docs.values():
            if state.task is not None:
                state.task.cancel()
        ls.executor.shutdown(wait=False, cancel_futures=True)


def _register_sync(server: PyptoServer) -> None:
    # pygls has already applied the change to its workspace (in message order) when these run

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    @guarded(None)
    def did_open(ls: PyptoServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0.0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    @guarded(None)
    def did_change(ls: PyptoServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)
        ls.schedule_importers(params.text_document.uri)

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
        result_id = f"{result.generation}:{result.snapshot.version}"
        if params.previous_result_id == result_id:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result_id)
        return types.RelatedFullDocumentDiagnosticReport(
            items=ls.lsp_diagnostics(result), result_id=result_id
        )


def _register_features(server: PyptoServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_HOVER)
    @guarded(None)
    def hover(ls: PyptoServer, params: types.HoverParams) -> types.Hover | None:
        view = ls.view(params.text_document.uri)
        if view is None:
            return None
        found = hover_feature.hover(view.analysis, view.index, params.position)
        if found is None and not view.analysis.kernels:
            found = hover_feature.helper_hover(
                ls.reached_from_elsewhere(params.text_document.uri), view.index, params.position
            )
        return found

    @server.feature(types.TEXT_DOCUMENT_INLAY_HINT, types.InlayHintOptions(resolve_provider=False))
    @guarded([])
    def inlay_hint(ls: PyptoServer, params: types.InlayHintParams) -> list[types.InlayHint]:
        view = ls.view(params.text_document.uri)
        if view is None:
            return []
        return inlay_feature.inlay_hints(view.analysis, view.index, params.range, ls.settings)

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, code_action_feature.FIX_ALL]
        ),
    )
    @guarded([])
    def code_action(ls: PyptoServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        uri = params.text_document.uri
        view = ls.view(uri)
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
    def document_symbol(ls: PyptoServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
        view = ls.view(params.text_document.uri)
        if view is None:
            return []
        return symbols_feature.document_symbols(view.analysis, view.index)

    @server.feature(types.TEXT_DOCUMENT_CODE_LENS)
    @guarded([])
    def code_lens(ls: PyptoServer, params: types.CodeLensParams) -> list[types.CodeLens]:
        uri = params.text_document.uri
        view = ls.view(uri)
        if view is None:
            return []
        return code_lens_feature.code_lenses(view.analysis.kernels, view.index, uri)

    @server.feature(expanded_feature.METHOD)
    @guarded({"text": ""})
    def expanded_kernels(ls: PyptoServer, params: Any) -> dict[str, str]:
        uri = _field(params, "uri")
        if not isinstance(uri, str):
            raise JsonRpcInvalidParams("pypto/expandedKernels needs a string 'uri'")
        return {"text": _expanded(ls, uri, _field(params, "position"))}


def _expanded(ls: PyptoServer, uri: str, position: Any) -> str:
    view = ls.view(uri)
    if view is None:
        return ""
    line = None
    if position is not None:
        raw_line, raw_char = _field(position, "line"), _field(position, "character")
        if not isinstance(raw_line, int) or not isinstance(raw_char, int):
            raise JsonRpcInvalidParams("position needs integer 'line' and 'character'")
        if raw_line < 0 or raw_char < 0:
            raise JsonRpcInvalidParams("position 'line' and 'character' must not be negative")
        line, _ = view.index.point(types.Position(line=raw_line, character=raw_char))
    return expanded_feature.expanded_text(view.analysis, line)


def _register_commands(server: PyptoServer) -> None:
    @server.command(code_lens_feature.SHOW_EXPANDED)
    @guarded({"text": ""})
    def show_expanded(ls: PyptoServer, *args: Any) -> dict[str, str]:
        if not args or not isinstance(args[0], str):
            raise JsonRpcInvalidParams(f"{code_lens_feature.SHOW_EXPANDED} needs [uri, line]")
        line = args[1] if len(args) > 1 and isinstance(args[1], int) else None
        position = {"line": line, "character": 0} if line is not None else None
        return {"text": _expanded(ls, args[0], position)}

    @server.command(workspace_check.COMMAND)
    @guarded(None)
    async def check_workspace(ls: PyptoServer, *args: Any) -> dict[str, int]:
        summary = await _check_workspace(ls)
        return {"files": summary.files, "errors": summary.errors, "warnings": summary.warnings}


async def _check_workspace(ls: PyptoServer) -> workspace_check.CheckSummary:
    """Analyse every DSL file of the workspace, reporting $/progress, pushing diagnostics for unopened files."""
    uris = [f.uri for f in ls.workspace.folders.values()] or (
        [ls.workspace.root_uri] if ls.workspace.root_uri else []
    )
    loop = asyncio.get_running_loop()
    files = await loop.run_in_executor(None, workspace_check.dsl_files, workspace_check.folder_paths(uris))
    token: str | None = None
    if ls.client_supports("window.work_done_progress"):
        token = f"pypto-check-{uuid.uuid4()}"
        try:
            await asyncio.wait_for(ls.work_done_progress.create_async(token), 5.0)
            ls.work_done_progress.begin(
                token, types.WorkDoneProgressBegin(title="PyPTO: checking workspace", percentage=0)
            )
        except Exception as exc:
            log.warning("progress not available: %r", exc)
            token = None
    errors = warnings = 0
    for done, path in enumerate(files, start=1):
        uri = from_fs_path(str(path)) or path.as_uri()
        if token is not None:
            ls.work_done_progress.report(
                token,
                types.WorkDoneProgressReport(
                    message=f"{done}/{len(files)} {path.name}", percentage=int(100 * (done - 1) / len(files))
                ),
            )
        result = await _analyse_file(ls, uri, path)
        if result is None or result.analysis is None:
            continue
        errors += sum(1 for d in result.analysis.diagnostics if d.is_error)
        warnings += sum(1 for d in result.analysis.diagnostics if not d.is_error)
        if uri not in ls.docs:  # open documents keep their own, newer diagnostics
            ls.publish(result)
    if token is not None:
        ls.work_done_progress.end(
            token, types.WorkDoneProgressEnd(message=f"{len(files)} files, {errors} errors")
        )
    return workspace_check.CheckSummary(files=len(files), errors=errors, warnings=warnings)


async def _analyse_file(ls: PyptoServer, uri: str, path: Path) -> Analyzed | None:
    try:
        text = dsl.read_text(path)
    except OSError as exc:
        log.warning("cannot read %s: %r", path, exc)
        return None
    snap = Snapshot(uri=uri, version=None, text=text, path=str(path))
    start = time.perf_counter()
    loop = asyncio.get_running_loop()
    analysis = await loop.run_in_executor(ls.executor, run_analysis, text, str(path), ls.settings.target)
    return Analyzed(snap, analysis, time.perf_counter() - start, ls.generation)
