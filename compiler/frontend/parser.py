"""Parse a document into the surface IR, unit by unit, with a cache keyed by unit text."""

from __future__ import annotations

import ast
import bisect
import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from compiler import budget, ir
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.evaluator import Dynamic, ImportFault, evaluate_statements
from compiler.frontend.builder import Builder, SpanMaker, StatementMemo, statement_memo
from compiler.frontend.consts import (
    UNKNOWN_VALUE,
    attribute_value,
    eval_expr,
    module_constants,
    resolve_globals,
    source_text,
)
from compiler.frontend.decorator_checks import check_member_decorator
from compiler.frontend.definition_forms import check_definition
from compiler.frontend.factories import selected_defs
from compiler.frontend.jit_decorator_checks import check_jit_decorator
from compiler.frontend.param_annotations import call_annotation_fault, jit_layout_view, tile_annotation_fault
from compiler.frontend.units import SplitMemo, Unit, parse_typed_lines_as_pass, split_units
from compiler.incremental import LineAnchors
from compiler.ir_walk import child_blocks, rebuilt, stored_names
from compiler.memo import long_body
from compiler.modules import ModuleGraph, ModuleSummary, parse_source, still_current
from compiler.source import Span
from compiler.syntax import dotted_name
from compiler.types import UNKNOWN, UNRANKED_TENSOR, RuntimeDim, ScalarType, TensorType, TileType, ValueType
from compiler.vocabulary import ENUMS, DTypeValue, EnumValue, target_comment, unbound_pl_class

_JIT_TYPES = {
    "jit": "Opaque",
    "jit.incore": "InCore",
    "jit.inline": "Inline",
    "jit.host": "Host",
    "jit.opaque": "Opaque",
    "jit.extern": "InCore",
    "inline": "Inline",
}


# The decorators whose parameter annotations are the types the parser deduces with: a @pl.function's, and a
# @pl.jit entry's (its arguments are host tensors, with no valid_shape); a jit helper takes its caller's types.
_AUTHORITATIVE_ANNOTATIONS = frozenset({"function", "jit"})


@dataclass(frozen=True, slots=True)
class UnitResult:
    """What one unit contributed: functions (or a program header) and its diagnostics."""

    functions: tuple[ir.Function, ...]
    diagnostics: tuple[Diagnostic, ...]
    program: tuple[str, Span, Span] | None = None  # (name, span, header) for a class header unit
    programs: tuple[ir.Program, ...] = ()  # `@pl.program` classes built inside a plain function
    faulted: bool = False  # the unit does not parse: its functions are built from the lines that do


@dataclass(slots=True)
class ParseCache:
    """Unit results keyed by (unit text, position, constants); reused across edits of one document."""

    units: dict[tuple[object, ...], UnitResult] = field(default_factory=dict)
    constants: tuple[str, tuple[ModuleSummary, ...], dict[str, object], tuple[ImportedName, ...]] | None = (
        None
    )
    module_lines: tuple[int, ...] = ()  # the document line of each line of the module code evaluated
    # The module code's tree and what makes its import fail, from the same evaluation as `constants`
    # (import_faults reads them instead of parsing and evaluating the code again).
    module_faults: tuple[ast.Module, tuple[ImportFault, ...]] | None = None
    conditional: tuple[tuple[object, ...], UnitResult] | None = None
    env_key: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, str], ...]] | None = None
    # A small number for the current env key: unit keys hold it instead of the (long) key itself, so that
    # looking a unit up does not hash every module constant again.
    env_token: tuple[tuple[tuple[str, str], ...], int] | None = None
    statements: dict[tuple[object, ...], StatementMemo] = field(default_factory=dict)  # by unit position
    bodies: dict[tuple[object, ...], _BodyRecord] = field(default_factory=dict)  # by unit position
    split: SplitMemo = field(default_factory=SplitMemo)  # the last version's units
    hits: int = 0
    misses: int = 0

    def trim(self, live: set[tuple[object, ...]]) -> None:
        """Forget units that are no longer in the document."""
        for key in [k for k in self.units if k not in live]:
            del self.units[key]
        places = {_place(key) for key in live}
        for place in [p for p in self.statements if p not in places]:
            del self.statements[place]
        for place in [p for p in self.bodies if p not in places]:
            del self.bodies[place]


def _place(key: tuple[object, ...]) -> tuple[object, ...]:
    """Where a unit starts (its first anchor, indent, kind, program) from its cache key."""
    anchors = key[1]
    return (anchors[0] if isinstance(anchors, tuple) and anchors else None, *key[2:5])


@dataclass(frozen=True, slots=True)
class ImportedName:
    """`from <level dots><module> import <name> as <local>` at module level."""

    local: str
    module: str
    level: int
    name: str


@dataclass(frozen=True, slots=True)
class ParsedDocument:
    """The surface IR of a document plus its parse-level diagnostics."""

    module: ir.Module
    env: Mapping[str, object]
    diagnostics: tuple[Diagnostic, ...]
    target: str
    imports: tuple[ImportedName, ...] = ()
    faulted: tuple[Span, ...] = ()  # functions read from units that do not parse (see _repaired)


def parse_document(
    source: str,
    path: str | None = None,
    cache: ParseCache | None = None,
    graph: ModuleGraph | None = None,
    anchors: LineAnchors | None = None,
) -> ParsedDocument:
    """Cut the document into units, parse changed units, and assemble the module IR. Lines are the
    anchors of `anchors` (already updated to `source`), else the document's own line numbers."""
    cache = cache if cache is not None else ParseCache()
    graph = graph if graph is not None else ModuleGraph()
    if anchors is None:
        anchors = LineAnchors.numbered(source)
    units = split_units(source, cache.split)
    diagnostics: list[Diagnostic] = []
    env: dict[str, object] = {}
    imports: tuple[ImportedName, ...] = ()
    module_unit = next((u for u in units if u.kind == "module"), None)
    if module_unit is not None:
        try:
            code, kept = _module_code(module_unit, units)
            cache.module_lines = tuple(kept)
            env, imports = _constants(code, path, cache, graph)
        except SyntaxError as exc:
            line = kept[exc.lineno - 1] if exc.lineno and 0 < exc.lineno <= len(kept) else exc.lineno or 1
            diagnostics.append(_syntax_diagnostic(exc, module_unit, anchors, line))
        except (ValueError, RecursionError, MemoryError):
            pass
    for unit in units:
        # Top-level defs and classes (DSL or plain Python) are module names too.
        match = _DEF_RE.search(unit.text) if unit.kind in ("def", "class") else None
        if match:
            env.setdefault(match.group(1), UNKNOWN_VALUE)
    env_key = _env_key(env, cache)
    env_token = _env_token(env_key, cache)
    live: set[tuple[object, ...]] = set()
    programs: list[tuple[str, Span, Span, list[ir.Function]]] = []
    strict_programs: set[str] = set()  # `@pl.program(strict_ssa=True)`: every member is strict
    pl_programs: set[str] = set()  # `@pl.program` classes with no decorated member so far
    free: list[ir.Function] = []
    faulted: list[Span] = []
    nested: list[ir.Program] = []
    program: str | None = None
    # The previous results by position: an edit that leaves a unit's IR equal (a trailing space, a comment)
    # keeps the old objects, so every identity-keyed cache downstream still hits.
    previous = {key[1:]: result for key, result in cache.units.items()}
    # Units the last version had: one edited now keeps statement memos from here on, however short (it
    # may splice large helpers in, and the passes downstream reuse statements by the builder's objects).
    edited_places = {_place(key) for key in cache.units}
    for unit in units:
        if unit.kind == "module":
            continue
        # Members carry their program's name, so an unchanged member keeps its IR object across edits.
        owner = program if unit.kind == "member" else None
        # Anchors, not line numbers: a unit below an inserted line keeps its key and its IR objects.
        unit_anchors = anchors.of_lines(unit.first_line, unit.last_line - unit.first_line + 1)
        key = (unit.text, tuple(unit_anchors), unit.indent, unit.kind, owner, env_token)
        live.add(key)
        result = cache.units.get(key)
        if result is None:
            cache.misses += 1
            place = _place(key)
            memo: StatementMemo | None = None
            if long_body(unit.first_line, unit.last_line) or place in edited_places:
                known = cache.statements.get(place)
                memo = known if known is not None else statement_memo()
                memo.next_version({})
                cache.statements[place] = memo
            result = None
            record = cache.bodies.pop(place, None)
            if memo is not None and record is not None and record.env_key == env_key:
                result = _reparse_body(record, unit, unit_anchors, memo, cache.bodies, place)
            if result is None:
                traced: list[_BodyRecord] = []
                reuse = (record, cache.bodies, place) if memo is not None and record is not None else None
                if reuse is not None and record is not None and record.env_key != env_key:
                    reuse = None
                result = _parse_unit(
                    unit, env, owner, unit_anchors, memo, traced if memo is not None else None, reuse
                )
                if traced and not result.faulted and len(result.functions) == 1 and not result.programs:
                    cache.bodies[place] = replace(traced[0], env_key=env_key, result=result)
                elif result.faulted and record is not None and place not in cache.bodies:
                    # A syntax error while typing: the next version re-parses against the last good build
                    # (or against the repaired one, when the repair was built from it).
                    cache.bodies[place] = record
            before = previous.get(key[1:])
            if before is not None and before == result:
                result = before
            cache.units[key] = result
        else:
            cache.hits += 1
        diagnostics.extend(result.diagnostics)
        if result.faulted:
            faulted.extend(f.span for f in result.functions)
            faulted.extend(f.span for p in result.programs for f in p.functions)
        nested.extend(result.programs)
        if result.program is not None:
            programs.append((*result.program, []))
            program = result.program[0]
            if _STRICT_PROGRAM_RE.search(unit.text):
                strict_programs.add(program)
            if _PL_PROGRAM_RE.search(unit.text):
                pl_programs.add(program)
            continue
        if unit.kind != "member":
            program = None
        elif owner is not None and _DECORATOR_LINE_RE.search(unit.text):
            pl_programs.discard(owner)  # a decorated member the model may not read (`@function`): silent
        for function in result.functions:
            if owner is not None and programs:
                programs[-1][3].append(function)
            else:
                free.append(function)
    if module_unit is not None:
        chosen = _conditional_functions(module_unit, env, env_key, cache, anchors)
        free.extend(chosen.functions)
        diagnostics.extend(chosen.diagnostics)
    cache.trim(live)
    diagnostics.extend(_empty_programs(programs, pl_programs, diagnostics))
    module = ir.Module(
        programs=tuple(
            ir.Program(
                name, tuple(_strict(fs) if name in strict_programs else fs), _program_span(span, fs), header
            )
            for name, span, header, fs in programs
        )
        + tuple(nested),
        functions=tuple(free),
        constants=tuple(env.items()),
        env_key=env_key,
    )
    target = target_comment(source) or "a2a3"
    return ParsedDocument(module, env, tuple(diagnostics), target, imports, tuple(faulted))


