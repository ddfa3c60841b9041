"""Hazard lints (PTO-H1 ... PTO-H8): each faulty kernel of tests/hazards/ warns where its header says, and
its correct twin (`*.ok.py`) stays silent. Neither gets an error."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler.pipeline import analyze

HAZARDS = Path(__file__).parent / "hazards"
FIXTURES = sorted(HAZARDS.glob("*.py"))
_EXPECT = re.compile(r'^# expect: (?:(?P<code>PTO-H\d) at "(?P<at>.+)"|none)$', re.MULTILINE)
_HAZARD = re.compile(r"^PTO-H\d$")


def _expected(text: str) -> set[tuple[str, int]]:
    match = _EXPECT.search(text)
    assert match, "a hazard fixture starts with '# expect: PTO-Hn at \"text\"' or '# expect: none'"
    if match["code"] is None:
        return set()
    lines = [
        i for i, line in enumerate(text.splitlines()) if match["at"] in line and not line.startswith("#")
    ]
    assert len(lines) == 1, f"{match['at']!r} must occur on exactly one line"
    return {(match["code"], lines[0] + 1)}  # spans count lines from 1


@pytest.mark.parametrize("path", FIXTURES, ids=[p.name for p in FIXTURES])
def test_hazard_fixture(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    analysis = analyze(text, path=str(path))
    assert [d.message for d in analysis.diagnostics if d.is_error] == []
    found = {(d.code, d.span.line) for d in analysis.diagnostics if _HAZARD.match(d.code)}
    assert found == _expected(text)


def test_every_lint_has_two_faulty_kernels_and_their_twins() -> None:
    names = {p.name for p in FIXTURES}
    for n in range(1, 9):
        faulty = [p for p in names if p.startswith(f"h{n}_") and not p.endswith(".ok.py")]
        assert len(faulty) >= 2, f"PTO-H{n} needs two faulty fixtures"
        assert all(p.replace(".py", ".ok.py") in names for p in faulty), (
            f"PTO-H{n}: a faulty fixture lacks its twin"
        )


def test_hazard_docs_page_is_up_to_date() -> None:
    from pypto_lsp.rule_docs import hazard_page

    docs = Path(__file__).parents[1] / "docs" / "hazards.md"
    assert docs.read_text(encoding="utf-8") == hazard_page(HAZARDS), (
        "run: python scripts/rule_catalog.py --hazards > docs/hazards.md"
    )


def test_hover_on_a_flagged_op_states_the_rule() -> None:
    from lsprotocol import types

    from pypto_lsp.features.hover import hover
    from pypto_lsp.positions import LineIndex

    path = HAZARDS / "h3_gather_lane_scaled.py"
    text = path.read_text(encoding="utf-8")
    analysis = analyze(text, path=str(path))
    (warning,) = [d for d in analysis.diagnostics if d.code == "PTO-H3"]
    index = LineIndex(text)
    shown = hover(analysis, index, index.position(warning.span.line, warning.span.col + 3))
    assert shown is not None
    value = shown.contents.value  # type: ignore[union-attr]
    assert "tile.aic_gather" in value  # still the op's own hover first
    assert "**PTO-H3** hazard" in value and "lane-uniform value" in value
    assert not isinstance(shown.contents, list) and isinstance(shown.contents, types.MarkupContent)


def test_h7_names_the_bound_query() -> None:
    path = HAZARDS / "h7_query_bound_to_name.py"
    analysis = analyze(path.read_text(encoding="utf-8"), path=str(path))
    (warning,) = [d for d in analysis.diagnostics if d.code == "PTO-H7"]
    assert "a name bound to pl.system.available_cluster_count()" in warning.message
    assert warning.fixes == ()  # replacing the use would leave the binding unused (a new warning)


def test_no_hazard_warning_on_the_shipped_examples() -> None:
    """The lints stay silent on every example (their one fault each is a compiler error, not a hazard)."""
    examples = Path(__file__).parents[1] / "examples"
    for path in sorted(examples.glob("*.py")):
        analysis = analyze(path.read_text(encoding="utf-8"), path=str(path))
        assert [d.code for d in analysis.diagnostics if _HAZARD.match(d.code)] == [], path.name
