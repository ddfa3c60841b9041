"""Runs the front end and the pass pipeline on one document and returns its Analysis.

Data flows one way: source -> units -> surface IR -> parse checks -> kernels -> passes -> Analysis.
The parse cache hands back an unchanged unit as the same IR objects, and each later stage reuses its
result for a function or kernel whose IR objects and inputs (constants, helpers, context) are unchanged;
in long bodies the reuse goes down to single statements (`compiler.incremental`, `compiler.memo`). So an
edit re-runs only what it touched. The stages work on anchored lines, which a line keeps while lines
above it come and go (`compiler.incremental`); the Analysis is rebased to document lines as it is read
out (spans, and the lines results hold as values, `compiler.source.Line`).
"""

from __future__ import annotations

import functools
import logging
from collections import ChainMap
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeVar

from compiler import budget, ir, lints, suppressions
from compiler.analysis import (
    Analysis,
    ForeignDiagnostic,
    ForeignOp,
    KernelInfo,
    OpInfo,
    RegionInfo,
    ScopeInfo,
    SymbolInfo,
)
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic, Related
from compiler.frontend.checks.facts import FunctionFacts
from compiler.frontend.checks.state import ShadowTuples, StatementChecks, statement_checks
from compiler.frontend.checks.walk import FunctionChecker
from compiler.frontend.declared_allocs import declared_alloc_faults
from compiler.frontend.definite_assignment import FlowMemo, undefined_on_some_path
from compiler.frontend.jit_dep_metadata import dep_metadata_faults, function_calls
from compiler.frontend.jit_extern_paths import extern_path_faults
from compiler.frontend.parser import ParseCache, ParsedDocument, parse_document
from compiler.frontend.parser_forms import conflicting_externals, function_forms, parser_forms
from compiler.frontend.unused_variables import unused_variables
from compiler.frontend.window_buffers import duplicate_window_buffers
from compiler.import_faults import ImportFaults, find_faults
from compiler.incremental import (
    IdentityMemo,
    LastingMemo,
    LineAnchors,
    MappingChanges,
    Rebase,
    Recorded,
    SameInputs,
)
from compiler.ir_walk import names_and_calls, stmt_exprs, walk_stmts
from compiler.memo import MEMO_MIN_STATEMENTS, NameIndex, long_body, many_statements
from compiler.modules import ModuleGraph
from compiler.passes import expand_mixed_kernel as emk
from compiler.passes.adapt_manual_vtoc_push import check_manual_vtoc_pushes
from compiler.passes.canonicalize_tile_slice import canonicalize_tile_slice, check_accumulator_slices
from compiler.passes.convert_tensor_to_tile_ops import check_conversions, check_put_sources, convert
from compiler.passes.expand_mixed_kernel_group_abi import check_group_abi
from compiler.passes.flatten_tile_nd_to_2d import flatten, unrolled_accumulators
from compiler.passes.infer_tile_memory_space import infer
from compiler.passes.inline_functions import (
    FOREIGN_LINE_BASE,
    INLINE_KINDS,
    Helper,
    InlineResult,
    Splice,
    SpliceMemo,
    StatementSplices,
    collect_helpers,
    inline_function,
    is_foreign,
    splices_many,
)
from compiler.passes.insert_mx_scale_addr import insert_mx_scale_addr
from compiler.passes.legalize_tile_cast import explicit_l0_capacity, legalize_tile_cast
from compiler.passes.lower_auto_vector_split import lower, pin_no_duplicate
from compiler.passes.model import Kernel, ops_of
from compiler.passes.outline_cluster_scopes import check_clusters
from compiler.passes.outline_incore_scopes import OutlinedKernel, OutlineMemo, OutlineSteps, outline
from compiler.passes.simplify import StatementFolds, simplify
from compiler.passes.unresolved_calls import (
    DslDefinitions,
    dsl_function_named,
    statement_calls,
    unresolved_calls,
)
from compiler.results import op_infos, outline_key, region_infos, scope_infos, symbols
from compiler.rules.inline_functions import CALLED_FROM, HELPER_LINE, IN_INLINE_HELPER
from compiler.source import MAX_DOCUMENT_BYTES, NO_SPAN, Span, oversized, python_text
from compiler.types import ScalarType, TensorType
from compiler.verifiers import atomic_add_dtype, hard_syncall_occupancy, mixed_kernel_expanded
from compiler.verifiers.aiv_split_valid import verify as aiv_split_valid
from compiler.vocabulary import target_comment

log = logging.getLogger(__name__)
T = TypeVar("T")
# Interned foreign ops past twice the live ones and this many: the table is started again.
INTERNED_SLACK = 4096


@dataclass(frozen=True, slots=True)
class KernelResult:
    """Everything the pipeline derived for one kernel (reused while its IR and inputs are unchanged)."""

    kernel: Kernel
    diagnostics: tuple[Diagnostic, ...]
    lanes: tuple[tuple[int, str], ...]
    ops: tuple[OpInfo, ...]
    info: KernelInfo
    foreign: tuple[tuple[int, str], ...] = ()  # the lanes of its lines of foreign helper code


_ReadOut = tuple[
    tuple[OpInfo, ...],
    tuple[ForeignOp, ...],
    tuple[KernelInfo, ...],
    tuple[tuple[int, str], ...],
    tuple[RegionInfo, ...],
]


@dataclass(frozen=True, slots=True)
class _Checked:
    """Parse-stage results of one function, valid while the function object and its context stay the same."""

    function: ir.Function
    context: tuple[object, ...]
    facts: FunctionFacts
    diagnostics: tuple[Diagnostic, ...]