_PL_PROGRAM_RE = re.compile(r"^\s*@pl\.program\b", re.M)
_DECORATOR_LINE_RE = re.compile(r"^\s*@", re.M)


def _empty_programs(
    programs: list[tuple[str, Span, Span, list[ir.Function]]], pl_programs: set[str], found: list[Diagnostic]
) -> list[Diagnostic]:
    """F180: a `@pl.program` class none of whose members is decorated (silent while a syntax error hides
    members)."""
    if any(d.code == "PTO-F0" for d in found):
        return []
    return [
        diagnostic("PTO-F180", header, name=name)
        for name, _span, header, functions in programs
        if name in pl_programs and not functions
    ]


def imported_names(tree: ast.Module) -> tuple[ImportedName, ...]:
    """The names a module imports with `from x import y as z` at top level."""
    return tuple(
        ImportedName(alias.asname or alias.name, stmt.module or "", stmt.level, alias.name)
        for stmt in tree.body
        if isinstance(stmt, ast.ImportFrom)
        for alias in stmt.names
        if alias.name != "*"
    )


def module_functions(
    tree: ast.Module,
    text: str,
    env: Mapping[str, object],
    kinds: Collection[str] | None = None,
    line_offset: int = 0,
    lines: list[str] | None = None,
) -> tuple[list[ir.Function], tuple[ImportedName, ...]]:
    """The DSL functions and imported names of a whole module already parsed (an imported module's
    helpers: built from its one parse, with its evaluated values). `kinds` keeps only functions of those
    types (the others' bodies are never built); spans are `line_offset` lines down (a foreign line space)."""
    spans = SpanMaker(lines if lines is not None else text.split("\n"), line_offset, 0)
    functions = [
        fn
        for node in function_defs(tree, env)
        if (kinds is None or function_kind(node) in kinds)
        and (fn := build_function(node, spans, env)) is not None
    ]
    imports = imported_names(tree)
    return functions, imports


def function_defs(tree: ast.Module, env: Mapping[str, object]) -> list[ast.FunctionDef]:
    """The definitions `module_functions` reads, in its order: the top-level ones, then those under a
    module-level `if` that the module's values select."""
    return [*(n for n in tree.body if isinstance(n, ast.FunctionDef)), *_selected_defs(tree.body, env)]


def build_function(node: ast.FunctionDef, spans: SpanMaker, env: Mapping[str, object]) -> ir.Function | None:
    """One definition of an imported module as `module_functions` builds it (None: not a DSL function);
    what its parse would report belongs to that module's own analysis."""
    ignored: list[Diagnostic] = []
    return _function(node, spans, env, ignored.append, None)


def dsl_function_names(tree: ast.Module, env: Mapping[str, object]) -> set[str]:
    """The names of the DSL functions `module_functions` finds in a module (nothing built)."""
    return {node.name for node in function_defs(tree, env) if function_kind(node) is not None}


