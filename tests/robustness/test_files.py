"""What `check` reads and writes: folder walks read only regular files under the size limit that stay in
the folder; `--fix` writes atomically, only when the file is unchanged, never outside the given paths, and
keeps the file's mode; configuration loading never raises. Each case is bounded in time."""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.source_files import MAX_SOURCE_BYTES, Unreadable, read_bytes
from pypto_lsp import cli, dsl, project_config
from pypto_lsp.files import Skipped, walk_sources, write_fixed
from tests.robustness.cli import check

ROOT = Path(__file__).resolve().parents[2]
SP5 = (ROOT / "tests" / "rules" / "PTO-SP5.py").read_text(encoding="utf-8")  # one safe fix
FIXED = SP5.replace('core_type="aiv_only"', "core_type=pl.KernelType.AIV")
GEMV = (ROOT / "examples" / "gemv.py").read_text(encoding="utf-8")


# ---------------------------------------------------------------- folder walks
def _regular(folder: Path, name: str) -> Path:
    path = folder / name
    path.write_text(GEMV)
    return path


def _fifo(folder: Path, name: str) -> Path:
    path = folder / name
    os.mkfifo(path)
    return path


def _link(target: str) -> Callable[[Path, str], Path]:
    def make(folder: Path, name: str) -> Path:
        path = folder / name
        path.symlink_to(target)
        return path

    return make


def _outside(folder: Path, name: str) -> Path:
    elsewhere = folder.parent / f"elsewhere_{name}"
    elsewhere.write_text(GEMV)
    return _link(str(elsewhere))(folder, name)


def _inside(folder: Path, name: str) -> Path:
    target = folder / f"real_{name}.txt"
    target.write_text(GEMV)
    return _link(target.name)(folder, name)


def _folder(folder: Path, name: str) -> Path:
    path = folder / name
    path.mkdir()
    return path


def _huge(folder: Path, name: str) -> Path:
    path = folder / name
    with path.open("wb") as stream:  # sparse: no disk space, but larger than the limit
        stream.truncate(MAX_SOURCE_BYTES + 1)
    return path


def _loop(folder: Path, name: str) -> Path:
    return _link(name)(folder, name)


# How to make one, and whether a walk reads it (True), reports and skips it (False) or walks into it (None).
KINDS: dict[str, tuple[Callable[[Path, str], Path], bool | None]] = {
    "regular": (_regular, True),
    "fifo": (_fifo, False),
    "link to /dev/zero": (_link("/dev/zero"), False),
    "link to /dev/null": (_link("/dev/null"), False),
    "link outside the folder": (_outside, False),
    "link inside the folder": (_inside, True),
    "folder named .py": (_folder, None),
    "larger than the limit": (_huge, False),
    "broken link": (_link("no_such_file"), False),
    "link loop": (_loop, False),
}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(sorted(KINDS)), min_size=1, max_size=8))
def test_a_walk_reads_only_regular_files_in_the_folder(
    tmp_path_factory: pytest.TempPathFactory, kinds: list[str]
) -> None:
    folder = tmp_path_factory.mktemp("walk") / "kernels"
    folder.mkdir()
    made = {KINDS[kind][0](folder, f"f{i}.py"): KINDS[kind][1] for i, kind in enumerate(kinds)}
    started = time.perf_counter()
    found = list(walk_sources(folder))
    read = {p for p in found if isinstance(p, Path)}
    skipped = {s.path for s in found if isinstance(s, Skipped)}
    assert read == {p for p, ok in made.items() if ok}
    assert skipped == {p for p, ok in made.items() if ok is False}
    proc = check(str(folder))  # the whole check: one line per skipped file, the others analysed
    assert time.perf_counter() - started < 30
    for path in skipped:
        assert f"pypto-lsp: {path}: skipped: " in proc.stderr
    for path in read:
        assert f"{path}:25:" in proc.stdout  # gemv's PTO-F15


def test_an_explicit_fifo_or_device_is_one_line_not_a_hang(tmp_path: Path) -> None:
    pipe = _fifo(tmp_path, "pipe.py")
    zero = _link("/dev/zero")(tmp_path, "zero.py")
    good = _regular(tmp_path, "good.py")
    started = time.perf_counter()
    proc = check(str(pipe), str(zero), str(good))
    assert time.perf_counter() - started < 20
    assert f"pypto-lsp: {pipe}: not a regular file (a FIFO)" in proc.stderr
    assert f"pypto-lsp: {zero}: not a regular file (a device)" in proc.stderr
    assert f"{good}:25:" in proc.stdout and proc.returncode == 1


