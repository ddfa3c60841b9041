"""`pypto-lsp check`: the same analysis as the server, printed ruff-style or as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from compiler.analysis import Analysis
from compiler.catalog import rule
from compiler.diagnostics import Diagnostic
from compiler.modules import ModuleGraph
from compiler.pipeline import Analyzer
from pypto_lsp import dsl, project_config
from pypto_lsp.config import TARGETS
from pypto_lsp.document import run_analysis


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the check subcommand."""
    parser.add_argument("paths", nargs="+", type=Path, help="files or folders (folders: DSL *.py files)")
    parser.add_argument("--format", choices=("text", "json", "github"), default="text")
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
        "--extra-path",
        action="append",
        default=[],
        type=Path,
        metavar="DIR",
        help="an extra import root for `from x import y` (like pyright's extraPaths); repeatable",
    )


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
    """A one-line progress bar on stderr, only when stderr is a terminal."""

    def __init__(self, total: int, stream: TextIO = sys.stderr) -> None:
        self.total = total
        self.stream = stream
        self.enabled = total > 1 and stream.isatty()

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
    """Files to check (explicit files always, DSL files from folders) and whether a folder was walked."""
    files: list[Path] = []
    walked = False
    for path in paths:
        if path.is_dir():
            walked = True
            files.extend(p for p in dsl.dsl_files([path]) if p not in files)
        elif path not in files:
            files.append(path)
    return files, walked


def _diagnostic_json(d: Diagnostic) -> dict[str, Any]:
    return {
        "code": d.code,
        "severity": d.severity.value,
        "message": d.message,
        "hint": d.hint,
        "line": d.span.line,
        "column": d.span.col + 1,
        "end_line": d.span.end_line,
        "end_column": d.span.end_col + 1,
        "related": [{"line": r.span.line, "column": r.span.col + 1, "message": r.message} for r in d.related],
    }


def file_json(path: str, analysis: Analysis, lanes: bool) -> dict[str, Any]:
    """The JSON record of one checked file."""
    record: dict[str, Any] = {
        "path": path,
        "target": analysis.target,
        "diagnostics": [_diagnostic_json(d) for d in analysis.diagnostics],
    }
    if lanes:
        record["lanes"] = {str(line): lane for line, lane in sorted(analysis.lanes)}
    return record


def text_lines(path: str, analysis: Analysis, lanes: bool) -> list[str]:
    """ruff-style lines `path:line:col: CODE message` (1-based), then lanes when asked."""
    out = [
        f"{path}:{d.span.line}:{d.span.col + 1}: {d.code} {d.message.splitlines()[0] if d.message else ''}"
        for d in sorted(analysis.diagnostics, key=lambda d: (d.span.line, d.span.col, d.code))
    ]
    if lanes:
        out.extend(f"{path}:{line}: lane {lane}" for line, lane in sorted(analysis.lanes))
    return out


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
    project = project_config.load(project_config.find(args.paths[0].resolve()))
    if project.errors:
        for problem in project.errors:
            print(f"pypto-lsp: {project.path}: {problem}", file=sys.stderr)
        return 2
    # Command-line values win over the project's, as ruff's do.
    environ = {**dict(project.env), **environ}
    roots = (*(p.resolve() for p in args.extra_path), *project.extra_paths)
    target = args.target or project.target
    # One module graph for the whole run: a config module imported by many files is evaluated once.
    graph = ModuleGraph(environ=environ, extra_paths=roots)
    files, walked = collect_files(args.paths)
    progress = Progress(len(files)) if walked else Progress(0)
    records: list[dict[str, Any]] = []
    counts: dict[str, int] = {}
    errors = total = 0
    for done, path in enumerate(files, start=1):
        progress.step(done, str(path))
        try:
            text = dsl.read_text(path)
        except OSError as exc:
            print(f"pypto-lsp: {path}: {exc.strerror or exc}", file=sys.stderr)
            errors += 1
            continue
        analysis = run_analysis(text, str(path), target, force=True, analyzer=Analyzer(graph=graph))
        assert analysis is not None  # forced
        kept = tuple(d for d in analysis.diagnostics if project.allows(d.code, str(path)))
        if len(kept) != len(analysis.diagnostics):
            analysis = replace(analysis, diagnostics=kept)
        errors += sum(1 for d in analysis.diagnostics if d.is_error)
        total += len(analysis.diagnostics)
        for d in analysis.diagnostics:
            counts[d.code] = counts.get(d.code, 0) + 1
        if args.format == "json":
            records.append(file_json(str(path), analysis, args.lanes))
        elif args.format == "github":
            for line in github_lines(str(path), analysis):
                print(line, file=out)
        else:
            for line in text_lines(str(path), analysis, args.lanes):
                print(line, file=out)
    progress.close()
    if args.format == "json":
        json.dump({"files": records}, out, ensure_ascii=False, indent=2)
        out.write("\n")
    elif total or len(files) > 1:
        print(f"Found {total} diagnostic(s), {errors} error(s) in {len(files)} file(s).", file=sys.stderr)
    if args.statistics and args.format != "json":
        for code, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"{count:5d}\t{code}\t{rule(code).slug}", file=out)
    if args.format == "text" and total == 0 and errors == 0:
        print("All checks passed.", file=out)
    return 1 if errors else 0
