"""The modules a document's imports reach are walked once and taken again while every file and package
marker the walk read is as it was (`ModuleGraph._document_stores`): a helper module that starts importing a
storing module, a module file that appears, or a package marker that changes a search, is seen at once."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from compiler.evaluator import UNKNOWN_VALUE
from compiler.modules import ModuleGraph, document_constants

DOCUMENT = "import driver\nfrom reader import B\n"


def _library(folder: Path) -> None:
    """`reader.B` is 8 unless a module that stores `config.TP` runs in the document's process."""
    (folder / "config.py").write_text("TP = 1\n")
    (folder / "setter.py").write_text("import config\nconfig.TP = 4\n")
    (folder / "reader.py").write_text("from config import TP\nB = 8 // TP\n")


def _b(graph: ModuleGraph, document: Path) -> object:
    return document_constants(ast.parse(DOCUMENT), str(document), graph)["B"]


def test_a_helper_that_starts_importing_a_storing_module_is_seen(tmp_path: Path) -> None:
    _library(tmp_path)
    (tmp_path / "driver.py").write_text("X = 1\n")
    graph, document = ModuleGraph(), tmp_path / "main.py"
    assert _b(graph, document) == 8
    assert _b(graph, document) == 8
    (tmp_path / "driver.py").write_text("import setter\nX = 1\n")
    assert _b(graph, document) is UNKNOWN_VALUE
    (tmp_path / "driver.py").write_text("X = 2\n")
    assert _b(graph, document) == 8


def test_a_module_file_that_appears_is_seen(tmp_path: Path) -> None:
    _library(tmp_path)
    graph, document = ModuleGraph(), tmp_path / "main.py"
    assert _b(graph, document) == 8  # `import driver` finds nothing
    (tmp_path / "driver.py").write_text("import setter\n")
    assert _b(graph, document) is UNKNOWN_VALUE
    (tmp_path / "driver.py").unlink()
    assert _b(graph, document) == 8


def test_a_package_marker_that_changes_a_search_is_seen(tmp_path: Path) -> None:
    """`driver` sits at the package root: found from `pkg/main.py` only once `pkg/__init__.py` exists."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    _library(pkg)
    (tmp_path / "driver.py").write_text("from pkg import setter\n")
    graph, document = ModuleGraph(), pkg / "main.py"
    assert _b(graph, document) == 8
    (pkg / "__init__.py").write_text("")
    assert _b(graph, document) is UNKNOWN_VALUE
    (pkg / "__init__.py").unlink()
    assert _b(graph, document) == 8


def test_an_unchanged_closure_is_not_walked_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _library(tmp_path)
    (tmp_path / "driver.py").write_text("import setter\n")
    graph, document = ModuleGraph(), tmp_path / "main.py"
    assert _b(graph, document) is UNKNOWN_VALUE
    walks: list[Path | None] = []
    reach = ModuleGraph._reach
    monkeypatch.setattr(ModuleGraph, "_reach", lambda self, f, n: walks.append(f) or reach(self, f, n))
    assert _b(graph, document) is UNKNOWN_VALUE
    assert walks == []
    (tmp_path / "setter.py").write_text("import config\nconfig.TP = 2\n")
    assert _b(graph, document) is UNKNOWN_VALUE
    assert walks == [document]
