"""`pypto-lsp check` on several cores and with its cache: the same report as one uncached process, and a
cache that follows every edit a file's analysis depends on (the file, a module it imports, a module
store in a sibling, the settings), and only those: a comment edit to an imported module that moves no
token keeps its importers' entries."""

from __future__ import annotations

import json
import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pypto_lsp.check_cache import Fingerprints, module_digest, text_digest

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
    config = library / "kernel_pkg" / "config.py"
    config.write_text(config.read_text().replace(">= 256", ">= 256  # fused from 256 on") + "# edited\n")
    commented = _check(library, *ARGS, "--jobs", "2")
    assert _hits(commented) == len(serial)  # a comment edit to the imported config: no importer again
    assert _report(commented) == serial == _report(_check(library, *ARGS, "--no-cache", "--jobs", "1"))


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


def test_only_an_edit_an_analysis_can_observe_invalidates_the_importers_of_a_module(library: Path) -> None:
    files = _report(_check(library, *ARGS))
    config = library / "kernel_pkg" / "config.py"
    importers = 3  # kernel_pkg/model.py, model_faults.py and kernels/helpers.py

    def edit(old: str, new: str) -> int:
        config.write_text(config.read_text().replace(old, new, 1))
        run = _check(library, *ARGS)
        assert _report(run) == _report(_check(library, *ARGS, "--no-cache", "--jobs", "1"))
        return _hits(run)

    assert edit("LABEL =", "# the label\nLABEL =") == len(files) - importers  # a comment line moves LABEL
    assert edit("# the label\n", "") == len(files) - importers
    assert edit("ACTIVE = ", "# the preset\nACTIVE = ") == len(files) - importers
    assert edit("# the preset", "# the preset in use") == len(files)  # no token moved
    assert edit("eps=1e-5)", "eps=1e-5)  # as the library sets it") == len(files)
    assert edit("LABEL = f", "LABEL = f  # noqa: E501\nLABEL = f") == len(files) - importers  # a directive
    assert edit("  # noqa: E501", "  # noqa: E501, PTO-F1") == len(files) - importers
    assert edit(">= 256", ">= 128") == len(files) - importers  # code


def test_a_module_that_does_not_tokenize_is_hashed_whole(library: Path) -> None:
    files = _report(_check(library, *ARGS))
    config = library / "kernel_pkg" / "config.py"
    importers = 3
    config.write_bytes(config.read_bytes() + b"# seen\n")
    assert _hits(_check(library, *ARGS)) == len(files)  # while it tokenizes, a comment edit is no change
    original = config.read_bytes()
    for broken in (
        b"X = 1\xff  # seen\n",
        b'X = """never closed  # seen\n',
        b"if X:\n  Y = 1\n Z = 2  # seen\n",
    ):
        config.write_bytes(original + broken)
        assert _hits(_check(library, *ARGS)) == len(files) - importers
        config.write_bytes(original + broken.replace(b"# seen", b"# seen again"))
        again = _check(library, *ARGS)
        assert _hits(again) == len(files) - importers  # no tokens to compare: a byte edit is a change
        assert _report(again) == _report(_check(library, *ARGS, "--no-cache", "--jobs", "1"))


@pytest.mark.parametrize(
    ("before", "after", "same"),
    [
        ("X = 1\n", "X = 1  # one\n", True),
        ("X = 1\n", "X = 1\n\n# end\n", True),
        ("X = 1\n", "X = 1", True),
        ("X = 1\nY = 2\n", "X = 1\r\nY = 2  # two\r\n", True),  # line breaks as the graph reads them
        ("X = 1\nY = 2\n", "X = 1\rY = 2\r", True),
        ("X = 1\n", "\ufeffX = 1\n", True),
        ("if X:\n\tY = 1\n", "if X:\n\tY = 1  # tab\n", True),
        ("X = 1\n", "# one\nX = 1\n", False),  # X moved
        ("X = 1\n", "X =  1\n", False),
        ("X = 1\n", "X = 1  # noqa\n", False),  # the engine reads it
        ("X = 1  # noqa\n", "X = 1  # noqa: PTO-F1\n", False),
        ("if X:\n    Y = 1\n", "if X:  # a header span ends here\n    Y = 1\n", False),
        ("if X:\n    # why\n    Y = 1\n", "if X:\n    # why not\n    Y = 1\n", False),
        (
            "class A:\n    @d\n    def f(self): ...\n",
            "class A:\n    @d  # wrapped\n    def f(self): ...\n",
            False,
        ),
        ("X = 1\ufffd  # a\n", "X = 1\ufffd  # b\n", False),  # undecodable bytes: hashed whole
        ("X = '''a\n", "X = '''a  # b\n", False),  # not a comment: an unterminated string, hashed whole
        ("X = 1\n" + "# pad\n" * 4000, "X = 1\n" + "# pad!\n" * 4000, False),  # too large to tokenize
    ],
)
def test_module_digest_keeps_what_an_analysis_observes(before: str, after: str, same: bool) -> None:
    tokens = module_digest(before).partition(":")[2]
    assert (tokens != "" and tokens == module_digest(after).partition(":")[2]) is same


@pytest.mark.parametrize(
    "text", ["x\0 = 1\n", "\udcff = 1\n", "if x:\n  y\n z\n", "x = (1,\n", "a $ b\n", "\f\n"]
)
def test_module_digest_never_raises(text: str) -> None:
    assert module_digest(text) == module_digest(text)
    assert Fingerprints(lambda _: text).unchanged("m.py", module_digest(text))
    assert not Fingerprints(lambda _: text).unchanged("m.py", 5)  # type: ignore[arg-type]  # a foreign entry


def test_a_text_digest_the_server_stores_holds_only_while_the_text_is_the_same() -> None:
    # The server hashes modules on its event loop by their text alone (no tokenizing there).
    text = "K = 4\n"
    stored = text_digest(text)
    assert ":" not in stored
    assert Fingerprints(lambda _: text.replace("\n", "\r\n")).unchanged("m.py", stored)
    assert not Fingerprints(lambda _: text + "# a comment\n").unchanged("m.py", stored)
    assert Fingerprints(lambda _: text + "# a comment\n").unchanged("m.py", module_digest(text))


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
