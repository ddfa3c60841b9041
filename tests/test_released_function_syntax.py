"""An imported module's functions keep no tree once it is evaluated, and are parsed again, with the same
positions, when a document's code calls them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from compiler.evaluator import FunctionValue
from compiler.modules import ModuleGraph, document_constants

CONFIG = """\
import functools
from dataclasses import dataclass

# a comment line, so that nothing starts at line 1


def tiles(n, t=64):
    '''How many tiles of t cover n.'''
    return (n + t - 1) // t


@functools.cache
def rows():
    return 128


@dataclass(frozen=True)
class Shape:
    base: int = 2

    @property
    def width(self):
        return rows() * self.base

    @staticmethod
    def scaled(k):
        return tiles(k * 100)
"""

DOCUMENT = """\
from config import tiles, rows, Shape
N = tiles(1000)
M = rows()
W = Shape().width
S = Shape.scaled(10)
"""


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_called_functions_of_an_imported_module_are_parsed_again(tmp_path: Path, newline: str) -> None:
    (tmp_path / "config.py").write_bytes(CONFIG.replace("\n", newline).encode())
    graph = ModuleGraph()
    names = document_constants(ast.parse(DOCUMENT), str(tmp_path / "entry.py"), graph)
    assert (names["N"], names["M"], names["W"], names["S"]) == (16, 128, 256, 16)


def test_an_evaluated_module_holds_no_function_trees(tmp_path: Path) -> None:
    (tmp_path / "config.py").write_text(CONFIG)
    graph = ModuleGraph()
    summary = graph.summary(tmp_path / "config.py")
    assert summary is not None
    tiles = summary.names["tiles"]
    assert isinstance(tiles, FunctionValue)
    assert tiles.held is None and tiles.plain
    rows = summary.names["rows"]
    assert isinstance(rows, FunctionValue) and not rows.plain
    # Parsed again on demand: the same lines and columns as in the whole module.
    whole = {n.name: n for n in ast.walk(ast.parse(CONFIG)) if isinstance(n, ast.FunctionDef)}
    width = summary.names["Shape"].properties["width"]  # type: ignore[attr-defined]
    for fn, name in ((tiles, "tiles"), (rows, "rows"), (width, "width")):
        again = fn.node
        assert isinstance(again, ast.FunctionDef)
        assert ast.dump(again, include_attributes=True) == ast.dump(whole[name], include_attributes=True)