def _conditional_functions(
    unit: Unit, env: Mapping[str, object], env_key: object, cache: ParseCache, anchors: LineAnchors
) -> UnitResult:
    """DSL functions defined under a module-level `if`: the branch the module's values select (none when
    the condition is unknown, as the compiler would see only one of them)."""
    if "@pl." not in unit.text:
        return UnitResult((), ())
    unit_anchors = anchors.of_lines(1, unit.last_line)
    key = (unit.text, env_key, tuple(unit_anchors))
    if cache.conditional is not None and cache.conditional[0] == key:
        return cache.conditional[1]
    result = UnitResult((), ())
    if "@pl." in unit.text:
        try:
            tree = parse_source(unit.text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            tree = None
        if tree is not None:
            diagnostics: list[Diagnostic] = []
            spans = SpanMaker(unit.text.split("\n"), 0, 0, unit_anchors)
            functions = [
                fn
                for node in _selected_defs(tree.body, env)
                if (fn := _function(node, spans, env, diagnostics.append, None)) is not None
            ]
            result = UnitResult(tuple(functions), tuple(diagnostics))
    cache.conditional = (key, result)
    return result


def _selected_defs(stmts: list[ast.stmt], env: Mapping[str, object], depth: int = 0) -> list[ast.FunctionDef]:
    out: list[ast.FunctionDef] = []
    for stmt in stmts:
        if isinstance(stmt, ast.If) and depth < 8:
            test = eval_expr(stmt.test, env)
            if isinstance(test, bool | int | str):
                out.extend(_selected_defs(stmt.body if test else stmt.orelse, env, depth + 1))
        elif isinstance(stmt, ast.FunctionDef) and depth > 0:
            out.append(stmt)
    return out


def _env_token(env_key: tuple[tuple[str, str], ...], cache: ParseCache) -> int:
    """The number of this env key: the previous one's when the key is equal (compared once per version)."""
    if cache.env_token is not None and (cache.env_token[0] is env_key or cache.env_token[0] == env_key):
        return cache.env_token[1]
    token = cache.env_token[1] + 1 if cache.env_token is not None else 0
    cache.env_token = (env_key, token)
    return token


def _env_key(env: Mapping[str, object], cache: ParseCache) -> tuple[tuple[str, str], ...]:
    """A printable, hashable form of the module values (reused while they are the same objects)."""
    ids = tuple((k, id(v)) for k, v in env.items())
    if cache.env_key is not None and cache.env_key[0] == ids:
        return cache.env_key[1]
    key = tuple(sorted((k, _short_repr(v)) for k, v in env.items()))
    cache.env_key = (ids, key)
    return key


def _short_repr(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 200 else f"{text[:160]}...#{hash(text)}"


def _module_code(module_unit: Unit, units: list[Unit]) -> tuple[str, list[int]]:
    """The module-level code plus the plain Python functions and classes it may call (DSL functions are
    left out: they are not evaluated), in document order but without the lines of the units left out,
    so that a line added to a DSL function does not make it new text; and the document line of each of
    its lines."""
    text_of: dict[int, str] = {}
    module_text = module_unit.text.split("\n")
    for number in module_unit_lines(module_unit):
        if 0 < number <= len(module_text):
            text_of[number] = module_text[number - 1]
    for unit in units:
        if unit.kind not in ("def", "class") or "@pl." in unit.text or "@pld." in unit.text:
            continue
        for offset, line in enumerate(unit.text.split("\n")):
            text_of[unit.first_line + offset] = line
    kept = sorted(text_of)
    return "\n".join(text_of[number] for number in kept), kept


def module_unit_lines(unit: Unit) -> list[int]:
    """The document lines that hold module code (the module unit blanks out every other line)."""
    return list(unit.lines) if unit.lines is not None else list(range(1, unit.last_line + 1))


def _constants(
    text: str, path: str | None, cache: ParseCache, graph: ModuleGraph
) -> tuple[dict[str, object], tuple[ImportedName, ...]]:
    """The module-level values and imported names of a document, re-evaluated only when its module code
    or an imported module changes."""
    if cache.constants is not None:
        cached_text, deps, env, imports = cache.constants
        if cached_text == text:
            graph.enter_document_text(Path(path) if path else None, text)  # the stores its imports run
            if still_current(graph, deps):
                return dict(env), imports
    found: list[ModuleSummary] = []
    faults: list[ImportFault] = []
    tree = parse_source(text)
    env = module_constants(tree, path, graph, found, faults, text)
    graph.note_document_text(Path(path) if path else None, text, tree)  # the next version enters it unparsed
    imports = imported_names(tree)
    cache.constants = (text, tuple(found), env, imports)
    cache.module_faults = (tree, tuple(faults))
    return dict(env), imports


def _program_span(header_unit: Span, members: list[ir.Function]) -> Span:
    """A program spans its header unit and every member."""
    if not members:
        return header_unit
    last = max(members, key=lambda f: f.span.end_line).span
    return Span(header_unit.line, header_unit.col, last.end_line, last.end_col)


def _syntax_diagnostic(
    exc: SyntaxError, unit: Unit, anchors: LineAnchors | list[int], line: int | None = None
) -> Diagnostic:
    if isinstance(anchors, LineAnchors):
        line = anchors.anchor(line if line is not None else exc.lineno or 1)
    else:  # the unit's own anchors
        lineno = exc.lineno or 1
        line = anchors[lineno - 1] if 0 < lineno <= len(anchors) else (anchors[-1] if anchors else 1)
    col = max((exc.offset or 1) - 1, 0) + unit.indent
    end_col = col + 1
    if exc.end_lineno == exc.lineno and exc.end_offset and exc.end_offset > (exc.offset or 0):
        end_col = exc.end_offset - 1 + unit.indent
    return diagnostic("PTO-F0", Span(line, col, line, end_col), detail=exc.msg)


_STRICT_PROGRAM_RE = re.compile(r"@pl\.program\s*\([^)]*\bstrict_ssa\s*=\s*True\b")


def _strict(functions: list[ir.Function]) -> list[ir.Function]:
    """The members of a `@pl.program(strict_ssa=True)` class: each parsed with strict SSA."""
    return [f if f.strict_ssa else replace(f, strict_ssa=True) for f in functions]


_DEF_RE = re.compile(r"^\s*(?:async\s+def|def|class)\s+([A-Za-z_]\w*)", re.M)
_CLAUSE_RE = re.compile(r"(?:else|elif|except|finally)\b")
_CLASS_RE = re.compile(r"^\s*class\s+([A-Za-z_]\w*)")


def _parse_unit(
    unit: Unit,
    env: Mapping[str, object],
    program: str | None,
    anchors: list[int],
    memo: StatementMemo | None = None,
    traced: list[_BodyRecord] | None = None,
    record: tuple[_BodyRecord, dict[tuple[object, ...], _BodyRecord], tuple[object, ...]] | None = None,
) -> UnitResult:
    """The functions (or the program header) of one unit; `anchors` are the lines of its lines (a
    unit of one function leaves in `traced` what `_reparse_body` needs for the next edit; with the
    last build's `record`, a unit that does not parse is repaired and re-built statement-wise from it)."""
    first = anchors[0] if anchors else unit.first_line
    if unit.kind == "class":
        lines = unit.text.split("\n")
        for offset, line in enumerate(lines):
            match = _CLASS_RE.match(line)
            if match:
                lineno = anchors[offset] if offset < len(anchors) else first
                header = Span(lineno, match.start(1), lineno, match.end(1))
                last = anchors[-1] if anchors else unit.last_line
                return UnitResult((), (), (match.group(1), Span(first, 0, last, 0), header))
        return UnitResult((), ())
    try:
        early = _suffix_syntax_error(record[0], unit, anchors) if record is not None else None
        if early is not None:
            raise early
        # A unit's parse holds the interpreter for its whole length (60 ms for a 1,000-line body): a
        # keystroke that arrived before it cancels a stale version here, and a read is answered first.
        budget.check()
        tree = parse_source(unit.text)
    except SyntaxError as exc:
        fault = _syntax_diagnostic(exc, unit, anchors)
        if record is not None and memo is not None:
            # The statement being typed read as `pass` is one changed line against the last build: only
            # the statements around it are parsed and built (the whole unit's repaired parse gives the
            # same IR, as for any edit inside the body: `_reparse_body`).
            typed = _typed_line_as_pass(unit, exc)
            rebuilt = _reparse_body(record[0], typed, anchors, memo, *record[1:]) if typed else None
            if rebuilt is not None:
                return replace(rebuilt, diagnostics=(fault,), faulted=True)
        budget.check()  # as before the first parse
        repaired = parse_typed_lines_as_pass(unit.text, exc)
        if repaired is None:
            return UnitResult((), (fault,))
        # The statement being typed is read as `pass`: the rest of the unit keeps its IR (and every
        # result cached by it), its lanes and hovers; its own findings wait for the text to parse.
        built = _build_unit(repaired[1], replace(unit, text=repaired[0]), env, program, [], anchors, memo)
        return replace(built, diagnostics=(fault,), faulted=True)
    except (ValueError, RecursionError, MemoryError) as exc:
        # Source Python itself cannot compile (e.g. thousands of nested terms): say so, analyse the rest.
        reason = "expression nested too deeply" if isinstance(exc, RecursionError | MemoryError) else str(exc)
        span = Span(first, unit.indent, first, unit.indent + 1)
        return UnitResult((), (diagnostic("PTO-F0", span, detail=reason),))
    diagnostics: list[Diagnostic] = []
    try:
        return _build_unit(tree, unit, env, program, diagnostics, anchors, memo, traced)
    except RecursionError:
        span = Span(first, unit.indent, first, unit.indent + 1)
        return UnitResult((), (diagnostic("PTO-F0", span, detail="expression nested too deeply"),))


def _suffix_syntax_error(record: _BodyRecord, unit: Unit, anchors: list[int]) -> SyntaxError | None:
    """The syntax error Python reports for a unit whose last good build had the same header and first
    body statements: found by parsing the header and the lines after those statements only (the error
    lies after them, and Python reads the rest from the same state: no open bracket or string, at the
    body's indent). None when it cannot be told so (an error message naming a line, a tab or form feed
    in the unit, no such statement) or the shortened text parses: then the whole unit is parsed."""
    old, new = record.lines, unit.text.split("\n")
    if record.result is None or record.result.faulted or len(record.anchors) != len(old):
        return None
    if len(anchors) != len(new) or any(ch in unit.text for ch in "\t\f\r\0"):
        return None
    limit = min(len(old), len(new))
    head = 0
    while head < limit and old[head] == new[head] and record.anchors[head] == anchors[head]:
        head += 1
    ends = [last for _, last in record.ranges if last < head]  # body statements wholly before the edit
    kept = record.header_end + 1
    cut = ends[-1] + 1 if ends and ends[-1] + 1 > kept else None
    if cut is not None and not _starts_clean(new, cut, record.indent):
        cut = None
    # Inside a long compound statement: its header lines, and the lines from the nested statement the
    # edit lies in (or follows) on, are read as in the whole unit.
    nested = _nested_cut(record, head)
    if nested is not None and not _starts_clean(new, nested[1], nested[2]):
        nested = None
    if cut is None and nested is None:
        return None
    # The header of a function parsed alone reads its body as the real one does (a long parameter list
    # changes nothing after it; `async` would, so such a header is kept).
    header = new[:kept] if any("async" in line for line in new[:kept]) else [_STUB_HEADER]
    chain = [line for a, b in nested[0] for line in new[a:b]] if nested is not None else []
    window = _suffix_window(record, old, new, anchors, head)
    found: SyntaxError | None
    if window is not None:
        if nested is not None and nested[1] < window[0]:
            lines = header + chain + new[nested[1] : window[0]]
            found = _shortened_error(lines, len(header) + len(chain), nested[1])
        elif cut is not None:
            found = _shortened_error(header + new[cut : window[0]], len(header), cut)
        else:
            found = None
        if (
            found is not None
            and found is not _PARSES
            and (found.end_lineno or found.lineno or window[1]) < window[1]
        ):
            return found
    elif nested is not None:
        # Near the unit's end: the same lines on to the end, without the statements before them.
        found = _shortened_error(header + chain + new[nested[1] :], len(header) + len(chain), nested[1])
        if found is not None and found is not _PARSES:
            return found
    if cut is None:
        return None
    found = _shortened_error(new[:kept] + new[cut:], kept, cut)
    return found if found is not _PARSES else None


def _starts_clean(lines: list[str], cut: int, indent: int) -> bool:
    """The first code line from `cut` on is at `indent` and is no clause (`else:` there would belong to
    the statement cut off before it)."""
    code = next((line for line in lines[cut:] if line.strip() and not line.lstrip().startswith("#")), None)
    return (
        code is not None and len(code) - len(code.lstrip()) == indent and not _CLAUSE_RE.match(code.lstrip())
    )


def _nested_cut(record: _BodyRecord, head: int) -> tuple[list[tuple[int, int]], int, int] | None:
    """For an edit at unit line `head` inside a compound body statement: the header lines of the compound
    statements around it (ranges of unit lines, first blocks only), the start of the innermost nested
    statement at or before it, and that statement's indent; None when the edit is not inside one."""
    index = next((i for i, (_, last) in enumerate(record.ranges) if last >= head), None)
    if index is None or record.ranges[index][0] >= head:
        return None
    stmt = record.stmts[index]
    chain: list[tuple[int, int]] = []
    cut = indent = 0
    while stmt is not None:
        blocks = child_blocks(stmt)
        top = _unit_line(stmt.span, record)
        if not blocks or not blocks[0] or top is None:
            break
        starts = [_unit_line(inner.span, record) for inner in blocks[0]]
        known = [line for line in starts if line is not None]
        if len(known) != len(starts) or known != sorted(known) or known[0] > head or known[0] <= top:
            break
        k = max(i for i, line in enumerate(known) if line <= head)
        if k == len(known) - 1 and isinstance(stmt, ir.If) and stmt.orelse:
            break  # the edit may be in the else block
        chain.append((top, known[0]))
        cut, indent, stmt = known[k], blocks[0][k].span.col, blocks[0][k]
    return (chain, cut, indent) if chain else None


# A syntax error is looked for first in the lines up to a statement start at least _WINDOW_LINES unchanged
# lines after the edit (a statement that is not the first of its block: the lines before it are whole
# statements, valid and balanced, and the window is too). It is taken when it ends _WINDOW_MARGIN lines or
# more before the cut: the parser read the same tokens as in the whole unit, and the statements left out
# are read in the same state (an open bracket of the edit stays open to the end either way). Else the
# rest of the unit is parsed.
_WINDOW_LINES = 40
_WINDOW_MARGIN = 20
_PARSES = SyntaxError("parses")
_STUB_HEADER = "def _():"  # the shortened text has no syntax error


def _suffix_window(
    record: _BodyRecord, old: tuple[str, ...], new: list[str], anchors: list[int], head: int
) -> tuple[int, int] | None:
    """Where the window of `_suffix_syntax_error` ends (a unit line, exclusive) and the unit line the
    error must end before; None when no statement starts far enough after the edit."""
    limit = min(len(old), len(new)) - head
    tail = 0
    while (
        tail < limit and old[-1 - tail] == new[-1 - tail] and record.anchors[-1 - tail] == anchors[-1 - tail]
    ):
        tail += 1
    unchanged = len(old) - tail  # old lines from here on are kept as they were (moved by delta)
    target = max(unchanged, head) + _WINDOW_LINES
    at: int | None = None
    for (first, last), stmt in zip(record.ranges, record.stmts, strict=True):
        if first >= target:
            at = first
            break
        if last >= target and stmt is not None:
            at = _nested_start(stmt, target, record)
            if at is not None:
                break
    if at is None:
        return None
    end = at + len(new) - len(old)
    return end, end - _WINDOW_MARGIN


def _nested_start(stmt: ir.Stmt, target: int, record: _BodyRecord) -> int | None:
    """The unit line (0-based, old) of the first statement nested in `stmt` that starts at or after
    `target` and is not the first of its block, when its line begins with it; None when there is none."""
    for block in child_blocks(stmt):
        for k, inner in enumerate(block):
            line = _unit_line(inner.span, record)
            if k and line is not None and line >= target:
                return line
            found = _nested_start(inner, target, record)
            if found is not None:
                return found
    return None


def _unit_line(span: Span, record: _BodyRecord) -> int | None:
    """The unit line a span starts on, when its start is the first character of that line."""
    index = bisect.bisect_left(record.anchors, span.line)
    if index >= len(record.anchors) or record.anchors[index] != span.line:
        return None
    text = record.lines[index]
    return index if len(text) - len(text.lstrip()) == span.col and text.strip() else None


def _shortened_error(lines: list[str], kept: int, cut: int) -> SyntaxError | None:
    """The syntax error of the header and the lines from `cut` on, in unit lines; `_PARSES` when they
    parse; None when it cannot be told from them (a message naming a line, an error in the header)."""
    try:
        parse_source("\n".join(lines))
    except SyntaxError as exc:
        if exc.lineno is None or exc.lineno <= kept or "line" in exc.msg:
            return None
        shift = cut - kept
        end = exc.end_lineno + shift if exc.end_lineno is not None else None
        details = (exc.filename, exc.lineno + shift, exc.offset, exc.text, end, exc.end_offset)
        return type(exc)(exc.msg, details)
    except (ValueError, RecursionError, MemoryError):
        return None
    return _PARSES


def _typed_line_as_pass(unit: Unit, error: SyntaxError) -> Unit | None:
    """The unit with the line Python rejects read as `pass`: the first repair of
    `parse_typed_lines_as_pass` (None when that repair does not apply)."""
    lines = unit.text.split("\n")
    index = (error.lineno or 0) - 1
    if not 1 <= index < len(lines) or lines[index].strip() in ("", "pass"):
        return None
    line = lines[index]
    lines[index] = line[: len(line) - len(line.lstrip())] + "pass"
    return replace(unit, text="\n".join(lines))


def _build_unit(
    tree: ast.Module,
    unit: Unit,
    env: Mapping[str, object],
    program: str | None,
    diagnostics: list[Diagnostic],
    anchors: list[int],
    memo: StatementMemo | None = None,
    traced: list[_BodyRecord] | None = None,
) -> UnitResult:
    spans = SpanMaker(unit.text.split("\n"), unit.first_line - 1, unit.indent, anchors)
    functions: list[ir.Function] = []
    programs: list[ir.Program] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            trace = _Trace(diagnostics) if traced is not None and len(tree.body) == 1 else None
            function = _function(node, spans, env, diagnostics.append, program, memo, trace)
            if traced is not None and trace is not None and function is not None and trace.statements:
                traced.append(trace.record(node, spans, function))
            if function is not None:
                functions.append(function)
            elif program is None and ("@pl." in unit.text or "@pld." in unit.text):
                # `def build(cfg): @pl.program class P: ...; return P` - device code built by a factory.
                nested_functions, nested_programs = _factory_code(node, spans, env, diagnostics.append)
                functions.extend(nested_functions)
                programs.extend(nested_programs)
    return UnitResult(tuple(functions), tuple(diagnostics), programs=tuple(programs))


def _factory_code(
    node: ast.FunctionDef, spans: SpanMaker, env: Mapping[str, object], report: Callable[[Diagnostic], None]
) -> tuple[list[ir.Function], list[ir.Program]]:
    """DSL functions and programs defined in a plain function's body, typed with the values its own
    statements compute (its parameters are unknown: they come from a call we do not run)."""
    local = _factory_env(node, env)
    closure = {k: v for k, v in local.items() if k not in env or env[k] is not v}
    functions: list[ir.Function] = []
    programs: list[ir.Program] = []
    # `if IMPL == "a": @pl.jit.inline def f ... else: ...` in the factory: the branch known values select
    for stmt in [*node.body, *selected_defs(node, env)]:
        if isinstance(stmt, ast.FunctionDef):
            function = _function(stmt, spans, local, report, None)
            if function is not None:
                functions.append(_close_over(function, closure))
        elif isinstance(stmt, ast.ClassDef) and any(_is_program(d) for d in stmt.decorator_list):
            members = [
                _close_over(fn, closure)
                for item in stmt.body
                if isinstance(item, ast.FunctionDef)
                and (fn := _function(item, spans, local, report, stmt.name)) is not None
            ]
            span, header = _definition_spans(stmt, spans, "class ")
            programs.append(ir.Program(stmt.name, tuple(members), span, header))
    return functions, programs


def _close_over(function: ir.Function, closure: Mapping[str, object]) -> ir.Function:
    """The parser folds closure constants into the code; names it cannot fold are still defined."""
    own = {p.name for p in function.params} | stored_names(function.body)
    body = tuple(resolve_globals(s, closure, own) for s in function.body)
    return replace(function, body=body, closure=frozenset(closure) - own)


def _definition_spans(
    node: ast.FunctionDef | ast.ClassDef, spans: SpanMaker, keyword: str
) -> tuple[Span, Span]:
    """A definition's whole span (from its first decorator's `@`) and the span of its name."""
    span = spans.of(node)
    if node.decorator_list:
        first = spans.of(node.decorator_list[0])
        span = Span(first.line, max(first.col - 1, 0), span.end_line, span.end_col)
    line = spans.line(node.lineno)
    col = spans.col(node.lineno, node.col_offset) + len(keyword)
    return span, Span(line, col, line, col + len(node.name))


def _is_program(decorator: ast.expr) -> bool:
    return dotted_name(decorator.func if isinstance(decorator, ast.Call) else decorator) == "pl.program"


def _factory_env(node: ast.FunctionDef, env: Mapping[str, object]) -> dict[str, object]:
    """The module values plus what the factory's own plain statements compute."""
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)]
    body = [s for s in node.body if not isinstance(s, ast.FunctionDef | ast.ClassDef | ast.Return)]
    return {**env, **evaluate_statements(body, env, dict.fromkeys(params, UNKNOWN_VALUE))}


