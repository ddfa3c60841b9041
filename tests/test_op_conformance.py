"""Op conformance: pypto-lsp against the real compiler's recorded outcome on one small program per op variant.

The goldens (``tests/conformance/ops/*.json``) hold what the compiler built from public source did with
each program; ``tests/conformance/known_disagreements.txt`` is the ratchet of cases we do not agree on yet.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

from tests.conformance.op_check import (
    Result,
    disagreements,
    load_cases,
    read_known,
    run,
    table,
)

ROOT = Path(__file__).resolve().parents[1]


@functools.cache
def _results() -> tuple[Result, ...]:
    return tuple(run())


def test_goldens_cover_every_op_with_a_dsl_spelling() -> None:
    """Every registry op that DSL source can call has recorded cases, and a valid call among them."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from op_conformance import NO_DSL_SPELLING, uncovered  # type: ignore[import-not-found]

    from compiler.ops.registry import all_ops

    cases = load_cases()
    assert len(cases) >= 2000
    # Only the ops with no DSL spelling (internal, pass-inserted, upstream's test ops) go without a case.
    assert sorted(uncovered()) == sorted(NO_DSL_SPELLING)
    recorded = {c.op for c in cases}
    assert sorted(set(all_ops()) - recorded - set(NO_DSL_SPELLING)) == []
    valid = {c.op for c in cases if c.ok}
    assert len(valid) >= 0.9 * len(recorded), "most ops keep a call the compiler accepts"


def test_agreement_only_improves() -> None:
    """No new disagreement with the compiler, and no listed one that has started to agree."""
    results = list(_results())
    print("\n" + table(results))
    found = disagreements(results)
    known = read_known()
    new = sorted(found - known)
    fixed = sorted(known - found)
    by_name = {r.case.name: r for r in results}
    details = []
    for entry in new[:30]:
        r = by_name[entry.split()[0]]
        exp = "; ".join(f"L{e.get('line')} {e.get('message')}" for e in r.case.errors) or "accepted"
        details.append(
            f"{entry}\n    compiler: {exp[:200]}\n    ours: {' | '.join(r.ours)[:200] or 'no error'}"
        )
    assert not new, f"{len(new)} new disagreement(s):\n" + "\n".join(details)
    assert not fixed, (
        f"{len(fixed)} listed case(s) now agree; remove them from known_disagreements.txt "
        "(python -m tests.conformance.op_check --update):\n" + "\n".join(fixed[:50])
    )


def test_the_comparison_can_fail() -> None:
    """A case whose recorded outcome is flipped is reported as a verdict disagreement."""
    from dataclasses import replace

    from tests.conformance.op_check import check

    case = next(c for c in load_cases() if c.ok and c.name.endswith("__valid"))
    assert check(case).verdict
    flipped = replace(case, ok=False, errors=({"message": "no such error", "line": 1},))
    assert not check(flipped).verdict


def test_overrides_name_recorded_cases_and_say_why() -> None:
    """An override replaces a recording only where the spec wins over upstream (a DELTAS.md row) or a pass
    after the recorded cut-off rejects the program; each says which, and differs from what was recorded."""
    import json

    from tests.conformance.op_check import OPS, load_overrides

    recorded = {
        row["case"]: row
        for path in OPS.glob("*.json")
        for row in json.loads(path.read_text(encoding="utf-8"))
    }
    overrides = load_overrides()
    assert overrides
    for name, row in overrides.items():
        assert name in recorded, name
        assert row["why"] in ("spec", "after-cutoff") and row["note"], name
        outcome = row["outcome"]
        assert isinstance(outcome, dict)
        assert (outcome["ok"], outcome["errors"]) != (recorded[name]["ok"], recorded[name]["errors"]), name
