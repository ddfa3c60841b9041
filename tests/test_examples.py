"""The shipped examples: each reports exactly its one deliberate fault, and the engine survives edits."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import compiler
from compiler.diagnostics import Severity

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"

# The error codes each example must report: exactly its `# FAULT:` line, nothing else.
EXPECTED: dict[str, set[str]] = {
    "matmul_softmax.py": {"PTO-F1"},  # unknown operation pl.row_mean
    "attention.py": {"PTO-AV-G"},  # region reads the matmul result without pl.aiv_shard
    "gemv.py": {"PTO-F15"},  # gemv inner (K) dimension mismatch
    "spmd_elementwise.py": {"PTO-F11"},  # with pl.spmd body never reads the block index
    "manual_split.py": {"PTO-AV-E"},  # vector op outside every pl.split_aiv region
    "handwritten_pipe.py": {"PTO-MK17"},  # tpop_from_aic without tfree_to_aic
}

NAMES = sorted(EXPECTED)


def _text(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


def _error_codes(source: str, path: str) -> set[str]:
    analysis = compiler.analyze(source, path)
    return {d.code for d in analysis.diagnostics if d.severity is Severity.ERROR}


def test_every_example_is_listed() -> None:
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == NAMES


@pytest.mark.engine
@pytest.mark.parametrize("name", NAMES)
def test_example_reports_its_fault(name: str) -> None:
    codes = _error_codes(_text(name), str(EXAMPLES / name))
    assert codes, f"{name}: no error reported"
    assert codes == EXPECTED[name]


@pytest.mark.parametrize("name", NAMES)
def test_example_documents_its_fault(name: str) -> None:
    assert _text(name).count("# FAULT:") == 1


def _robustness_test(name: str):  # type: ignore[no-untyped-def]
    text = _text(name)
    lines = text.splitlines(keepends=True)
    path = str(EXAMPLES / name)

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(k=st.integers(min_value=0, max_value=len(text)), drop=st.integers(0, max(len(lines) - 1, 0)))
    def check(k: int, drop: int) -> None:
        truncated = compiler.analyze(text[:k], path)
        assert isinstance(truncated.diagnostics, (list, tuple))
        deleted = "".join(lines[:drop] + lines[drop + 1 :])
        edited = compiler.analyze(deleted, path)
        assert isinstance(edited.diagnostics, (list, tuple))

    return check


@pytest.mark.engine
@pytest.mark.parametrize("name", NAMES)
def test_edits_never_raise(name: str) -> None:
    _robustness_test(name)()


SENTINEL_SOURCE = """\
import os

import pypto.language as pl

open("SENTINEL", "w").write("x")
os.system("touch SENTINEL2")


@pl.jit
def axpy(
    x: pl.Tensor[[64, 64], pl.FP32],
    y: pl.Tensor[[64, 64], pl.FP32],
    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="axpy"):
        out[:] = pl.add(pl.mul(x, 2.0), y)
    return out
"""


def _pypto_lsp() -> list[str]:
    exe = Path(sys.executable).with_name("pypto-lsp")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("pypto-lsp")
    return [found] if found else [sys.executable, "-m", "pypto_lsp"]


def test_analysis_never_executes_the_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kernel = tmp_path / "kernel.py"
    kernel.write_text(SENTINEL_SOURCE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)

    compiler.analyze(SENTINEL_SOURCE, str(kernel))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [*_pypto_lsp(), "check", "kernel.py"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode in (0, 1), result.stderr
    assert not (tmp_path / "SENTINEL").exists()
    assert not (tmp_path / "SENTINEL2").exists()