def test_reading_checks_the_file_it_opened(tmp_path: Path) -> None:
    with pytest.raises(Unreadable, match="a FIFO"):
        read_bytes(_fifo(tmp_path, "p.py"))
    with pytest.raises(Unreadable, match="larger than"):
        read_bytes(_huge(tmp_path, "h.py"))
    assert list(dsl.dsl_files([tmp_path])) == []  # the server's workspace walk skips both


# ---------------------------------------------------------------- --fix
def test_fix_keeps_the_mode_and_writes_atomically(tmp_path: Path) -> None:
    path = tmp_path / "sp5.py"
    path.write_text(SP5)
    path.chmod(0o640)
    inode = path.stat().st_ino
    proc = check(str(path), "--fix")
    assert "Fixed 1 diagnostic(s)." in proc.stderr
    assert path.read_text() == FIXED
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert path.stat().st_ino != inode  # a new file renamed over the old one, never a half-written file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sp5.py"]  # no temporary file left behind


def test_fix_leaves_a_file_changed_while_it_was_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "sp5.py"
    path.write_text(SP5)
    analyse = cli._analyse

    def save_meanwhile(*args: object, **kwargs: object) -> object:
        path.write_text(SP5 + "# saved in the editor meanwhile\n")
        return analyse(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cli, "_analyse", save_meanwhile)
    proc = check(str(path), "--fix")
    assert f"pypto-lsp: {path}: not fixed: the file changed while it was checked" in proc.stderr
    assert path.read_text() == SP5 + "# saved in the editor meanwhile\n"  # the save survives
    assert "Fixed 0 diagnostic(s)." in proc.stderr


def test_fix_on_a_read_only_file_is_one_line_and_the_rest_is_checked(tmp_path: Path) -> None:
    locked = tmp_path / "a_locked.py"
    locked.write_text(SP5)
    locked.chmod(0o444)
    other = tmp_path / "b_other.py"
    other.write_text(SP5)
    proc = check(str(tmp_path), "--fix")
    assert f"pypto-lsp: {locked}: not fixed: the file is read-only" in proc.stderr
    assert locked.read_text() == SP5 and other.read_text() == FIXED
    assert f"{locked}:15:37: PTO-SP5" in proc.stdout  # reported as it still is


def test_fix_never_writes_outside_the_given_paths(tmp_path: Path) -> None:
    outside = tmp_path / "outside.py"
    outside.write_text(SP5)
    folder = tmp_path / "kernels"
    folder.mkdir()
    (folder / "link.py").symlink_to(outside)
    inside = folder / "inside.py"
    inside.write_text(SP5)
    check(str(folder), "--fix")
    assert outside.read_text() == SP5 and inside.read_text() == FIXED
    # named directly, the link leads outside the given path: still not written through it
    assert write_fixed(folder / "link.py", SP5.encode(), FIXED.encode(), [folder]) is not None
    assert outside.read_text() == SP5
    # the file itself, named: written
    assert write_fixed(outside, SP5.encode(), FIXED.encode(), [outside]) is None
    assert outside.read_text() == FIXED


# ---------------------------------------------------------------- configuration
@pytest.mark.parametrize(
    "content",
    [
        b'[tool.pypto-lsp]\nextra-paths = ["loop"]\n',
        b'[tool.pypto-lsp]\nextra-paths = ["a\\u0000b"]\n',
        b'[tool.pypto-lsp]\ntarget = "a5"\x00\n',
        b"[tool.pypto-lsp]\ntarget = '\xff'\n",
    ],
)
def test_a_bad_pyproject_is_reported_never_raised(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "loop").symlink_to("loop")
    (tmp_path / "pyproject.toml").write_bytes(content)
    config = project_config.load(project_config.find(tmp_path))
    assert config.errors
    kernel = _regular(tmp_path, "gemv.py")
    proc = check(str(kernel))
    assert proc.returncode == 2 and "pyproject.toml" in proc.stderr


def test_a_pyproject_that_is_a_fifo_is_not_read(tmp_path: Path) -> None:
    fifo = _fifo(tmp_path, "pyproject.toml")
    started = time.perf_counter()
    assert project_config.find(tmp_path) != fifo
    config = project_config.load(fifo)  # named directly: refused, not read
    assert time.perf_counter() - started < 5 and config.errors


def test_bad_extra_paths_on_the_command_line(tmp_path: Path) -> None:
    (tmp_path / "loop").symlink_to("loop")
    kernel = _regular(tmp_path, "gemv.py")
    proc = check(str(kernel), "--extra-path", str(tmp_path / "loop"))
    assert proc.returncode == 2 and "--extra-path" in proc.stderr
    assert project_config.resolved(tmp_path, "a\x00b") is None
