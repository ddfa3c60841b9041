"""`pypto-lsp check` on helper modules: their lines get the lanes and the faults of the entries that reach
them, in the helper's own file (through the worker processes and the cache too)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from compiler.analysis import Analysis
from compiler.reached_helpers import merged_lanes

HELPERS = (
    "import pypto.language as pl\n"
    "\n"
    "\n"
    "@pl.jit.inline\n"
    "def gate(x: pl.Tensor, y: pl.Out[pl.Tensor]):\n"
    "    with pl.at(level=pl.Level.CORE_GROUP):\n"
    "        y[:] = pl.exp(x)\n"  # line 7: AIV
    "    return y\n"
    "\n"
    "\n"
    "@pl.jit.inline\n"
    "def project(a: pl.Tensor, b: pl.Tensor, y: pl.Out[pl.Tensor]):\n"
    "    with pl.at(level=pl.Level.CORE_GROUP):\n"
    "        y[:] = pl.matmul(a, b, out_dtype=pl.FP32)\n"  # line 14: AIC
    "    return y\n"
)
BROKEN_HELPERS = HELPERS.replace("pl.exp(x)", "pl.expo(x)")
GATE_ENTRY = (
    "import pypto.language as pl\n"
    "from helpers import gate\n"
    "\n"
    "\n"
    "@pl.jit\n"
    "def gate_entry(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
    "    y = gate(x, y)\n"  # line 7: the call site
    "    return y\n"
)
PROJECT_ENTRY = (
    "import pypto.language as pl\n"
    "from helpers import project\n"
    "\n"
    "\n"
    "@pl.jit\n"
    "def project_entry(\n"
    "    a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]\n"
    "):\n"
    "    y = project(a, b, y)\n"
    "    return y\n"
)


def _check(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pypto_lsp", "check", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
    )


def _workspace(tmp_path: Path, helpers: str = HELPERS, copies: int = 1) -> None:
    (tmp_path / "helpers.py").write_text(helpers)
    for n in range(copies):
        (tmp_path / f"gate_entry{n}.py").write_text(GATE_ENTRY)
    (tmp_path / "project_entry.py").write_text(PROJECT_ENTRY)


def _files(proc: subprocess.CompletedProcess[str]) -> dict[str, dict[str, object]]:
    return {Path(str(f["path"])).name: f for f in json.loads(proc.stdout)["files"]}


def test_a_helper_module_gets_the_lanes_of_the_entries_that_reach_it(tmp_path: Path) -> None:
    _workspace(tmp_path)
    proc = _check(tmp_path, ".", "--format", "json", "--lanes", "--no-cache")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    files = _files(proc)
    assert files["helpers.py"]["lanes"] == {"7": "aiv", "14": "aic"}
    assert files["helpers.py"]["diagnostics"] == []


def test_only_the_entries_checked_give_lanes_and_an_unchecked_helper_is_reported_too(tmp_path: Path) -> None:
    _workspace(tmp_path)
    proc = _check(tmp_path, "gate_entry0.py", "--lanes", "--no-cache")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert "helpers.py:7: lane aiv  | y[:] = pl.exp(x)" in lines
    assert not any(line.startswith("helpers.py:14:") for line in lines)  # project_entry was not checked


def test_entries_that_disagree_on_a_helper_line_give_it_both_lanes() -> None:
    aic = Analysis("a.py", "a2a3", foreign_lanes=(("pkg/helpers.py", 5, "aic"), ("pkg/helpers.py", 6, "aiv")))
    aiv = Analysis("b.py", "a2a3", foreign_lanes=(("pkg/./helpers.py", 5, "aiv"),))
    other = Analysis("c.py", "a2a3", foreign_lanes=(("pkg/other.py", 5, "aic"),))
    assert merged_lanes((), "pkg/helpers.py", [aic, aiv, other]) == ((5, "both"), (6, "aiv"))
    # the file's own entries count too
    assert merged_lanes(((6, "aic"), (9, "aiv")), "pkg/helpers.py", [aic]) == (
        (5, "aic"),
        (6, "both"),
        (9, "aiv"),
    )


def test_a_fault_in_a_helper_is_reported_on_its_own_line_and_at_the_call_site(tmp_path: Path) -> None:
    _workspace(tmp_path, BROKEN_HELPERS, copies=4)  # enough files for the worker processes
    for _ in range(2):  # the second run answers from the cache
        proc = _check(tmp_path, ".", "--format", "json", "--lanes", "-j", "2")
        assert proc.returncode == 1, proc.stdout + proc.stderr
        files = _files(proc)
        (fault,) = files["helpers.py"]["diagnostics"]  # once, though four entries reach it
        assert (fault["code"], fault["line"], fault["column"]) == ("PTO-F1", 7, 16)
        assert fault["message"] == "Unknown operation 'pl.expo'"
        sites = [(Path(r["path"]).name, r["line"]) for r in fault["related"]]
        assert ("gate_entry0.py", 7) in sites and len(sites) == 4
        assert files["helpers.py"]["lanes"]["14"] == "aic"
        (at_call,) = files["gate_entry0.py"]["diagnostics"]
        assert (at_call["code"], at_call["line"]) == ("PTO-F1", 7)
        assert at_call["message"].splitlines()[0] == fault["message"]
        (here,) = at_call["related"]
        assert (Path(here["path"]).name, here["line"], here["column"]) == ("helpers.py", 7, 16)
    assert files["project_entry.py"]["diagnostics"] == []


def test_a_noqa_on_the_helper_line_silences_it_there(tmp_path: Path) -> None:
    _workspace(tmp_path, BROKEN_HELPERS.replace("pl.expo(x)\n", "pl.expo(x)  # noqa: PTO-F1\n"))
    proc = _check(tmp_path, ".", "--no-cache")
    assert "helpers.py:7:" not in proc.stdout
    assert "gate_entry0.py:7:" in proc.stdout  # the entry's own line has no such comment


def test_a_configuration_module_that_fails_at_import_is_reported_on_its_line(tmp_path: Path) -> None:
    (tmp_path / "config.py").write_text(
        "import os\n\nVOCAB = 1000\nVOCAB_CHUNK = 64\nassert VOCAB % VOCAB_CHUNK == 0\n"
    )
    (tmp_path / "model.py").write_text(
        GATE_ENTRY.replace(
            "from helpers import gate\n", "from config import VOCAB\nfrom helpers import gate\n"
        )
    )
    (tmp_path / "helpers.py").write_text(HELPERS)
    proc = _check(tmp_path, ".", "--no-cache")
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert "model.py:2:1: PTO-F48 error: AssertionError: assert VOCAB % VOCAB_CHUNK == 0" in lines
    assert "config.py:5:1: PTO-F48 error: AssertionError: assert VOCAB % VOCAB_CHUNK == 0" in lines
    # the value fixed: silent; an unknown value: silent
    (tmp_path / "config.py").write_text(
        "import os\n\nVOCAB = int(os.environ['VOCAB'])\nassert VOCAB % 64 == 0\n"
    )
    proc = _check(tmp_path, ".", "--no-cache")
    assert proc.returncode == 0, proc.stdout
    proc = _check(tmp_path, ".", "--no-cache", "--env", "VOCAB=1000")
    assert "config.py:4:1: PTO-F48 error: AssertionError: assert VOCAB % 64 == 0" in proc.stdout.splitlines()


def test_a_fault_a_worker_process_sent_back_names_each_call_site_once(tmp_path: Path) -> None:
    """A worker's analysis arrives as JSON values (a cached one too): its related locations are the same
    locations as those found in this process, so merging both lists each call site once, whatever
    `--jobs` is."""
    from compiler.pipeline import Analyzer
    from compiler.reached_helpers import helper_diagnostics
    from pypto_lsp.check_cache import analysis_from_json, analysis_to_json, slim

    _workspace(tmp_path, BROKEN_HELPERS)
    here = slim(Analyzer().analyze(GATE_ENTRY, str(tmp_path / "gate_entry0.py")))
    sent_back = analysis_from_json(analysis_to_json(here))
    again = analysis_from_json(analysis_to_json(here))
    for entries in ([here, sent_back], [sent_back, again], [sent_back, here]):
        (fault,) = helper_diagnostics(str(tmp_path / "helpers.py"), entries)
        assert [(Path(r.path or "").name, r.span.line) for r in fault.related] == [("gate_entry0.py", 7)]
