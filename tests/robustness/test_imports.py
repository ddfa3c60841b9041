"""Import graphs: freshness is checked once per module per query (linear in the edges, however many paths a
diamond has), relative imports stop at the package root, and a module store that is removed no longer
makes its attribute unknown."""

from __future__ import annotations

import time
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.modules import DiskReader, ModuleGraph
from compiler.pipeline import Analyzer

KERNEL = (Path(__file__).resolve().parents[2] / "examples" / "attention.py").read_text(encoding="utf-8")


class CountingReader:
    """A disk reader that remembers every path it was asked for."""

    def __init__(self) -> None:
        self.disk = DiskReader()
        self.paths: list[Path] = []

    def __call__(self, path: Path) -> str | None:
        self.paths.append(path)
        return self.disk(path)


def _entry(folder: Path, imports: str) -> tuple[Path, str]:
    source = KERNEL.replace("import pypto.language as pl\n", f"import pypto.language as pl\n{imports}\n", 1)
    path = folder / "main.py"
    path.write_text(source)
    return path, source


def _constants(analyzer: Analyzer) -> dict[str, object]:
    constants = analyzer.parse_cache.constants
    assert constants is not None
    return constants[2]


def test_a_diamond_chain_is_checked_in_linear_time(tmp_path: Path) -> None:
    """The reproducer: 42 modules, each importing the next two. Checked path by path, the freshness of
    the first one took Fibonacci(42) steps once every summary held its whole graph."""
    for i in range(42):
        a = f"from c{i + 1} import V as A" if i + 1 < 42 else "A = 1"
        b = f"from c{i + 2} import V as B" if i + 2 < 42 else "B = 1"
        (tmp_path / f"c{i}.py").write_text(f"{a}\n{b}\nV = A + B if A + B < 1000 else 1\n")
    graph = ModuleGraph()
    started = time.perf_counter()
    for i in range(41, -1, -1):  # bottom up: every summary records its whole import graph
        graph.summary(tmp_path / f"c{i}.py")
    path, source = _entry(tmp_path, "from c0 import V")
    analyzer = Analyzer(graph=graph)
    analyzer.analyze(source, str(path))
    analyzer.analyze(source.replace("scores", "scorez"), str(path))
    assert time.perf_counter() - started < 10
    assert _constants(analyzer)["V"] == 55


@st.composite
def import_graphs(draw: st.DrawFn) -> tuple[list[list[tuple[int, bool]]], list[int]]:
    """Modules 0..n-1; module i imports (j, relative?) for some j > i. And an order to evaluate some of them
    in first (as other documents would have)."""
    n = draw(st.integers(2, 12))
    edges = [
        [(j, draw(st.booleans())) for j in range(i + 1, n) if draw(st.integers(0, 2)) == 0] for i in range(n)
    ]
    first = draw(st.permutations(range(n)))[: draw(st.integers(0, n))]
    return edges, list(first)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(import_graphs())
def test_import_graph_shapes_give_pythons_values_in_linear_work(
    tmp_path_factory: pytest.TempPathFactory, graph_shape: tuple[list[list[tuple[int, bool]]], list[int]]
) -> None:
    edges, first = graph_shape
    root = tmp_path_factory.mktemp("graph")
    package = root / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for i, imports in enumerate(edges):
        lines = [f"from {'.' if rel else 'pkg.'}m{j} import V as V{j}" for j, rel in imports]
        lines.append("V = 1" + "".join(f" + V{j}" for j, _ in imports))
        (package / f"m{i}.py").write_text("\n".join(lines) + "\n")

    @cache
    def expected(i: int) -> int:
        return 1 + sum(expected(j) for j, _ in edges[i])

    reader = CountingReader()
    graph = ModuleGraph(read_file=reader)
    for i in first:
        graph.summary(package / f"m{i}.py")
    path, source = _entry(root, "from pkg.m0 import V")
    analyzer = Analyzer(graph=graph)
    analyzer.analyze(source, str(path))
    assert _constants(analyzer)["V"] == expected(0)
    reader.paths.clear()
    analyzer.analyze(source.replace("scores", "scorez"), str(path))  # warm: freshness only
    n, e = len(edges), sum(len(i) for i in edges)
    assert len(reader.paths) <= 2 * (n + e) + 4, len(reader.paths)
    assert all(p.is_relative_to(root) for p in reader.paths)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(2, 8), st.data())
def test_cyclic_import_graphs_never_raise(
    tmp_path_factory: pytest.TempPathFactory, n: int, data: st.DataObject
) -> None:
    root = tmp_path_factory.mktemp("cycles")
    for i in range(n):
        targets = data.draw(st.lists(st.integers(0, n - 1), max_size=3))
        lines = [f"from m{j} import V as V{j}" for j in targets]
        lines.append("V = 1" + "".join(f" + V{j}" for j in targets))
        (root / f"m{i}.py").write_text("\n".join(lines) + "\n")
    path, source = _entry(root, "from m0 import V")
    started = time.perf_counter()
    analysis = Analyzer(graph=ModuleGraph()).analyze(source, str(path))
    assert time.perf_counter() - started < 10
    assert all(d.code != "PTO-F47" for d in analysis.diagnostics)