def _decorator_kind(node: ast.expr) -> tuple[str, ast.Call | None] | None:
    call = node if isinstance(node, ast.Call) else None
    name = dotted_name(call.func if call else node)
    if name is None or not name.startswith("pl."):
        return None
    kind = name[3:]
    if kind in ("function", "program") or kind in _JIT_TYPES:
        return kind, call
    return None


def _level_name(value: ast.expr) -> str:
    """The member a `level=pl.Level.X` keyword names as written, or "?" when it is not spelled so. An alias
    stays itself: the parser prints `Level.NODE`, and a host-only call under it is rejected (compiler run)."""
    dotted = dotted_name(value) or ""
    owner, _, member = dotted.rpartition(".")
    if not owner.endswith("Level") or member not in ENUMS["Level"]:
        return "?"
    return member


def function_kind(node: ast.FunctionDef) -> str | None:
    """The func_type `_function` gives a definition (None: not a DSL function), read from its decorator
    alone, without building the body."""
    for dec in node.decorator_list:
        found = _decorator_kind(dec)
        if found is None:
            continue
        decorator, call = found
        func_type = _JIT_TYPES.get(decorator, "Opaque")
        for kw in call.keywords if call is not None else ():
            if kw.arg == "type":
                dotted = dotted_name(kw.value)
                if dotted:
                    func_type = dotted.rsplit(".", 1)[-1]
        return func_type
    return None


