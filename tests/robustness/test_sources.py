"""Source text as Python reads it: line breaks, byte-order marks and coding lines, sizes, and scans that
stay linear in the text. Each case is bounded in time."""

from __future__ import annotations

import io
import time
import tokenize
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from compiler import analyze
from compiler.analysis import Analysis
from compiler.frontend.units import string_lines
from compiler.modules import ModuleGraph
from compiler.pipeline import Analyzer
from compiler.source import python_text
from compiler.source_files import decode
from pypto_lsp.features import fix_edits
from pypto_lsp.positions import LineIndex
from tests.robustness.cli import check

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "tests" / "rules"
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
SP5 = (RULES / "PTO-SP5.py").read_text(encoding="utf-8")  # one safe fix (a string enum to pl.KernelType)


def _where(analysis: Analysis) -> list[tuple[str, int, int, int, int]]:
    return sorted(
        (d.code, d.span.line, d.span.col, d.span.end_line, d.span.end_col) for d in analysis.diagnostics
    )


# ---------------------------------------------------------------- line breaks
def test_a_lone_carriage_return_is_a_line_break_for_the_fix(tmp_path: Path) -> None:
    """The reproducer: after a stray CR in a comment, --fix rewrote the line above the fault."""
    path = tmp_path / "stray_cr.py"
    path.write_bytes(SP5.replace("TILE = 64", "TILE = 64  # a\rb").encode())
    proc = check(str(path), "--fix")
    assert "Fixed 1 diagnostic(s)." in proc.stderr
    fixed = path.read_bytes().decode()
    compile(fixed, str(path), "exec")  # still Python
    assert fixed == SP5.replace("TILE = 64", "TILE = 64  # a\rb").replace(
        'core_type="aiv_only"', "core_type=pl.KernelType.AIV"
    )


def test_a_file_with_only_carriage_returns_is_analysed(tmp_path: Path) -> None:
    assert _where(analyze(SP5.replace("\n", "\r"), "/tmp/cr.py")) == _where(analyze(SP5, "/tmp/cr.py"))
    path = tmp_path / "cr_only.py"
    path.write_bytes(SP5.replace("\n", "\r").encode())
    proc = check(str(path))
    assert ":15:37: PTO-SP5 error" in proc.stdout


_NOT_BREAKS = ["\f", "\v", "\x1c", "\x85", "\u2028"]  # str.splitlines() splits on these, Python does not


@st.composite
def line_endings(draw: st.DrawFn) -> tuple[str, str]:
    """A seed file with every line break drawn from LF, CRLF and CR, and characters that look like line
    breaks (but are not, to Python) in its comments."""
    text = draw(st.sampled_from([SP5, *(p.read_text(encoding="utf-8") for p in EXAMPLES)]))
    lines = text.split("\n")
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(lines) - 1))
        if lines[at].lstrip().startswith("#"):
            lines[at] += draw(st.sampled_from(_NOT_BREAKS)) + "x"
    plain = "\n".join(lines)
    breaks = draw(st.lists(st.sampled_from(["\n", "\r\n", "\r"]), min_size=len(lines), max_size=len(lines)))
    for i in range(1, len(breaks)):
        if breaks[i - 1] == "\r" and not lines[i] and breaks[i] == "\n":
            breaks[i] = "\r\n"  # a CR, an empty line and a LF would be one CRLF
    mixed = "".join(line + brk for line, brk in zip(lines, breaks, strict=True))[: -len(breaks[-1])]
    return plain, mixed


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line_endings())
def test_lines_are_pythons_lines_everywhere(case: tuple[str, str]) -> None:
    plain, mixed = case
    assert python_text(mixed) == plain
    expected, found = analyze(plain, "/tmp/t.py"), analyze(mixed, "/tmp/t.py")
    assert _where(found) == _where(expected)
    # LSP positions land on the same text in the editor's buffer
    plain_index, mixed_index = LineIndex(plain), LineIndex(mixed)
    for d in found.diagnostics:
        assert mixed_index.range(d.span) == plain_index.range(d.span)
        assert mixed_index.line_text(d.span.line) == plain_index.line_text(d.span.line)
    # and a fix changes the same text in both
    for d, e in zip(found.diagnostics, expected.diagnostics, strict=True):
        fix, plain_fix = fix_edits.fix_of(d, mixed), fix_edits.fix_of(e, plain)
        assert (fix is None) == (plain_fix is None)
        if fix is not None and plain_fix is not None:
            changed = python_text(fix_edits.apply(mixed, list(fix.changes)))
            assert changed == fix_edits.apply(plain, list(plain_fix.changes))


