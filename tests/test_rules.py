"""One fixture per rule (tests/rules/PTO-*.py), as ruff keeps them: the header states the code, the line
and the compiler's message; the faulty function breaks the rule exactly there, and the near-miss twin in
the same file stays silent. `python scripts/rule_catalog.py --coverage` counts the rules still without one.

A deducer or signature rule (PTO-TD*, PTO-SG*) reaches the user inside the parser's op error (PTO-F15):
its fixture's diagnostic is that error, carrying the rule (`Diagnostic.codes`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler.catalog import RULES, UNREACHABLE
from compiler.pipeline import analyze
from tests.script_loader import load_script

coverage = load_script("rule_catalog").coverage

RULES_DIR = Path(__file__).parent / "rules"
FIXTURES = sorted(RULES_DIR.glob("PTO-*.py"))
_HEADER = re.compile(r"^# rule: (?P<code>\S+)\n# line: (?P<line>\d+)\n# message: (?P<message>.*)$", re.M)
# A fault the compiler reports more than once on its line (the type checker: the variable, then the call).
_ALSO = re.compile(r"^# also: (?P<message>.*)$", re.M)


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_rule_fixture(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    header = _HEADER.search(text)
    assert header, "a rule fixture starts with '# rule:', '# line:' and '# message:' lines"
    code = header["code"]
    assert code == path.stem and code in RULES
    analysis = analyze(text, path=str(path))
    found = [d for d in analysis.diagnostics if code in d.codes]
    messages = [header["message"], *(m["message"] for m in _ALSO.finditer(text))]
    assert [(d.span.line, d.message.splitlines()[0]) for d in found] == [
        (int(header["line"]), message) for message in messages
    ]
    # Nothing else is an error: the fault is this rule alone, and the twin is silent.
    assert [d.code for d in analysis.diagnostics if d.is_error and code not in d.codes] == []


def test_every_rule_has_a_fixture_or_a_reason() -> None:
    with_fixture, unreachable, missing = coverage(RULES_DIR)
    assert sorted(with_fixture + unreachable + missing) == sorted(RULES)
    assert set(UNREACHABLE) <= set(RULES) and all(UNREACHABLE.values())
    assert missing == [], f"rules without a fixture: {missing}"
