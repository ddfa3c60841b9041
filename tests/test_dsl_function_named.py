"""Which bare names are DSL functions (no PTO-IN6 hint for their calls): the document's own `@pl.*`
definitions, found from the name's occurrences, and an imported module's, found once per module version."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.frontend.parser import ImportedName
from compiler.modules import ModuleGraph
from compiler.passes.unresolved_calls import DslDefinitions, dsl_function_named

DOCUMENT = """\
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def scale(x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
    return x


@pl.inline
# a comment between the decorator and the definition
async  def  gather_rows(x):
    return x


def plain(x):
    return scale_rows(x)


@pl.program
class Model:
    pass
"""


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("scale", True),
        ("gather_rows", True),  # async, extra spaces, a comment above
        ("Model", True),
        ("plain", False),  # no DSL decorator
        ("scale_rows", False),  # only called; `scale` is a prefix of it
        ("sca", False),  # a prefix of a defined name
        ("pl", False),
    ],
)
def test_the_documents_own_definitions(name: str, expected: bool) -> None:
    assert dsl_function_named(DOCUMENT, (), None, ModuleGraph(), name) is expected


def test_a_definition_inside_a_class_or_function_is_not_the_documents(tmp_path: Path) -> None:
    nested = "class Holder:\n    @pl.function\n    def inner(x):\n        return x\n"
    assert dsl_function_named(nested, (), None, ModuleGraph(), "inner") is False


def test_imported_names_are_found_once_per_module_version(tmp_path: Path) -> None:
    helpers = tmp_path / "helpers.py"
    helpers.write_text(
        "import pypto.language as pl\n\n@pl.inline\ndef rows(x):\n    return x\n\ndef other(x):\n    return x\n"
    )
    entry = tmp_path / "entry.py"
    imports = (ImportedName("rows", "helpers", 0, "rows"), ImportedName("other", "helpers", 0, "other"))
    graph, defs = ModuleGraph(), DslDefinitions()

    def named(name: str) -> bool:
        return dsl_function_named("", imports, str(entry), graph, name, module_defs=defs)

    assert named("rows") and not named("other") and not named("missing")
    helpers.write_text(
        "import pypto.language as pl\n\ndef rows(x):\n    return x\n\n@pl.inline\ndef other(x):\n    return x\n"
    )
    graph.file_changed(helpers)
    assert not named("rows") and named("other")
