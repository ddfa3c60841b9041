"""`# noqa` suppressions: per line, per code, and a hint for a directive that silences nothing."""

from __future__ import annotations

from compiler import analyze

SOURCE = """import pypto.language as pl


@pl.jit
def f(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        unused = pl.exp(x){comment}
        spare = pl.neg(x){comment2}
        y[:] = pl.abs(x)
    return y
"""


def _codes(comment: str = "", comment2: str = "") -> list[tuple[str, int]]:
    analysis = analyze(SOURCE.format(comment=comment, comment2=comment2))
    return sorted((d.code, d.span.line) for d in analysis.diagnostics)


def test_without_directives_both_faults_show() -> None:
    assert _codes() == [("PTO-F46", 7), ("PTO-F46", 8)]


def test_a_code_directive_silences_that_code_only() -> None:
    assert _codes("  # noqa: PTO-F46") == [("PTO-F46", 8)]
    assert _codes("  # noqa: PTO-F1") == [("PTO-F46", 7), ("PTO-F46", 8), ("PTO-NQ1", 7)]


def test_a_bare_directive_silences_every_code_on_its_line() -> None:
    assert _codes(comment2="  # noqa") == [("PTO-F46", 7)]
    assert _codes("  # NOQA:pto-f46,PTO-X1") == [("PTO-F46", 8), ("PTO-NQ1", 7)]


def test_an_unused_directive_gets_a_hint_naming_what_is_unused() -> None:
    analysis = analyze(SOURCE.format(comment="  # noqa: PTO-F46, PTO-H1", comment2=""))
    [hint] = [d for d in analysis.diagnostics if d.code == "PTO-NQ1"]
    assert hint.message == "Unused `noqa` directive (unused: PTO-H1)"
    assert hint.span.line == 7 and not hint.is_error


def test_other_tools_codes_and_bare_directives_get_no_hint() -> None:
    assert _codes("  # noqa: E501, PLR0913") == [("PTO-F46", 7), ("PTO-F46", 8)]
    bare = analyze(SOURCE.format(comment="", comment2="").replace("pl.abs(x)", "pl.abs(x)  # noqa"))
    assert [d.code for d in bare.diagnostics] == ["PTO-F46", "PTO-F46"]  # a bare unused noqa: no hint
