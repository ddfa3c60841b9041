"""The diagnostic catalog: well-formed rules, generated docs, and coverage of the corpus messages."""

from __future__ import annotations

import functools
import json
import re
import string
import sys
from pathlib import Path
from typing import Any

import pytest

from compiler import catalog
from compiler.catalog import RULES, STAGES, doc_anchor, message, rule
from compiler.diagnostics import Severity
from tests.script_loader import load_script

markdown_table = load_script("rule_catalog").markdown_table

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"

IR_NAME = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*?)__[A-Za-z0-9_]+")


def _samples(fields: tuple[str, ...]) -> dict[str, str]:
    return {name: f"<{name}>" for name in fields}


def _template_regex(template: str) -> re.Pattern[str]:
    """The template with every field a non-greedy wildcard."""
    parts: list[str] = []
    for literal, name, _spec, _conv in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append("(.*?)")
    return re.compile("".join(parts), re.S)


FIELD = "\x01"  # a template field; in the spec notation a field holds one token (no whitespace)
STAR = "\x00"  # '...' in the spec's elided expected text: any text


def _glob(template: str) -> str:
    """The template with every field replaced by FIELD."""
    return "".join(
        literal + ("" if name is None else FIELD)
        for literal, name, _s, _c in string.Formatter().parse(template)
    )


