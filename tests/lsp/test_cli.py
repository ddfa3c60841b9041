"""`pypto-lsp check` through a subprocess, as CI and editors without LSP use it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BROKEN = "import pypto.language as pl\n\n\ndef f(:\n    pass\n"


def _check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pypto_lsp", "check", *args], capture_output=True, text=True, timeout=120
    )


def test_text_format(tmp_path: Path) -> None:
    path = tmp_path / "broken.py"
    path.write_text(BROKEN)
    proc = _check(str(path))
    assert proc.returncode == 1
    line = proc.stdout.strip().splitlines()[0]
    assert line.startswith(f"{path}:4:7: ")
    code = line.split(": ", 1)[1].split(" ", 1)[0]
    assert code


def test_json_format_with_lanes_and_target_comment(tmp_path: Path) -> None:
    (tmp_path / "broken.py").write_text("# target: a5\n" + BROKEN)
    (tmp_path / "plain.py").write_text("def f(:\n")  # not DSL: skipped when walking folders
    (tmp_path / "ok.py").write_text("import pypto.language as pl\n")
    proc = _check(str(tmp_path), "--format", "json", "--lanes", "--target", "a2a3")
    assert proc.returncode == 1
    report = json.loads(proc.stdout)
    files = {Path(f["path"]).name: f for f in report["files"]}
    assert set(files) == {"broken.py", "ok.py"}
    broken = files["broken.py"]
    assert broken["target"] == "a5"
    assert files["ok.py"]["target"] == "a2a3"
    (diag,) = broken["diagnostics"]
    assert (diag["line"], diag["column"]) == (5, 7)
    assert set(diag) == {
        "code",
        "severity",
        "message",
        "hint",
        "line",
        "column",
        "end_line",
        "end_column",
        "related",
        "fix",
        "url",
    }
    assert diag["severity"] == "error"
    assert isinstance(broken["lanes"], dict)
    assert files["ok.py"]["diagnostics"] == []


def test_clean_file_exits_zero(tmp_path: Path) -> None:
    path = tmp_path / "ok.py"
    path.write_text("import pypto.language as pl\n")
    proc = _check(str(path), "--format", "json")
    assert proc.returncode == 0
    assert "lanes" not in json.loads(proc.stdout)["files"][0]


def test_missing_path(tmp_path: Path) -> None:
    assert _check(str(tmp_path / "nope.py")).returncode == 2


def test_env_and_extra_path_flags(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "sizes.py").write_text('import os\n\nK = 128 if os.environ.get("KMODE") == "big" else 64\n')
    entry = tmp_path / "app" / "entry.py"
    entry.parent.mkdir()
    entry.write_text(
        "import pypto.language as pl\nfrom sizes import K\n\n\n@pl.jit\n"
        "def run(a: pl.Tensor[[64, K], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], "
        "y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n"
        "        y[:] = pl.matmul(a, b, out_dtype=pl.FP32)\n"
        "    return y\n"
    )
    assert _check(str(entry), "--extra-path", str(shared)).returncode == 0  # K = 64 by default
    big = _check(str(entry), "--extra-path", str(shared), "--env", "KMODE=big")
    assert big.returncode == 1 and "PTO-F15" in big.stdout and "lhs K=128 and rhs K=64" in big.stdout
    unresolved = _check(str(entry), "--env", "KMODE=big")  # without the root, K is unknown: silent
    assert unresolved.returncode == 0
    assert _check(str(entry), "--env", "KMODE").returncode == 2  # not NAME=VALUE


def test_project_configuration_in_pyproject(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "sizes.py").write_text(
        'import os\n\nK = 128 if os.environ.get("KMODE") == "big" else 64\n'
    )
    entry = tmp_path / "entry.py"
    entry.write_text(
        "import pypto.language as pl\nfrom sizes import K\n\n\n@pl.jit\n"
        "def run(a: pl.Tensor[[64, K], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], "
        "y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
        "    unused = pl.create_tensor([64, 64], dtype=pl.FP32)\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n"
        "        y[:] = pl.matmul(a, b, out_dtype=pl.FP32)\n"
        "    return y\n"
    )
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        '[tool.pypto-lsp]\nextra-paths = ["lib"]\nenv = { KMODE = "big" }\nignore = ["PTO-F46"]\n'
    )
    proc = _check(str(entry))
    assert proc.returncode == 1 and "lhs K=128 and rhs K=64" in proc.stdout and "PTO-F46" not in proc.stdout
    assert _check(str(entry), "--env", "KMODE=small").returncode == 0  # the command line wins
    pyproject.write_text(
        '[tool.pypto-lsp]\nper-file-ignores = { "entry.py" = ["PTO-F"] }\nextra-paths = ["lib"]\n'
    )
    assert "PTO-F46" not in _check(str(entry)).stdout
    pyproject.write_text('[tool.pypto-lsp]\ntarget = "a9"\ncolour = 1\n')
    bad = _check(str(entry))
    assert (
        bad.returncode == 2 and "unknown key 'colour'" in bad.stderr and "target must be one of" in bad.stderr
    )


def test_a_clean_run_says_so_and_log_levels_are_checked(tmp_path: Path) -> None:
    path = tmp_path / "ok.py"
    path.write_text("import pypto.language as pl\n")
    proc = _check(str(path))
    assert proc.returncode == 0 and proc.stdout.strip() == "All checks passed."
    bad = subprocess.run(
        [sys.executable, "-m", "pypto_lsp", "--log-level", "LOUD", "check", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "invalid choice" in bad.stderr


def test_github_format_and_statistics(tmp_path: Path) -> None:
    path = tmp_path / "broken.py"
    path.write_text(BROKEN)
    proc = _check(str(path), "--format", "github", "--statistics")
    assert proc.returncode == 1
    lines = proc.stdout.strip().splitlines()
    assert lines[0].startswith(f"::error file={path},line=4,col=7,") and ",title=PTO-F0::" in lines[0]
    assert lines[-1].split("\t")[:2] == ["    1", "PTO-F0"]


OPTIMIZATIONS_VAR = """import pypto.language as pl