@dataclass(slots=True)
class Analyzer:
    """Holds the caches of one document; `analyze` is a pure function of (text, target, files read).

    Unchanged units come back from the parse cache as the same IR objects, so the per-function and
    per-kernel caches below are keyed by object identity (cheap) instead of hashing whole IR trees.
    """

    graph: ModuleGraph = field(default_factory=ModuleGraph)
    parse_cache: ParseCache = field(default_factory=ParseCache)
    checked: dict[int, _Checked] = field(default_factory=dict)
    kernel_cache: dict[tuple[object, ...], tuple[tuple[ir.Stmt, ...], object, KernelResult]] = field(
        default_factory=dict
    )
    inline_cache: dict[int, tuple[ir.Function, tuple[object, ...], InlineResult]] = field(
        default_factory=dict
    )
    simplify_cache: dict[int, tuple[ir.Function, object, ir.Function]] = field(default_factory=dict)
    splice_memo: SpliceMemo = field(default_factory=SpliceMemo)
    localized: dict[int, tuple[KernelInfo, object, KernelInfo]] = field(default_factory=dict)
    foreign: dict[int, tuple[KernelResult, object, tuple[ForeignOp, ...]]] = field(default_factory=dict)
    # One object per distinct foreign op: the splices of a helper under one kernel name give equal ones
    # (56,000 of which 23,000 distinct, 11.6 MiB, with the 20 largest library files open).
    foreign_interned: dict[ForeignOp, ForeignOp] = field(default_factory=dict)
    helpers_cache: tuple[object, object, tuple[ir.Function, ...], dict[str, Helper]] | None = None
    outline_memo: OutlineMemo = field(default_factory=dict)
    outline_steps: OutlineSteps = field(default_factory=OutlineSteps)
    # Per top-level statement, what the whole-module sweeps take from it (pure functions of the IR).
    cluster_checks: LastingMemo = field(default_factory=LastingMemo)
    scope_statements: LastingMemo = field(default_factory=LastingMemo)
    bindings: dict[tuple[str | None, str], IdentityMemo] = field(default_factory=dict)
    flows: dict[tuple[str | None, str], FlowMemo] = field(default_factory=dict)  # definite assignment
    syncalls: IdentityMemo = field(default_factory=IdentityMemo)  # each kernel's first hard syncall
    helper_calls: IdentityMemo = field(default_factory=IdentityMemo)  # each function's bare-name calls
    dsl_definitions: DslDefinitions = field(default_factory=DslDefinitions)  # per imported module version
    function_calls: IdentityMemo = field(default_factory=IdentityMemo)  # each function's calls, nested too
    function_forms: IdentityMemo = field(default_factory=IdentityMemo)  # each function's parser forms
    localizer: _Localizer | None = None
    body_memos: dict[tuple[str | None, str], _BodyMemos] = field(default_factory=dict)  # long functions
    # One analysis and no edit after it (`pypto-lsp check`): no statement memos are recorded, as for a
    # short function (they only serve the next version's re-analysis).
    one_shot: bool = False
    # Only what `pypto-lsp check` prints (diagnostics and lanes, here and in helper modules): the read-out
    # for editor features (ops, kernel infos, regions, scopes, symbols) is left empty.
    lean: bool = False
    outline_env: object = None
    scope_calls: dict[int, tuple[object, list[ir.Call]]] = field(default_factory=dict)
    # each kernel body's names, call spans and loop spans, in order and as sets (`_kernel_refs`)
    kernel_refs: dict[
        int, tuple[tuple[ir.Stmt, ...], tuple[str, ...], tuple[Span, ...], tuple[Span, ...], _RefSets]
    ] = field(default_factory=dict)
    # each kernel body's parse-stage inputs, with the facts and parameters they were read from
    kernel_reads: dict[int, tuple[tuple[ir.Stmt, ...], FunctionFacts, object, Span, tuple[object, ...]]] = (
        field(default_factory=dict)
    )
    # this version's, by the ids of the two facts compared (held, so the ids stay theirs)
    facts_changes: dict[tuple[int, int], tuple[FunctionFacts, FunctionFacts, MappingChanges]] = field(
        default_factory=dict
    )
    foreign_lanes: SameInputs = field(default_factory=SameInputs)  # over every kernel's lanes
    readout: SameInputs = field(default_factory=SameInputs)  # every kernel's rows in document lines
    readout_last: object = None
    # the reads a definition answers, interned for the statement memos of all the document's functions
    shadows: ShadowTuples = field(default_factory=ShadowTuples)
    # the last outline: the kernel infos it was made from, what it read of the module, the symbols
    symbols_last: tuple[tuple[KernelInfo, ...], object, tuple[SymbolInfo, ...]] | None = None
    # The pipeline works on anchored lines (compiler.incremental); the Analysis is in document lines.
    anchors: LineAnchors = field(default_factory=LineAnchors)
    rebase: Rebase = field(init=False)
    result_bounds: dict[int, tuple[object, tuple[int, int]]] = field(default_factory=dict)
    # the import faults, with the constants and module-code lines they were found for
    import_faults: tuple[object, tuple[int, ...], ImportFaults] | None = None

    def __post_init__(self) -> None:
        self.rebase = Rebase(self.anchors, FOREIGN_LINE_BASE)
        self.splice_memo.one_shot = self.one_shot

    def imports(self) -> set[Path]:
        """The module files the last analysed version imported (directly)."""
        constants = self.parse_cache.constants
        return {dep.path for dep in constants[1]} if constants is not None else set()

    def analyze(self, source: str, path: str = "<memory>", target: str | None = None) -> Analysis:
        """Analyse one document version; no exception escapes (an internal error becomes one diagnostic,
        logged once with its trace, and the caches are dropped so the next version starts clean).

        A cancelled analysis (`budget.Cancelled`, a newer version arrived) is abandoned: the caches keep
        only entries that finished, and the statement memos are put back as the last finished run left
        them, so the next version reuses all of that run's work."""
        size = oversized(source)
        if size is not None:
            limit = f"{MAX_DOCUMENT_BYTES / 1e6:.0f} MB"
            hint = diagnostic("PTO-F47c", NO_SPAN, size=f"{size / 1e6:.1f} MB", limit=limit)
            return Analysis(path=path, target=target or "a2a3", diagnostics=(hint,))
        memos = {place: replace(m) for place, m in self.body_memos.items()}
        advanced = self._memos_advanced_in_place()
        try:
            with budget.unit_budget(budget.DOCUMENT_BUDGET_S), self.graph.query():  # one query: see modules
                return self._analyze(python_text(source), path, target)
        except budget.Cancelled:
            self.body_memos = memos
            for put_back in advanced:
                put_back()
            raise
        except Exception as exc:
            log.exception("analysis of %s failed", path)
            self.reset()
            detail = f"{type(exc).__name__}: {exc}"[:300]
            return Analysis(
                path=path,
                target=target or "a2a3",
                diagnostics=(diagnostic("PTO-F47", NO_SPAN, detail=detail),),
            )

    def _memos_advanced_in_place(self) -> list[Callable[[], None]]:
        """For each statement memo a run moves to a new version in place (the recorded-reads memos of
        long bodies, the unused-variable sweeps), what puts back its versions as they stand now."""
        held: list[Recorded | IdentityMemo] = list(self.bindings.values())
        for memos in self.body_memos.values():
            held.extend(pair[1] for pair in (memos.splices, memos.checks) if pair is not None)
        return [memo.checkpoint() for memo in held]

    def drop_memos(self) -> None:
        """Forget the per-statement reuse memos (most of what a document's caches hold): they only make
        the next edit's re-analysis incremental, so a document nobody edits does not need them. The next
        analysis records them again; its result is the same (a memo never changes a result)."""
        self.body_memos.clear()
        self.flows.clear()
        self.parse_cache.statements.clear()
        self.parse_cache.bodies.clear()

    def reset(self) -> None:
        """Forget every cache (the module graph, shared with other documents, stays)."""
        self.parse_cache = ParseCache()
        self.checked.clear()
        self.kernel_cache.clear()
        self.inline_cache.clear()
        self.simplify_cache.clear()
        self.kernel_refs.clear()
        self.kernel_reads.clear()
        self.facts_changes.clear()
        self.foreign_lanes = SameInputs()
        self.readout = SameInputs()
        self.readout_last = None
        self.symbols_last = None
        self.shadows = ShadowTuples()
        self.localized.clear()
        self.foreign.clear()
        self.foreign_interned.clear()
        self.helpers_cache = None
        self.scope_calls.clear()
        self.outline_memo.clear()
        self.outline_steps = OutlineSteps()
        self.body_memos.clear()
        self.flows.clear()
        self.splice_memo = SpliceMemo(one_shot=self.one_shot)
        self.anchors = LineAnchors()
        self.rebase = Rebase(self.anchors, FOREIGN_LINE_BASE)
        self.result_bounds.clear()
        self.import_faults = None

    def _analyze(self, source: str, path: str, target: str | None) -> Analysis:
        self.anchors.update(source)
        parsed = parse_document(
            source, path if path != "<memory>" else None, self.parse_cache, self.graph, self.anchors
        )
        target = _target_of(source, target, parsed.target)
        diagnostics: list[Diagnostic] = list(parsed.diagnostics)
        faults = self._import_faults(path)  # in document lines: joined after the rebase below
        env = dict(parsed.env)
        helpers = self._helpers(parsed, path)
        module, splices = self._inline(parsed.module, helpers, env, diagnostics)
        named = functools.partial(
            dsl_function_named,
            source,
            parsed.imports,
            parsed_path(path),
            self.graph,
            module_defs=self.dsl_definitions,
        )
        # The document's own functions (spliced copies add nothing), each walked once per function object.
        self.helper_calls.next_version()
        calls = functools.partial(self.helper_calls.get, compute=statement_calls)
        diagnostics.extend(unresolved_calls(parsed.module, helpers, named, calls))
        self.graph.release_trees()  # no stage after this reads an imported module's tree
        diagnostics.extend(duplicate_window_buffers(parsed.module))
        self.function_calls.next_version()  # an unchanged function is not walked again for its calls
        every_call = functools.partial(self.function_calls.get, compute=function_calls)
        diagnostics.extend(dep_metadata_faults(parsed.module, every_call))
        diagnostics.extend(declared_alloc_faults(parsed.module, parsed.env))
        # By function object: new module constants re-parse every unit (its key holds them), so a kept
        # function was read with the same constants.
        self.function_forms.next_version()
        forms_of = functools.partial(
            self.function_forms.get, compute=functools.partial(function_forms, env=parsed.env)
        )
        diagnostics.extend(parser_forms(parsed.module, parsed.env, parsed_path(path), forms_of))
        diagnostics.extend(
            conflicting_externals(parsed.module, parsed.imports, parsed_path(path), self.graph)
        )
        originals = {
            id(s): o for s, o in zip(module.all_functions(), parsed.module.all_functions(), strict=True)
        }
        facts = self._check_functions(module, env, diagnostics, parsed.diagnostics, originals)
        module = self._simplify(module, env, facts)
        self._sweep_body_memos(module)
        if self.outline_env is not module.env_key:
            self.outline_memo.clear()  # outlining folds constants: new values, new scopes
            self.outline_steps = OutlineSteps()
            self.outline_env = module.env_key
        kernels, groups = outline(
            module, facts, env, diagnostics.append, self.outline_memo, self.outline_steps
        )
        self.cluster_checks.next_version()
        diagnostics.extend(check_clusters(module, self.cluster_checks))
        caller_group = {member: group.name for group in groups for member in group.members}
        results: list[KernelResult] = []
        live: set[tuple[object, ...]] = set()
        clean: list[KernelResult] = []
        seen: dict[tuple[str, Span], int] = {}
        env_token = hash(module.env_key)  # hashed once: the constants tuple can be long
        for item in kernels:
            fn_facts = facts[_key(item.function)]
            group = caller_group.get(item.kernel.name)
            # A kernel is re-run only when what it reads changed: its own statements, the kernel as
            # outlined, and the parse-stage facts of the names and calls in it. An edit elsewhere in a
            # 1,000-line @pl.jit body reuses every other kernel's result.
            nth = seen.get((item.kernel.name, item.kernel.span), 0)  # a helper spliced twice: two kernels
            seen[(item.kernel.name, item.kernel.span)] = nth + 1
            key = (item.kernel.name, item.kernel.span, nth, group, env_token, target)
            live.add(key)
            # One analysis and no edit after it (one_shot): no next version reuses a result, so what a
            # kernel reads is not gathered and nothing is kept.
            inputs = (
                None if self.one_shot else (item.kernel, item.lane_vars, self._kernel_inputs(item, fn_facts))
            )
            cached = self.kernel_cache.get(key) if inputs is not None else None
            if cached is None or not _same_kernel(cached, item.body, inputs):
                outcome = _unit(
                    item.kernel.name,
                    item.kernel.header,
                    diagnostics if not fn_facts.bad else [],
                    functools.partial(run_kernel, item, fn_facts, env, target, group, self.lean),
                )
                if outcome is None:  # one kernel's failure never hides the rest of the file
                    continue
                cached = (item.body, inputs, outcome)
                if inputs is not None:
                    self.kernel_cache[key] = cached
            results.append(cached[2])
            # A function with a parse error is still modelled (lanes, hovers, lenses) with the meaning the
            # user evidently intended; what later passes would say about it is not reported.
            if not fn_facts.bad:
                clean.append(cached[2])
                diagnostics.extend(cached[2].diagnostics)
        for stale in [k for k in self.kernel_cache if k not in live]:
            del self.kernel_cache[stale]
        bodies = {id(item.body) for item in kernels}
        for stale_body in [k for k in self.kernel_refs if k not in bodies]:
            del self.kernel_refs[stale_body]
        for stale_body in [k for k in self.kernel_reads if k not in bodies]:
            del self.kernel_reads[stale_body]
        self.facts_changes.clear()
        live_infos = {id(r.info) for r in results}
        for stale_info in [k for k in self.localized if k not in live_infos]:
            del self.localized[stale_info]
        live_results = {id(r) for r in results}
        for stale_result in [k for k in self.foreign if k not in live_results]:
            del self.foreign[stale_result]
        if len(self.foreign_interned) > 2 * sum(len(f[2]) for f in self.foreign.values()) + INTERNED_SLACK:
            self.foreign_interned.clear()  # what edits left behind; the kept results keep their objects
        kernel_objs = [r.kernel for r in results]
        clean_objs = [r.kernel for r in clean]
        diagnostics.extend(mixed_kernel_expanded.verify(clean_objs))
        diagnostics.extend(check_group_abi(module, clean_objs, groups))
        diagnostics.extend(check_manual_vtoc_pushes(clean_objs, groups, target))
        self.syncalls.next_version()
        diagnostics.extend(
            hard_syncall_occupancy.verify(clean_objs, [r.info for r in clean], target, self.syncalls)
        )
        self.scope_statements.next_version()
        scopes = tuple(
            s
            for s in (
                scope_infos(module, kernel_objs, self.scope_calls, self.scope_statements)
                if not self.lean
                else ()
            )
            if not is_foreign(s.span)
        )
        # Read out in document lines: each kernel's rows are rebased once and reused while its lines
        # map to the same document lines (compiler.incremental).
        rebase = self.rebase
        rebase.next_version()
        localize = self._localizer(splices, path)
        # The same kernel results while no kept line moved: the read-out of the last version as it was.
        fresh: _ReadOut
        if self.lean:
            fresh = ((), (), (), self._lanes(results), ())
        else:
            readout = (localize, self.anchors.moves, *results)
            fresh = self.readout.get(readout, lambda: self._read_out(localize, results))
            if fresh is not self.readout_last:
                self.readout_last = fresh
            else:
                rebase.keep_all()
        ops, foreign_ops, infos, lanes, regions = fresh
        placed_scopes = rebase.value(scopes)
        return Analysis(
            path=path,
            target=target,
            diagnostics=tuple(
                sorted(
                    suppressions.apply(
                        _dedupe(
                            [
                                *(
                                    rebase.value(d)
                                    for d in _outside(
                                        [localize.diagnostic(d) for d in diagnostics],
                                        parsed.faulted,
                                        parsed.diagnostics,
                                    )
                                ),
                                *faults.diagnostics,
                                *extern_path_faults(source, parsed_path(path)),  # in document lines
                            ]
                        ),
                        source,
                    ),
                    key=lambda d: (d.span.line, d.span.col),
                )
            ),
            ops=ops,
            foreign_ops=foreign_ops,
            kernels=infos,
            # From the rebased kernel infos (each cached with its kernel): only function spans are mapped.
            symbols=self._symbols(module, infos, placed_scopes) if not self.lean else (),
            lanes=lanes,
            regions=regions,
            scopes=placed_scopes,
            line_files=localize.line_files(),
            foreign_lanes=self.foreign_lanes.get(
                (localize, *results), lambda: localize.foreign_lanes(_foreign_sides(results))
            ),
            foreign_diagnostics=(
                *(f for d in diagnostics if (f := localize.foreign_diagnostic(d, rebase)) is not None),
                *faults.foreign,
            ),
        )

    def _symbols(
        self, module: ir.Module, infos: tuple[KernelInfo, ...], scopes: tuple[ScopeInfo, ...]
    ) -> tuple[SymbolInfo, ...]:
        """The document outline, the last one while the kernels' infos are the same objects and the
        functions and scopes read the same."""
        key = (outline_key(module, self.rebase.span), scopes)
        last = self.symbols_last
        if last is not None and last[0] is infos and last[1] == key:
            return last[2]
        found = symbols(module, list(infos), scopes, self.rebase.span)
        self.symbols_last = (infos, key, found)
        return found

    def _read_out(self, localize: _Localizer, results: list[KernelResult]) -> _ReadOut:
        """The kernels' ops, foreign ops, infos, lanes and regions in document lines."""
        views = [self._document_view(localize, r) for r in results]
        lanes: dict[int, set[str]] = {}
        for view in views:
            for line, lane in view[1]:
                lanes.setdefault(line, set()).update({"aic", "aiv"} if lane == "both" else {lane})
        infos = tuple(view[2] for view in views)
        return (
            tuple(op for view in views for op in view[0]),
            tuple(f for r in results for f in self._foreign_ops(localize, r)),
            infos,
            tuple(sorted((line, emk.lane_name(s)) for line, s in lanes.items())),
            tuple(region for info in infos for region in info.regions if not is_foreign(region.span)),
        )

    def _lanes(self, results: list[KernelResult]) -> tuple[tuple[int, str], ...]:
        """The lane of each document line the kernels run on, as `_read_out` gives them."""
        lanes: dict[int, set[str]] = {}
        for result in results:
            for line, lane in result.lanes:
                if line < FOREIGN_LINE_BASE:
                    lanes.setdefault(self.rebase.line(line), set()).update(
                        {"aic", "aiv"} if lane == "both" else {lane}
                    )
        return tuple(sorted((line, emk.lane_name(s)) for line, s in lanes.items()))

    def _localizer(self, splices: list[Splice], path: str) -> _Localizer:
        """The last version's localizer (and what it found) while the splices are the same: a helper
        spliced again after an edit inside it makes equal splices of the foreign helpers it calls."""
        last = self.localizer
        if (
            last is not None
            and last.path == path
            and len(last.splices) == len(splices)
            and all(a is b or a == b for a, b in zip(last.splices, splices, strict=True))
        ):
            return last
        self.localizer = _Localizer(splices, path)
        return self.localizer

    def _document_view(
        self, localize: _Localizer, result: KernelResult
    ) -> tuple[tuple[OpInfo, ...], tuple[tuple[int, str], ...], KernelInfo]:
        """A kernel result's ops, lane rows and (localized) info in document lines."""
        info = self._localized(localize, result.info)
        known = self.result_bounds.get(id(result))
        if known is None or known[0] is not result:
            known = (result, _anchor_bounds(result))
            self.result_bounds[id(result)] = known
        # A result or info with none of this document's lines gives the FOREIGN_LINE_BASE sentinel, which
        # maps to itself: it must not stand in for the last line, or a kernel whose lines moved is reused.
        placed = [b for b in (known[1], _info_bounds(info)) if b[0] < FOREIGN_LINE_BASE]
        bounds = (min(b[0] for b in placed), max(b[1] for b in placed)) if placed else known[1]

        def make() -> tuple[tuple[OpInfo, ...], tuple[tuple[int, str], ...], KernelInfo]:
            rebase = self.rebase
            ops = tuple(rebase.value(op) for op in result.ops if not is_foreign(op.span))
            lanes = tuple(
                (rebase.line(line), lane) for line, lane in result.lanes if line < FOREIGN_LINE_BASE
            )
            return ops, lanes, rebase.value(info)  # the expansion's rows too: the view renders them

        return self.rebase.cached((result, info), bounds, make)

    def _import_faults(self, path: str) -> ImportFaults:
        """The modules whose import fails (proven), found again only when the module code, its place in
        the document or an imported module changed (then the parse cache holds new constants)."""
        constants = self.parse_cache.constants
        if constants is None:
            return ImportFaults()
        lines = self.parse_cache.module_lines
        cached = self.import_faults
        if cached is None or cached[0] is not constants or cached[1] != lines:
            evaluated = self.parse_cache.module_faults
            faults = find_faults(constants[0], parsed_path(path), self.graph, lines, evaluated)
            cached = self.import_faults = (constants, lines, faults)
        return cached[2]

    def _helpers(self, parsed: ParsedDocument, path: str) -> dict[str, Helper]:
        """The inline helpers the document can call, reused while its imports are current (the constants
        cache is rebuilt exactly when an imported module changed) and its own helpers are the same."""
        own = tuple(f for f in parsed.module.functions if f.func_type in INLINE_KINDS)
        constants = self.parse_cache.constants
        cached = self.helpers_cache
        if (
            cached is not None
            and cached[0] is constants
            and cached[1] == parsed.imports
            and len(cached[2]) == len(own)
            and all(a is b for a, b in zip(cached[2], own, strict=True))
        ):
            return cached[3]
        helpers = collect_helpers(parsed.module, parsed.imports, parsed_path(path), self.graph)
        self.helpers_cache = (constants, parsed.imports, own, helpers)
        return helpers

    def _foreign_ops(self, localize: _Localizer, result: KernelResult) -> tuple[ForeignOp, ...]:
        """The ops of imported helpers a kernel runs, in their own files (reused with the kernel result)."""
        key = tuple(sorted(localize.files.items()))
        cached = self.foreign.get(id(result))
        if cached is not None and cached[0] is result and cached[1] == key:
            return cached[2]
        interned = self.foreign_interned
        found = tuple(
            interned.setdefault(f, f)
            for op in result.ops
            if is_foreign(op.span) and (f := localize.foreign_op(op, result.info.name)) is not None
        )
        self.foreign[id(result)] = (result, key, found)
        return found

    def _localized(self, localize: _Localizer, info: KernelInfo) -> KernelInfo:
        """`localize.kernel(info)`, reused while the kernel result and the helper modules are the same."""
        site = localize.splice_of(info.span) if is_foreign(info.span) else None
        key = (tuple(sorted(localize.files.items())), site.call_site if site is not None else None)
        cached = self.localized.get(id(info))
        if cached is not None and cached[0] is info and cached[1] == key:
            return cached[2]
        result = localize.kernel(info)
        self.localized[id(info)] = (info, key, result)
        return result

    def _kernel_inputs(self, item: OutlinedKernel, facts: FunctionFacts) -> tuple[object, ...]:
        """The parse-stage facts a kernel's passes read: types of its names, resolutions of its calls,
        region modes, its scope options and the parameters it uses."""
        refs = self.kernel_refs.get(id(item.body))
        if refs is None or refs[0] is not item.body:
            names, calls, loops = _kernel_refs(item.body)
            # as sets too: a check against the few keys an edit changed costs that few look-ups
            refs = (item.body, names, calls, loops, (frozenset(names), frozenset(calls), frozenset(loops)))
            self.kernel_refs[id(item.body)] = refs
        _, names, calls, loops, read = refs
        span, fn_params = item.kernel.span, item.function.params
        known = self.kernel_reads.get(id(item.body))
        if known is not None and known[0] is item.body and known[2] is fn_params and known[3] == span:
            if known[1] is facts:
                return known[4]
            # The function's facts are new this version: the inputs hold while none of the names, calls,
            # loops and the scope they read changed between the facts they were read from and these.
            old, pair = known[1], (id(known[1]), id(facts))
            found = self.facts_changes.get(pair)
            if found is None or found[0] is not old or found[1] is not facts:
                mappings = (old.types, old.calls, old.regions, old.scopes)
                found = (
                    old,
                    facts,
                    MappingChanges(mappings, (facts.types, facts.calls, facts.regions, facts.scopes)),
                )
                self.facts_changes[pair] = found
            changes = found[2]
            if (
                changes.unchanged(0, read[0])
                and changes.unchanged(1, read[1])
                and changes.unchanged(2, read[2])
                and changes.unchanged(3, (span,))
            ):
                self.kernel_reads[id(item.body)] = (item.body, facts, fn_params, span, known[4])
                return known[4]
        params = {p.name: p for p in fn_params}
        typed = tuple((n, facts.types.get(n), params.get(n)) for n in names)
        resolved = tuple(facts.calls.get(span) for span in calls)
        regions = tuple(facts.regions.get(span) for span in loops)
        inputs = (typed, resolved, regions, facts.scopes.get(span))
        self.kernel_reads[id(item.body)] = (item.body, facts, fn_params, span, inputs)
        return inputs

    def _simplify(
        self, module: ir.Module, env: dict[str, object], facts: dict[str, FunctionFacts]
    ) -> ir.Module:
        """Simplify: fold provably dead branches and 0/1-trip loops (cached per function and constants)."""
        env_key = module.env_key
        live: set[int] = set()

        def run(function: ir.Function) -> ir.Function:
            fn_facts = facts.get(_key(function))
            if fn_facts is None or function.func_type in INLINE_KINDS:
                return function
            live.add(id(function))
            cached = self.simplify_cache.get(id(function))
            if cached is None or cached[0] is not function or cached[1] != env_key:
                memos = self._body_memos(function)
                memo = memos.folds_for_next() if memos is not None else None
                folded = _unit(
                    function.name, function.header, [], lambda: simplify(function, env, memo, _spliced)
                )
                cached = (function, env_key, folded if folded is not None else function)
                self.simplify_cache[id(function)] = cached
            return cached[2]

        programs = tuple(replace(p, functions=tuple(run(f) for f in p.functions)) for p in module.programs)
        free = tuple(run(f) for f in module.functions)
        for stale in [k for k in self.simplify_cache if k not in live]:
            del self.simplify_cache[stale]
        return replace(module, programs=programs, functions=free)

    def _inline(
        self,
        module: ir.Module,
        helpers: Mapping[str, Helper],
        env: dict[str, object],
        diagnostics: list[Diagnostic],
    ) -> tuple[ir.Module, list[Splice]]:
        """InlineFunctions: splice helper calls into every other function (cached per function)."""
        helper_key = tuple(sorted((name, id(h.identity)) for name, h in helpers.items()))
        splices: list[Splice] = []
        live: set[int] = set()

        def run(function: ir.Function, members: Mapping[str, ir.Function]) -> ir.Function:
            if function.func_type in INLINE_KINDS or (not helpers and not members):
                return function
            live.add(id(function))
            key = (helper_key, tuple(sorted((n, id(f)) for n, f in members.items())))
            cached = self.inline_cache.get(id(function))
            if cached is None or cached[0] is not function or cached[1] != key:
                memos = self._body_memos(
                    function, lambda: splices_many(function.body, helpers, members, MEMO_MIN_STATEMENTS)
                )
                statements = memos.splices_for_next() if memos is not None else None
                spliced = _unit(
                    function.name,
                    function.header,
                    diagnostics,
                    lambda: inline_function(function, helpers, members, self.splice_memo, statements),
                )
                cached = (function, key, spliced if spliced is not None else InlineResult(function))
                self.inline_cache[id(function)] = cached
            result = cached[2]
            splices.extend(result.splices)
            diagnostics.extend(result.diagnostics)
            for helper in result.used:
                for name, value in helper.constants.items():
                    env.setdefault(name, value)  # the caller's own names win
            return result.function

        programs = []
        for program in module.programs:
            inline_members = {f.name: f for f in program.functions if f.func_type in INLINE_KINDS}
            functions = tuple(run(f, inline_members) for f in program.functions)
            programs.append(replace(program, functions=functions))
        free = tuple(run(f, {}) for f in module.functions)
        for stale in [k for k in self.inline_cache if k not in live]:
            del self.inline_cache[stale]
        self.splice_memo.sweep()  # keeps what this version's splices used
        return replace(module, programs=tuple(programs), functions=free), splices

    def _check_functions(
        self,
        module: ir.Module,
        env: dict[str, object],
        diagnostics: list[Diagnostic],
        parse_errors: tuple[Diagnostic, ...],
        originals: Mapping[int, ir.Function],
    ) -> dict[str, FunctionFacts]:
        """Run the parse-stage checks, reusing the results of functions whose unit did not change."""
        facts: dict[str, FunctionFacts] = {}
        module_names = frozenset(
            [f.name for f in module.functions] + [p.name for p in module.programs] + ["pl", "pld"]
        )
        live: set[int] = set()
        for program in [None, *module.programs]:
            functions = module.functions if program is None else program.functions
            members = {f.name: f for f in functions} if program is not None else {}
            # What a function's checks may read besides its own text: constants, names, sibling signatures.
            signatures = tuple(
                (f.name, f.return_type, tuple((p.name, p.default is None) for p in f.params))
                for f in members.values()
            )
            context = (module.env_key, module_names, signatures)
            for function in functions:
                live.add(id(function))
                entry = self.checked.get(id(function))
                if entry is None or entry.function is not function or entry.context != context:
                    found: list[Diagnostic] = []
                    memos = self._body_memos(function)
                    memo = (
                        memos.checks_for_next(_check_header(function, context), self.shadows)
                        if memos is not None
                        else None
                    )
                    checked = _unit(
                        function.name,
                        function.header,
                        found,
                        FunctionChecker(
                            function, env, module_names, members, found.append, memo, _spliced
                        ).run,
                    )
                    result = checked if checked is not None else FunctionFacts(bad=True)
                    if not result.bad and not _has_syntax_fault(function, parse_errors):
                        # On the function as written: a spliced helper's locals are the helper's own.
                        written = originals.get(id(function), function)
                        binds = self.bindings.setdefault((function.program, function.name), IdentityMemo())
                        binds.next_version()
                        found.extend(unused_variables(written, binds))
                        flows = self.flows.setdefault((function.program, function.name), FlowMemo())
                        found.extend(undefined_on_some_path(written, flows))
                    entry = _Checked(function, context, result, tuple(found))
                    self.checked[id(function)] = entry
                facts[_key(function)] = entry.facts
                diagnostics.extend(entry.diagnostics)
        for key in [k for k in self.checked if k not in live]:
            del self.checked[key]
        return facts

    def _body_memos(
        self, function: ir.Function, splices: Callable[[], bool] | None = None
    ) -> _BodyMemos | None:
        """The statement memos of a long function (None for a short one, re-run whole in a few ms). Long
        is long in lines or in statements: a short function that splices large helpers in is long once
        spliced, and then keeps its memos. InlineFunctions, which runs before the splice, asks with
        `splices` (the function is long with the helpers it calls), so its first run already records."""
        if self.one_shot:
            return None
        place = (function.program, function.name)
        memos = self.body_memos.get(place)
        if memos is None:
            lines = self.anchors.real_lines(function.span.line, function.span.end_line)
            long = long_body(1, lines) or many_statements(function.body)
            if not (long or (splices is not None and splices())):
                return None
            memos = self.body_memos[place] = _BodyMemos()
        return memos

    def _sweep_body_memos(self, module: ir.Module) -> None:
        """Forget the memos of functions the document no longer has."""
        places = {(f.program, f.name) for f in module.all_functions()}
        for place in [p for p in self.body_memos if p not in places]:
            del self.body_memos[place]
        for place in [p for p in self.bindings if p not in places]:
            del self.bindings[place]
        for place in [p for p in self.flows if p not in places]:
            del self.flows[place]


