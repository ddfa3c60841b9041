"""Lanes, line by line, against the real compiler's recorded runs on kernels written in a library's style.

tests/data/lanes_lib holds a small library (a config module, a module of inline helpers only, entry modules
that import both). tests/data/lanes_lib.oracle.json is what the compiler built from upstream e2d0f78 gave
for every entry (`scripts/lane_compare.py oracle tests/data/lanes_lib ... --per-file`): its verdict and
the lane of every line of every file its statements come from, helper modules included. pypto-lsp's
`check --lanes` must give every line of every accepted file and helper module the same lane, and no error.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
from pathlib import Path

import pytest

from pypto_lsp import cli
from tests.script_loader import load_script

ROOT = Path(__file__).parent / "data" / "lanes_lib"
ORACLE = Path(__file__).parent / "data" / "lanes_lib.oracle.json"


def _ours(monkeypatch: pytest.MonkeyPatch) -> dict[str, dict[str, object]]:
    """`pypto-lsp check --lanes --format json` on every DSL file of the library, keyed by relative path."""
    monkeypatch.chdir(ROOT)
    files = sorted(str(p.relative_to(ROOT)) for p in ROOT.rglob("*.py") if "pypto.language" in p.read_text())
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    out = io.StringIO()
    with contextlib.redirect_stderr(io.StringIO()):
        cli.run(parser.parse_args(["--lanes", "--format", "json", "--no-cache", *files]), out)
    return {f["path"]: f for f in json.loads(out.getvalue())["files"]}


@pytest.fixture(scope="module")
def compiler() -> tuple[dict[str, bool | None], dict[str, dict[int, str]], list[str], int]:
    results = json.loads(ORACLE.read_text())  # recorded with the compiler built from source
    side: tuple[dict[str, bool | None], dict[str, dict[int, str]], list[str], int]
    side = load_script("lane_compare").compiler_side(results)
    return side


def test_the_recording_covers_entries_and_a_helper_module(compiler) -> None:  # type: ignore[no-untyped-def]
    verdicts, theirs, _, entries = compiler
    assert entries >= 3 and all(verdicts.values())
    # The helper module's lines also get lanes from the entries of another module that inline them.
    reached = {
        key.rsplit(":", 1)[0]
        for name, res in json.loads(ORACLE.read_text()).items()
        for key in res.get("lanes", {})
        if key.rsplit(":", 1)[0] != name.split("::")[0]
    }
    assert "models/tiny/norm.py" in reached and theirs["models/tiny/norm.py"]


def test_every_line_has_the_compilers_lane(compiler, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    verdicts, theirs, helpers, _ = compiler
    ours = _ours(monkeypatch)
    for path in [*sorted(p for p, v in verdicts.items() if v), *helpers]:
        record = ours[path]
        errors = [d for d in record["diagnostics"] if d["severity"] == "error"]  # type: ignore[union-attr]
        assert errors == [], path
        mine = {int(k): v for k, v in record.get("lanes", {}).items()}  # type: ignore[union-attr]
        assert mine == theirs.get(path, {}), path


def test_chunked_runs_keep_a_files_own_lanes() -> None:
    """A later chunk that reaches a file as a helper adds its lanes; it does not overwrite the file's own."""
    merge = load_script("lane_compare").merge_chunks
    own = {"path": "a.py", "lanes": {"3": "aic", "4": "aiv"}, "diagnostics": [{"severity": "error"}]}
    as_helper = {"path": "a.py", "lanes": {"4": "aic"}, "diagnostics": [{"severity": "warning"}]}
    got = merge([(["a.py"], [own]), (["b.py"], [{"path": "b.py", "lanes": {}}, as_helper])])
    assert got["a.py"]["lanes"] == {"3": "aic", "4": "both"}
    assert got["a.py"]["diagnostics"] == [{"severity": "error"}]
    assert got["b.py"]["lanes"] == {}
