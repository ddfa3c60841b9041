"""The syntax error of a unit being typed in, found from a window of lines around the edit (a stub
header, the headers of the compound statements around it, the statements up to a cut after it), must
be the whole unit's error, in every place and for every kind of broken line."""

from __future__ import annotations

import pytest

from compiler.frontend import parser as parser_module
from compiler.frontend.parser import ParseCache, parse_document
from compiler.incremental import LineAnchors
from compiler.modules import ModuleGraph
from tests.suffix_window_check import window_error_matches_whole

PATH = "/tmp/window_kernel.py"
PARAMS = "\n".join(f"    a{k}: pl.Tensor[[N], pl.FP32]," for k in range(30))
LOOP = "\n".join(f"            y{k} = pl.add(x, x)" for k in range(70))
TAIL = "\n".join(f"    z{k} = pl.exp(x)" for k in range(60))
DOC = f"""import pypto.language as pl

N = 4


@pl.function
def kernel(
{PARAMS}
) -> pl.Tensor[[N], pl.FP32]:
    x = pl.exp(a0)
    for i in pl.range(4):
        if i == 0:
{LOOP}
        w = pl.exp(x)
    else_like = 1
{TAIL}
    return x
"""

BROKEN = [
    "t = pl.exp(",
    "t = pl.exp(x",
    ")",
    "x = [1,",
    "if x",
    "else:",
    "elif x:",
    "t =",
    "'abc",
    '"""',
    "pl.exp(x))",
    "    deeper = 1",
    "for i in",
    "t = pl.",
    "return (",
    "x: pl.Tensor[[",
    "t = pl.exp(x) y",
]


@pytest.fixture(autouse=True)
def _memos_on_short_bodies(monkeypatch: pytest.MonkeyPatch) -> None:
    import compiler.memo

    monkeypatch.setattr(compiler.memo, "MEMO_MIN_LINES", 1)


def test_the_window_error_is_the_whole_units(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[int] = []
    shortened = parser_module._shortened_error

    def counted(lines: list[str], kept: int, cut: int) -> object:
        sizes.append(len(lines))
        return shortened(lines, kept, cut)

    monkeypatch.setattr(parser_module, "_shortened_error", counted)
    graph, cache, anchors = ModuleGraph(), ParseCache(), LineAnchors()
    anchors.update(DOC)
    parse_document(DOC, PATH, cache, graph, anchors)
    lines = DOC.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("    x = pl.exp(a0)"))
    told = 0
    for at in range(start, len(lines) - 3, 2):
        indents = {line[: len(line) - len(line.lstrip())] or "    " for line in lines[at : at + 2]}
        for indent, broken in [(indent, broken) for indent in sorted(indents) for broken in BROKEN]:
            text = "\n".join([*lines[: at + 1], indent + broken, *lines[at + 1 :]])
            if window_error_matches_whole(text, anchors, cache, lambda u: u.kind == "def"):
                told += 1
    assert told > 200
    assert sum(1 for size in sizes if size < 60) > 100  # most were told from a short window
