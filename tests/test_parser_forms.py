"""Forms the parser reads itself, which must not be typed as ordinary expressions: `pl.<dtype>.get_byte()`
(folded to the dtype's size), `attrs={...}` dict literals, and the options of a `self.<function>(...)` call."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest

from compiler import ir, pipeline
from compiler.diagnostics import Diagnostic
from compiler.pipeline import analyze

GET_BYTE = """
import pypto.language as pl


@pl.function
def sizes(x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
    pl.static_assert(pl.FP32.get_byte() == {fp32})
    pl.static_assert(pl.BF16.get_byte() * 32 == 64)
    return x
"""

CALL_OPTIONS = """
import pypto.language as pl


@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 16])
        b = pl.store(pl.exp(t), [0, 0], b)
        return b

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        r = self.kernel(a, b, attrs={"arg_directions": [pl.adir.input, pl.adir.output_existing]})
        return r
"""


def _errors(source: str) -> list[tuple[str, int]]:
    return [(d.code, d.span.line) for d in analyze(source, "forms.py").diagnostics if d.is_error]


def test_get_byte_is_the_dtype_size() -> None:
    assert _errors(GET_BYTE.format(fp32=4)) == []
    assert _errors(GET_BYTE.format(fp32=2)) == [("PTO-F63", 7)]


def test_attrs_dicts_and_call_options_are_not_arguments() -> None:
    assert _errors(CALL_OPTIONS) == []
    two_args = CALL_OPTIONS.replace("self.kernel(a, b, attrs=", "self.kernel(a, attrs=")
    assert [code for code, _ in _errors(two_args)] == ["PTO-F36"]


STATIC_FORMS = """
import pypto.language as pl

K = 4


