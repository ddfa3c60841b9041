"""`pypto-lsp check`: the same analysis as the server, printed ruff-style or as JSON."""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from compiler.analysis import Analysis
from compiler.catalog import diagnostic, rule
from compiler.diagnostics import Diagnostic
from compiler.modules import ModuleGraph
from compiler.source_files import Decoded, decode, read_bytes
from pypto_lsp import dsl, project_config
from pypto_lsp.check_cache import CACHE_DIR, CheckCache, cache_settings
from pypto_lsp.check_workers import Checked, GraphSettings, Job, check_files, default_jobs
from pypto_lsp.config import TARGETS
from pypto_lsp.files import Skipped, dsl_sources, write_fixed

# The engine, libcst and lsprotocol are imported where they are needed: a run that the cache answers
# whole never loads them (they are most of the start-up time).

log = logging.getLogger(__name__)

PROGRESS_MIN_FILES = 5


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the check subcommand."""
    parser.add_argument("paths", nargs="+", type=Path, help="files or folders (folders: DSL *.py files)")
    parser.add_argument("--format", choices=("text", "json", "github", "sarif"), default="text")
    parser.add_argument(
        "--fix",
        action="store_true",
        help="apply the safe fixes in place, then report what is left (as ruff's)",
    )
    parser.add_argument("--statistics", action="store_true", help="print the number of diagnostics per code")
    parser.add_argument("--lanes", action="store_true", help="also report the lane of every kernel line")
    parser.add_argument(
        "--target", choices=TARGETS, default=None, help="default target (a '# target:' first line wins)"
    )
    parser.add_argument(
        "--env",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an environment value that configuration modules read (os.environ / os.getenv); repeatable",
    )
    parser.add_argument(
        "--jobs",
        "-j",
        type=_positive,
        default=None,
        metavar="N",
        help="analyse files in N processes (default: one per core)",
    )
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help=f"analyse every file again, without reading or writing {CACHE_DIR}/",
    )
    parser.add_argument(
        "--extra-path",
        action="append",
        default=[],
        type=Path,
        metavar="DIR",
        help="an extra import root for `from x import y` (like pyright's extraPaths); repeatable",
    )


def _positive(value: str) -> int:
    number = int(value)
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {value}")
    return number


def parse_env(items: Sequence[str]) -> dict[str, str]:
    """`NAME=VALUE` pairs as a mapping (ValueError names the malformed one)."""
    env: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise ValueError(f"--env takes NAME=VALUE, got {item!r}")
        env[name] = value
    return env


class Progress:
    """A one-line progress bar on stderr, only when stderr is a terminal and more than a few files are
    checked."""

    def __init__(self, total: int, stream: TextIO = sys.stderr) -> None:
        self.total = total
        self.stream = stream
        self.enabled = total > PROGRESS_MIN_FILES and stream.isatty()

    def step(self, done: int, label: str) -> None:
        """Redraw the bar."""
        if not self.enabled:
            return
        width = 30
        filled = width * done // self.total
        bar = "#" * filled + "." * (width - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} {label[-40:]:<40}")
        self.stream.flush()

    def close(self) -> None:
        """Erase the bar."""
        if self.enabled:
            self.stream.write("\r" + " " * 90 + "\r")
            self.stream.flush()


def collect_files(paths: Sequence[Path]) -> tuple[list[Path], bool]:
    """Files to check (explicit files always, DSL files from folders) and whether a folder was walked; a
    file a walk cannot read (a FIFO, a device, a link out of the folder, too large) gets one line."""
    found: list[Path] = []
    walked = False
    for path in paths:
        if path.is_dir():
            walked = True
            for item in dsl_sources([path], dsl.MARKER):
                if isinstance(item, Skipped):
                    print(f"pypto-lsp: {item.path}: {item.reason}", file=sys.stderr)
                elif item[0] not in found:
                    found.append(item[0])
        elif path not in found:
            found.append(path)
    return found, walked


def _fix_json(d: Diagnostic, text: str) -> dict[str, Any] | None:
    from pypto_lsp.features import fix_edits

    fix = fix_edits.fix_of(d, text) if d.fixes else None
    if fix is None:
        return None
    return {
        "title": fix.title,
        "safe": fix.kind in fix_edits.SAFE_KINDS,
        "edits": [
            {
                "line": c.line,
                "column": c.col + 1,
                "end_line": c.end_line,
                "end_column": c.end_col + 1,
                "new_text": c.new_text,
            }
            for c in fix.changes
        ],
    }


def rule_url(code: str) -> str | None:
    """Where the rule's page is (the same link the editor shows)."""
    from pypto_lsp.features.diagnostics import code_description

    described = code_description(code)
    return described.href if described is not None else None