@st.composite
def python_sources(draw: st.DrawFn) -> str:
    """Statements with comments and string literals (single, triple, raw, continued with a backslash) whose
    contents look like the start or end of another string; each piece is whole, so most sources compile."""
    pieces = st.sampled_from(
        [
            "x = 1",
            "# it's a comment with \"\"\" and '''",
            "s = 'it''s' + \"a # b\"",
            's = """\n\'\'\' # not a comment\n"""',
            "t = '''a\n\"\"\"\nb'''",
            'r = r"""\\"\n"""',
            'u = "line \\\ncontinued"',
            'v = f"{x}" # """',
            "b = b'\\x00'",
            '"""\n# a docstring that is not a comment\n"""',
            "def f():\n    return '#'",
            "y = 'a\\'b'",
            "z = (\n    'a'\n    '''b\n'''\n)",
        ]
    )
    source = "\n".join(draw(st.lists(pieces, min_size=1, max_size=14))) + "\n"
    if draw(st.booleans()):
        source = source.replace("x = 1\n", "x = 1 \\\n    + 2\n")
    return source


def _tokenizer_string_lines(source: str) -> frozenset[int]:
    out: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING and token.end[0] > token.start[0]:
            out.update(range(token.start[0], token.end[0]))  # 0-based indices of the lines after the first
    return frozenset(out)


@settings(max_examples=300, deadline=None)
@given(python_sources())
def test_string_lines_agree_with_pythons_tokenizer(source: str) -> None:
    try:
        compile(source, "<generated>", "exec")  # valid Python only: compiled, never run
        expected = _tokenizer_string_lines(source)
    except (tokenize.TokenError, SyntaxError, ValueError):
        assume(False)
        return
    assert string_lines(source) == expected


# ---------------------------------------------------------------- encodings
def test_a_byte_order_mark_is_not_source() -> None:
    kernel = (ROOT / "examples" / "gemv.py").read_text(encoding="utf-8")
    assert _where(analyze("\ufeff" + kernel, "/tmp/bom.py")) == _where(analyze(kernel, "/tmp/bom.py"))
    index = LineIndex("\ufeff" + kernel)
    assert index.position(1, 0).character == 1  # the editor keeps the mark: line 1 starts one later
    assert index.point(index.position(1, 3)) == (1, 3)


def test_a_config_module_with_a_byte_order_mark_keeps_its_constants(tmp_path: Path) -> None:
    (tmp_path / "config.py").write_bytes(b"\xef\xbb\xbfTILE = 64\r\nROWS = TILE * 2\r\n")
    main = tmp_path / "main.py"
    source = "import pypto.language as pl\nfrom config import ROWS\n"
    main.write_text(source)
    analyzer = Analyzer(graph=ModuleGraph())
    analyzer.analyze(source, str(main))
    constants = analyzer.parse_cache.constants
    assert constants is not None and constants[2]["ROWS"] == 128


@pytest.mark.parametrize(
    ("data", "text", "encoding", "bom"),
    [
        (b"\xef\xbb\xbfx = 1\n", "x = 1\n", "utf-8", True),
        (
            b"# -*- coding: latin-1 -*-\nx = '\xe9'\n",
            "# -*- coding: latin-1 -*-\nx = 'é'\n",
            "iso-8859-1",
            False,
        ),
        (b"#!/usr/bin/env python\n# vim: set fileencoding=cp1252 :\n# \x80\n", None, "cp1252", False),
    ],
)
def test_files_are_decoded_as_python_decodes_them(
    data: bytes, text: str | None, encoding: str, bom: bool
) -> None:
    decoded = decode(data)
    assert decoded.error is None and decoded.encoding == encoding and decoded.bom is bom
    assert decoded.text == (text if text is not None else data.decode(encoding))
    assert decoded.encode(decoded.text) == data  # written back byte for byte


@pytest.mark.parametrize(
    ("data", "where", "message"),
    [
        (b"x = 1\n# caf\xe9\n", (2, 5), "(unicode error) 'utf-8' codec can't decode byte 0xe9"),
        (b"# coding: bogus\nx = 1\n", (1, 0), "unknown encoding: bogus"),
        (b"\xef\xbb\xbf# coding: latin-1\nx = 1\n", (1, 0), "encoding problem: utf-8"),
    ],
)
def test_undecodable_files_get_pythons_error(data: bytes, where: tuple[int, int], message: str) -> None:
    decoded = decode(data)
    assert decoded.error is not None
    span, detail = decoded.error
    assert (span.line, span.col) == where and detail.startswith(message)


