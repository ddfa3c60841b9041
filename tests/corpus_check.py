"""Compare our analysis with the real compiler's recorded outcome for one corpus case."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from compiler import analyze

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
_IR_NAME = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*?)__(?:ssa_v\d+|tile(?:_[A-Za-z]+)?)\b")


def corpus_cases() -> list[Path]:
    """Every corpus program that has an expected outcome."""
    return sorted(p for p in CORPUS.glob("*.py") if p.with_suffix(".expected.json").exists())


def normalise(message: str) -> str:
    """The compiler's text with IR names (`mm__tile`, `x__ssa_v0`) replaced by source names."""
    return _IR_NAME.sub(r"\1", message)


def _pattern(expected: str) -> re.Pattern[str]:
    parts = [re.escape(p) for p in normalise(expected).split("...")]
    return re.compile(".*?".join(parts), re.S)


@dataclass
class Outcome:
    """Disagreements between us and the compiler for one case (empty lists mean agreement)."""

    verdict: str | None
    missing_errors: list[str]
    lane_mismatches: list[str]

    @property
    def ok(self) -> bool:
        """True when we agree with the compiler."""
        return self.verdict is None and not self.missing_errors and not self.lane_mismatches


def check_case(path: Path) -> Outcome:
    """Run our analysis on a case and list every disagreement with its expected.json."""
    expected = json.loads(path.with_suffix(".expected.json").read_text())
    analysis = analyze(path.read_text(), str(path))
    errors = [d for d in analysis.diagnostics if d.is_error]
    verdict = None
    if expected["ok"] and errors:
        verdict = "false errors: " + "; ".join(f"L{d.span.line} {d.code} {d.message[:100]}" for d in errors)
    if not expected["ok"] and not errors:
        verdict = "no error reported"
    missing: list[str] = []
    for exp in expected["errors"]:
        pattern = _pattern(exp["message"])
        line = exp.get("line")
        hit = False
        for d in errors:
            covers = (
                line is None or d.span.covers_line(line) or any(r.span.covers_line(line) for r in d.related)
            )
            if (covers and pattern.fullmatch(d.message)) or (
                covers and pattern.search(d.message) and "..." in exp["message"]
            ):
                hit = True
                break
        if not hit:
            missing.append(f"L{line}: {normalise(exp['message'])[:140]}")
    lanes: list[str] = []
    if expected["ok"]:
        ours = analysis.lane_map()
        want = {int(k): v for k, v in expected["lanes"].items()}
        for line in sorted(set(ours) | set(want)):
            if ours.get(line) != want.get(line):
                lanes.append(f"L{line}: ours={ours.get(line)} expected={want.get(line)}")
    return Outcome(verdict, missing, lanes)


if __name__ == "__main__":
    bad = 0
    for case in corpus_cases():
        outcome = check_case(case)
        if not outcome.ok:
            bad += 1
            print(f"== {case.name}")
            for item in (
                ([outcome.verdict] if outcome.verdict else [])
                + outcome.missing_errors
                + outcome.lane_mismatches
            ):
                print("   ", item)
    print(f"{len(corpus_cases()) - bad} agree, {bad} disagree")