def _anchor_bounds(result: KernelResult) -> tuple[int, int]:
    """The first and last of this document's lines a kernel result holds (its rows lie between)."""
    lines = [op.span.line for op in result.ops] + [op.span.end_line for op in result.ops]
    lines.extend(line for line, _ in result.lanes)
    lines = [line for line in lines if line < FOREIGN_LINE_BASE]
    return (min(lines), max(lines)) if lines else (FOREIGN_LINE_BASE, FOREIGN_LINE_BASE)


def _info_bounds(info: KernelInfo) -> tuple[int, int]:
    """The first and last of this document's lines a kernel's info holds."""
    spans = [info.span, info.header]
    for region in info.regions:
        spans.extend((region.span, region.header))
        spans.extend(c.span for c in region.crossings)
    spans.extend(c.span for c in info.crossings)
    lines = [line for s in spans for line in (s.line, s.end_line) if line < FOREIGN_LINE_BASE]
    return (min(lines), max(lines)) if lines else (FOREIGN_LINE_BASE, FOREIGN_LINE_BASE)


def _check_header(function: ir.Function, context: object) -> tuple[object, ...]:
    """What a function's checks read besides its statements: the module context and its header."""
    return (
        context,
        function.decorator,
        function.func_type,
        function.strict_ssa,
        function.params,
        function.closure,
    )