def _diagnostic_json(d: Diagnostic, text: str) -> dict[str, Any]:
    return {
        "code": d.code,
        "severity": d.severity.value,
        "message": d.message,
        "hint": d.hint,
        "line": d.span.line,
        "column": d.span.col + 1,
        "end_line": d.span.end_line,
        "end_column": d.span.end_col + 1,
        "related": [
            {
                "line": r.span.line,
                "column": r.span.col + 1,
                "message": r.message,
                **({"path": r.path} if r.path is not None else {}),
            }
            for r in d.related
        ],
        "fix": _fix_json(d, text),
        "url": rule_url(d.code),
    }


def file_json(path: str, analysis: Analysis, lanes: bool, text: str = "") -> dict[str, Any]:
    """The JSON record of one checked file."""
    record: dict[str, Any] = {
        "path": path,
        "target": analysis.target,
        "diagnostics": [_diagnostic_json(d, text) for d in analysis.diagnostics],
    }
    if lanes:
        record["lanes"] = {str(line): lane for line, lane in sorted(analysis.lanes)}
    return record


def text_lines(path: str, analysis: Analysis, lanes: bool, text: str = "") -> list[str]:
    """ruff-style `path:line:col: CODE severity: message` (1-based) with `= help:` under it, then the lane
    of every kernel line beside its source when asked."""
    out: list[str] = []
    for d in sorted(analysis.diagnostics, key=lambda d: (d.span.line, d.span.col, d.code)):
        first = d.message.splitlines()[0] if d.message else ""
        out.append(f"{path}:{d.span.line}:{d.span.col + 1}: {d.code} {d.severity.value}: {first}")
        if d.hint:
            out.append(f"  = help: {d.hint}")
    if lanes:
        from pypto_lsp.positions import split_lines

        source = split_lines(text)
        width = max((len(lane) for _, lane in analysis.lanes), default=0)
        for line, lane in sorted(analysis.lanes):
            code = source[line - 1].strip() if 0 < line <= len(source) else ""
            out.append(f"{path}:{line}: lane {lane:<{width}}  | {code}")
    return out


def sarif_log(results: list[tuple[str, Diagnostic]]) -> dict[str, Any]:
    """A SARIF 2.1.0 log of every diagnostic (for code-scanning uploads)."""
    codes = sorted({d.code for _, d in results})
    level = {"error": "error", "warning": "warning"}
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "pypto-lsp",
                        "informationUri": "https://github.com/hw-native-sys/pypto",
                        "rules": [
                            {
                                "id": code,
                                "name": rule(code).slug,
                                "shortDescription": {"text": rule(code).summary},
                                **({"helpUri": url} if (url := rule_url(code)) else {}),
                            }
                            for code in codes
                        ],
                    }
                },
                "results": [
                    {
                        "ruleId": d.code,
                        "ruleIndex": codes.index(d.code),
                        "level": level.get(d.severity.value, "note"),
                        "message": {"text": d.message + (f"\nhelp: {d.hint}" if d.hint else "")},
                        "locations": [
                            {
                                "physicalLocation": {
                                    "artifactLocation": {"uri": Path(path).as_posix()},
                                    "region": {
                                        "startLine": d.span.line,
                                        "startColumn": d.span.col + 1,
                                        "endLine": d.span.end_line,
                                        "endColumn": d.span.end_col + 1,
                                    },
                                }
                            }
                        ],
                    }
                    for path, d in results
                ],
            }
        ],
    }


_GITHUB_LEVEL = {"error": "error", "warning": "warning"}


