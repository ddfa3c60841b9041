"""Every corpus program: our verdict, error messages/lines and lanes agree with the real compiler."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler import analyze
from compiler.catalog import RULES
from tests.corpus_check import CORPUS, check_case, corpus_cases

CASES = corpus_cases()


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_case_agrees_with_compiler(case: Path) -> None:
    """Verdict, each expected error (message + line) and the lane of every line."""
    outcome = check_case(case)
    assert outcome.verdict is None, outcome.verdict
    assert not outcome.missing_errors, outcome.missing_errors
    assert not outcome.lane_mismatches, outcome.lane_mismatches


def test_corpus_is_present() -> None:
    """The comparison ran on the whole corpus, not on nothing."""
    assert len(CASES) >= 100


def _hazard_table() -> set[tuple[str, int]]:
    text = (CORPUS / "HAZARDS.md").read_text()
    return {(m.group(1), int(m.group(2))) for m in re.finditer(r"^\| (\S+\.py) \| (\d+) \|", text, re.M)}


def test_hazard_lints_only_where_listed() -> None:
    """Over accepted programs, hazard warnings (PTO-H*) appear exactly at the HAZARDS.md lines."""
    import json

    found: set[tuple[str, int]] = set()
    for case in CASES:
        if not json.loads(case.with_suffix(".expected.json").read_text())["ok"]:
            continue
        for d in analyze(case.read_text(), str(case)).diagnostics:
            if d.code.startswith("PTO-H") and not d.code.startswith("PTO-HS"):
                found.add((case.name, d.span.line))
    assert found == _hazard_table()


def test_every_emitted_code_is_catalogued() -> None:
    """Each diagnostic code we emit has a catalog entry (message template, docs anchor)."""
    codes = {d.code for case in CASES for d in analyze(case.read_text(), str(case)).diagnostics}
    assert codes, "no diagnostics at all"
    assert sorted(c for c in codes if c not in RULES) == []


def test_messages_name_user_variables() -> None:
    """No diagnostic leaks an SSA / tile name such as `mm__tile` or `x__ssa_v0`."""
    for case in CASES:
        for d in analyze(case.read_text(), str(case)).diagnostics:
            assert "__ssa_v" not in d.message and "__tile" not in d.message, (case.name, d.message)


# The compiler's warning sources and the codes we report them under.
WARNING_SOURCES = {"UnusedVariableCheck": "PTO-F46", "python": "PTO-F43", "SplitIncoreOrch": "PTO-F13"}


@pytest.mark.parametrize("source", sorted(WARNING_SOURCES))
def test_compiler_warnings_match(source: str) -> None:
    """Every warning the compiler emits (unused variables, the attrs= deprecation, compute ops left in
    orchestration) is reported on the same line with the same text, and nowhere else."""
    import json

    code = WARNING_SOURCES[source]
    for case in CASES:
        expected = json.loads(case.with_suffix(".expected.json").read_text())
        want = {(w["line"], w["message"]) for w in expected["warnings"] if w["source"] == source}
        found = analyze(case.read_text(), str(case)).diagnostics
        got = {(d.span.line, d.message) for d in found if d.code == code}
        assert got == want, case.name
        columns = {(w["line"], w["col"]) for w in expected["warnings"] if w["source"] == source and w["col"]}
        assert columns <= {(d.span.line, d.span.col + 1) for d in found if d.code == code}, case.name
