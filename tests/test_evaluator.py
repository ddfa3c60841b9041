"""The bounded static evaluator: configuration-module Python, never executed, never unbounded."""

from __future__ import annotations

import ast
import time
from pathlib import Path

import pytest

from compiler.evaluator import UNKNOWN_VALUE, Dynamic, Record, evaluate_module
from compiler.modules import ModuleGraph, _may_import_dynamically, document_constants


def _eval(source: str, environ: dict[str, str] | None = None) -> dict[str, object]:
    return evaluate_module(ast.parse(source), environ or {}, lambda _name, _level: None)


CONFIG = """
import os
import sys
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class ModelConfig:
    name: str
    hidden: int
    heads: int
    eps: float = 1e-6

    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads


SMALL = ModelConfig("small", 1024, 8)
LARGE = ModelConfig(name="large", hidden=4096, heads=32)
PRESETS = {p.name: p for p in (SMALL, LARGE)}


def _variant_from_argv(default):
    for i, tok in enumerate(sys.argv):
        if tok == "--variant" and i + 1 < len(sys.argv):
            return sys.argv[i + 1]
    return default


VARIANT = os.environ.get("MODEL_VARIANT", _variant_from_argv("small")).strip().lower()
if VARIANT not in PRESETS:
    raise ValueError(f"unknown variant {VARIANT!r}")
ACTIVE = replace(PRESETS[VARIANT], eps=1e-5)
TILE = min(ACTIVE.head_dim, 64) if ACTIVE.hidden > 2048 else max(ACTIVE.head_dim, 256)
LABEL = f"{ACTIVE.name}-{TILE}"
SHAPES = [ACTIVE.hidden * k for k in range(1, 4) if k != 2]
DIMS = (ACTIVE.hidden, ACTIVE.heads)
H, N = DIMS
"""


def test_config_module_values() -> None:
    env = _eval(CONFIG)
    active = env["ACTIVE"]
    assert isinstance(active, Record)
    assert active.get("hidden") == 1024 and active.get("eps") == 1e-5
    assert env["TILE"] == 256
    assert env["LABEL"] == "small-256"
    assert env["SHAPES"] == [1024, 3072]
    assert (env["H"], env["N"]) == (1024, 8)


def test_environment_selects_preset() -> None:
    env = _eval(CONFIG, {"MODEL_VARIANT": "LARGE "})
    assert env["TILE"] == 64 and env["LABEL"] == "large-64"


def test_unknown_preset_raises_so_later_names_are_unknown() -> None:
    env = _eval(CONFIG, {"MODEL_VARIANT": "huge"})
    assert env["VARIANT"] == "huge"
    assert env["ACTIVE"] is UNKNOWN_VALUE and env["TILE"] is UNKNOWN_VALUE


def test_unknown_condition_keeps_only_agreeing_values() -> None:
    env = _eval("import os\nif os.environ['X']:\n    A = 1\n    B = 2\nelse:\n    A = 1\n    B = 3\n")
    assert env["A"] == 1 and env["B"] is UNKNOWN_VALUE


def test_main_guard_is_not_run() -> None:
    env = _eval("A = 1\nif __name__ == '__main__':\n    A = 2\n")
    assert env["A"] == 1


def test_dynamic_dims() -> None:
    env = _eval("import pypto.language as pl\nN = pl.dynamic('N_DYN')\n")
    assert env["N"] == Dynamic("N_DYN")


