"""An edit inside a long compound statement re-parses only the statements of the innermost block around it
(a keystroke in a 600-line loop parses a few lines, not the loop), and the analysis equals a fresh one at
every keystroke: typing a statement, a syntax error on the way, a line at the end of a block, in an
`else:` block, at the end of a loop that has an `else:` clause, and a dedented line that belongs to the
enclosing block."""

from __future__ import annotations

import pytest

import compiler.frontend.parser as parser_module
from compiler import budget
from compiler.modules import ModuleGraph
from compiler.pipeline import Analyzer

PATH = "nested.py"


def _kernel() -> str:
    body = "\n".join(f"                    s{i} = pl.mul(s{i - 1}, tile_b)" for i in range(1, 40))
    tail = "\n".join(f"            r{i} = b * {i}" for i in range(1, 30))
    return f"""import pypto.language as pl


@pl.jit
def nested(
    a: pl.Tensor[[512, 64], pl.FP32],
    b_in: pl.Tensor[[512, 64], pl.FP32],
    out: pl.Out[pl.Tensor[[512, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="nested"):
        for b in pl.range(4):
            r0 = b * 2
            for j in pl.range(2):
                if j == 0:
                    tile_a = pl.load(a, [b * 128 + j * 64, 0], [64, 64])
                    tile_b = pl.load(b_in, [b * 128 + j * 64, 0], [64, 64])
                    s0 = pl.add(tile_a, tile_b)
{body}
                    out = pl.store(s39, [b * 128 + j * 64, 0], out)
                else:
                    tile_c = pl.load(a, [b * 128 + j * 64, 0], [64, 64])
                    out = pl.store(pl.exp(tile_c), [b * 128 + j * 64, 0], out)
{tail}
    return out
"""


def _typing(text: str, after: str, typed: str, indent: str) -> list[str]:
    """The versions of `text` while Enter is pressed after the line holding `after`, `typed` is typed
    key by key at `indent`, then deleted key by key, then the new line."""
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if after in line) + 1
    versions = []
    for n in [*range(len(typed) + 1), *range(len(typed), -1, -1)]:
        versions.append("\n".join([*lines[:at], indent + typed[:n], *lines[at:]]))
    versions.append(text)
    return versions


CASES = {
    "deep_middle": ("s20 = pl.mul", "t = pl.exp(s20)", " " * 20),
    "deep_block_end": ("out = pl.store(s39", "t = pl.exp(s39)", " " * 20),
    "else_block": ("tile_c = pl.load", "t = pl.exp(tile_c)", " " * 20),
    "dedented_into_outer_block": ("s20 = pl.mul", "t = r0 + 1", " " * 16),
    "loop_tail": ("r10 = b", "r_new = r10 + 1", " " * 12),
}


@pytest.fixture(autouse=True)
def _memos_no_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Statement memos on this short body (real files need 300 lines), budgets off."""
    import compiler.memo

    monkeypatch.setattr(compiler.memo, "MEMO_MIN_LINES", 1)
    monkeypatch.setattr(budget, "UNIT_BUDGET_S", 1e6)
    monkeypatch.setattr(budget, "DOCUMENT_BUDGET_S", 1e6)


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_keystroke_equals_a_fresh_analysis(case: str) -> None:
    after, typed, indent = CASES[case]
    text = _kernel()
    graph = ModuleGraph()
    incremental = Analyzer(graph=graph)
    incremental.analyze(text, PATH)
    for version in _typing(text, after, typed, indent):
        assert incremental.analyze(version, PATH) == Analyzer(graph=graph).analyze(version, PATH)


def test_a_statement_typed_deep_inside_parses_a_few_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _kernel()
    analyzer = Analyzer(graph=ModuleGraph())
    analyzer.analyze(text, PATH)
    parsed: list[str] = []
    real = parser_module.parse_source
    monkeypatch.setattr(parser_module, "parse_source", lambda t: parsed.append(t) or real(t))
    after, typed, indent = CASES["deep_middle"]
    seen = 0
    for version in _typing(text, after, typed, indent)[1:]:
        parsed.clear()
        analyzer.analyze(version, PATH)
        # The whole document may be parsed (its module code); the loop and the `if` around the edit never
        # are: no other text parsed holds the statements before the edit in its block.
        seen += len(parsed)
        assert all("tile_b = pl.load" not in t or ("return out" in t and "import" in t) for t in parsed)
    assert seen > len(typed)  # the keystrokes did parse


def test_typing_at_the_end_of_a_loop_with_an_else_clause_keeps_the_loop_span() -> None:
    """A for's `else:` is no block of the IR, but the loop's span covers it (and the span of the scope
    around it, the kernel's): a line typed in the loop's last statement leaves those spans ending after
    the clause, as a fresh parse has them."""
    body = "\n".join(f"                s{i} = pl.mul(s{i - 1}, tile_a)" for i in range(1, 20))
    text = f"""import pypto.language as pl


@pl.jit
def looped(a: pl.Tensor[[512, 64], pl.FP32], out: pl.Out[pl.Tensor[[512, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="looped"):
        for b in pl.range(4):
            r0 = b * 2
            if b == 0:
                tile_a = pl.load(a, [b * 128, 0], [64, 64])
                s0 = pl.exp(tile_a)
{body}
                out = pl.store(s19, [b * 128, 0], out)
        else:
            r_done = 1
    return out
"""
    graph = ModuleGraph()
    incremental = Analyzer(graph=graph)
    first = incremental.analyze(text, PATH)
    assert [k.span.end_line for k in first.kernels] == [text.split("\n").index("            r_done = 1") + 1]
    for typed in ("t = pl.exp(s10)", ""):  # a statement, then a line of spaces only
        for version in _typing(text, "s10 = pl.mul", typed, " " * 16):
            assert incremental.analyze(version, PATH) == Analyzer(graph=graph).analyze(version, PATH)
