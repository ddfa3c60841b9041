"""An analysis leaves (almost) no cyclic garbage: `check` runs with the collector off, so what a cycle
holds would pile up until a collection, and every collection walks it (recursive closures, an exception
kept in a frame its traceback holds, an object whose memo holds its bound method)."""

from __future__ import annotations

import ast
import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from compiler.evaluator import evaluate_module
from compiler.evaluator.limits import frozen_copy, measure
from pypto_lsp.check_workers import GraphSettings, Job, _Worker

LIBRARY = Path(__file__).parent / "data" / "lanes_lib" / "models"


@contextmanager
def _collector_off() -> Iterator[list[int]]:
    """The collector off meanwhile; the list receives how many unreachable objects were left in cycles."""
    gc.collect()
    gc.disable()
    found: list[int] = []
    try:
        yield found
    finally:
        found.append(gc.collect())
        gc.enable()


def _garbage(run: Callable[[], object]) -> int:
    with _collector_off() as found:
        run()
    return found[0]


def test_sizing_and_freezing_a_value_leave_no_cycle() -> None:
    nested = [[1, [2, 3]], (4, [5])]
    assert _garbage(lambda: measure(nested)) == 0
    assert _garbage(lambda: frozen_copy(nested)) == 0


def test_an_if_whose_branches_both_raise_leaves_no_cycle() -> None:
    source = "import os\nif os.environ.get('X'):\n    raise ValueError('a')\nelse:\n    raise KeyError('b')\nY = 1\n"
    tree = ast.parse(source)
    assert _garbage(lambda: evaluate_module(tree, {}, lambda _name, _level: None)) == 0


def test_analysing_kernels_again_leaves_little_cyclic_garbage() -> None:
    """Once the module graph holds the imported modules, a file's analysis is freed by reference count
    (the document module's functions and their globals are a cycle by nature: a few dozen objects)."""
    files = sorted(p for p in LIBRARY.rglob("*.py") if p.name != "config.py")
    assert len(files) >= 10
    total = 0
    for path in files:
        worker = _Worker(GraphSettings({}, (), None))
        job = Job(path, path.read_text(encoding="utf-8"))
        worker.check(job)  # the graph now holds every module the file imports
        total += _garbage(lambda: worker.check(job))  # noqa: B023  (called at once)
    assert total < 1_000, total


def test_an_in_process_run_turns_the_collector_back_on(tmp_path: Path) -> None:
    from pypto_lsp.check_workers import check_files

    source = (LIBRARY / "tiny" / "norm.py").read_text(encoding="utf-8")
    done: list[Path] = []
    assert gc.isenabled()
    check_files(
        [Job(tmp_path / "norm.py", source)], GraphSettings({}, (), None), 1, lambda c: done.append(c.path)
    )
    assert gc.isenabled()
    assert done == [tmp_path / "norm.py"]