@pytest.mark.parametrize(
    ("layout", "statement"),
    [
        ({"pkg/__init__.py": "", "pkg/sub/__init__.py": ""}, "from .... import secret"),
        ({"pkg/__init__.py": "", "pkg/sub/__init__.py": ""}, "from ...secret import X"),
        ({}, "from .. import secret"),  # no package at all: one dot (this folder) is as far as it goes
    ],
)
def test_relative_imports_stop_at_the_package_root(
    tmp_path: Path, layout: dict[str, str], statement: str
) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    for name, text in layout.items():
        (workspace / name).parent.mkdir(parents=True, exist_ok=True)
        (workspace / name).write_text(text)
    (tmp_path / "secret.py").write_text("X = 1\n")  # outside the workspace, above the package root
    (workspace / "secret.py").write_text("X = 2\n")
    folder = workspace / "pkg" / "sub" if layout else workspace
    folder.mkdir(parents=True, exist_ok=True)
    reader = CountingReader()
    path, source = _entry(folder, statement)
    Analyzer(graph=ModuleGraph(read_file=reader)).analyze(source, str(path))
    assert tmp_path / "secret.py" not in reader.paths
    assert all(p.is_relative_to(workspace) for p in reader.paths)


def test_relative_imports_inside_the_package_still_resolve(tmp_path: Path) -> None:
    for name in ("pkg/__init__.py", "pkg/sub/__init__.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    (tmp_path / "pkg" / "config.py").write_text("TILE = 64\n")
    analyzer = Analyzer(graph=ModuleGraph())
    path, source = _entry(tmp_path / "pkg" / "sub", "from ..config import TILE")
    analyzer.analyze(source, str(path))
    assert _constants(analyzer)["TILE"] == 64


def test_a_removed_module_store_no_longer_hides_the_attribute(tmp_path: Path) -> None:
    (tmp_path / "config.py").write_text("K = 64\n")
    graph = ModuleGraph()

    def constants(name: str, imports: str) -> dict[str, object]:
        path, source = _entry(tmp_path, imports)
        analyzer = Analyzer(graph=graph)
        analyzer.analyze(source, str(path.with_name(name)))
        return _constants(analyzer)

    assert constants("user.py", "from config import K")["K"] == 64
    (tmp_path / "setter.py").write_text("import config\nconfig.K = 128\n")
    graph.file_changed(tmp_path / "setter.py")
    # Order-dependent: unknown in a document that runs the store, the module's own value elsewhere.
    assert constants("user.py", "import setter\nfrom config import K")["K"] != 64
    assert constants("user.py", "from config import K")["K"] == 64
    (tmp_path / "setter.py").write_text("import config\n")  # the store is removed
    graph.file_changed(tmp_path / "setter.py")
    assert constants("user.py", "import setter\nfrom config import K")["K"] == 64


def test_many_runaway_modules_cost_a_bounded_time_per_analysis(tmp_path: Path) -> None:
    """Each module has its own step budget; all the modules one analysis evaluates share a pool too, so ten
    imported `while True:` loops cost about two module budgets per analysis, and the values the pool could
    not reach are filled in by the following analyses."""
    for i in range(10):
        (tmp_path / f"s{i}.py").write_text(f"V = {i}\nX = 0\nwhile True:\n    X += 1\n")
    path, source = _entry(tmp_path, "".join(f"from s{i} import V as V{i}\n" for i in range(10)))
    analyzer = Analyzer(graph=ModuleGraph())
    known: list[int] = []
    for attempt in range(8):
        started = time.perf_counter()
        analyzer.analyze(source + "#" * attempt, str(path))
        assert time.perf_counter() - started < 5
        known.append(sum(1 for i in range(10) if _constants(analyzer)[f"V{i}"] == i))
    assert known[0] < 10 and known[-1] == 10 and known == sorted(known)


def test_a_module_store_removed_on_disk_is_forgotten_when_the_file_changes(tmp_path: Path) -> None:
    (tmp_path / "config.py").write_text("K = 64\n")
    (tmp_path / "setup_k.py").write_text("import config\nconfig.K = 128\n")
    graph = ModuleGraph()
    path, source = _entry(tmp_path, "import setup_k\nfrom config import K")
    analyzer = Analyzer(graph=graph)
    analyzer.analyze(source, str(path))
    assert _constants(analyzer)["K"] != 64  # the store runs in the document's process
    (tmp_path / "setup_k.py").write_text("import config\n")
    graph.file_changed(tmp_path / "setup_k.py")  # what the server does for a watched file
    analyzer.analyze(source + "#", str(path))
    assert _constants(analyzer)["K"] == 64
