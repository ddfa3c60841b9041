"""The signature check of every `pl.*` / `pld.*` wrapper, reached from DSL source: a call with an unexpected
keyword or without its required arguments gets Python's TypeError text, as the parser reports it."""

from __future__ import annotations

import re

import pytest

from compiler.ops.signatures import SIGNATURES
from compiler.pipeline import analyze

# Calls the parser handles itself before any wrapper runs (their own rules and fixtures cover them).
_PARSER_FORMS = frozenset(
    {"aiv_shard", "aic_gather", "func_attr", "yield_", "const", "static_assert", "task_dummy", "alloc"}
)  # pl.tile.alloc / pl.tensor.alloc: the printer's allocation form, read by the parser (PTO-F264..F266)
_DOTTED = re.compile(r"^pld?(\.[A-Za-z_]\w*)+$")
STRICT = sorted(
    n
    for n, sig in SIGNATURES.items()
    if _DOTTED.match(n) and not sig[5] and n.rsplit(".", 1)[-1] not in _PARSER_FORMS
)
REQUIRED = sorted(n for n in STRICT if SIGNATURES[n][1] > 0 and not SIGNATURES[n][4])


def _program(call: str) -> str:
    return (
        "import pypto.language as pl\nimport pypto.language.distributed as pld\n\n\n"
        "@pl.jit\ndef k(x: pl.Tensor[[16, 16], pl.FP32]):\n"
        '    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n'
        f"        r = {call}\n"
    )


def _errors(call: str) -> list[str]:
    return [d.message.splitlines()[0] for d in analyze(_program(call)).diagnostics if d.is_error]


@pytest.mark.parametrize("name", STRICT)
def test_unexpected_keyword(name: str) -> None:
    short = name.rsplit(".", 1)[-1]
    errors = _errors(f"{name}(not_a_parameter=1)")
    assert any(
        e.endswith(f"{short}() got an unexpected keyword argument 'not_a_parameter'") for e in errors
    ), errors


@pytest.mark.parametrize("name", REQUIRED)
def test_missing_required_argument(name: str) -> None:
    short = name.rsplit(".", 1)[-1]
    positional, required = SIGNATURES[name][0], SIGNATURES[name][1]
    plural = "s" if required > 1 else ""
    errors = _errors(f"{name}()")
    assert any(
        f"{short}() missing {required} required positional argument{plural}: '{positional[0]}'" in e
        for e in errors
    ), errors
