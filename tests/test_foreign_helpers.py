"""An imported module's inline helpers, as the cold path builds them: only the inline helpers (the module's
other functions are never built), directly in the module's own line space, from the one parse of it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import compiler.frontend.parser as parser
import compiler.modules as modules
from compiler.frontend.consts import front_end_env, resolve_globals
from compiler.frontend.parser import module_functions
from compiler.ir_walk import stored_names
from compiler.modules import ModuleGraph
from compiler.passes.inline_functions import FOREIGN_LINE_BASE, INLINE_KINDS, foreign_helpers, shift_spans
from compiler.pipeline import Analyzer

HELPERS = """import pypto.language as pl

ROWS = 64


@pl.jit.inline
def scale(x: pl.Tensor, y: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y[:] = pl.mul(x, ROWS)
    return y


@pl.function(type=pl.FunctionType.Inline)
def typed_inline(x: pl.Tensor, y: pl.Out[pl.Tensor]):
    y[:] = pl.exp(x)  # naïve: a non-ASCII comment on a helper line
    return y


@pl.jit
def entry(x: pl.Tensor[[ROWS, ROWS], pl.FP32], y: pl.Out[pl.Tensor[[ROWS, ROWS], pl.FP32]]):
    y = scale(x, y)
    return y


def plain():
    return 1
"""


def _write(tmp_path: Path) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "config.py").write_text("TP = 1\n")
    (tmp_path / "setter.py").write_text("import config\nconfig.TP = 2\n")  # a module store: scanned
    helpers = tmp_path / "pkg" / "helpers.py"
    helpers.write_text(HELPERS)
    return helpers


def test_only_inline_helpers_are_built_in_their_line_space(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    helpers = _write(tmp_path)
    graph = ModuleGraph()
    built: list[str] = []
    original = parser._function
    monkeypatch.setattr(
        parser, "_function", lambda node, *a, **k: built.append(node.name) or original(node, *a, **k)
    )
    found = foreign_helpers(graph, helpers)
    assert sorted(found) == ["scale", "typed_inline"]
    assert built == []  # each helper is built when its IR is first read (a model calls few of many)
    assert found["scale"].function is found["scale"].function
    assert built == ["scale"]
    assert found["typed_inline"].function.name == "typed_inline"
    assert sorted(built) == ["scale", "typed_inline"]  # `entry` is not an inline helper: never built
    # The same IR as building every function at line 1 and moving the helpers' spans afterwards.
    summary = graph.summary(helpers)
    tree = graph.syntax(summary) if summary is not None else None
    assert summary is not None and tree is not None
    env = front_end_env(summary.names, tree)
    offset = graph.foreign_id(helpers) * FOREIGN_LINE_BASE
    for function in module_functions(tree, summary.text, env)[0]:
        if function.func_type not in INLINE_KINDS:
            continue
        own = {p.name for p in function.params} | stored_names(function.body)
        resolved = replace(function, body=tuple(resolve_globals(s, env, own) for s in function.body))
        assert found[function.name].function == shift_spans(resolved, offset)
        assert found[function.name].function.span.line > FOREIGN_LINE_BASE


def test_a_module_the_store_scan_parsed_is_not_parsed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write(tmp_path)
    parsed: list[str] = []
    original = modules.parse_source
    monkeypatch.setattr(modules, "parse_source", lambda text: parsed.append(text) or original(text))
    graph = ModuleGraph()
    setter = graph.resolve(tmp_path / "main.py", "setter", 0)
    assert setter is not None and parsed.count(setter.read_text()) == 1  # the folder's store scan
    summary = graph.summary(setter)
    assert summary is not None and graph.syntax(summary) is not None
    assert parsed.count(setter.read_text()) == 1  # its evaluation (and this read) took the scan's tree


def test_the_analysed_document_is_not_parsed_again_by_its_folders_store_scan(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write(tmp_path)
    document = tmp_path / "model.py"
    text = "import pypto.language as pl\nimport config\n\nconfig.TP = 4\n\n\ndef plain():\n    return config.TP\n"
    document.write_text(text)
    parsed: list[str] = []
    original = modules.parse_source
    monkeypatch.setattr(modules, "parse_source", lambda source: parsed.append(source) or original(source))
    graph = ModuleGraph()
    Analyzer(graph=graph).analyze(text, str(document))
    assert (tmp_path / "setter.py").read_text() in parsed  # the folder was scanned
    assert text not in parsed  # the document's stores were noted from its own parse
    assert (tmp_path / "config.py", "TP") in graph.stores[document]


def test_each_module_variant_keeps_its_helpers_while_documents_alternate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A helper module evaluated under two sets of module stores (a document that runs `setter` and one
    that does not) keeps the helpers built for each: analysing the documents in turn builds them once per
    variant, not once per analysis (`check` built the library's 157 helpers 475 times)."""
    import compiler.passes.inline_functions as inline_functions

    (tmp_path / "config.py").write_text("TP = 1\n")
    (tmp_path / "setter.py").write_text("import config\nconfig.TP = 2\n")
    helpers = tmp_path / "helpers.py"
    helpers.write_text("import config\n" + HELPERS)
    entry = (
        "import pypto.language as pl\nfrom helpers import scale\n\n\n@pl.jit\n"
        "def run(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n        y = scale(x, y)\n    return y\n"
    )
    builds: list[int] = []
    real = inline_functions._build_helper
    monkeypatch.setattr(
        inline_functions,
        "_build_helper",
        lambda graph, summary, *rest: builds.append(id(summary)) or real(graph, summary, *rest),
    )
    graph = ModuleGraph()
    first = [
        Analyzer(graph=graph).analyze(text, str(tmp_path / name))
        for text, name in ((entry, "a.py"), ("import setter\n" + entry, "b.py"))
    ]
    assert len(builds) == 2 and len(graph.derived[("inline-helpers", helpers)]) == 2  # a variant each
    again = [
        Analyzer(graph=graph).analyze(text, str(tmp_path / name))
        for text, name in ((entry, "a.py"), ("import setter\n" + entry, "b.py"))
    ]
    assert again == first and len(builds) == 2


def test_equal_foreign_ops_of_one_document_are_one_object(tmp_path: Path) -> None:
    """A helper spliced twice into one kernel gives equal foreign ops: the analysis holds each once (with
    the 20 largest library files open, 56,000 foreign ops were 23,000 distinct)."""
    (tmp_path / "helpers.py").write_text(HELPERS)
    entry = (
        "import pypto.language as pl\nfrom helpers import scale\n\n\n@pl.jit\n"
        "def run(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n        y = scale(x, y)\n        y = scale(x, y)\n"
        "    return y\n"
    )
    analyzer = Analyzer(graph=ModuleGraph())
    for text in (entry, entry.replace("    return y\n", "    y = y\n    return y\n")):  # and after an edit
        ops = analyzer.analyze(text, str(tmp_path / "entry.py")).foreign_ops
        assert len({id(op) for op in ops}) == len(set(ops)) < len(ops)
