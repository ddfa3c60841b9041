"""`split_units` with the last version's units re-cuts only an edit inside one function's body: the
units must be those of a whole split, for every kind of edit (the shortcut declines where unsure)."""

from __future__ import annotations

import random

import pytest

from compiler.frontend import units as units_module
from compiler.frontend.units import SplitMemo, split_units

DOC = '''"""A module docstring."""
import pypto.language as pl

N = 4


@pl.function(type=pl.FunctionType.InCore)
def kernel(x: pl.Tensor[[N], pl.FP32]) -> pl.Tensor[[N], pl.FP32]:
    y = pl.exp(x)
    # a comment
    z = pl.add(y, y)

    return z


@pl.program
class P:
    @pl.function
    def a(self, x: pl.Tensor[[N], pl.FP32]) -> pl.Tensor[[N], pl.FP32]:
        y = pl.exp(x)
        return y

    def b(self):
        s = """
text
"""
        return s


if __name__ == "__main__":
    print(N)
'''

SNIPPETS = [
    "\n",
    " ",
    "x",
    "t = pl.exp(x)",
    "\n    ",
    "\n        w = 1",
    "#",
    '"',
    "(",
    "def g():\n    pass\n",
    "@",
    "\nclass A:\n",
    "\n\n",
    "\\",
    '"""',
    "'''",
    "\tz",
]


def _edit(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    start = sum(len(line) + 1 for line in lines[:i]) + rng.randrange(len(lines[i]) + 1)
    if rng.random() < 0.5:
        return text[:start] + rng.choice(SNIPPETS) + text[start:]
    return text[:start] + text[start + rng.randrange(1, 12) :]


@pytest.mark.parametrize("seed", range(6))
def test_incremental_split_equals_whole_split(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random edits (typing in bodies, new defs, quotes, backslashes, deletions): the same units."""
    used = [0]
    resplit = units_module._resplit

    def counted(*args: object) -> object:
        out = resplit(*args)  # type: ignore[arg-type]
        used[0] += out is not None
        return out

    monkeypatch.setattr(units_module, "_resplit", counted)
    rng = random.Random(seed)
    text = DOC
    memo = SplitMemo()
    split_units(text, memo)
    for _ in range(200):
        text = _edit(text, rng) if rng.random() < 0.9 else DOC
        assert split_units(text, memo) == split_units(text)
    assert used[0] > 0  # the shortcut was taken


def test_enter_in_a_body_moves_the_units_below() -> None:
    """A new line in `kernel`: its unit grows by one line, the program's members and the module code
    below move down one line."""
    memo = SplitMemo()
    before = split_units(DOC, memo)
    text = DOC.replace("    y = pl.exp(x)\n", "    y = pl.exp(x)\n    t = pl.exp(y)\n", 1)
    after = split_units(text, memo)
    assert after == split_units(text)
    kernel = next(u for u in after if u.kind == "def")
    assert kernel.last_line == next(u for u in before if u.kind == "def").last_line + 1
    assert after[0].lines is not None and before[0].lines is not None
    assert after[0].lines[-1] == before[0].lines[-1] + 1
