"""Compare pypto-lsp with the real compiler's recorded outcome on the op conformance cases.

The cases live in ``tests/conformance/ops/<family>.json`` (written by ``scripts/op_conformance.py collect``
from real compiler runs). Each case is checked twice: the *verdict* (we report an error exactly when the
compiler rejects the program) and *message + line* (each error the compiler gives is one we give, with its
text, on a range that covers its line). ``known_disagreements.txt`` lists the cases where we do not agree
yet, one ``<case> verdict`` / ``<case> message`` per line: the test fails on a new disagreement and on a
listed one that has started to agree, so the list only shrinks.

    python -m tests.conformance.op_check            # the agreement table per op family
    python -m tests.conformance.op_check --update   # rewrite known_disagreements.txt
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
OPS = HERE / "ops"
KNOWN = HERE / "known_disagreements.txt"
# Cases where the recording is not what pypto-lsp must say: a spec row (shared/spec/DELTAS.md) or a pass
# after the recorded cut-off rejects the program. Each names why; the recordings stay untouched.
OVERRIDES = HERE / "overrides.json"
_IR_NAME = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*?)__(?:ssa_v\d+|tile(?:_[A-Za-z]+)?|tmp_v\d+)\b")


@dataclass(frozen=True)
class Case:
    """One recorded program and the compiler's outcome."""

    name: str
    family: str
    op: str
    source: str
    ok: bool
    errors: tuple[dict[str, object], ...]


@dataclass(frozen=True)
class Result:
    """How pypto-lsp fared on one case."""

    case: Case
    verdict: bool  # we reject exactly when the compiler rejects
    message: bool  # verdict agrees and every compiler error is ours, same text, covering its line
    ours: tuple[str, ...]  # our errors, "L<line> <code> <message>"


def load_overrides() -> dict[str, dict[str, object]]:
    """The outcome pypto-lsp must give where it differs from the recording, by case name."""
    rows = json.loads(OVERRIDES.read_text(encoding="utf-8"))
    return {name: row for name, row in rows.items() if not name.startswith("_")}


def load_cases() -> list[Case]:
    """Every recorded case, family by family, with the overridden outcomes applied."""
    overrides = load_overrides()
    out: list[Case] = []
    for path in sorted(OPS.glob("*.json")):
        family = path.stem.replace("__", "/")
        for row in json.loads(path.read_text(encoding="utf-8")):
            outcome = overrides.get(row["case"], {}).get("outcome", row)
            assert isinstance(outcome, dict)
            ok, errors = bool(outcome["ok"]), tuple(outcome["errors"])
            out.append(Case(row["case"], family, row["op"], row["source"], ok, errors))
    return out


def normalise(message: str) -> str:
    """The compiler's text with IR names (``mm__tile``, ``x__ssa_v0``) replaced by source names."""
    return _IR_NAME.sub(r"\1", message)


def _matches(expected: str, ours: str) -> bool:
    want = normalise(expected)
    if "..." in want:
        parts = [re.escape(p) for p in want.split("...")]
        return re.search(".*?".join(parts), ours, re.S) is not None
    return ours == want


def check(case: Case) -> Result:
    """Run pypto-lsp's analysis on one case and compare."""
    from compiler import analyze

    analysis = analyze(case.source, str(OPS / f"{case.name}.py"))
    errors = [d for d in analysis.diagnostics if d.is_error]
    verdict = bool(errors) != case.ok
    message = verdict
    if verdict and not case.ok:
        for exp in case.errors:
            line = exp.get("line")
            text = str(exp.get("message", ""))
            hit = any(
                _matches(text, d.message)
                and (
                    not isinstance(line, int)
                    or d.span.covers_line(line)
                    or any(r.span.covers_line(line) for r in d.related)
                )
                for d in errors
            )
            if not hit:
                message = False
                break
    ours = tuple(f"L{d.span.line} {d.code} {d.message}" for d in errors)
    return Result(case, verdict, message, ours)


def disagreements(results: list[Result]) -> set[str]:
    """The ``<case> verdict`` / ``<case> message`` entries for these results."""
    out: set[str] = set()
    for r in results:
        if not r.verdict:
            out.add(f"{r.case.name} verdict")
        elif not r.message:
            out.add(f"{r.case.name} message")
    return out


def read_known(path: Path = KNOWN) -> set[str]:
    """The committed list of known disagreements."""
    if not path.exists():
        return set()
    lines = path.read_text(encoding="utf-8").splitlines()
    return {ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")}


def write_known(entries: set[str], path: Path = KNOWN) -> None:
    """Rewrite the list of known disagreements."""
    head = (
        "# Op conformance cases where pypto-lsp does not agree with the real compiler yet.\n"
        "# '<case> verdict': we accept what it rejects, or the other way round.\n"
        "# '<case> message': same verdict, but its message is not ours on its line.\n"
        "# tests/test_op_conformance.py fails on a new disagreement and on a listed case that now agrees;\n"
        "# regenerate with: python -m tests.conformance.op_check --update\n"
    )
    path.write_text(head + "".join(f"{e}\n" for e in sorted(entries)), encoding="utf-8")


def table(results: list[Result]) -> str:
    """Agreement per op family and overall."""
    fam: Counter[str] = Counter()
    ver: Counter[str] = Counter()
    msg: Counter[str] = Counter()
    rej: Counter[str] = Counter()
    rej_msg: Counter[str] = Counter()
    for r in results:
        f = r.case.family
        fam[f] += 1
        ver[f] += r.verdict
        msg[f] += r.message
        if not r.case.ok:
            rej[f] += 1
            rej_msg[f] += r.message
    lines = [f"{'family':<28} {'cases':>6} {'rejected':>8} {'verdict':>8} {'msg+line':>9} {'msg|rej':>8}"]

    def row(name: str, n: int, v: int, m: int, nr: int, mr: int) -> str:
        pct = f"{100 * mr / nr:7.1f}%" if nr else "      -"
        return f"{name:<28} {n:>6} {nr:>8} {100 * v / n:7.1f}% {100 * m / n:8.1f}% {pct}"

    for f in sorted(fam):
        lines.append(row(f, fam[f], ver[f], msg[f], rej[f], rej_msg[f]))
    total = sum(fam.values())
    lines.append(
        row("ALL", total, sum(ver.values()), sum(msg.values()), sum(rej.values()), sum(rej_msg.values()))
    )
    return "\n".join(lines)


def run() -> list[Result]:
    """Check every case."""
    return [check(c) for c in load_cases()]


if __name__ == "__main__":
    results = run()
    print(table(results))
    if "--update" in sys.argv:
        write_known(disagreements(results))
        print(f"wrote {KNOWN}")
    if "--list" in sys.argv:
        for r in results:
            if not r.message:
                exp = "; ".join(f"L{e.get('line')} {e.get('message')}" for e in r.case.errors) or "ok"
                print(f"== {r.case.name}\n   compiler: {exp[:300]}\n   ours:     {' | '.join(r.ours)[:300]}")