def github_lines(path: str, analysis: Analysis) -> list[str]:
    """GitHub Actions workflow commands (`::error file=...,line=...::message`), one per diagnostic."""
    out = []
    for d in sorted(analysis.diagnostics, key=lambda d: (d.span.line, d.span.col, d.code)):
        level = _GITHUB_LEVEL.get(d.severity.value, "notice")
        message = (d.message.splitlines()[0] if d.message else "").replace("%", "%25")
        out.append(
            f"::{level} file={path},line={d.span.line},col={d.span.col + 1},"
            f"endLine={d.span.end_line},endColumn={d.span.end_col + 1},title={d.code}::{message}"
        )
    return out


def run(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """Check the paths; exit status 1 when any error was found, 2 when a path is missing."""
    missing = [p for p in args.paths if not p.exists()]
    for path in missing:
        print(f"pypto-lsp: {path}: no such file or directory", file=sys.stderr)
    if missing:
        return 2
    try:
        environ = parse_env(args.env)
    except ValueError as exc:
        print(f"pypto-lsp: {exc}", file=sys.stderr)
        return 2
    project = project_config.load(
        project_config.find(project_config.resolved(Path.cwd(), args.paths[0]) or args.paths[0])
    )
    if project.errors:
        for problem in project.errors:
            print(f"pypto-lsp: {project.path}: {problem}", file=sys.stderr)
        return 2
    # Command-line values win over the project's, as ruff's do.
    environ = {**dict(project.env), **environ}
    extra = [(p, project_config.resolved(Path.cwd(), p)) for p in args.extra_path]
    for given, root in extra:
        if root is None:
            print(f"pypto-lsp: --extra-path {given}: not a usable folder path", file=sys.stderr)
            return 2
    roots = (*(root for _, root in extra if root is not None), *project.extra_paths)
    target = args.target or project.target
    # Only for re-analysing what --fix changed; the workers keep one graph each for the whole run.
    graph = ModuleGraph(environ=environ, extra_paths=roots)
    files, _ = collect_files(args.paths)
    for path in args.paths:
        if path.is_dir() and not any(f.is_relative_to(path) for f in files):
            print(f"pypto-lsp: {path}: no PyPTO DSL files (none imports pypto.language)", file=sys.stderr)
    records: list[dict[str, Any]] = []
    sarif: list[tuple[str, Diagnostic]] = []
    fixed = 0
    counts: dict[str, int] = {}
    errors = total = 0
    sources: list[_Source] = []
    for path in files:
        try:
            data = read_bytes(path)  # a regular file under the size limit, as Python would decode it
        except OSError as exc:
            print(f"pypto-lsp: {path}: {exc.strerror or exc}", file=sys.stderr)
            errors += 1
            continue
        decoded = decode(data)
        text = decoded.text
        undecodable = (
            diagnostic("PTO-F0", decoded.error[0], detail=decoded.error[1]) if decoded.error else None
        )
        if undecodable is None and path in args.paths and not dsl.is_dsl(text):
            print(
                f"pypto-lsp: {path}: skipped, not a PyPTO DSL file (it does not import pypto.language)",
                file=sys.stderr,
            )
            continue
        if undecodable is not None:
            shown = (undecodable,) if project.allows(undecodable.code, str(path)) else ()
            sources.append(_Source(path, data, text, Analysis(str(path), target or "a2a3", shown)))
        else:
            sources.append(_Source(path, data, text))
    settings = GraphSettings(environ=environ, extra_paths=roots, target=target)
    analysed = _analyse_all(sources, settings, project, args)
    from compiler.reached_helpers import entries_by_file, foreign_lanes_by_file, lanes_of, reaching

    # In the files' order, not the order the workers finished in: a helper's fault lists the call sites
    # that reach it (at most MAX_CALL_SITES), the same ones whatever the number of processes.
    entries = [analysed[s.path] for s in sources if s.path in analysed]
    by_file = entries_by_file(entries)
    lanes_by_file = foreign_lanes_by_file(entries)
    reports = [(s.path, s.text, s.data, s.analysis) for s in sources]
    reports.extend((p, t, b"", a) for p, t, a in _reached_helpers(sources, entries, target))
    for path, text, data, given in reports:
        analysis = given or analysed[path]
        if given is None and args.fix:
            text, analysis, count = _apply_fixes(
                path, data, decode(data), analysis, args.paths, target, graph, project
            )
            fixed += count
        if given is None or not data:
            entries_of, lanes = reaching(by_file, str(path)), lanes_of(lanes_by_file, str(path))
            analysis = _with_reached(analysis, str(path), text, entries_of, lanes, project)
        errors += sum(1 for d in analysis.diagnostics if d.is_error)
        total += len(analysis.diagnostics)
        for d in analysis.diagnostics:
            counts[d.code] = counts.get(d.code, 0) + 1
        if args.format == "json":
            records.append(file_json(str(path), analysis, args.lanes, text))
        elif args.format == "sarif":
            sarif.extend((str(path), d) for d in analysis.diagnostics)
        elif args.format == "github":
            for line in github_lines(str(path), analysis):
                print(line, file=out)
        else:
            for line in text_lines(str(path), analysis, args.lanes, text):
                print(line, file=out)
    if args.fix:
        print(f"Fixed {fixed} diagnostic(s).", file=sys.stderr)
    if args.format == "json":
        json.dump({"files": records}, out, ensure_ascii=False, indent=2)
        out.write("\n")
    elif args.format == "sarif":
        json.dump(sarif_log(sarif), out, ensure_ascii=False, indent=2)
        out.write("\n")
    elif total or len(files) > 1:
        print(f"Found {total} diagnostic(s), {errors} error(s) in {len(files)} file(s).", file=sys.stderr)
    if args.statistics and args.format not in ("json", "sarif"):
        for code, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"{count:5d}\t{code}\t{rule(code).slug}", file=out)
    if args.format == "text" and total == 0 and errors == 0:
        print("All checks passed.", file=out)
    return 1 if errors else 0