OPTS = [pl.split(pl.SplitMode.UP_DOWN)]


@pl.jit
def f(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=OPTS):
        out[:] = pl.exp(x)
    return out
"""


def test_text_shows_severity_and_help_and_lanes_show_source(tmp_path: Path) -> None:
    hazard = Path(__file__).parents[1] / "hazards" / "h7_literal_width.py"
    proc = _check(str(hazard), "--lanes")
    lines = proc.stdout.splitlines()
    (warning,) = [line for line in lines if "PTO-H7" in line]
    assert ": PTO-H7 warning: hard pl.system.syncall" in warning
    assert lines[lines.index(warning) + 1].startswith("  = help: Launch with pl.spmd(")
    assert any(line.endswith("| acc = pl.matmul(xa, wb)") for line in lines)
    assert proc.returncode == 0


def test_json_carries_fix_and_url_and_sarif_is_valid(tmp_path: Path) -> None:
    hazard = Path(__file__).parents[1] / "hazards" / "h8_cacheinvalid_region.py"
    report = json.loads(_check(str(hazard), "--format", "json").stdout)
    (diag,) = [d for d in report["files"][0]["diagnostics"] if d["code"] == "PTO-H8"]
    assert diag["fix"]["edits"][0]["new_text"] == "pl.system.cacheinvalid()"
    assert diag["fix"]["safe"] is True
    assert diag["url"].startswith("file://") and diag["url"].endswith("/docs/rules/PTO-H8.md")
    sarif = json.loads(_check(str(hazard), "--format", "sarif").stdout)
    assert sarif["version"] == "2.1.0"
    results = sarif["runs"][0]["results"]
    assert {r["ruleId"] for r in results} >= {"PTO-H8"}
    rules = sarif["runs"][0]["tool"]["driver"]["rules"]
    assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in results)


def test_fix_applies_safe_fixes_in_place(tmp_path: Path) -> None:
    path = tmp_path / "opts.py"
    path.write_text(OPTIMIZATIONS_VAR)
    before = _check(str(path))
    assert before.returncode == 1 and "PTO-O" in before.stdout
    proc = _check(str(path), "--fix")
    assert "Fixed 1 diagnostic(s)." in proc.stderr
    assert "optimizations=[pl.split(pl.SplitMode.UP_DOWN)]" in path.read_text()
    assert proc.returncode == 0, proc.stdout


def test_fix_leaves_suggestions_that_change_the_program(tmp_path: Path) -> None:
    """A did-you-mean rename is offered in the editor, never applied by --fix."""
    path = tmp_path / "typo.py"
    text = OPTIMIZATIONS_VAR.replace("pl.exp(x)", "pl.exp(outt)")
    path.write_text(text)
    proc = _check(str(path), "--fix")
    assert "Fixed 1 diagnostic(s)." in proc.stderr  # the optimizations list, not the name
    assert "pl.exp(outt)" in path.read_text()
    assert proc.returncode == 1 and "PTO-F6" in proc.stdout


def test_every_input_gets_an_answer(tmp_path: Path) -> None:
    bad = tmp_path / "latin.py"
    bad.write_bytes(b"import pypto.language as pl\n# caf\xe9\n")
    proc = _check(str(bad))
    assert proc.returncode == 1
    assert (
        f"{bad}:2:6: PTO-F0 error: invalid syntax: (unicode error) 'utf-8' codec can't decode byte 0xe9"
        in proc.stdout
    )
    empty = tmp_path / "empty"
    empty.mkdir()
    proc = _check(str(empty))
    assert proc.returncode == 0 and "no PyPTO DSL files" in proc.stderr
    plain = tmp_path / "plain.py"
    plain.write_text("print('hello')\n")
    proc = _check(str(plain))
    assert proc.returncode == 0 and "skipped, not a PyPTO DSL file" in proc.stderr


def test_rule_explains_a_code_and_help_shows_examples() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "pypto_lsp", "rule", "PTO-AV-G"], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0
    assert proc.stdout.startswith("# PTO-AV-G missing-aiv-shard")
    assert "## How to fix it" in proc.stdout and "pl.aiv_shard" in proc.stdout
    unknown = subprocess.run(
        [sys.executable, "-m", "pypto_lsp", "rule", "PTO-NOPE"], capture_output=True, text=True, timeout=60
    )
    assert unknown.returncode == 2 and "unknown rule" in unknown.stderr
    helped = subprocess.run(
        [sys.executable, "-m", "pypto_lsp", "check", "--help"], capture_output=True, text=True, timeout=60
    )
    assert "examples:" in helped.stdout and "--format sarif" in helped.stdout
