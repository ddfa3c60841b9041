"""The raise-site inventory (``tests/conformance/raise_sites.json``, from ``scripts/raise_sites.py``).

Every place in upstream's DSL-facing code that can stop a compile has a status: *modelled* (by a catalog
rule, a ``DeduceError`` site of ``compiler/ops/deducers``, or a recorded conformance case that pypto-lsp
agrees with), *unreachable* from DSL source (with the reason), or *open*. These tests keep the evidence
honest: a named rule, deducer site or case must exist, and a case must still be one we agree with."""

from __future__ import annotations

import ast
import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from compiler.catalog import RULES

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))

import raise_sites  # noqa: E402 (the script lives outside the package)

INVENTORY = REPO / "tests/conformance/raise_sites.json"


def _sites() -> list[dict[str, object]]:
    return list(json.loads(INVENTORY.read_text(encoding="utf-8"))["sites"])


def _deducer_raises() -> set[str]:
    """``deduce.<function>#<n>`` for every ``raise DeduceError`` under ``compiler/ops/deducers``."""
    names = set()
    for owner, _skeleton, _ops in raise_sites.our_templates():
        if owner.startswith("deduce."):
            names.add(owner)
    return names


def test_every_site_has_a_status_and_its_evidence() -> None:
    counts = Counter()
    for site in _sites():
        status, evidence = site.get("status"), site.get("evidence", "")
        assert status in ("modelled", "unreachable", "open"), site
        assert bool(evidence) == (status != "open"), site
        counts[status] += 1
    assert counts["modelled"] > 500 and counts["unreachable"] > 261  # more than the INTERNAL_CHECKs


def test_modelled_sites_name_a_rule_a_deducer_site_or_a_case_we_agree_with() -> None:
    cases = {c.name: c for c in raise_sites.recorded_cases()}
    deducers = _deducer_raises()
    for site in _sites():
        if site["status"] != "modelled":
            continue
        evidence = str(site["evidence"])
        if evidence.startswith("case "):
            case = cases.get(evidence.removeprefix("case "))
            assert case is not None and case.agrees, f"{evidence}: no longer a case pypto-lsp agrees with"
            pattern = raise_sites._template_regex(str(site["template"]))
            assert pattern is not None and any(pattern.search(m) for m in case.messages), site
        elif evidence.startswith("deduce."):
            assert evidence in deducers, f"{evidence}: no such DeduceError site any more"
        else:
            assert evidence in RULES, f"{evidence}: no such catalog rule"


def test_unreachable_sites_say_why() -> None:
    reasons = Counter(str(s["evidence"]).split(":")[0] for s in _sites() if s["status"] == "unreachable")
    assert reasons["INTERNAL_CHECK"] == sum(1 for s in _sites() if str(s["kind"]).startswith("INTERNAL"))
    for site in _sites():
        if site["status"] == "unreachable":
            assert len(str(site["evidence"])) > 40, site


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ('def f(a, b, span=None):\n    return _ir_core.create_op_call("tile.x", [a, b], {}, span)\n', {2}),
        ('def f(*xs):\n    return _ir_core.create_op_call("tile.x", [*xs], {}, None)\n', {None}),
        (
            "def f(a, b=None):\n    args = [a]\n    if b is not None:\n        args.append(b)\n"
            '    return _ir_core.create_op_call("tile.x", args, {}, None)\n',
            {None},
        ),
        (
            "def _bin(op, lhs, rhs):\n    return _ir_core.create_op_call(op, [lhs, rhs], {}, None)\n"
            'def add(a, b):\n    return _bin("tile.x", a, b)\n',
            {2},
        ),
    ],
)
def test_builder_arities_are_fixed_only_when_every_builder_passes_one_list(
    tmp_path: Path, source: str, expected: set[int | None]
) -> None:
    ops = tmp_path / "python/pypto/ir/op"
    ops.mkdir(parents=True)
    (tmp_path / "python/pypto/language/parser").mkdir(parents=True)
    (ops / "tile_ops.py").write_text(source, encoding="utf-8")
    ast.parse(source)
    assert raise_sites.builder_arities(tmp_path)["tile.x"] == expected


def test_an_argument_count_check_is_unreachable_only_when_the_builders_pass_an_accepted_count() -> None:
    site = raise_sites.Site(
        "src/ir/op/x.cpp", 1, "deducer", "CHECK", "", "f",
        "The operator {op_name} requires exactly 2 arguments, but got {args.size()}", ops=("tile.x",),
    )  # fmt: skip
    assert raise_sites._arity_unreachable(site, {"tile.x": {2}}) is not None
    assert raise_sites._arity_unreachable(site, {"tile.x": {2, 3}}) is None
    assert raise_sites._arity_unreachable(site, {"tile.x": {None}}) is None
    assert raise_sites._arity_unreachable(site, {}) is None


def test_an_entry_pinned_to_one_function_marks_only_that_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two sites share a message; only the pinned one is unreachable (the other stays open until modelled).
    (tmp_path / "python/pypto/ir/op").mkdir(parents=True)
    (tmp_path / "python/pypto/language/parser").mkdir(parents=True)
    message = "valid_shape rank must match the shape rank of {name}"
    pinned, other = (
        raise_sites.Site("src/ir/op/type_inference.cpp", line, "deducer", "CHECK", "", function, message)
        for line, function in ((1065, "DeduceUnreachable"), (577, "DeduceReachable"))
    )
    entry = raise_sites.Unreachable(
        "type_inference.cpp", "valid_shape rank", "no caller", "DeduceUnreachable"
    )
    monkeypatch.setattr(raise_sites, "UNREACHABLE", (entry,))
    raise_sites.reconcile(tmp_path, [pinned, other], [])
    assert (pinned.status, pinned.evidence) == ("unreachable", "no caller")
    assert other.status == "open"