@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.InCore)
    def produce(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        out = pl.store(pl.exp(pl.load(x, [0], [64])), [0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        pl.static_print(f"rows: {x}")
        with pl.manual_scope():
            tids = pl.array.create(K, pl.TASK_ID)
            for n in pl.parallel(K):
                a, t = pl.submit(self.produce, x)
                tids[n] = t
            b, _ = pl.submit(self.produce, x, deps=[tids[k] for k in range(K)])
        return b
"""


def test_static_print_labels_and_deps_comprehensions_are_read_by_the_parser() -> None:
    assert _errors(STATIC_FORMS) == []
    elsewhere = STATIC_FORMS.replace('pl.static_print(f"rows: {x}")', 'y = pl.exp(f"rows: {x}")')
    assert ("PTO-F28", 16) in _errors(elsewhere)


def test_forms_the_parser_cannot_evaluate_stay_errors() -> None:
    # A conversion or a format spec: static_print formats none of them (the compiler's own message).
    converted = STATIC_FORMS.replace('f"rows: {x}"', 'f"rows: {x!r}"')
    assert ("PTO-F174", 16) in _errors(converted)
    dsl_loop = STATIC_FORMS.replace("for k in range(K)]", "for k in pl.range(K)]")
    assert [code for code, _ in _errors(dsl_loop)] == ["PTO-F28"]


def test_a_strict_program_makes_every_member_strict() -> None:
    """`@pl.program(strict_ssa=True)`: a member assigning a name twice is PTO-F42 (on the compiler: line 9)."""
    source = (
        "import pypto.language as pl\n\n\n"
        "@pl.program(strict_ssa=True)\n"
        "class P:\n"
        "    @pl.function\n"
        "    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:\n"
        "        result = pl.add(x, 1.0)\n"
        "        result = pl.add(result, 2.0)\n"
        "        return result\n"
    )
    found = [(d.span.line, d.message) for d in analyze(source).diagnostics if d.code == "PTO-F42"]
    assert found == [(9, "Variable 'result' is already defined")]
    relaxed = source.replace("@pl.program(strict_ssa=True)", "@pl.program")
    assert not [d for d in analyze(relaxed).diagnostics if d.code == "PTO-F42"]


EMPTY_PROGRAM = """import pypto.language as pl
from pypto.language import function


@pl.program
class P:
    {decorator}
    def k(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return x
"""


def test_a_program_without_a_decorated_member_is_f180_and_an_aliased_decorator_stays_silent() -> None:
    """The compiler reads `@function` as @pl.function too; the model does not build it, so it says nothing."""
    assert _errors(EMPTY_PROGRAM.format(decorator="# no decorator")) == [("PTO-F180", 6)]
    assert _errors(EMPTY_PROGRAM.format(decorator="@function")) == []
    assert _errors(EMPTY_PROGRAM.format(decorator="@pl.function")) == []


SUBMIT_RESULT_AS_DEP = """\
import pypto.language as pl


@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.InCore)
    def k1(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.manual_scope():
            a, t1 = pl.submit(self.k1, x)
            b, t2 = pl.submit(self.k1, x, deps=[{dep}])
        return b
"""


def test_a_submit_result_takes_the_kernel_result_type() -> None:
    """`a, t1 = pl.submit(self.k1, x)`: a is k1's tensor, so deps=[a] is no TaskId (the compiler agrees)."""
    assert _errors(SUBMIT_RESULT_AS_DEP.format(dep="a")) == [("PTO-F210", 14)]
    assert _errors(SUBMIT_RESULT_AS_DEP.format(dep="t1")) == []


SUBMIT_FLAGS = """\
import pypto.language as pl


@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.InCore)
    def k1(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        a, t1 = {call}
        return a
"""


def test_submit_flags_are_boolean_literals() -> None:
    """sync_start= on pl.spmd_submit and allow_early_resolve= on a submit are read as bool literals (PTO-F55)."""
    spmd = "pl.spmd_submit(self.k1, x, core_num=2, sync_start={flag})"
    early = "pl.submit(self.k1, x, allow_early_resolve={flag})"
    for call in (spmd, early):
        assert _errors(SUBMIT_FLAGS.format(call=call.format(flag=1))) == [("PTO-F55", 12)]
        assert _errors(SUBMIT_FLAGS.format(call=call.format(flag=True))) == []


def test_a_plain_submit_takes_no_spmd_keyword() -> None:
    """core_num= belongs to pl.spmd_submit: on pl.submit the kernel's keyword check rejects it (PTO-F75)."""
    assert _errors(SUBMIT_FLAGS.format(call="pl.submit(self.k1, x, core_num=2)")) == [("PTO-F75", 12)]
    assert _errors(SUBMIT_FLAGS.format(call="pl.spmd_submit(self.k1, x, core_num=2)")) == []


# F297 reads the module's pl.dynamic symbols: its rule fixture, with and without the module constant.
_SHADOWED = Path(__file__).parent / "rules" / "PTO-F297.py"


def test_each_function_forms_are_read_once_and_again_after_its_edit_or_new_constants(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The forms of a function are kept while the function object and the module constants are the same:
    an edit of another function reuses them, an edit of the constants reads them again (F297 reads the
    module's pl.dynamic symbols)."""
    walked: list[str] = []
    forms = pipeline.function_forms

    def counted(function: ir.Function, env: Mapping[str, object]) -> tuple[Diagnostic, ...]:
        walked.append(function.name)
        return forms(function, env)

    monkeypatch.setattr(pipeline, "function_forms", counted)
    analyzer = pipeline.Analyzer()

    def f297(source: str) -> list[int]:
        return [d.span.line for d in analyzer.analyze(source).diagnostics if d.code == "PTO-F297"]

    dynamic = _SHADOWED.read_text(encoding="utf-8")
    assert f297(dynamic) == [20]
    assert sorted(walked) == ["kern", "kern", "main", "main"]
    walked.clear()
    edited = dynamic.replace("pl.load(x, [0], [64])", "pl.load(x, [0], [64])  # edited", 1)
    assert f297(edited) == [20]
    assert walked == ["kern"]  # the others, and main's F297, come from the memo
    walked.clear()
    assert f297(edited.replace('n = pl.dynamic("n")', "m = 1")) == []
    assert sorted(walked) == ["kern", "kern", "main", "main"]