def _function(
    node: ast.FunctionDef,
    spans: SpanMaker,
    env: Mapping[str, object],
    report: Callable[[Diagnostic], None],
    program: str | None,
    memo: StatementMemo | None = None,
    trace: _Trace | None = None,
) -> ir.Function | None:
    decorator = None
    call: ast.Call | None = None
    for dec in node.decorator_list:
        found = _decorator_kind(dec)
        if found is not None:
            decorator, call = found
            check_jit_decorator(decorator, call, dec, spans, report)
            break
    if decorator is None:
        return None
    if program is not None and call is not None:
        check_member_decorator(call, spans, report)
    if call is not None:
        check_definition(node, call, program, env, spans, report)
    func_type = _JIT_TYPES.get(decorator, "Opaque")
    attrs: list[tuple[str, object]] = []
    strict_ssa = False
    auto_scope = True
    level: str | None = None
    if call is not None:
        for kw in call.keywords:
            if kw.arg == "level":
                level = _level_name(kw.value)
            elif kw.arg == "strict_ssa" and program is None:  # ignored on a program member
                strict_ssa = isinstance(kw.value, ast.Constant) and kw.value.value is True
            elif kw.arg == "auto_scope":
                auto_scope = not (isinstance(kw.value, ast.Constant) and kw.value.value is False)
            elif kw.arg == "type":
                dotted = dotted_name(kw.value)
                if dotted:
                    func_type = dotted.rsplit(".", 1)[-1]
            elif kw.arg == "external_source" and decorator == "function":
                # Folded into the attrs as the parser does; the literal path, or None for a computed one.
                path = kw.value.value if isinstance(kw.value, ast.Constant) else None
                attrs.append(("external_source", path if isinstance(path, str) else None))
            elif kw.arg == "attrs" and isinstance(kw.value, ast.Dict):
                attrs.extend(_dict_attrs(kw.value, env))
                report(diagnostic("PTO-F43", spans.of(kw)))
    # pl.func_attr({...}) calls opening the body (after a docstring) are the current spelling of the same
    # attributes: the parser merges every one of them (_consume_func_attr_prologue).
    for leading in _func_attr_prologue(node.body):
        if leading.args and isinstance(leading.args[0], ast.Dict):
            attrs.extend(_dict_attrs(leading.args[0], env))
    builder = Builder(spans, report, memo)
    params: list[ir.Param] = []
    scalars: dict[str, str] = {}  # the dtypes of the scalar parameters so far
    positional = node.args.args
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(node.args.defaults))
    defaults.extend(node.args.defaults)
    for arg, default in [
        *zip(positional, defaults, strict=True),
        *zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True),
    ]:
        if arg.arg == "self":
            continue
        if arg.annotation is None and decorator == "function":
            report(diagnostic("PTO-F23", spans.of(arg), name=arg.arg))
        fault = _annotation_fault(arg.annotation, decorator, spans)
        if fault is not None:
            report(fault)
        elif decorator == "jit" and arg.annotation is not None and jit_layout_view(arg.annotation):
            report(diagnostic("PTO-F260", spans.of(arg.annotation), func=node.name, param=arg.arg))
        ptype, direction = annotation_type(
            arg.annotation, env, scalars if decorator in _AUTHORITATIVE_ANNOTATIONS else None
        )
        if isinstance(ptype, ScalarType) and ptype.exact:
            scalars[arg.arg] = ptype.dtype
        if direction == "InOut" and isinstance(ptype, ScalarType) and arg.annotation is not None:
            report(diagnostic("PTO-F111", spans.of(arg.annotation)))
        value = builder.expr(default) if default is not None else None
        params.append(ir.Param(arg.arg, spans.of(arg), ptype, direction, value))
    return_type = annotation_type(node.returns, env)[0] if node.returns is not None else None
    span, header = _definition_spans(node, spans, "def ")
    if trace is not None:
        trace.header_end = len(trace.diagnostics)
        body = trace.body(builder, node.body)
    else:
        body = builder.body(node.body)
    return ir.Function(
        node.name,
        decorator,
        func_type,
        tuple(params),
        body,
        span,
        header,
        program,
        tuple(attrs),
        return_type,
        strict_ssa=strict_ssa,
        auto_scope=auto_scope and dict(attrs).get("auto_scope", True) is not False,
        level=level,
    )


def _func_attr_prologue(body: list[ast.stmt]) -> list[ast.Call]:
    """The `pl.func_attr(...)` calls that open a function body, after an optional docstring."""
    start = 1 if body and _is_docstring(body[0]) else 0
    calls: list[ast.Call] = []
    for stmt in body[start:]:
        if not (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Call)
            and dotted_name(stmt.value.func) == "pl.func_attr"
        ):
            break
        calls.append(stmt.value)
    return calls


def _dict_attrs(node: ast.Dict, env: Mapping[str, object]) -> list[tuple[str, object]]:
    """The string-keyed entries of a literal attrs dict."""
    return [
        (k.value, _literal(v, env))
        for k, v in zip(node.keys, node.values, strict=False)
        if isinstance(k, ast.Constant) and isinstance(k.value, str)
    ]


def _literal(node: ast.expr, env: Mapping[str, object]) -> object:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return env.get(node.id, UNKNOWN_VALUE)
    dotted = dotted_name(node)
    if dotted and dotted.startswith(("pl.", "pld.")):
        return attribute_value(dotted)
    return eval_expr(node, env)


def _dim(node: ast.expr, env: Mapping[str, object]) -> int | str:
    if isinstance(node, ast.Call) and dotted_name(node.func) == "pl.dynamic":
        if node.args and isinstance(node.args[0], ast.Constant):
            return RuntimeDim(str(node.args[0].value))
        return "?"
    value = eval_expr(node, env)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, Dynamic):
        return RuntimeDim(value.name)  # a DynVar: the parser makes it an ir.Var, never a ConstInt
    return source_text(node)


_PYTHON_TYPES = frozenset({"int", "float", "bool", "str", "bytes", "list", "tuple", "dict"})
_BARE_TYPES = frozenset({"pl.Tensor", "pl.Tile", "pl.Scalar"})