def _with_reached(
    analysis: Analysis,
    path: str,
    text: str,
    entries: list[Analysis],
    foreign_lanes: list[tuple[int, str]],
    project: project_config.ProjectConfig,
) -> Analysis:
    """A file's analysis with what the checked entries that reach it give its lines: lanes and faults."""
    from compiler.reached_helpers import helper_diagnostics, with_foreign_lanes

    lanes = with_foreign_lanes(analysis.lanes, foreign_lanes)
    found = helper_diagnostics(path, entries, text, analysis.diagnostics)
    shown = tuple(d for d in found if project.allows(d.code, path))
    if lanes == analysis.lanes and shown == analysis.diagnostics:
        return analysis
    return replace(analysis, lanes=lanes, diagnostics=shown)


def _reached_helpers(
    sources: list[_Source], entries: list[Analysis], target: str | None
) -> list[tuple[Path, str, Analysis]]:
    """The helper modules the checked entries reach that are not checked themselves (each reported with
    the lanes and faults the entries give it)."""
    from compiler.modules import read_disk_text
    from compiler.reached_helpers import same_file

    named: dict[str, None] = {}  # each distinct path once: an entry names a helper on each of its lines
    for entry in entries:
        named.update(dict.fromkeys(p for p, _, _ in entry.foreign_lanes))
        named.update(dict.fromkeys(f.path for f in entry.foreign_diagnostics))
    found = dict.fromkeys(os.path.normpath(path) for path in named)
    out = []
    for path in found:
        if any(same_file(str(s.path), path) for s in sources):
            continue
        text = read_disk_text(Path(path)) or ""
        out.append((Path(path), text, Analysis(path, target or "a2a3")))
    return out


@dataclass(frozen=True, slots=True)
class _Source:
    """A file to report on: its bytes and text, and its analysis when it needs none (undecodable)."""

    path: Path
    data: bytes
    text: str
    analysis: Analysis | None = None