@dataclass(slots=True)
class _BodyMemos:
    """One long function's statement memos, each one version deep. The name index is the current
    version's: the checks make it and Simplify, which runs on the same statements, reads it."""

    names: NameIndex = field(default_factory=NameIndex)
    splices: tuple[object, StatementSplices] | None = None  # (kept for any helpers, the memo)
    checks: tuple[object, StatementChecks] | None = None  # (the header it is valid for, the memo)
    folds: StatementFolds | None = None

    def splices_for_next(self) -> StatementSplices:
        """InlineFunctions' memo for the next run: the last one's, whatever the helpers (each step
        recorded the helpers it looked up, so an edit to one helper re-splices only its call sites)."""
        memo = self.splices[1] if self.splices is not None else StatementSplices()
        memo.next_version({})
        self.splices = (None, memo)
        return memo

    def checks_for_next(self, header: object, shadows: ShadowTuples) -> StatementChecks:
        """The checks' memo for the next run: the last one's while the header and context are the same
        (a new version of the name index Simplify reads with it); a new one shares the Analyzer's
        `shadows`."""
        self.names = self.names.next_version()
        last = self.checks
        memo = last[1] if last is not None and last[0] == header else statement_checks(shadows)
        self.checks = (header, memo)
        return memo

    def folds_for_next(self) -> StatementFolds:
        """Simplify's memo for the next run, over the current name index."""
        last = self.folds
        self.folds = last.next_version(self.names) if last is not None else StatementFolds(self.names)
        return self.folds