def _annotation_fault(node: ast.expr | None, decorator: str, spans: SpanMaker) -> Diagnostic | None:
    """The first error a parameter annotation raises: Python evaluates it when it defines the function (F139
    an unknown `pl.<X>`, then F132 pl.Tensor's subscript, F254 pl.Array's), then a @pl.function's parser resolves it (F134 a
    Python type, F135 a bare DSL type)."""
    if node is None:
        return None
    subs = list(ast.walk(node))  # walked once for both questions (every parameter of every function)
    for sub in subs:
        if (
            isinstance(sub, ast.Attribute)
            and isinstance(sub.value, ast.Name)
            and sub.value.id == "pl"
            and unbound_pl_class(sub.attr)
        ):
            return diagnostic("PTO-F139", spans.of(sub), attr=sub.attr)
    for sub in subs:
        if isinstance(sub, ast.Subscript) and dotted_name(sub.value) == "pl.Tensor":
            items = sub.slice
            if not isinstance(items, ast.Tuple) or len(items.elts) not in (2, 3, 4):
                return diagnostic("PTO-F132", spans.of(sub))
        if isinstance(sub, ast.Subscript) and dotted_name(sub.value) == "pl.Array":
            items = sub.slice  # a name may hold the (extent, dtype) pair: silent
            if isinstance(items, ast.Constant | ast.List) or (
                isinstance(items, ast.Tuple)
                and len(items.elts) != 2
                and not any(isinstance(e, ast.Starred) for e in items.elts)
            ):
                return diagnostic("PTO-F254", spans.of(sub))
        if isinstance(sub, ast.Subscript) and dotted_name(sub.value) == "pl.Tile":
            fault = tile_annotation_fault(sub, spans)
            if fault is not None:
                return fault
        if isinstance(sub, ast.Call):
            fault = call_annotation_fault(sub, spans)
            if fault is not None:
                return fault
    if decorator == "function":
        if isinstance(node, ast.Name) and node.id in _PYTHON_TYPES:
            return diagnostic("PTO-F134", spans.of(node), annotation=node.id)
        if isinstance(node, ast.Attribute) and dotted_name(node) in _BARE_TYPES:
            return diagnostic("PTO-F135", spans.of(node), annotation=dotted_name(node))
        inner = (
            node.slice if isinstance(node, ast.Subscript) and dotted_name(node.value) in _DIRECTIONS else node
        )
        if (
            isinstance(inner, ast.Subscript)
            and isinstance(inner.value, ast.Name)
            and inner.value.id == "tuple"
        ):
            return diagnostic("PTO-F182", spans.of(inner))  # `tuple[...]` resolves to a list of types
    return None


_DIRECTIONS = frozenset({"pl.Out", "pl.InOut", "Out", "InOut"})


def _annotation_stride(node: ast.expr, env: Mapping[str, object]) -> tuple[int, ...] | None:
    """The static strides a pl.TensorView(stride=[...]) annotation gives; None when absent or not all static."""
    if not isinstance(node, ast.Call) or (dotted_name(node.func) or "").rsplit(".", 1)[-1] != "TensorView":
        return None
    given = next((kw.value for kw in node.keywords if kw.arg == "stride"), None)
    if not isinstance(given, ast.List | ast.Tuple) or not given.elts:
        return None
    values: list[int] = []
    for element in given.elts:
        value = eval_expr(element, env)
        if not isinstance(value, int) or isinstance(value, bool):
            return None
        values.append(value)
    return tuple(values)


def _annotation_valid(
    node: ast.expr, env: Mapping[str, object], dims: tuple[int | str, ...]
) -> tuple[int, ...] | None:
    """The static partial valid_shape a pl.TensorView(valid_shape=[...]) annotation gives; None when absent, not
    all static, of another rank, or the full shape (which the TensorType constructor drops)."""
    if not isinstance(node, ast.Call) or (dotted_name(node.func) or "").rsplit(".", 1)[-1] != "TensorView":
        return None
    given = next((kw.value for kw in node.keywords if kw.arg == "valid_shape"), None)
    if not isinstance(given, ast.List | ast.Tuple) or len(given.elts) != len(dims):
        return None
    values = tuple(eval_expr(element, env) for element in given.elts)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values) or values == dims:
        return None
    return values  # type: ignore[return-value]


@dataclass(frozen=True)
class _ViewValid:
    """What a tensor annotation's slot 3 says of its valid_shape (type_resolver._resolve_tensorview)."""

    known: bool  # the slot was read in full: no valid_shape when `valid` is None and `written` is None
    valid: tuple[int | str, ...] | None = None  # partial extents (a name or "?" where not static)
    written: tuple[int | str, ...] | None = None  # the valid_shape when its rank is not the shape's
    float_axes: tuple[int, ...] = ()  # axes naming an earlier scalar parameter of a non-integer dtype


def _view_valid(
    node: ast.expr, env: Mapping[str, object], dims: tuple[int | str, ...], scalars: Mapping[str, str]
) -> _ViewValid:
    """The valid_shape a plain tensor annotation's slot 3 gives. The parser keeps it as written: its rank is not
    checked, and a bare name resolves to an earlier parameter of any dtype; a valid_shape equal to the shape is
    dropped by the TensorType constructor (ClearRedundantFullValidShape)."""
    if not isinstance(node, ast.Call) or (dotted_name(node.func) or "").rsplit(".", 1)[-1] != "TensorView":
        # A layout (read in full: no view), or a view bound to a name, which is not followed here.
        return _ViewValid(known=isinstance(_literal(node, env), EnumValue))
    given = next((kw.value for kw in node.keywords if kw.arg == "valid_shape"), None)
    if given is None:
        return _ViewValid(known=True)
    if not isinstance(given, ast.List):
        return _ViewValid(known=False)
    if len(given.elts) != len(dims):
        written = tuple(_dim(element, env) for element in given.elts)
        return _ViewValid(known=True, valid=("?",) * len(dims), written=written)
    values: list[int | str] = []
    floats: list[int] = []
    for axis, element in enumerate(given.elts):
        if isinstance(element, ast.Name) and element.id in scalars:
            values.append(element.id)  # the parameter's Var, whatever its dtype (the parser's scope lookup)
            if scalars[element.id] not in _INTEGER_DTYPES:
                floats.append(axis)
            continue
        value = _dim(element, env)
        values.append(value if isinstance(value, int) or value in dims else "?")
    if tuple(values) == dims:
        return _ViewValid(known=True)
    return _ViewValid(known=True, valid=tuple(values), float_axes=tuple(floats))


_INTEGER_DTYPES = frozenset(
    {"INT4", "INT8", "INT16", "INT32", "INT64", "UINT4", "UINT8", "UINT16", "UINT32", "UINT64", "INDEX"}
)


def _annotation_layout(node: ast.expr, env: Mapping[str, object]) -> str | None:
    """The layout slot 3 of a tensor annotation gives (type_resolver._resolve_tensor_view_slot): a layout, a
    pl.TensorView's layout=, ND for a pl.MemRef; None when it cannot be told here."""
    if isinstance(node, ast.Call):
        head = (dotted_name(node.func) or "").rsplit(".", 1)[-1]
        if head == "MemRef":
            return "ND"
        if head != "TensorView":
            return None
        given = next((kw.value for kw in node.keywords if kw.arg == "layout"), None)
        if given is None:
            return None  # a view with no layout= is rejected (when it has a stride) or has no layout to tell
        node = given
    value = _literal(node, env)
    if isinstance(value, EnumValue) and value.enum == "TensorLayout":
        return value.member
    return None


def annotation_type(
    node: ast.expr | None, env: Mapping[str, object], scalars: Mapping[str, str] | None = None
) -> tuple[ValueType, str]:
    """Resolve a parameter annotation to a value type and a direction (In / Out / InOut); `scalars`: the
    dtypes of the scalar parameters before it (a pl.TensorView valid_shape may name them), given only where
    the annotation is the type the parser deduces with (a @pl.function's, a @pl.jit entry's; a jit helper is
    specialised to its caller's arguments)."""
    if node is None:
        return UNKNOWN, "In"
    if isinstance(node, ast.Subscript):
        head = dotted_name(node.value) or ""
        tail = head.rsplit(".", 1)[-1]
        if tail in ("Out", "InOut"):
            inner, _ = annotation_type(node.slice, env, scalars)
            return inner, tail
        items = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        if tail in ("Tensor", "DistributedTensor", "Tile") and items:
            shape_node = items[0]
            dims: tuple[int | str, ...] = ()
            if isinstance(shape_node, ast.List | ast.Tuple):
                dims = tuple(_dim(d, env) for d in shape_node.elts)
            dtype = "FP32"
            memory: str | None = None
            for extra in items[1:]:
                value = _literal(extra, env)
                if isinstance(value, DTypeValue):
                    dtype = value.name
                elif isinstance(value, EnumValue) and value.enum == "MemorySpace":
                    memory = value.member
            if tail == "Tile":
                return TileType(dims, dtype, memory), "In"
            layout = _annotation_layout(items[2], env) if len(items) >= 3 else "ND"
            stride = _annotation_stride(items[2], env) if len(items) >= 3 else None
            distributed = tail == "DistributedTensor"
            # A window's partial valid region (LowerCompositeOps reads it for pld.tensor.allreduce).
            valid = _annotation_valid(items[2], env, dims) if distributed and len(items) >= 3 else None
            if distributed or scalars is None:
                return TensorType(dims, dtype, distributed, valid=valid, layout=layout, stride=stride), "In"
            view = _view_valid(items[2], env, dims, scalars) if len(items) >= 3 else _ViewValid(True)
            return TensorType(
                dims,
                dtype,
                valid=view.valid,
                layout=layout,
                stride=stride,
                annotated=view.known and all(isinstance(d, int) or d != "?" for d in dims),
                written_valid=view.written,
                valid_float_axes=view.float_axes,
            ), "In"
        if tail == "Scalar" and items:
            value = _literal(items[0], env)
            if isinstance(value, DTypeValue):
                return ScalarType(value.name, exact=True), "In"
            return ScalarType("INDEX"), "In"
    dotted = dotted_name(node)
    if dotted in ("pl.Tensor", "pld.DistributedTensor"):
        # @pl.jit specialises on the tensors it is called with: the rank and dtype are unknown here.
        return UNRANKED_TENSOR, "In"
    if dotted and dotted.endswith(("Scalar", "INDEX", "INT32", "INT64", "FP32", "BOOL")):
        return ScalarType(), "In"
    return UNKNOWN, "In"


