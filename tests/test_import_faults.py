"""Modules whose import fails: proven from known values only, in Python's words, on the failing line and
at every import that reaches it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from compiler.evaluator import UNKNOWN_VALUE, ImportFault, evaluate_module
from compiler.import_faults import find_faults
from compiler.modules import ModuleGraph
from compiler.pipeline import analyze


def _fault(source: str, environ: dict[str, str] | None = None) -> str | None:
    faults: list[ImportFault] = []
    evaluate_module(ast.parse(source), environ or {}, lambda _name, _level: None, None, faults)
    return f"{faults[0].line}: {faults[0].error}" if faults else None


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("V = 1000\nC = 64\nassert V % C == 0\n", "3: AssertionError: assert V % C == 0"),
        (
            "V = 1000\nassert V % 64 == 0, f'V={V} is not a multiple'\n",
            "2: AssertionError: V=1000 is not a multiple",
        ),
        ("S = 4\nSTEP = S // (S - 4)\n", "2: ZeroDivisionError: integer division or modulo by zero"),
        ("S = 4.0\nR = 1 / (S - 4)\n", "2: ZeroDivisionError: float division by zero"),
        (
            "TP = 3\nif TP not in (1, 2, 4):\n    raise ValueError(f'TP={TP} unsupported')\n",
            "2: ValueError: TP=3 unsupported",
        ),
        (
            "def check(n):\n    if n > 2:\n        raise RuntimeError(f'n={n}')\n\ncheck(3)\n",
            "5: RuntimeError: n=3",
        ),
        ("A = 1\nassert A == 1\nB = A / 0\nassert B == 2\n", "3: ZeroDivisionError: division by zero"),
        # DynVar.__init__ rejects a symbol name that is no identifier.
        (
            "import pypto.language as pl\nM = pl.dynamic('M')\nN = pl.dynamic('n rows')\n",
            "3: ValueError: DynVar name must be a valid identifier, got 'n rows'",
        ),
        # Scalar's arithmetic unwraps pl.RUNTIME, whose unwrap raises.
        (
            "import pypto.language as pl\nR = pl.RUNTIME\nLIMIT = 2 * R\n",
            "3: RuntimeError: pl.RUNTIME is a compile-time marker with no value. Pass it to compile() or lower() to "
            "leave a scalar parameter unspecialized; it cannot take part in an expression.",
        ),
    ],
)
def test_a_proven_failure_is_the_import_fault(source: str, expected: str) -> None:
    assert _fault(source) == expected


@pytest.mark.parametrize(
    "source",
    [
        "import os\nN = int(os.environ['N'])\nassert N % 8 == 0\n",  # unknown value
        "V = 1024\nassert V % 64 == 0\n",  # holds
        "try:\n    X = 1 / 0\nexcept ZeroDivisionError:\n    X = 0\n",  # handled
        "try:\n    X = 1 / 0\nfinally:\n    pass\n",  # inside try: not reported
        "def f():\n    return 1 / 0\n",  # never called at import
        "if False:\n    assert 1 == 2\n",  # a branch that does not run
        "X = {'a': 1}['b']\n",  # a KeyError may be a gap of the model: never reported
        "raise RuntimeError\n",  # no message: Python's words are the class alone, not reported
        "import missing_module\nassert missing_module.K == 3\n",  # unknown
        "class C:\n    pass\nassert C.K == 3\n",  # an attribute the model does not know
        "import pypto.language as pl\nN = pl.dynamic('N_rows')\n",  # a valid symbol name
        "import pypto.language as pl\nDEFAULTS = {'n': pl.RUNTIME}\n",  # the marker held, not computed with
    ],
)
def test_silent_unless_proven(source: str) -> None:
    assert _fault(source) is None


def test_what_follows_a_failing_assert_is_unknown() -> None:
    names = evaluate_module(ast.parse("A = 1\nassert A == 2\nB = 3\n"), {}, lambda _n, _l: None)
    assert names["A"] == 1 and names["B"] is UNKNOWN_VALUE


def test_every_import_that_reaches_a_failing_module_is_reported(tmp_path: Path) -> None:
    (tmp_path / "config.py").write_text("VOCAB = 1000\nCHUNK = 64\nassert VOCAB % CHUNK == 0\n")
    (tmp_path / "shapes.py").write_text("from config import VOCAB\nROWS = VOCAB // 8\n")
    (tmp_path / "fine.py").write_text("K = 8\n")
    code = "from shapes import ROWS\nimport fine\nfrom config import CHUNK\n"
    entry = str(tmp_path / "entry.py")
    faults = find_faults(code, entry, ModuleGraph())
    assert [(d.span.line, d.message.splitlines()) for d in faults.diagnostics] == [
        (1, ["AssertionError: assert VOCAB % CHUNK == 0", "(raised while importing 'shapes', config.py:3)"]),
        (3, ["AssertionError: assert VOCAB % CHUNK == 0", "(raised while importing 'config', config.py:3)"]),
    ]
    (related,) = faults.diagnostics[0].related
    assert (related.path, related.span.line) == (str(tmp_path / "config.py"), 3)
    assert {(f.path, f.diagnostic.span.line) for f in faults.foreign} == {(str(tmp_path / "config.py"), 3)}
    assert {r.span.line for f in faults.foreign for r in f.diagnostic.related} == {1, 3}


def test_an_entry_reports_the_import_and_the_document_its_own_fault(tmp_path: Path) -> None:
    (tmp_path / "config.py").write_text("import os\nN = int(os.environ.get('N', '48'))\nassert N % 32 == 0\n")
    entry = tmp_path / "entry.py"
    text = (
        "import pypto.language as pl\n"
        "from config import N\n"
        "\n"
        "\n"
        "@pl.jit\n"
        "def run(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n"
        "        y[:] = pl.exp(x)\n"
        "    return y\n"
    )
    analysis = analyze(text, str(entry))
    assert [(d.code, d.span.line) for d in analysis.diagnostics] == [("PTO-F48", 2)]
    assert [(f.path, f.diagnostic.span.line) for f in analysis.foreign_diagnostics] == [
        (str(tmp_path / "config.py"), 3)
    ]
    own = analyze(text.replace("from config import N\n", "N = 48\nassert N % 32 == 0\n"), str(entry))
    assert [(d.code, d.span.line, d.message) for d in own.diagnostics] == [
        ("PTO-F48", 3, "AssertionError: assert N % 32 == 0")
    ]


def test_the_fault_line_follows_lines_typed_into_a_kernel_above_it() -> None:
    """The module code is evaluated without the kernels' lines; its fault is still on its document line,
    also when the same Analyzer sees a line added to a kernel above it."""
    from compiler.pipeline import Analyzer

    kernel = (
        "import pypto.language as pl\n\nV = 1000\n\n\n@pl.jit\n"
        "def k(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
        '    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n'
        "        out[:] = pl.exp(x)\n{extra}    return out\n\n\nassert V % 64 == 0\n"
    )
    analyzer = Analyzer()
    lines = []
    for extra in ("", "    y = 1\n", ""):
        text = kernel.replace("{extra}", extra)
        analysis = analyzer.analyze(text, "/tmp/faults_follow.py")
        lines.append([d.span.line for d in analysis.diagnostics if d.code == "PTO-F48"])
    assert lines == [[13], [14], [13]]


def test_the_module_code_is_evaluated_once_for_its_values_and_its_fault(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The document's own fault comes from the evaluation that gave its constants: find_faults does not
    parse and evaluate the module code a second time."""
    import compiler.import_faults

    def never(*_args: object) -> None:
        raise AssertionError("the module code was evaluated again")

    monkeypatch.setattr(compiler.import_faults, "evaluate_module", never)
    (tmp_path / "config.py").write_text("import os\nN = int(os.environ.get('N', '48'))\nassert N % 32 == 0\n")
    text = (
        "import pypto.language as pl\nfrom config import N\nM = 48\nassert M % 32 == 0\n\n\n@pl.jit\n"
        "def run(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n"
        "        y[:] = pl.exp(x)\n"
        "    return y\n"
    )
    analysis = analyze(text, str(tmp_path / "entry.py"))
    assert [(d.code, d.span.line) for d in analysis.diagnostics] == [("PTO-F48", 2), ("PTO-F48", 4)]