_RefSets = tuple[frozenset[str], frozenset[Span], frozenset[Span]]


def _kernel_refs(body: tuple[ir.Stmt, ...]) -> tuple[tuple[str, ...], tuple[Span, ...], tuple[Span, ...]]:
    """The names, call spans and loop spans of a kernel body (what its parse-stage facts are keyed by)."""
    names: set[str] = set()
    calls: list[Span] = []
    loops: list[Span] = []
    for stmt in walk_stmts(body):
        if isinstance(stmt, ir.For):
            loops.append(stmt.span)
        for expr in stmt_exprs(stmt):
            names_and_calls(expr, names, calls)
    return tuple(sorted(names)), tuple(calls), tuple(loops)


def _same_kernel(
    cached: tuple[tuple[ir.Stmt, ...], object, KernelResult], body: tuple[ir.Stmt, ...], inputs: object
) -> bool:
    return (cached[0] is body or cached[0] == body) and cached[1] == inputs


def _unit(name: str, header: Span, diagnostics: list[Diagnostic], work: Callable[[], T]) -> T | None:
    """Run one unit of work under its time budget. Past the budget: one hint on the unit. An internal
    error: one PTO-F47 on the unit, logged with its trace. Either way None, and the rest goes on."""
    try:
        with budget.unit_budget():
            return work()
    except budget.BudgetExceeded:
        diagnostics.append(diagnostic("PTO-F47b", header, unit=name))
    except Exception as exc:
        log.exception("analysis of %s failed", name)
        diagnostics.append(diagnostic("PTO-F47", header, detail=f"{type(exc).__name__}: {exc}"[:300]))
    return None