def _analyse_all(
    sources: list[_Source],
    settings: GraphSettings,
    project: project_config.ProjectConfig,
    args: argparse.Namespace,
) -> dict[Path, Analysis]:
    """The analysis of every file that needs one: from the cache when nothing it read has changed, else
    in the worker processes (the results go into the cache). A progress bar follows on a terminal."""
    todo = [s for s in sources if s.analysis is None]
    progress = Progress(len(todo))
    cache = None if args.no_cache else _open_cache(settings, project)
    found: dict[Path, Analysis] = {}
    jobs: list[Job] = []
    for source in todo:
        hit = cache.lookup(source.path, source.data) if cache is not None else None
        if hit is None:
            jobs.append(Job(source.path, source.text))
        else:
            found[source.path] = hit
            progress.step(len(found), str(source.path))
    data = {s.path: s.data for s in todo}

    def done(checked: Checked) -> None:
        found[checked.path] = checked.analysis
        if cache is not None:
            cache.store(checked.path, data[checked.path], checked.analysis, checked.deps)
        progress.step(len(found), str(checked.path))

    try:
        check_files(jobs, settings, args.jobs or default_jobs(), done)
    finally:
        progress.close()
        if cache is not None:
            log.info("%d of %d files unchanged since the last run (%s)", cache.hits, len(todo), cache.folder)
            cache.save()
    return {path: _allowed(analysis, project) for path, analysis in found.items()}


def _open_cache(settings: GraphSettings, project: project_config.ProjectConfig) -> CheckCache:
    """The cache of these settings, in the project's folder (where its pyproject.toml is) or here."""
    root = project.path.parent if project.path is not None else Path.cwd()
    return CheckCache(root, cache_settings(settings.target, settings.environ, settings.extra_paths))


def _allowed(analysis: Analysis, project: project_config.ProjectConfig) -> Analysis:
    """The analysis without the codes the project configuration turns off."""
    kept = tuple(d for d in analysis.diagnostics if project.allows(d.code, analysis.path))
    return analysis if len(kept) == len(analysis.diagnostics) else replace(analysis, diagnostics=kept)


def _analyse(
    path: Path, text: str, target: str | None, graph: ModuleGraph, project: project_config.ProjectConfig
) -> Analysis:
    """One file's analysis in this process, without the codes the project configuration turns off."""
    from compiler.pipeline import Analyzer
    from pypto_lsp.document import run_analysis

    analysis = run_analysis(
        text, str(path), target, force=True, analyzer=Analyzer(graph=graph, one_shot=True, lean=True)
    )
    assert analysis is not None  # forced
    return _allowed(analysis, project)


_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def _apply_fixes(
    path: Path,
    data: bytes,
    decoded: Decoded,
    analysis: Analysis,
    given: Sequence[Path],
    target: str | None,
    graph: ModuleGraph,
    project: project_config.ProjectConfig,
) -> tuple[str, Analysis, int]:
    """Apply the safe fixes of the reported diagnostics (repeatedly, as a fix can enable another), then
    write the file once (see `files.write_fixed`); when it cannot be written, report it as it is."""
    from pypto_lsp.features import fix_edits

    original, text, fixed_analysis = decoded.text, decoded.text, analysis
    first_break = _LINE_BREAK.search(text)
    newline = first_break.group() if first_break else "\n"  # fixes keep the file's line endings
    count = 0
    for _ in range(5):
        changes: list[fix_edits.TextChange] = []
        applied = 0
        for d in fixed_analysis.diagnostics:
            fix = fix_edits.fix_of(d, text) if d.fixes else None
            if fix is not None and fix.kind in fix_edits.SAFE_KINDS:
                changes.extend(replace(c, new_text=c.new_text.replace("\n", newline)) for c in fix.changes)
                applied += 1
        if not changes:
            break
        new_text = fix_edits.apply(text, changes)
        if new_text == text:
            break
        text = new_text
        count += applied
        fixed_analysis = _analyse(path, text, target, graph, project)
    if text == original:
        return original, analysis, 0
    try:
        refused = write_fixed(path, data, decoded.encode(text), given)
    except ValueError as exc:
        refused = f"not fixed: {exc}"
    if refused is not None:
        print(f"pypto-lsp: {path}: {refused}", file=sys.stderr)
        return original, analysis, 0
    return text, fixed_analysis, count