# ------------------------------------------------------------------ one statement re-parsed, not the unit


@dataclass(frozen=True, slots=True)
class _BodyRecord:
    """The last build of a one-function unit, statement by statement: the next edit inside the body
    re-parses only the statements around it and splices them in (rust-analyzer re-parses a block)."""

    lines: tuple[str, ...]  # the unit's text, by line
    anchors: tuple[int, ...]  # the anchor of each (a line is kept only with its text and its anchor)
    header_end: int  # the unit line (0-based) of the header's last line
    indent: int  # the body's indent within the unit text
    ranges: tuple[tuple[int, int], ...]  # each body statement's first and last unit line (0-based)
    stmts: tuple[ir.Stmt | None, ...]  # its IR (None: the docstring, or a statement the DSL lacks)
    keys: tuple[tuple[object, ...] | None, ...]  # its builder memo key
    reports: tuple[tuple[Diagnostic, ...], ...]  # what building it reported
    ends: tuple[tuple[int, int], ...]  # where it ends (line, column) in the document's line space
    header_reports: tuple[Diagnostic, ...]
    function: ir.Function
    env_key: object = None
    result: UnitResult | None = None


@dataclass(slots=True)
class _Trace:
    """Collects a function's build statement by statement (see `_BodyRecord`)."""

    diagnostics: list[Diagnostic]
    header_end: int = 0  # how many diagnostics the header reported
    statements: list[tuple[int, int, ir.Stmt | None, tuple[object, ...] | None, int, int]] = field(
        default_factory=list
    )

    def body(self, builder: Builder, nodes: list[ast.stmt]) -> tuple[ir.Stmt, ...]:
        """`builder.body(nodes)`, noting what each statement gave."""
        out: list[ir.Stmt] = []
        for index, node in enumerate(nodes):
            start = len(self.diagnostics)
            if index == 0 and _is_docstring(node):
                stmt, key = None, None
            else:
                key = builder.key(node)
                stmt = builder.stmt(node)
            if stmt is not None:
                out.append(stmt)
            self.statements.append(
                (
                    node.lineno - 1,
                    (node.end_lineno or node.lineno) - 1,
                    stmt,
                    key,
                    start,
                    len(self.diagnostics),
                )
            )
        return tuple(out)

    def record(self, node: ast.FunctionDef, spans: SpanMaker, function: ir.Function) -> _BodyRecord:
        """The record of the finished build."""
        first = node.body[0]
        return _BodyRecord(
            lines=tuple(spans.lines),
            anchors=tuple(spans.anchors or ()),
            header_end=first.lineno - 2 if first.lineno > node.lineno else len(spans.lines),
            indent=first.col_offset,
            ranges=tuple((a, b) for a, b, *_ in self.statements),
            stmts=tuple(s[2] for s in self.statements),
            keys=tuple(s[3] for s in self.statements),
            reports=tuple(tuple(self.diagnostics[s[4] : s[5]]) for s in self.statements),
            ends=tuple(_end_of(n, spans) for n in node.body),
            header_reports=tuple(self.diagnostics[: self.header_end]),
            function=function,
        )


def _is_docstring(node: ast.stmt) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def _end_of(node: ast.stmt, spans: SpanMaker) -> tuple[int, int]:
    end_line = node.end_lineno or node.lineno
    end_col = node.end_col_offset if node.end_col_offset is not None else node.col_offset
    return spans.line(end_line), spans.col(end_line, end_col)


def _parse_region(
    new: list[str], start: int, end: int, indent: int
) -> tuple[list[str], ast.Module] | _Unparsed | None:
    """Unit lines [start, end] of a body at `indent`, and their tree, when they parse alone (None when
    they do not stand alone at that indent, `_SYNTAX_ERROR` when Python rejects them)."""
    if end < start or end >= len(new):
        return None
    region = new[start : end + 1]
    if any(line.strip() and (len(line) - len(line.lstrip()) < indent) for line in region):
        return None
    if any(line.strip() and not line.startswith(" " * indent) for line in region):
        return None
    try:
        return region, parse_source("\n".join(line[indent:] for line in region))
    except SyntaxError:
        return _SYNTAX_ERROR
    except (ValueError, RecursionError, MemoryError):
        return None


def _reparse_body(
    record: _BodyRecord,
    unit: Unit,
    anchors: list[int],
    memo: StatementMemo,
    bodies: dict[tuple[object, ...], _BodyRecord],
    place: tuple[object, ...],
) -> UnitResult | None:
    """The unit rebuilt from its last build with only the body statements an edit touched re-parsed
    (and the one before and after it, which new lines may join); None when the edit is not inside the
    body, or the re-parsed text does not stand alone, and the whole unit is parsed instead."""
    old, new = record.lines, unit.text.split("\n")
    old_anchors = record.anchors
    if record.result is None or record.result.faulted or len(old_anchors) != len(old):
        return None
    if len(anchors) != len(new):
        return None
    limit = min(len(old), len(new))
    head = 0
    while head < limit and old[head] == new[head] and old_anchors[head] == anchors[head]:
        head += 1
    tail = 0
    while (
        tail < limit - head
        and old[-1 - tail] == new[-1 - tail]
        and old_anchors[-1 - tail] == anchors[-1 - tail]
    ):
        tail += 1
    if head <= record.header_end + 1 or not record.ranges:
        return None
    delta = len(new) - len(old)
    changed_last = len(old) - tail - 1  # the last old line the edit touched (may be < head: an insertion)
    ranges = record.ranges
    # The statements the edit touches, and the neighbour on a side where it touches a statement's first
    # or last line or the gap between two (new lines there may join it). An edit strictly inside one
    # statement cannot change how its neighbours read: a large statement's neighbours are not re-parsed.
    touched_end = max(changed_last, head - 1)
    first = next((i for i, (a, b) in enumerate(ranges) if b >= head), len(ranges))
    last = max((i for i, (a, b) in enumerate(ranges) if a <= touched_end), default=-1)
    last = max(last, first)
    starts_inside = first < len(ranges) and ranges[first][0] < head
    ends_inside = last < len(ranges) and touched_end < ranges[last][1]
    if first == last and starts_inside and ends_inside and not record.reports[first]:
        # Strictly inside one compound statement: only the statements of its innermost block around the
        # edit are parsed again (a keystroke in a 600-line loop parses a few lines, not the loop).
        compound = record.stmts[first]
        edit = _Edit(new, anchors, unit, head, touched_end, changed_last, delta)
        nested = _rebuilt_inside(compound, record, edit, memo) if compound is not None else None
        if isinstance(nested, _Unparsed):
            return None  # the statements around the edit do not parse: nor does the unit (it says why)
        if nested is not None:
            inside, inside_reports = nested
            key = record.keys[first]
            if key is not None:
                memo.reuse(key)  # its unchanged statements' builds live on with it (a later whole parse)
            inside_end = (inside.span.end_line, inside.span.end_col)
            inside_range = (ranges[first][0], ranges[first][1] + delta)
            made: list[ir.Stmt | None] = [inside]
            built = (made, [key], [inside_reports], [inside_range], [inside_end])
            return _spliced_body(record, new, anchors, memo, bodies, place, (first, first), built)
    first = first if starts_inside else max(first - 1, 0)
    last = min(last if ends_inside else last + 1, len(ranges) - 1)
    if first == 0:
        return None  # the first statement may be (or become) the docstring: the unit decides
    start = ranges[first][0]
    end_old = ranges[last][1]
    if end_old < changed_last:
        return None
    # The neighbours after the edit that it left as they were (a long loop after a new line) are first
    # left out: when the lines before them parse alone, those end in a whole statement with nothing
    # open, and each of them starts at the body's indent as before, so they read as they did.
    unchanged = len(old) - tail
    trimmed = last
    while trimmed > first and ranges[trimmed][0] >= unchanged:
        trimmed -= 1
    options = [(trimmed, ranges[trimmed + 1][0] + delta - 1)] if trimmed < last else []
    parsed = None
    for option_last, end in [*options, (last, end_old + delta)]:
        parsed = _parse_region(new, start, end, record.indent)
        if isinstance(parsed, tuple):
            last = option_last
            break
    if not isinstance(parsed, tuple):
        return None
    region, tree = parsed
    end = start + len(region) - 1
    indent = record.indent
    region_spans = SpanMaker(
        [line[indent:] for line in region], start, unit.indent + indent, anchors[start : end + 1]
    )
    reports: list[Diagnostic] = []
    builder = Builder(region_spans, reports.append, memo)
    stmts: list[ir.Stmt | None] = []
    keys: list[tuple[object, ...] | None] = []
    stmt_reports: list[tuple[Diagnostic, ...]] = []
    new_ranges: list[tuple[int, int]] = []
    ends: list[tuple[int, int]] = []
    try:
        for node in tree.body:
            mark = len(reports)
            keys.append(builder.key(node))
            stmts.append(builder.stmt(node))
            stmt_reports.append(tuple(reports[mark:]))
            new_ranges.append((node.lineno - 1 + start, (node.end_lineno or node.lineno) - 1 + start))
            ends.append(_end_of(node, region_spans))
    except RecursionError:
        return None
    return _spliced_body(
        record,
        new,
        anchors,
        memo,
        bodies,
        place,
        (first, last),
        (stmts, keys, stmt_reports, new_ranges, ends),
    )