@pytest.mark.parametrize(
    "source",
    [
        "X = 10 ** 10 ** 10",
        "X = 2 ** 2 ** 40",
        "A = 2 ** 200\nX = A ** A",
        "X = 1 << 10 ** 18",
        "X = 'a' * 10 ** 9",
        "X = [0] * 10 ** 9",
        "X = (1,) * 10 ** 9 + (2,)",
        "X = list(range(10 ** 12))",
        "X = len(range(10 ** 12))",
        "X = [i for i in range(10000) for j in range(10000)]",
        "X = f'{1:100000000}'",
        "X = 'ab' * 4000\nX = X.replace('a', X)",
        "def f(n):\n    return f(n + 1)\nX = f(0)",
        "X = 0\nwhile True:\n    X += 1",
        "X = 9 ** 9 ** 9 // 7",
        "X = int('9' * 5000)",
    ],
)
def test_hostile_values_are_bounded(source: str) -> None:
    # The bound is the evaluator's step budget; CPU time of this thread (not the wall clock, which load
    # stretches) only tells a runaway from a bounded evaluation.
    started = time.thread_time()
    env = _eval(source)
    assert env["X"] is UNKNOWN_VALUE
    assert time.thread_time() - started < 5.0


def test_evaluator_never_runs_module_code(tmp_path: Path) -> None:
    sentinel = tmp_path / "sentinel"
    hostile = f"""
import os, subprocess, builtins
open({str(sentinel)!r}, "w").write("ran")
os.system("touch {sentinel}")
subprocess.run(["touch", {str(sentinel)!r}])
__import__("os").system("touch {sentinel}")
builtins.exec("open({str(sentinel)!r}, 'w')")
eval("open({str(sentinel)!r}, 'w')")
X = (lambda: open({str(sentinel)!r}, "w"))()
Y = 3
"""
    (tmp_path / "cfg.py").write_text(hostile)
    main = tmp_path / "main.py"
    main.write_text("from cfg import Y\nZ = Y * 2\n")
    env = document_constants(ast.parse(main.read_text()), str(main), ModuleGraph())
    assert env["Z"] == 6
    assert not sentinel.exists()


def test_module_graph_reads_each_version_once(tmp_path: Path) -> None:
    (tmp_path / "cfg.py").write_text("A = 2\n")
    (tmp_path / "mid.py").write_text("from cfg import A\nB = A * 10\n")
    main = tmp_path / "main.py"
    reads: list[Path] = []
    texts = {tmp_path / "cfg.py": "A = 2\n", tmp_path / "mid.py": "from cfg import A\nB = A * 10\n"}

    def read(path: Path) -> str | None:
        reads.append(path)
        return texts.get(path)

    graph = ModuleGraph(read_file=read)
    tree = ast.parse("from mid import B\n")
    assert document_constants(tree, str(main), graph)["B"] == 20
    first = graph.summaries[tmp_path / "mid.py"]
    assert document_constants(tree, str(main), graph)["B"] == 20
    assert graph.summaries[tmp_path / "mid.py"] is first  # nothing re-evaluated
    texts[tmp_path / "cfg.py"] = "A = 3\n"  # a change two imports away
    assert document_constants(tree, str(main), graph)["B"] == 30
    assert graph.dependents(tmp_path / "cfg.py") == {tmp_path / "mid.py"}


def test_cross_module_attribute_store_makes_value_unknown(tmp_path: Path) -> None:
    (tmp_path / "config.py").write_text("TP = 1\n")
    (tmp_path / "setter.py").write_text("import config\nconfig.TP = 4\n")
    (tmp_path / "reader.py").write_text("from config import TP\nB = 8 // TP\n")
    main = tmp_path / "main.py"
    env = document_constants(ast.parse("import setter\nfrom reader import B\n"), str(main), ModuleGraph())
    assert env["B"] is UNKNOWN_VALUE


