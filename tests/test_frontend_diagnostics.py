"""Front-end diagnostics: the exact message and range of each parser / type-deduction family, and a guard
that every diagnostic we produce reads as its catalog template.

Spans are 1-based lines and 0-based code-point columns. Each case also names the source text under its
range, so a reader can see what is underlined.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from pathlib import Path

import pytest

from compiler import analyze, catalog
from compiler.diagnostics import Diagnostic

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
HEAD = "import pypto.language as pl\n\n\n"

# A @pl.jit kernel whose InCore scope body starts on line 10, indented by 8.
KERNEL = (
    HEAD
    + """@pl.jit
def k(
    x: pl.Tensor[[64, 64], pl.FP32],
    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP):
{body}
    return out
"""
)

# A kernel whose line-6 `with` header is the template's only variable part.
SCOPE = (
    HEAD
    + """@pl.jit
def k(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with {header}:
        out[:] = pl.exp(x)
    return out
"""
)


def kernel(*lines: str) -> str:
    return KERNEL.format(body="\n".join(" " * 8 + line for line in lines))


@dataclass(frozen=True)
class Case:
    id: str
    source: str
    code: str
    message: str
    span: tuple[int, int, int, int]  # line, col, end_line, end_col
    text: str  # the source under the range


def _diagnostics(source: str) -> list[Diagnostic]:
    return list(analyze(source, "snippet.py").diagnostics)


def _text(source: str, span: tuple[int, int, int, int]) -> str:
    line, col, end_line, end_col = span
    assert line == end_line, "single-line ranges only"
    return source.split("\n")[line - 1][col:end_col]


def _check(case: Case) -> Diagnostic:
    found = [d for d in _diagnostics(case.source) if d.code == case.code]
    assert len(found) == 1, [(d.code, d.message) for d in _diagnostics(case.source)]
    [d] = found
    assert d.message == case.message
    assert (d.span.line, d.span.col, d.span.end_line, d.span.end_col) == case.span
    assert _text(case.source, case.span) == case.text
    return d


H_SA = catalog.H_SA

# --------------------------------------------------------------------------------------------------
# Parser families
# --------------------------------------------------------------------------------------------------

SPLIT_AIV = [
    Case(
        "P7-count",
        kernel("for aiv_id in pl.split_aiv(4, mode=pl.SplitMode.NONE):", "    out[:] = pl.exp(x)"),
        "PTO-P7",
        "pl.split_aiv(n) requires n == 2 (AIV sub-core count is hardware-fixed at 2), got 4",
        (10, 35, 10, 36),
        "4",
    ),
    Case(
        "P10-missing-mode",
        kernel("for aiv_id in pl.split_aiv(2):", "    out[:] = pl.exp(x)"),
        "PTO-P10",
        "pl.split_aiv() requires mode= (e.g. mode=pl.SplitMode.NONE for task-parallel, or pl.SplitMode.UP_DOWN "
        "/ pl.SplitMode.LEFT_RIGHT for data-parallel halving)",
        (10, 22, 10, 37),
        "pl.split_aiv(2)",
    ),
    Case(
        "P4-loop-keyword",
        kernel("for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE, chunk=4):", "    out[:] = pl.exp(x)"),
        "PTO-P4",
        "pl.split_aiv() loop form does not accept 'chunk='",
        (10, 68, 10, 69),
        "4",
    ),
    Case(
        "P1-nested",
        kernel(
            "for a in pl.split_aiv(2, mode=pl.SplitMode.NONE):",
            "    for b in pl.split_aiv(2, mode=pl.SplitMode.NONE):",
            "        out[:] = pl.exp(x)",
        ),
        "PTO-P1",
        "nested 'for ... in pl.split_aiv(...)' is not allowed: a split_aiv body already represents the two AIV "
        "lanes, so it cannot contain another split_aiv loop",
        (11, 12, 11, 61),
        "for b in pl.split_aiv(2, mode=pl.SplitMode.NONE):",
    ),
]


@pytest.mark.parametrize("case", SPLIT_AIV, ids=lambda c: c.id)
def test_split_aiv_loop_family(case: Case) -> None:
    d = _check(case)
    assert d.hint == H_SA


SHARD_GATHER = [
    Case(
        "X10-outside-region",
        kernel("t = pl.load(x, [0, 0], [64, 64])", "s = pl.aiv_shard(t)", "out[:] = pl.exp(x)"),
        "PTO-X10",
        "pl.aiv_shard() must be used inside a 'for ... in pl.split_aiv(...)' loop (or pass an explicit integer "
        "'split=' in the outlined form); it otherwise inherits the split mode from that scope",
        (11, 12, 11, 27),
        "pl.aiv_shard(t)",
    ),
    Case(
        "X1-mode-kwarg",
        kernel(
            "for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):",
            "    s = pl.aiv_shard(x, mode=pl.SplitMode.UP_DOWN)",
            "out[:] = pl.exp(x)",
        ),
        "PTO-X1",
        "pl.aiv_shard() does not take a mode= argument — pass the lowered integer 'split=' (outlined form) or "
        "rely on the enclosing pl.split_aiv(mode=...) scope (high-level form)",
        (11, 16, 11, 58),
        "pl.aiv_shard(x, mode=pl.SplitMode.UP_DOWN)",
    ),
]


@pytest.mark.parametrize("case", SHARD_GATHER, ids=lambda c: c.id)
def test_shard_gather_family(case: Case) -> None:
    d = _check(case)
    assert d.hint == catalog.hint(case.code, op="aiv_shard")


OPTIMIZATIONS = [
    Case(
        "O1-not-a-list",
        SCOPE.format(header="pl.at(level=pl.Level.CORE_GROUP, optimizations=OPTS)").replace(
            HEAD, HEAD + "OPTS = [pl.split(pl.SplitMode.NONE)]\n\n\n"
        ),
        "PTO-O1",
        "pl.at(optimizations=...) must be a list literal",
        (9, 56, 9, 60),
        "OPTS",
    ),
    Case(
        "O2-duplicate-split",
        SCOPE.format(
            header="pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.NONE), "
            "pl.split(pl.SplitMode.UP_DOWN)])"
        ),
        "PTO-O2",
        "Duplicate 'pl.split(...)' in optimizations=[...]",
        (6, 86, 6, 116),
        "pl.split(pl.SplitMode.UP_DOWN)",
    ),
    Case(
        "O12-not-positive",
        SCOPE.format(
            header="pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=0)])"
        ),
        "PTO-O12",
        "pl.cross_core_slot(slot_num=...) must be positive, got 0",
        (6, 85, 6, 86),
        "0",
    ),
    Case(
        "O11b-split-slot-num-not-literal",
        SCOPE.format(
            header="pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.NONE, slot_num=x)])"
        ),
        "PTO-O11b",
        "pl.split(slot_num=...) must be an integer literal",
        (6, 94, 6, 95),
        "x",
    ),
]


@pytest.mark.parametrize("case", OPTIMIZATIONS, ids=lambda c: c.id)
def test_optimizations_family(case: Case) -> None:
    d = _check(case)
    if case.code != "PTO-O2":  # the others point back at the scope that declares the list
        assert [r.span.line for r in d.related] == [case.span[0]]


SINGLE = [
    Case(
        "F11-spmd-body",
        HEAD
        + """@pl.jit
def k(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.spmd(4):
        t = pl.load(x, [0, 0], [64, 64])
        out = pl.store(t, [0, 0], out)
    return out
""",
        "PTO-F11",
        "`with pl.spmd(...)` body neither reads the per-block index via `pl.tile.get_block_idx()` nor "
        "dispatches a `self.<kernel>(...)` call, so every block would run identical work.",
        (6, 4, 6, 20),
        "with pl.spmd(4):",
    ),
    Case(
        "F1-unknown-op",
        kernel("out[:] = pl.row_mean(x)"),
        "PTO-F1",
        "Unknown operation 'pl.row_mean'",
        (10, 17, 10, 28),
        "pl.row_mean",
    ),
    Case(
        "F2-unknown-module-op",
        kernel("out[:] = pl.tile.frobnicate(x)"),
        "PTO-F2",
        "Unknown pl.tile operation: frobnicate",
        (10, 17, 10, 35),
        "pl.tile.frobnicate",
    ),
    Case(
        "F4-unsupported-statement",
        kernel("y = pl.exp(x)", "assert y is not None", "out[:] = y"),
        "PTO-F4",
        "Unsupported statement type: Assert",
        (11, 8, 11, 28),
        "assert y is not None",
    ),
    Case(
        "F5-builtin-range",
        kernel("for i in range(4):", "    out[:] = pl.exp(x)"),
        "PTO-F5",
        "For loop must use pl.range(), pl.parallel(), pl.unroll(), pl.pipeline(), pl.while_(), pl.spmd(), or "
        "pl.split_aiv()",
        (10, 17, 10, 25),
        "range(4)",
    ),
    Case(
        "F6-undefined-variable",
        kernel("out[:] = pl.exp(z)"),
        "PTO-F6",
        "Undefined variable 'z'",
        (10, 24, 10, 25),
        "z",
    ),
    # Enum errors: P12 (SplitMode member), P12b (not spelled as a member), F7 (other enums), F9 (annotations
    # and expressions that fail to evaluate).
    Case(
        "P12-unknown-split-mode",
        kernel("for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.DIAGONAL):", "    out[:] = pl.exp(x)"),
        "PTO-P12",
        "Unknown SplitMode value: DIAGONAL",
        (10, 43, 10, 64),
        "pl.SplitMode.DIAGONAL",
    ),
    Case(
        "P12b-split-mode-not-enum",
        kernel("for aiv_id in pl.split_aiv(2, mode=1):", "    out[:] = pl.exp(x)"),
        "PTO-P12b",
        "Expected pl.SplitMode.<name>",
        (10, 43, 10, 44),
        "1",
    ),
    Case(
        "F7-unknown-level",
        SCOPE.format(header="pl.at(level=pl.Level.CORE_GRUOP)"),
        "PTO-F7",
        "Unknown Level value: CORE_GRUOP",
        (6, 21, 6, 40),
        "pl.Level.CORE_GRUOP",
    ),
    Case(
        "F9-expression",
        kernel("out[:] = pl.exp(x, mode=pl.Level.NOWHERE)"),
        "PTO-F9",
        "Failed to evaluate expression 'pl.Level.NOWHERE': NOWHERE",
        (10, 32, 10, 48),
        "pl.Level.NOWHERE",
    ),
]


PROGRAM_SPMD = (
    HEAD
    + """@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        out = pl.store(pl.exp(pl.load(x, [0, 0], [64, 64])), [0, 0], out)
        return out

    @pl.function
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with {header}:
{body}
        return out
"""
)
DISPATCH = "            out = self.k(x, out)"

SCOPES = [
    Case(
        "F37-at-unknown-keyword",
        SCOPE.format(header='pl.at(level=pl.Level.CORE_GROUP, nmae_hint="k")'),
        "PTO-F37",
        "Unknown keyword argument 'nmae_hint' in pl.at()",
        (6, 42, 6, 55),
        'nmae_hint="k"',
    ),
    Case(
        "F38-at-without-level",
        SCOPE.format(header='pl.at(name_hint="k")'),
        "PTO-F38",
        "pl.at() requires a level argument",
        (6, 9, 6, 29),
        'pl.at(name_hint="k")',
    ),
    Case(
        "F39-role-on-core-group",
        SCOPE.format(header="pl.at(level=pl.Level.CORE_GROUP, role=pl.Role.SubWorker)"),
        "PTO-F39",
        "role= is not supported with level=pl.Level.CORE_GROUP",
        (6, 47, 6, 64),
        "pl.Role.SubWorker",
    ),
    Case(
        "F33-spmd-without-core-num",
        PROGRAM_SPMD.format(header="pl.spmd()", body=DISPATCH),
        "PTO-F33",
        "pl.spmd() requires core_num (first positional argument)",
        (13, 13, 13, 22),
        "pl.spmd()",
    ),
    Case(
        "F34-spmd-zero-blocks",
        PROGRAM_SPMD.format(header="pl.spmd(0)", body=DISPATCH),
        "PTO-F34",
        "core_num must be a positive integer, got 0",
        (13, 21, 13, 22),
        "0",
    ),
    Case(
        "F12-spmd-two-dispatches",
        PROGRAM_SPMD.format(header="pl.spmd(4)", body=DISPATCH + "\n" + DISPATCH),
        "PTO-F12",
        "`with pl.spmd(...)` dispatch body launches 2 kernels; only one kernel dispatch per SPMD scope is "
        "supported.",
        (13, 8, 13, 24),
        "with pl.spmd(4):",
    ),
    Case(
        "O16-optimizations-twice",
        PROGRAM_SPMD.format(
            header="pl.spmd(4, optimizations=[pl.split(pl.SplitMode.UP_DOWN)])",
            body="            with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):\n"
            "                i = pl.tile.get_block_idx()\n"
            "                out = pl.store(pl.exp(pl.load(x, [i * 0, 0], [64, 64])), [0, 0], out)",
        ),
        "PTO-O16",
        "`optimizations=` is specified twice: on `pl.spmd(...)` and on the inner "
        "`pl.at(level=pl.Level.CORE_GROUP, ...)`",
        (13, 8, 13, 72),
        "with pl.spmd(4, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):",
    ),
    Case(
        "F19-break-outside-loop",
        kernel("y = pl.exp(x)", "break", "out[:] = y"),
        "PTO-F19",
        "'break' outside loop",
        (11, 8, 11, 13),
        "break",
    ),
    Case(
        "F20-continue-in-parallel",
        kernel("for i in pl.parallel(0, 4):", "    continue", "out[:] = pl.exp(x)"),
        "PTO-F20",
        "'continue' not supported in parallel loops",
        (11, 12, 11, 20),
        "continue",
    ),
    Case(
        "F24-foreign-context-manager",
        SCOPE.format(header='open("f")'),
        "PTO-F24",
        "Unsupported context manager in with statement",
        (6, 4, 6, 19),
        'with open("f"):',
    ),
]


@pytest.mark.parametrize("case", SCOPES, ids=lambda c: c.id)
def test_scope_and_loop_family(case: Case) -> None:
    """pl.at / pl.spmd arguments, where optimizations= goes, and break / continue placement."""
    assert _check(case).is_error


@pytest.mark.parametrize("case", SINGLE, ids=lambda c: c.id)
def test_parser_family(case: Case) -> None:
    d = _check(case)
    assert d.is_error
    if not catalog.rule(case.code).hint_fields:
        assert d.hint == catalog.rule(case.code).hint


def test_unknown_level_hint_lists_the_members() -> None:
    [d] = [d for d in _diagnostics(SCOPE.format(header="pl.at(pl.Level.CORE_GRUOP)")) if d.is_error]
    assert (d.code, d.message) == ("PTO-F7", "Unknown Level value: CORE_GRUOP")
    assert d.hint == (
        "Valid values: AIV, AIC, CORE_GROUP, CHIP_DIE, CHIP, HOST, CLUSTER_0, CLUSTER_1, CLUSTER_2, GLOBAL, "
        "L2CACHE, PROCESSOR, UMA, NODE, POD, CLOS1, CLOS2"
    )


MK2 = Path(__file__).resolve().parent / "rules" / "PTO-MK2.py"


@pytest.mark.parametrize(
    ("space", "reported"),
    [("pl.Mem.Mat", True), ("pl.MemorySpace.Mat", True), ("pl.MemorySpace.Vec", False), ("M.Mem.Mat", False)],
)
def test_a_tpop_result_memory_is_read_as_the_vocabulary_reads_it(space: str, reported: bool) -> None:
    """MK-2 reads the annotation's memory space through the DSL vocabulary: the pl.Mem alias and the
    pl.MemorySpace name alike, and nothing from a chain that is not the DSL's."""
    faulty = MK2.read_text().split("@pl.program\nclass Twin")[0]
    source = faulty.replace(
        "pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tpop", f"pl.Tile[[16, 16], pl.FP32, {space}] = pl.tpop"
    )
    assert ("PTO-MK2" in [d.code for d in _diagnostics(source)]) is reported


SYNTAX = (
    HEAD
    + """@pl.jit
def broken(x: pl.Tensor[[64, 64], pl.FP32]):
    y = (x +
    return y


@pl.jit
def fine(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        out[:] = pl.row_mean(x)
    return out
"""
)


def test_syntax_error_leaves_the_other_functions_analysed() -> None:
    by_code = {d.code: d for d in _diagnostics(SYNTAX)}
    assert set(by_code) == {"PTO-F0", "PTO-F1"}
    f0, f1 = by_code["PTO-F0"], by_code["PTO-F1"]
    assert f0.message == "invalid syntax: '(' was never closed"
    assert (f0.span.line, f0.span.col, f0.span.end_line, f0.span.end_col) == (6, 8, 6, 9)
    assert _text(SYNTAX, (6, 8, 6, 9)) == "("
    assert f1.message == "Unknown operation 'pl.row_mean'"  # from `fine`, which is still analysed
    assert (f1.span.line, f1.span.col, f1.span.end_line, f1.span.end_col) == (13, 17, 13, 28)


DEPS_COMPREHENSION = (
    HEAD
    + """@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        y = pl.store(t, [0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.create_tensor([64], dtype=pl.FP32)
        tids = pl.array.create(4, pl.TASK_ID)
        with pl.manual_scope():
            y, _ = pl.submit(self.kern, x, y, deps={deps})
        return y
"""
)


@pytest.mark.parametrize(
    ("deps", "codes"),
    [
        ("[tids[i] for i in range(4)]", set()),  # the comprehension reads tids: not unused
        ("[None, [tids[i] for i in (0, True)]]", {"PTO-F249"}),  # unrolled inside a list, no PTO-F28
        ("[tids[i] for i in pl.range(4)]", {"PTO-F247"}),  # the parser's own message, no PTO-F28
        ("[tids[i] for i in pl.pipeline(4, stage=0)]", {"PTO-F28"}),  # its evaluation fails first: not F247
    ],
)
def test_a_deps_comprehension_is_read_as_the_parser_unrolls_it(deps: str, codes: set[str]) -> None:
    found = {d.code for d in _diagnostics(DEPS_COMPREHENSION.format(deps=deps)) if d.code != "PTO-F46"}
    unused = [d.message for d in _diagnostics(DEPS_COMPREHENSION.format(deps=deps)) if d.code == "PTO-F46"]
    assert found == codes
    assert not any("'tids'" in m for m in unused)


# --------------------------------------------------------------------------------------------------
# Type-deduction families
# --------------------------------------------------------------------------------------------------

TILE_MATMUL = (
    HEAD
    + """@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[64, 64], pl.FP16],
        b: pl.Tensor[[32, 64], pl.FP16],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        ma = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        mb = pl.load(b, [0, 0], [32, 64], target_memory=pl.MemorySpace.Mat)
        ta = pl.move(ma, target_memory=pl.MemorySpace.Left)
        tb = pl.move(mb, target_memory=pl.MemorySpace.Right)
        c = pl.matmul(ta, tb)
        out = pl.store(c, [0, 0], out)
        return out
"""
)

DEDUCTION = [
    Case(
        "matmul-K",
        kernel("y = pl.matmul(x, pl.slice(x, [32, 64], [0, 0]))", "out[:] = y"),
        "PTO-F15",
        "pl operation 'matmul': tensor.matmul requires matching inner dimensions, but got lhs K=64 and rhs K=32",
        (10, 12, 10, 55),
        "pl.matmul(x, pl.slice(x, [32, 64], [0, 0]))",
    ),
    Case(
        "broadcast",
        kernel("y = pl.add(x, pl.slice(x, [32, 64], [0, 0]))", "out[:] = y"),
        "PTO-F15",
        "pl operation 'add': The operator tensor.add requires compatible shapes, but got [64, 64] and [32, 64]",
        (10, 12, 10, 52),
        "pl.add(x, pl.slice(x, [32, 64], [0, 0]))",
    ),
    Case(
        "tile-matmul-physical-K",
        TILE_MATMUL,
        "PTO-F15",
        "pl operation 'matmul': The operator tile.matmul requires matching physical inner dimensions (physical "
        "K), but got lhs K=64 and rhs K=32",
        (17, 12, 17, 29),
        "pl.matmul(ta, tb)",
    ),
    Case(
        "row-reduce-rank",
        kernel("y = pl.col_sum(pl.reshape(x, [4096]))", "out[:] = y"),
        "PTO-F15",
        "pl operation 'col_sum': The operator tensor.col_sum requires at least a 2D tensor, but got 1 dimensions",
        (10, 12, 10, 45),
        "pl.col_sum(pl.reshape(x, [4096]))",
    ),
]


@pytest.mark.parametrize("case", DEDUCTION, ids=lambda c: c.id)
def test_type_deduction_family(case: Case) -> None:
    d = _check(case)
    assert d.is_error and d.stage == "parse"


# --------------------------------------------------------------------------------------------------
# Guard: every diagnostic reads as its catalog template
# --------------------------------------------------------------------------------------------------


def _wildcards(template: str) -> re.Pattern[str]:
    """The template with each field a non-greedy wildcard."""
    parts: list[str] = []
    for literal, name, _spec, _conv in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append("(.*?)")
    return re.compile("".join(parts), re.S)


def _guard_sources() -> list[tuple[str, str]]:
    paths = sorted(CORPUS.glob("*.py")) + sorted((ROOT / "examples").glob("*.py"))
    sources = [(p.name, p.read_text(encoding="utf-8")) for p in paths]
    cases = SPLIT_AIV + SHARD_GATHER + OPTIMIZATIONS + SINGLE + DEDUCTION
    return sources + [(c.id, c.source) for c in cases] + [("syntax", SYNTAX)]


def test_every_message_is_its_catalog_template() -> None:
    checked = 0
    wrong: list[str] = []
    for name, source in _guard_sources():
        for d in _diagnostics(source):
            checked += 1
            r = catalog.RULES.get(d.code)
            if r is None:
                wrong.append(f"{name}: {d.code} is not in the catalog")
                continue
            if not _wildcards(r.template).fullmatch(d.message):
                wrong.append(f"{name}: {d.code} message does not read as its template: {d.message[:160]}")
            if re.search(r"\w__(?:tile|ssa)", d.message):
                wrong.append(f"{name}: {d.code} message names an IR value: {d.message[:160]}")
            if d.severity is not r.severity:
                wrong.append(f"{name}: {d.code} severity {d.severity} is not the rule's {r.severity}")
            if r.hint is not None and d.hint is not None and not _wildcards(r.hint).fullmatch(d.hint):
                wrong.append(f"{name}: {d.code} hint does not read as its template: {d.hint[:160]}")
    assert checked > 50
    assert not wrong, "\n".join(wrong)


def test_constructor_fills_template_hint_severity_and_stage() -> None:
    from compiler.source import Span

    span = Span(3, 4, 3, 9)
    d = catalog.diagnostic("PTO-P11", span, keyword="break")
    assert d.message == "'break' not supported inside a 'for ... in pl.split_aiv(...)' body"
    assert d.hint == catalog.hint("PTO-P11", keyword="break")
    assert (d.severity, d.stage, d.span) == (catalog.rule("PTO-P11").severity, "parse", span)
    h7 = catalog.diagnostic(
        "PTO-H7",
        span,
        stage="HardSyncallOccupancy",
        hint_fields={"query": "q()"},
        kernel="k",
        launch="uses the literal width 8",
    )
    assert h7.hint == "Launch with pl.spmd(q(), sync_start=True), writing the query inline."
    assert h7.stage == "HardSyncallOccupancy"
    with pytest.raises(TypeError):
        catalog.diagnostic("PTO-P11", span, keyword="break", typo=1)
    with pytest.raises(KeyError):
        catalog.diagnostic("PTO-P7", span)


_HOST_ONLY = """import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function({decorator})
    def orch(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
{body}
        return x
"""
_WORLD_SIZE = "        n = pld.world_size()"
_BUFFER = "        buf = pld.alloc_window_buffer(1024)"
_HOST = "level=pl.Level.HOST, role=pl.Role.Orchestrator"
# (decorator arguments, body) -> (code, line, printed level): each verdict recorded on the compiler (e2d0f78).
_HOST_ONLY_VERDICTS: dict[tuple[str, str], tuple[str, int, str] | None] = {
    ("", _WORLD_SIZE): ("PTO-F146", 9, "None"),
    ("level=pl.Level.CHIP, role=pl.Role.Orchestrator", _BUFFER): ("PTO-F142", 9, "Level.CHIP"),
    (_HOST, "        with pl.at(level=pl.Level.CORE_GROUP):\n    " + _WORLD_SIZE): (
        "PTO-F146",
        10,
        "Level.HOST",
    ),
    (_HOST, _WORLD_SIZE): None,
    ("level=pl.Level.NODE, role=pl.Role.Orchestrator", _WORLD_SIZE): ("PTO-F146", 9, "Level.NODE"),
    ("level=pl.Level.UMA, role=pl.Role.Orchestrator", _BUFFER): ("PTO-F142", 9, "Level.UMA"),
}


def test_host_only_calls_follow_the_functions_level_and_its_device_scopes() -> None:
    """pld.world_size / alloc_window_buffer outside HOST orchestration, in any program function: the parser
    compares the function's `level=` as written (an alias is not HOST) and rejects a device scope inside."""
    for (decorator, body), expected in _HOST_ONLY_VERDICTS.items():
        source = _HOST_ONLY.format(decorator=decorator, body=body)
        errors = [d for d in analyze(source).diagnostics if d.is_error]
        if expected is None:
            assert errors == [], source
            continue
        code, line, level = expected
        assert [(d.code, d.span.line) for d in errors] == [(code, line)], source
        assert errors[0].message.endswith(f"current function level: {level}")


_WINDOW_HOST = """import pypto.language as pl
import pypto.language.distributed as pld


@pl.jit.host
def host(x: pl.Tensor[[2, 1, 64], pl.FP32]):
{body}
"""
# Each recorded on the compiler (e2d0f78): the allocation anywhere but `name = ...`'s value is rejected by the
# parser's op parse (F145), at the call.
_WINDOW_FORMS = {
    "    buf, other = (pld.alloc_window_buffer([1, 64], dtype=pl.FP32), 0)": "PTO-F145",
    "    buf = [pld.alloc_window_buffer([1, 64], dtype=pl.FP32)]": "PTO-F145",
    "    buf: pld.WindowBuffer = pld.alloc_window_buffer([1, 64], dtype=pl.FP32)": "PTO-F145",
    "    d = pld.window(pld.alloc_window_buffer([1, 64], dtype=pl.FP32), [1, 64], dtype=pl.FP32)": "PTO-F145",
    "    buf = pld.alloc_window_buffer([1, 64], dtype=pl.FP32)": None,
}


@pytest.mark.parametrize("body", list(_WINDOW_FORMS))
def test_a_window_buffer_allocation_nested_in_a_statement_is_not_a_simple_assignment(body: str) -> None:
    source = _WINDOW_HOST.format(body=body)
    errors = [(d.code, d.span.line, d.span.col) for d in analyze(source).diagnostics if d.is_error]
    code = _WINDOW_FORMS[body]
    expected = [] if code is None else [(code, 7, body.index("pld.alloc"))]
    assert errors == expected, source