@dataclass(frozen=True, slots=True)
class _Edit:
    """One edit of a unit, in unit lines: the new text and anchors, the first line that differs, the last
    old line it touched (or the one before `head`), the last old line it changed, and the lines it added."""

    new: list[str]
    anchors: list[int]
    unit: Unit
    head: int
    touched_end: int
    changed_last: int
    delta: int


_NESTING = (ir.For, ir.While, ir.With, ir.If)


# The statements around an edit, whole before it, do not parse: parsing more around them cannot repair it
# (they stay a prefix of it), so the unit is parsed, which gives Python's own message.
class _Unparsed:
    """The statements around an edit, whole before it, do not parse (see `_SYNTAX_ERROR`)."""


_SYNTAX_ERROR = _Unparsed()


def _rebuilt_inside(
    stmt: ir.Stmt, record: _BodyRecord, edit: _Edit, memo: StatementMemo
) -> tuple[ir.Stmt, tuple[Diagnostic, ...]] | _Unparsed | None:
    """A compound statement of the last build that holds the edit strictly inside, rebuilt with only the
    statements of the innermost block around the edit parsed again (with what building them reported);
    None when that cannot be told from the block alone: the whole statement is parsed then."""
    if not isinstance(stmt, _NESTING):
        return None
    blocks: list[tuple[str, tuple[ir.Stmt, ...]]] = [("body", stmt.body)]
    if isinstance(stmt, ir.If) and stmt.orelse:
        blocks.append(("orelse", stmt.orelse))
    for name, block in blocks:
        lines = [_block_lines(child, record) for child in block]
        ranges = [line for line in lines if line is not None]
        if not ranges or len(ranges) != len(lines):
            return None
        if not (ranges[0][0] < edit.head and edit.touched_end <= ranges[-1][1]):
            continue  # the edit is not in this block
        if name == "orelse" and record.lines[ranges[0][0]].lstrip().startswith("elif"):
            return None  # an `elif` does not parse alone
        found = _rebuilt_block(block, ranges, record, edit, memo)
        if not isinstance(found, tuple):
            return found
        children, last_changed, reports = found
        span = stmt.span
        old_end = block[-1].span
        if (
            last_changed
            and name == blocks[-1][0]
            # not a for's or while's `else:` after the block: the IR holds no such clause, the span does
            and (span.end_line, span.end_col) == (old_end.end_line, old_end.end_col)
        ):
            end = children[-1].span  # the statement ends where its last block does
            span = Span(span.line, span.col, end.end_line, end.end_col)
        return rebuilt(stmt, {name: children, "span": span}), reports
    return None


def _rebuilt_block(
    block: tuple[ir.Stmt, ...],
    ranges: list[tuple[int, int]],
    record: _BodyRecord,
    edit: _Edit,
    memo: StatementMemo,
) -> tuple[tuple[ir.Stmt, ...], bool, tuple[Diagnostic, ...]] | _Unparsed | None:
    """The block with the statements around the edit rebuilt (descending into the one compound statement
    that holds it strictly inside, when there is one), whether its last statement changed, and what
    building them reported."""
    head, touched_end = edit.head, edit.touched_end
    first = next((i for i, (_, b) in enumerate(ranges) if b >= head), len(ranges) - 1)
    last = max(max((i for i, (a, _) in enumerate(ranges) if a <= touched_end), default=0), first)
    starts_inside = ranges[first][0] < head
    ends_inside = touched_end < ranges[last][1]
    if first == last and starts_inside and ends_inside:
        inner = _rebuilt_inside(block[first], record, edit, memo)
        if isinstance(inner, _Unparsed):
            return inner
        if inner is not None:
            child, child_reports = inner
            return (*block[:first], child, *block[first + 1 :]), first == len(block) - 1, child_reports
    first = first if starts_inside else first - 1
    last = last if ends_inside else min(last + 1, len(ranges) - 1)
    if first < 0:
        return None  # the block's first statement: the header's span ends where it begins
    start, end_old = ranges[first][0], ranges[last][1]
    if end_old < edit.changed_last:
        return None
    end = end_old + edit.delta
    indent = block[0].span.col - edit.unit.indent
    parsed = _parse_region(edit.new, start, end, indent)
    if not isinstance(parsed, tuple):
        return parsed
    region, tree = parsed
    if not tree.body or (first == 0 and _is_docstring(tree.body[0])):
        return None  # a block's leading string is its docstring, no statement
    spans = SpanMaker(
        [line[indent:] for line in region], start, edit.unit.indent + indent, edit.anchors[start : end + 1]
    )
    reports: list[Diagnostic] = []
    builder = Builder(spans, reports.append, memo)
    made: list[ir.Stmt] = []
    try:
        for node in tree.body:
            stmt = builder.stmt(node)
            if stmt is not None:
                made.append(stmt)
    except RecursionError:
        return None
    children = (*block[:first], *made, *block[last + 1 :])
    if not children:
        return None
    return children, last == len(block) - 1, tuple(reports)


def _block_lines(stmt: ir.Stmt, record: _BodyRecord) -> tuple[int, int] | None:
    """The first and last unit line (old) of a statement of the last build, when both are known."""
    first = _unit_line(stmt.span, record)
    index = bisect.bisect_left(record.anchors, stmt.span.end_line)
    if first is None or index >= len(record.anchors) or record.anchors[index] != stmt.span.end_line:
        return None
    return first, index


def _spliced_body(
    record: _BodyRecord,
    new: list[str],
    anchors: list[int],
    memo: StatementMemo,
    bodies: dict[tuple[object, ...], _BodyRecord],
    place: tuple[object, ...],
    replaced: tuple[int, int],
    built: tuple[
        list[ir.Stmt | None],
        list[tuple[object, ...] | None],
        list[tuple[Diagnostic, ...]],
        list[tuple[int, int]],
        list[tuple[int, int]],
    ],
) -> UnitResult | None:
    """The unit of the last build with its body statements `replaced` (first, last) by the ones `built`
    (their IR, builder keys, reports, unit line ranges and ends); the record of it is kept for the next
    edit."""
    first, last = replaced
    stmts, keys, stmt_reports, new_ranges, ends = built
    ranges = record.ranges
    delta = len(new) - len(record.lines)
    # Keep the builder memo's entries of the statements reused as they are (it lives one version).
    kept = [*range(first), *range(last + 1, len(ranges))]
    for index in kept:
        key = record.keys[index]
        if key is not None:
            memo.reuse(key)
    shift = [(a + delta, b + delta) for a, b in ranges[last + 1 :]]
    all_stmts = [*record.stmts[:first], *stmts, *record.stmts[last + 1 :]]
    all_ends = [*record.ends[:first], *ends, *record.ends[last + 1 :]]
    if not all_stmts:
        return None
    function = record.function
    body = tuple(s for s in all_stmts if s is not None)
    end_line, end_col = all_ends[-1]
    span = Span(function.span.line, function.span.col, end_line, end_col)
    same = len(body) == len(function.body) and all(a is b for a, b in zip(body, function.body, strict=True))
    made = function if same and span == function.span else replace(function, body=body, span=span)
    all_reports = [*record.reports[:first], *stmt_reports, *record.reports[last + 1 :]]
    diagnostics = record.header_reports + tuple(d for group in all_reports for d in group)
    result = UnitResult((made,), diagnostics)
    bodies[place] = replace(
        record,
        lines=tuple(new),
        anchors=tuple(anchors),
        ranges=(*ranges[:first], *new_ranges, *shift),
        stmts=tuple(all_stmts),
        keys=(*record.keys[:first], *keys, *record.keys[last + 1 :]),
        reports=tuple(all_reports),
        ends=tuple(all_ends),
        function=made,
        result=result,
    )
    return result
