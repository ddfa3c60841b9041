"""`pypto-lsp check` on several cores and with its cache: the same report as one uncached process, and a
cache that follows every edit a file's analysis depends on (the file, a module it imports, a module
store in a sibling, the settings)."""

from __future__ import annotations

import json
import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CACHE = ".pypto_lsp_cache"


@pytest.fixture
def library(tmp_path: Path) -> Path:
    """Our real-style kernel package and the shipped examples, copied where the test may edit them."""
    shutil.copytree(ROOT / "tests" / "data" / "kernel_pkg", tmp_path / "kernel_pkg")
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    return tmp_path


def _check(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pypto_lsp", "--log-level", "INFO", "check", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
    )


def _report(proc: subprocess.CompletedProcess[str]) -> list[dict[str, object]]:
    assert proc.returncode in (0, 1), proc.stderr
    files = json.loads(proc.stdout)["files"]
    assert isinstance(files, list)
    return files


ARGS = ("kernel_pkg", "examples", "--format", "json", "--lanes")


def _hits(proc: subprocess.CompletedProcess[str]) -> int:
    for line in proc.stderr.splitlines():
        if "files unchanged since the last run" in line:
            words = line.split(": ", 1)[1].split()
            return int(words[0])
    raise AssertionError(f"no cache line in {proc.stderr!r}")


def test_parallel_and_cached_runs_report_what_one_uncached_process_does(library: Path) -> None:
    serial = _report(_check(library, *ARGS, "--no-cache", "--jobs", "1"))
    assert not (library / CACHE).exists()  # --no-cache neither reads nor writes it
    assert len(serial) >= 8 and any(f["diagnostics"] for f in serial) and any(f["lanes"] for f in serial)
    cold = _check(library, *ARGS, "--jobs", "2")
    assert _hits(cold) == 0
    warm = _check(library, *ARGS, "--jobs", "2")
    assert _hits(warm) == len(serial)  # nothing changed: every file from the cache
    assert _report(cold) == serial
    assert _report(warm) == serial
    assert (library / CACHE / ".gitignore").read_text().strip().endswith("*")


def test_an_edited_config_module_invalidates_its_importers(library: Path) -> None:
    _check(library, *ARGS)
    config = library / "kernel_pkg" / "config.py"
    config.write_text(config.read_text().replace("ACTIVE.hidden >= 256", "ACTIVE.hidden >= 128"))
    edited = _check(library, *ARGS)
    assert _report(edited) == _report(_check(library, *ARGS, "--no-cache"))
    lanes = {f["path"]: f["lanes"] for f in _report(edited)}
    assert "17" in lanes["kernel_pkg/model.py"]  # the fused epilogue is the one that runs now
    # the examples import nothing from the package: they come from the cache
    assert _hits(edited) == len([f for f in _report(edited) if str(f["path"]).startswith("examples/")])


def test_a_module_store_in_a_sibling_invalidates_the_importers(library: Path) -> None:
    config = library / "kernel_pkg" / "config.py"
    config.write_text(config.read_text().replace("ACTIVE.hidden >= 256", "ACTIVE.hidden >= 128"))
    model = library / "kernel_pkg" / "model.py"
    model.write_text(model.read_text() + "\nfrom . import tweak  # noqa: E402\n")
    (library / "kernel_pkg" / "tweak.py").write_text("import config\n")
    before = _report(_check(library, *ARGS))
    # a module the entry imports assigns the config's value: what the entry sees of it depends on import
    # order now, so it is unknown
    (library / "kernel_pkg" / "tweak.py").write_text("import config\n\nconfig.USE_FUSED_SCALE = False\n")
    stored = _report(_check(library, *ARGS))
    assert stored == _report(_check(library, *ARGS, "--no-cache"))
    assert stored != before
    (library / "kernel_pkg" / "tweak.py").write_text("import config\n")
    assert _report(_check(library, *ARGS)) == before


def test_a_file_created_where_an_import_looked_invalidates_the_files_that_looked(library: Path) -> None:
    files = _report(_check(library, *ARGS))
    # `import pypto.language` of the examples looked in their folder; a namespace folder there (no
    # `__init__.py`: the folder's listing of packages does not change) holds the module it finds now
    probed = library / "examples" / "pypto" / "language.py"
    probed.parent.mkdir()
    probed.write_text("X = 1\n")
    again = _check(library, *ARGS)
    examples = [f for f in files if str(f["path"]).startswith("examples/")]
    assert examples and _hits(again) == len(files) - len(examples)
    assert _report(again) == _report(_check(library, *ARGS, "--no-cache"))


def test_settings_are_part_of_the_key(library: Path) -> None:
    small = _report(_check(library, *ARGS))
    wide = _check(library, *ARGS, "--env", "KPKG_PRESET=wide")
    assert _hits(wide) == 0  # other settings, another cache
    assert _report(wide) == _report(_check(library, *ARGS, "--env", "KPKG_PRESET=wide", "--no-cache"))
    assert _report(wide) != small


def test_an_edited_file_is_analysed_again(library: Path) -> None:
    _check(library, *ARGS)
    gemv = library / "examples" / "gemv.py"
    gemv.write_text(gemv.read_text().replace("# FAULT", "# FAULT (edited)"))
    again = _check(library, *ARGS)
    assert _hits(again) == len(_report(again)) - 1


def test_a_run_rewrites_only_the_entries_it_analysed_and_drops_those_of_gone_files(library: Path) -> None:
    _check(library, *ARGS)
    entries = {p: p.stat().st_mtime_ns for p in (library / CACHE).rglob("*.json")}
    assert len(entries) == len(_report(_check(library, *ARGS)))  # one entry file per checked file
    gemv = library / "examples" / "gemv.py"
    gemv.write_text(gemv.read_text().replace("# FAULT", "# FAULT (edited)"))
    os.utime(library / "examples" / "attention.py")  # read again, not changed
    _check(library, *ARGS)
    rewritten = [p for p, mtime in entries.items() if p.stat().st_mtime_ns != mtime]
    assert len(rewritten) == 1 and json.loads(rewritten[0].read_text().splitlines()[0]) == str(gemv)
    gemv.unlink()
    _check(library, *ARGS)
    assert len(list((library / CACHE).rglob("*.json"))) == len(entries) - 1


def test_progress_bar_only_on_a_terminal(library: Path) -> None:
    piped = _check(library, "kernel_pkg", "examples", "--no-cache")
    assert "[" not in piped.stderr.replace("[tool", "")  # no bar when stderr is not a terminal
    controller, terminal = pty.openpty()
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "pypto_lsp", "check", "kernel_pkg", "examples", "--no-cache"],
            stdout=subprocess.PIPE,
            stderr=terminal,
            cwd=library,
            timeout=300,
        )
        os.close(terminal)
        terminal = -1
        shown = b""
        while True:
            try:
                chunk = os.read(controller, 65536)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(controller)
        if terminal != -1:
            os.close(terminal)
    assert proc.returncode == 1
    text = shown.decode()
    assert "] 9/9 " in text and "#" in text  # the bar reached every file, then was erased
    assert text.rstrip().endswith("error(s) in 9 file(s).")