def test_a_module_store_counts_only_where_the_storing_module_runs(tmp_path: Path) -> None:
    """`config.TP = ...` changes what a later reader sees only in a process that runs the storing module:
    a document that imports it (directly or through another module) reads an unknown value, any other
    document the config's own value, from one shared graph in either order."""
    (tmp_path / "config.py").write_text("TP = 1\n")
    (tmp_path / "setter.py").write_text("import config\nconfig.TP = 4\n")
    (tmp_path / "reader.py").write_text("from config import TP\nB = 8 // TP\n")
    (tmp_path / "driver.py").write_text("import setter\n")
    graph = ModuleGraph()

    for with_text in (False, True):  # given its text, a document is walked by statements for its imports

        def b(source: str, with_text: bool = with_text) -> object:
            text = source if with_text else None
            return document_constants(ast.parse(source), str(tmp_path / "main.py"), graph, text=text)["B"]

        assert b("from reader import B\n") == 8
        assert b("import driver\nfrom reader import B\n") is UNKNOWN_VALUE  # through another module
        assert b("from reader import B\n") == 8  # each kept version serves its own documents
        assert b("def late():\n    import setter\nfrom reader import B\n") is UNKNOWN_VALUE  # may run at call
        assert b("import config\nconfig.TP = 2\nfrom reader import B\n") is UNKNOWN_VALUE  # its own store
        dynamic = "import importlib\nimportlib.import_module('driver')\nfrom reader import B\n"
        assert b(dynamic) is UNKNOWN_VALUE


@pytest.mark.parametrize(
    ("text", "dynamic"),
    [
        ("exec(code)\n", True),
        ("importlib.import_module \\\n    ('driver')\n", True),
        ("spec.loader.exec_module(\n    module)\n", True),
        ("(exec)(code)\n", True),
        ("exec  # run it\n(code)\n", True),
        ("def execute_plan():\n    return evaluated  # eval later\n", False),
        ("run_executor(ratio_eval_fn)\n", False),
    ],
)
def test_only_a_call_of_a_dynamic_import_word_walks_the_whole_module(text: str, dynamic: bool) -> None:
    """A word like `execute` or `evaluate` in a name or a comment is no dynamic import: such a module is
    walked by statements for its imports; a call of `exec` or `import_module` is."""
    assert _may_import_dynamically(text) is dynamic


def test_a_module_store_counts_for_the_inline_helpers_of_an_analysis(tmp_path: Path) -> None:
    """The modules an analysis evaluates through the graph (a helper module's constants) see the stores
    of the document's import closure, not those of the last document analysed."""
    (tmp_path / "config.py").write_text("TP = 1\n")
    (tmp_path / "setter.py").write_text("import config\nconfig.TP = 4\n")
    (tmp_path / "reader.py").write_text("from config import TP\nB = 8 // TP\n")
    graph = ModuleGraph()
    document_constants(ast.parse("import setter\nfrom reader import B\n"), str(tmp_path / "a.py"), graph)
    with graph.query():
        graph.enter_document(tmp_path / "b.py", ast.parse("import reader\n"))
        summary = graph.summary(tmp_path / "reader.py")
        assert summary is not None and summary.names["B"] == 8
    with graph.query():
        graph.enter_document(tmp_path / "c.py", ast.parse("import setter\nimport reader\n"))
        summary = graph.summary(tmp_path / "reader.py")
        assert summary is not None and summary.names["B"] is UNKNOWN_VALUE


def test_an_import_is_searched_again_when_a_package_marker_appears_or_goes(tmp_path: Path) -> None:
    """The kept search plan of an import follows the `__init__.py` files that decided its package root."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (tmp_path / "cfg.py").write_text("A = 1\n")  # found from the package root only
    (pkg / "kernel.py").write_text("")
    graph = ModuleGraph()
    kernel = pkg / "kernel.py"
    assert graph.resolve(kernel, "cfg", 0) is None  # a plain folder: its own folder is the only root
    assert graph.resolve(kernel, "", 2) is None  # `from .. import` climbs above a plain folder
    (pkg / "__init__.py").write_text("")
    assert graph.resolve(kernel, "cfg", 0) == tmp_path / "cfg.py"
    assert graph.resolve(kernel, "cfg", 1) is None
    (pkg / "__init__.py").unlink()
    assert graph.resolve(kernel, "cfg", 0) is None