def parsed_path(path: str) -> str | None:
    """The document's file path, or None for an unsaved buffer."""
    return path if path != "<memory>" else None


@dataclass(slots=True)
class _Localizer:
    """Maps what happened inside a helper of another module back to the call site in this document."""

    splices: list[Splice]
    path: str
    files: dict[int, str] = field(init=False)  # foreign line space -> the helper module, as shown
    _innermost: dict[int, Splice | None] = field(init=False)
    # One span object per helper op: the kernels that reach a helper run its ops at the same spans.
    _local: dict[Span, Span] = field(init=False)

    def __post_init__(self) -> None:
        self._innermost = {}
        self._local = {}
        self.files = {}
        for splice in self.splices:
            space = splice.first_line // FOREIGN_LINE_BASE
            if space not in self.files:
                self.files[space] = _relative(splice.path, self.path)

    def foreign_op(self, op: OpInfo, kernel: str) -> ForeignOp | None:
        """An op of a foreign helper with its span in the helper's own file."""
        inner = self.innermost(op.span)
        if inner is None:
            return None
        span = self._local.get(op.span)
        if span is None:
            span = self._local[op.span] = op.span.shifted(
                -(op.span.line // FOREIGN_LINE_BASE) * FOREIGN_LINE_BASE
            )
        return ForeignOp(inner.path, replace(op, span=span), kernel)

    def innermost(self, span: Span) -> Splice | None:
        """The splice whose helper code holds `span`."""
        line = span.line
        if line not in self._innermost:
            self._innermost[line] = next(
                (s for s in self.splices if s.first_line <= line <= s.last_line), None
            )
        return self._innermost[line]

    def splice_of(self, span: Span) -> Splice | None:
        """The outermost call site in this document of the helper code at `span` (helpers nest)."""
        found: Splice | None = None
        for _ in range(32):
            inner = self.innermost(span)
            if inner is None:
                return found
            found = inner
            if not is_foreign(inner.call_site):
                return found
            span = inner.call_site
        return None

    def diagnostic(self, d: Diagnostic) -> Diagnostic:
        """A diagnostic located in a foreign helper is reported at its call site in this document, naming
        the helper and the line that holds it."""
        related = tuple(r for r in d.related if not is_foreign(r.span))
        if not is_foreign(d.span):
            return d if len(related) == len(d.related) else replace(d, related=related)
        inner, outer = self.innermost(d.span), self.splice_of(d.span)
        if inner is None or outer is None or is_foreign(outer.call_site):
            return replace(d, span=NO_SPAN, related=related, fixes=())
        where = self.files.get(d.span.line // FOREIGN_LINE_BASE, inner.path)
        line = d.span.line % FOREIGN_LINE_BASE
        origin = IN_INLINE_HELPER.remark(helper=inner.helper, where=where, line=line)
        here = Related(_in_own_file(d.span), HELPER_LINE, (("helper", inner.helper),), inner.path)
        related = (*related, here)
        return replace(d, span=outer.call_site, remarks=(*d.remarks, origin), related=related, fixes=())

    def foreign_diagnostic(self, d: Diagnostic, rebase: Rebase) -> ForeignDiagnostic | None:
        """A diagnostic located in a foreign helper, where the compiler reports it: on the helper's line in
        its own file, with the call site in this document (in document lines) as related information."""
        if not is_foreign(d.span):
            return None
        inner, outer = self.innermost(d.span), self.splice_of(d.span)
        if inner is None or outer is None or is_foreign(outer.call_site):
            return None
        space = d.span.line // FOREIGN_LINE_BASE
        # related locations in the same helper file stay (moved into its lines); others are not its own
        related = tuple(
            replace(r, span=_in_own_file(r.span))
            for r in d.related
            if r.span.line // FOREIGN_LINE_BASE == space
        )
        site = Related(rebase.span(outer.call_site), CALLED_FROM, (("helper", outer.helper),), self.path)
        return ForeignDiagnostic(
            inner.path, replace(d, span=_in_own_file(d.span), related=(*related, site), fixes=())
        )

    def foreign_lanes(self, lanes: Mapping[int, set[str]]) -> tuple[tuple[str, int, str], ...]:
        """The lanes of the lines of foreign helper code, in the helpers' own files: (path, line, lane)."""
        paths = {s.first_line // FOREIGN_LINE_BASE: s.path for s in self.splices}
        found = []
        for line, sides in lanes.items():
            path = paths.get(line // FOREIGN_LINE_BASE) if line >= FOREIGN_LINE_BASE else None
            if path is not None and sides:
                found.append((path, line % FOREIGN_LINE_BASE, emk.lane_name(sides)))
        return tuple(sorted(found))

    def kernel(self, info: KernelInfo) -> KernelInfo:
        """A kernel outlined from a foreign helper's scope sits at the call site; the regions and
        crossings of foreign helper code inside any kernel are not this document's."""
        regions = tuple(r for r in info.regions if not is_foreign(r.span))
        crossings = tuple(c for c in info.crossings if not is_foreign(c.span))
        if not is_foreign(info.span):
            if len(regions) == len(info.regions) and len(crossings) == len(info.crossings):
                return info
            return replace(info, regions=regions, crossings=crossings)
        splice = self.splice_of(info.span)
        site = splice.call_site if splice is not None else NO_SPAN
        return replace(info, span=site, header=site.header(), regions=regions, crossings=crossings)

    def line_files(self) -> tuple[tuple[int, int, str], ...]:
        """The line space of each helper module spliced into the document, with its path as shown: the
        expanded-kernel view names such a line `helpers.py:22` (Analysis.line_name)."""
        return tuple(
            (space * FOREIGN_LINE_BASE, (space + 1) * FOREIGN_LINE_BASE - 1, where)
            for space, where in sorted(self.files.items())
        )


def _foreign_sides(results: list[KernelResult]) -> dict[int, set[str]]:
    """The lanes of the lines of foreign helper code that the kernels run (lines past FOREIGN_LINE_BASE)."""
    sides: dict[int, set[str]] = {}
    for result in results:
        for line, lane in result.foreign:
            sides.setdefault(line, set()).update({"aic", "aiv"} if lane == "both" else {lane})
    return sides


def _in_own_file(span: Span) -> Span:
    """A span of foreign helper code in the helper's own file."""
    return span.shifted(-(span.line // FOREIGN_LINE_BASE) * FOREIGN_LINE_BASE)


def _relative(path: str, document: str) -> str:
    try:
        return str(Path(path).relative_to(Path(document).parent))
    except ValueError:
        return path


def _outside(
    diagnostics: list[Diagnostic], faulted: tuple[Span, ...], kept: tuple[Diagnostic, ...]
) -> list[Diagnostic]:
    """The diagnostics, less those inside a function whose unit does not parse (its syntax error, in
    `kept`, stands alone there until the text parses again, as when the function was not built)."""
    if not faulted:
        return diagnostics
    own = {id(d) for d in kept}
    return [
        d
        for d in diagnostics
        if id(d) in own or not any(f.line <= d.span.line <= f.end_line for f in faulted)
    ]


def _has_syntax_fault(function: ir.Function, parse_errors: tuple[Diagnostic, ...]) -> bool:
    """True when the unit parser rejected a statement of this function (e.g. `x += 1`)."""
    return any(
        d.is_error and function.span.line <= d.span.line <= function.span.end_line for d in parse_errors
    )


def _spliced(stmt: ir.Stmt) -> bool:
    """A statement of an inline helper that another module defines (spliced here, edited only there)."""
    return is_foreign(stmt.span)


def _key(function: ir.Function) -> str:
    return f"{function.program or ''}.{function.name}"


def _target_of(source: str, explicit: str | None, from_comment: str) -> str:
    return target_comment(source) or explicit or from_comment


def _dedupe(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    seen: set[tuple[object, ...]] = set()
    out: list[Diagnostic] = []
    for d in diagnostics:
        key = (d.code, d.message, d.span)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


def _discard(_diagnostic: Diagnostic) -> None:
    """A sink for what later passes would say once the program input was rejected."""


def run_kernel(
    item: OutlinedKernel,
    facts: FunctionFacts,
    env: dict[str, object],
    target: str,
    caller_group: str | None = None,
    lean: bool = False,
) -> KernelResult:
    """Run ConvertTensorToTileOps .. ExpandMixedKernel on one kernel (`caller_group`: a Group that calls it;
    `lean`: without the op infos and the expanded view that only editor features read)."""
    diagnostics: list[Diagnostic] = []
    report = diagnostics.append
    kernel = convert(item, facts, env)
    types = {op.result: op.type for op, _ in ops_of(kernel.body) if op.result}

    def gm(name: str) -> bool:
        return isinstance(facts.types.get(name), TensorType)

    def plain(name: str) -> bool:
        found = facts.types.get(name)
        return isinstance(found, TensorType) and not found.distributed

    # AtomicAddDtypeValid runs at pipeline input: its rejection is the only one the compiler gives.
    errors = atomic_add_dtype.verify(kernel, item.function.name, facts.types, target, report)
    if errors:
        report = _discard
    errors += check_put_sources(kernel, gm, plain, report)
    params = [p.name for p in item.function.params]
    # The function's own types win; a view, not a merged copy (the function's types were copied per kernel).
    errors += check_conversions(kernel, ChainMap(facts.types, types), report, target, gm, params)
    runtime = frozenset(
        p.name
        for p in item.function.params
        if item.function.decorator == "function" and isinstance(facts.types.get(p.name), ScalarType)
    )  # a @pl.function's scalar parameters stay runtime values (a @pl.jit entry's are specialised)
    errors += flatten(kernel, types, report, runtime, facts.types)
    if errors == 0:
        errors += unrolled_accumulators(kernel, types, report)
    if errors == 0:
        errors += legalize_tile_cast(kernel, ChainMap(facts.types, types), target, report)
    if errors == 0:
        errors += explicit_l0_capacity(kernel, ChainMap(facts.types, types), report)
    if errors == 0:
        errors += check_accumulator_slices(kernel, ChainMap(facts.types, types), report)
    inferred: list[Diagnostic] = []

    def report_inferred(found: Diagnostic) -> None:
        inferred.append(found)
        report(found)

    kernel = infer(kernel, report_inferred, target)
    if errors == 0 and not any(d.is_error for d in inferred):
        # InsertMxScaleAddr runs only once InferTileMemorySpace has passed.
        errors += insert_mx_scale_addr(kernel, target, report)
    kernel = canonicalize_tile_slice(kernel)
    errors += aiv_split_valid(kernel, report)
    if errors == 0:
        errors += lower(kernel, report)
    kernel = pin_no_duplicate(kernel)
    lanes = emk.assign_lanes(kernel)
    diagnostics.extend(
        lints.run(kernel, item.body, env, facts.types, lanes.op_sides if lanes.mixed else None)
    )
    expansion = emk.expand_mixed_kernel(
        kernel, lanes, report, target, caller_group, check=errors == 0, view=not lean
    )
    ops = tuple(op_infos(kernel, lanes)) if not lean else ()
    regions = tuple(region_infos(kernel, list(expansion.crossings)))
    info = KernelInfo(
        name=kernel.name,
        span=kernel.span,
        header=kernel.header,
        source_kind=kernel.source_kind,
        func_type=expansion.func_type,
        aic_name=expansion.names[0],
        aiv_name=expansion.names[1],
        group_name=expansion.names[2],
        split=kernel.split,
        crossings=expansion.crossings,
        regions=regions,
        pipe=expansion.pipe,
        expansion=expansion.view,
        dual_aiv_dispatch=expansion.dual_aiv_dispatch,
    )
    lane_items = tuple(sorted((line, emk.lane_name(s)) for line, s in lanes.line_sides.items()))
    foreign = tuple((line, lane) for line, lane in lane_items if line >= FOREIGN_LINE_BASE)
    return KernelResult(kernel, tuple(diagnostics), lane_items, ops, info, foreign)


def analyze(source: str, path: str = "<memory>", target: str | None = None) -> Analysis:
    """Analyse one document with fresh caches (the server keeps one Analyzer per document instead)."""
    return Analyzer().analyze(source, path, target)