_NON_ASCII = "éàüßçñø"


@st.composite
def encoded_sources(draw: st.DrawFn) -> tuple[str, bytes]:
    """A kernel with Latin-1 letters in comments and strings, written in one of the encodings Python
    reads: UTF-8 with or without a byte-order mark, or a legacy codec named by a coding line."""
    text = draw(st.sampled_from([p.read_text(encoding="utf-8") for p in EXAMPLES]))
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(lines) - 1))
        lines.insert(at, "# " + draw(st.text(alphabet=_NON_ASCII + "abc ", min_size=1, max_size=12)))
    codec = draw(st.sampled_from(["utf-8", "utf-8-sig", "latin-1", "cp1252"]))
    if codec in ("latin-1", "cp1252"):
        lines.insert(0, f"# -*- coding: {codec} -*-")
    text = "\n".join(lines)
    return text, text.encode(codec)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encoded_sources())
def test_every_encoding_python_reads_gives_the_same_analysis(case: tuple[str, bytes]) -> None:
    text, data = case
    decoded = decode(data)
    assert decoded.error is None and decoded.text == text
    assert _where(analyze(decoded.text, "/tmp/e.py")) == _where(analyze(text, "/tmp/e.py"))


def test_fix_keeps_the_encoding_the_byte_order_mark_and_the_line_endings(tmp_path: Path) -> None:
    latin = tmp_path / "latin.py"
    latin.write_bytes(("# -*- coding: latin-1 -*-\n# café\n" + SP5).replace("\n", "\r\n").encode("latin-1"))
    bom = tmp_path / "bom.py"
    bom.write_bytes(b"\xef\xbb\xbf" + SP5.encode())
    proc = check(str(latin), str(bom), "--fix")
    assert "Fixed 2 diagnostic(s)." in proc.stderr
    fixed = latin.read_bytes()
    assert b"caf\xe9" in fixed and b"pl.KernelType.AIV" in fixed
    assert fixed.count(b"\r\n") == fixed.count(b"\n")  # every line still ends CRLF
    fixed_sp5 = SP5.replace('core_type="aiv_only"', "core_type=pl.KernelType.AIV")
    assert bom.read_bytes() == b"\xef\xbb\xbf" + fixed_sp5.encode()


# ---------------------------------------------------------------- sizes and linear scans
def test_the_open_document_has_a_size_limit() -> None:
    huge = "import pypto.language as pl\nX = '" + "a" * 20_000_000 + "'\n"
    tracemalloc.start()
    started = time.perf_counter()
    analysis = Analyzer().analyze(huge, "/tmp/huge.py")
    elapsed = time.perf_counter() - started
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert [d.code for d in analysis.diagnostics] == ["PTO-F47c"]
    assert "20.0 MB" in analysis.diagnostics[0].message
    assert elapsed < 2.0 and peak < 50 * 2**20


_BIG = 300_000
SCANS = {
    "a string of quotes and hashes": "X = '" + '# """ ' * (_BIG // 6) + "'\n",
    "a long non-ASCII line of many tokens": 'S = ["é", ' + "1, " * (_BIG // 3) + "]\n",
    "ten thousand plain functions": "".join(
        f"def f{i}(a):\n    return a + {i}\n\n\n" for i in range(_BIG // 30)
    ),
    "a triple-quoted string of many lines": 'X = """' + "abc ''' def\n" * (_BIG // 12) + '"""\n',
}


@pytest.mark.parametrize("name", sorted(SCANS))
def test_scans_of_the_source_are_linear(name: str) -> None:
    """Each of these took 4 to 40 s per analysis when a scan was quadratic in the text."""
    base = (ROOT / "examples" / "attention.py").read_text(encoding="utf-8")
    source = base.replace("import pypto.language as pl\n", "import pypto.language as pl\n" + SCANS[name], 1)
    analyzer = Analyzer(graph=ModuleGraph())
    started = time.perf_counter()
    analyzer.analyze(source, "/tmp/scan.py")
    analyzer.analyze(source.replace("scores", "scorez"), "/tmp/scan.py")
    assert time.perf_counter() - started < 8.0