def _elided_match(template: str, expected: str) -> bool:
    """Whether some filling of the template's fields (tokens) reads as the expected text, whose STARs
    stand for any elided text (template literals included)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * (len(template) + len(expected)) + 100))

    @functools.cache
    def match(i: int, j: int) -> bool:
        if i == len(template) and j == len(expected):
            return True
        if i < len(template) and template[i] == FIELD:
            if match(i + 1, j):
                return True
            if j < len(expected) and expected[j] != STAR and not expected[j].isspace() and match(i, j + 1):
                return True
        if j < len(expected) and expected[j] == STAR:
            if match(i, j + 1):
                return True
            if i < len(template) and template[i] != FIELD and match(i + 1, j):
                return True
        return (
            i < len(template)
            and j < len(expected)
            and template[i] == expected[j]
            and template[i] not in (FIELD, STAR)
            and match(i + 1, j + 1)
        )

    return match(0, 0)


def _strip_ir_names(text: str) -> str:
    return IR_NAME.sub(r"\1", text)


def _matching_rules(expected: str, *, spec_notation: bool) -> list[str]:
    text = _strip_ir_names(expected)
    # A rule whose template is fields only ("{detail}", "{op} {detail}") matches every message: it names no text.
    worded = [r for r in RULES.values() if re.sub(r"\{[^{}]*\}|\s", "", r.template)]
    hits = [r.code for r in worded if _template_regex(r.template).fullmatch(text)]
    if not hits and spec_notation:  # the spec elides variable text as '...'
        elided = text.replace("...", STAR)
        hits = [r.code for r in worded if _elided_match(_glob(r.template), elided)]
    return hits


def _corpus_cases() -> list[tuple[str, dict[str, Any]]]:
    return [(path.name, json.loads(path.read_text())) for path in sorted(CORPUS.glob("*.expected.json"))]


# --------------------------------------------------------------------------------------------------
# Well-formed rules
# --------------------------------------------------------------------------------------------------


def test_catalog_is_not_empty_and_codes_are_unique() -> None:
    codes = [r.code for r in RULES.values()]
    assert len(codes) == len(set(codes)) > 200
    assert all(code == r.code for code, r in RULES.items())


def test_codes_slugs_and_stages_are_well_formed() -> None:
    slugs = [r.slug for r in RULES.values()]
    assert len(slugs) == len(set(slugs)), "slugs must be unique"
    for r in RULES.values():
        assert re.fullmatch(r"PTO-(AV-[A-H][12]?|[A-Z]+[0-9]+[bc]?)", r.code), r.code
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", r.slug), r.slug
        assert r.stage in STAGES, (r.code, r.stage)
        assert isinstance(r.severity, Severity)
        assert r.summary and "\n" not in r.summary, r.code
        assert r.template.strip() == r.template, r.code


@pytest.mark.parametrize("code", list(RULES))
def test_every_template_formats_with_its_declared_fields(code: str) -> None:
    r = rule(code)
    for text in (r.template, r.hint or ""):
        fields = catalog.template_fields(text)
        assert all(name and name.isidentifier() for name in fields), (code, fields)
        text.format(**_samples(fields))  # no positional, malformed or undeclared field
    formatted = message(code, **_samples(r.fields))
    for name in r.fields:
        assert f"<{name}>" in formatted
    if r.hint is not None:
        assert catalog.hint(code, **_samples(r.hint_fields)) is not None


@pytest.mark.parametrize("code", [c for c in RULES if rule(c).fields])
def test_message_raises_key_error_on_a_missing_field(code: str) -> None:
    fields = _samples(rule(code).fields)
    fields.pop(rule(code).fields[0])
    with pytest.raises(KeyError):
        message(code, **fields)


def test_unknown_code_raises_key_error() -> None:
    with pytest.raises(KeyError):
        rule("PTO-NOPE")
    with pytest.raises(KeyError):
        message("PTO-NOPE")


def test_variant_fields_fill_their_rules() -> None:
    for code, cases in catalog.VARIANTS.items():
        fields = set(rule(code).fields)
        for case in cases:
            values = catalog.variant_fields(code, case)
            assert set(values) <= fields, (code, case)


def test_known_texts() -> None:
    assert message("PTO-AV-E", op="tile.add").startswith(
        "vector op 'tile.add' sits outside every pl.split_aiv"
    )
    none_case = message("PTO-AV-A", op="tile.matmul", **catalog.variant_fields("PTO-AV-A", "none"))
    assert none_case == (
        "cube op 'tile.matmul' inside a pl.split_aiv region: the region body is AIV work, so cube ops do not "
        "belong in it; move it outside the region."
    )
    assert message("PTO-P7", n=4).endswith("got 4")
    assert rule("PTO-P7").hint == catalog.H_SA
    assert catalog.hint("PTO-X10", op="aiv_shard") == (
        "Write 'x = pl.aiv_shard(tile)' inside a 'for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):' "
        "loop; the split mode is taken from that scope."
    )
    assert rule("PTO-O13").severity is Severity.WARNING
    assert rule("PTO-F13").severity is Severity.WARNING
    assert all(rule(f"PTO-H{i}").severity is Severity.WARNING for i in range(1, 9))
    assert all(rule(f"PTO-H{i}").stage == "lint" for i in range(1, 9))
    assert message(
        "PTO-SP1",
        op="pl.aiv_shard",
        mode="pl.SplitMode.UP_DOWN",
        earlier_op="pl.aic_gather",
        earlier_line=22,
        earlier_mode="pl.SplitMode.NONE",
    ) == (
        "'pl.aiv_shard' crosses the AIC/AIV boundary under pl.SplitMode.UP_DOWN but 'pl.aic_gather' at line 22 "
        "earlier in this function crosses it under pl.SplitMode.NONE"
    )


def test_doc_anchors() -> None:
    assert doc_anchor("PTO-AV-E") == "av-e"
    assert doc_anchor("PTO-MK12") == "mk12"
    anchors = [doc_anchor(code) for code in RULES]
    assert len(anchors) == len(set(anchors))
    with pytest.raises(KeyError):
        doc_anchor("PTO-NOPE")


# --------------------------------------------------------------------------------------------------
# Generated docs
# --------------------------------------------------------------------------------------------------


def test_markdown_lists_every_rule() -> None:
    text = markdown_table()
    for r in RULES.values():
        assert f'<a id="{doc_anchor(r.code)}"></a>`{r.code}`' in text
    assert "| Code | Severity | Stage | Summary | Message |" in text
    rows = [line for line in text.splitlines() if line.startswith('| <a id="')]
    assert len(rows) == len(RULES)
    assert all(row.count(" | ") == 4 for row in rows), "a cell leaks a table separator"


def test_docs_file_is_up_to_date() -> None:
    docs = ROOT / "docs" / "diagnostics.md"
    assert docs.read_text() == markdown_table() + "\n", (
        "run: python scripts/rule_catalog.py > docs/diagnostics.md"
    )


# --------------------------------------------------------------------------------------------------
# The corpus: every message the compiler gave has a rule
# --------------------------------------------------------------------------------------------------


@pytest.mark.skipif(not CORPUS.is_dir(), reason="shared/corpus not available")
def test_every_corpus_error_matches_a_rule() -> None:
    unmatched: list[str] = []
    checked = 0
    for name, case in _corpus_cases():
        errors = list(case.get("errors", []))
        for error in errors:
            checked += 1
            if not _matching_rules(error["message"], spec_notation=error.get("stage") == "spec"):
                unmatched.append(f"{name}: {error['message']}")
    assert checked > 50
    assert not unmatched, "corpus errors without a rule:\n" + "\n".join(unmatched)


@pytest.mark.skipif(not CORPUS.is_dir(), reason="shared/corpus not available")
def test_every_corpus_warning_and_late_error_matches_a_rule() -> None:
    unmatched: list[str] = []
    for name, case in _corpus_cases():
        for warning in case.get("warnings", []):
            codes = _matching_rules(warning["message"], spec_notation=False)
            if not any(rule(c).severity is Severity.WARNING for c in codes):
                unmatched.append(f"{name} (warning): {warning['message']}")
        full = case.get("full_compile") or {}
        for error in full.get("errors", []):
            if not _matching_rules(error["message"], spec_notation=False):
                unmatched.append(f"{name} (full compile): {error['message']}")
    assert not unmatched, "corpus messages without a rule:\n" + "\n".join(unmatched)


@pytest.mark.skipif(not CORPUS.is_dir(), reason="shared/corpus not available")
@pytest.mark.parametrize(
    ("case", "code"),
    [
        ("029", "PTO-SP1"),
        ("041", "PTO-F13"),
        ("044", "PTO-AV-E"),
        ("048", "PTO-AV-A"),
        ("051", "PTO-AV-F"),
        ("052", "PTO-AV-G"),
        ("059", "PTO-AV-D1"),
        ("062", "PTO-X10"),
        ("064", "PTO-AV-C"),
        ("065", "PTO-AV-B"),
        ("067", "PTO-S1"),
        ("068", "PTO-L3"),
        ("070", "PTO-E1"),
        ("071", "PTO-P2"),
        ("074", "PTO-O12"),
        ("075", "PTO-O11"),
        ("076", "PTO-O4"),
        ("077", "PTO-O3"),
        ("079", "PTO-O1"),
        ("080", "PTO-O5"),
        ("081", "PTO-F11"),
        ("084", "PTO-AV-H"),
        ("087", "PTO-MK10"),
        ("088", "PTO-MK11"),
        ("089", "PTO-MK12"),
        ("090", "PTO-MK17"),
        ("092", "PTO-MK3"),
        ("093", "PTO-MK5"),
        ("094", "PTO-HS1"),
        ("095", "PTO-HS3"),
        ("096", "PTO-HS4"),
        ("097", "PTO-F15"),
        ("100", "PTO-F1"),
        ("101", "PTO-P12"),
        ("102", "PTO-F5"),
        ("103", "PTO-F4"),
        ("105", "PTO-F9"),
        ("106", "PTO-L4"),
        ("108", "PTO-P7"),
        ("109", "PTO-P10"),
        ("110", "PTO-P1"),
        ("111", "PTO-AG1"),
        ("113", "PTO-X1"),
        ("114", "PTO-X5"),
        ("115", "PTO-AV-D1"),
    ],
)
def test_corpus_case_maps_to_code(case: str, code: str) -> None:
    [(name, data)] = [(n, d) for n, d in _corpus_cases() if n.startswith(case + "_")]
    messages = [e["message"] for e in data["errors"]] + [w["message"] for w in data["warnings"]]
    spec = any(e.get("stage") == "spec" for e in data["errors"])
    assert any(code in _matching_rules(m, spec_notation=spec) for m in messages), name


def test_rule_pages_ship_in_the_package_and_are_current() -> None:
    from pypto_lsp.rule_docs import RULES_DIR, page_path, render

    assert RULES_DIR.is_relative_to(ROOT / "pypto_lsp")
    assert sorted(p.stem for p in RULES_DIR.glob("*.md")) == sorted(RULES)
    for code, entry in RULES.items():
        assert page_path(code).read_text(encoding="utf-8") == render(entry), (
            "run: python -m pypto_lsp.rule_docs"
        )


def test_user_facing_rule_text_names_no_internal_documents() -> None:
    internal = re.compile(r"shared/reference|shared/spec|\bSpec \d{3}|\bspec \d{3}|Hazard \d", re.I)
    for entry in RULES.values():
        for text in (entry.template, entry.hint or ""):
            assert not internal.search(text), (entry.code, text)
        assert not internal.search(entry.summary), (entry.code, entry.summary)


def test_a_diagnostic_code_links_to_its_own_page() -> None:
    from pypto_lsp.features.diagnostics import code_description

    link = code_description("PTO-H1")
    assert link is not None and link.href.endswith("/pypto_lsp/docs/rules/PTO-H1.md")
