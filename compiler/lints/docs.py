"""The hazard-lint page: one table row per lint (its rule and the specification sentence it rests on) and a
before/after example taken from the lint's test fixtures.

`python -m compiler.lints.docs tests/hazards > docs/hazards.md` writes it; a test keeps it current.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

from compiler.catalog import rule

# The sentence of the PyPTO specification each lint rests on (scopes-and-placement and operator-system
# documents, in English).
SPEC_SENTENCES: dict[str, str] = {
    "PTO-H1": "A mode=NONE region body runs on both AIV sub-lanes; a side effect that must happen once, "
    "above all pld.system.notify, must be sharded by aiv_id or restricted to one lane.",
    "PTO-H2": "Restricting to lane 0 carries an ordering duty that sharding does not: it is safe only when "
    "all data released by the signal was written by lane 0 itself.",
    "PTO-H3": "Only a value that is the same on both AIV lanes can be gathered: both lanes push into the same "
    "target slot with no arbitration, so the cube receives one of the two, unspecified which.",
    "PTO-H4": "AIC and AIV run asynchronously; ExpandMixedKernel only handles the narrow case of the single "
    "cube tile.store producer and a same-origin vector tile.load in the same or a nested body. Every other "
    "GM hand-off (V->C, communication ops, sibling bodies) is yours to order.",
    "PTO-H5": "pl.spmd is an assertion, not a request: you are telling the compiler the blocks are "
    "independent. If they are not, the result is a race, not a diagnostic.",
    "PTO-H6": "Concurrent instances that write different elements of the same 64-byte cache line lose most "
    "of those writes: DDR receives lines, not elements.",
    "PTO-H7": "With a hard pl.system.syncall, size the launch by the device, not by a literal: pass "
    "pl.system.available_cluster_count() or available_aiv_count(), written inline at the call site.",
    "PTO-H8": "The tensor-region overload of cacheinvalid covers only the cache line holding the view's base "
    "address; for a buffer that may span several lines use the conservative whole-GM form.",
}


def page(fixtures: Path) -> str:
    """The markdown page for every hazard lint."""
    out = [
        "# Hazard lints",
        "",
        "Patterns the compiler accepts that miscompute, race or deadlock on hardware. Each is a warning with "
        "its own code. Turn all of them off with the `hazardLints` setting, one with `ignore` in "
        "`[tool.pypto-lsp]`, or one line with `# noqa: PTO-H4`.",
        "",
        "| code | name | rule | the specification says |",
        "|---|---|---|---|",
    ]
    for code in SPEC_SENTENCES:
        entry = rule(code)
        out.append(f"| `{code}` | {entry.slug} | {entry.summary} | {SPEC_SENTENCES[code]} |")
    for code in SPEC_SENTENCES:
        entry = rule(code)
        out += ["", f"## {code} {entry.slug}", "", entry.summary, "", f"Fix: {entry.hint}"]
        for faulty, twin in fixture_pairs(fixtures, code):
            out += [
                "",
                f"Before (`{faulty.name}`) and after:",
                "",
                "```diff",
                *fixture_diff(faulty, twin),
                "```",
            ]
    return "\n".join(out) + "\n"


def fixture_pairs(fixtures: Path, code: str) -> list[tuple[Path, Path]]:
    """The faulty kernels of a hazard lint (`h4_*.py`) with their correct twins (`h4_*.ok.py`)."""
    number = code.removeprefix("PTO-H")
    pairs = []
    for faulty in sorted(fixtures.glob(f"h{number}_*.py")):
        twin = faulty.with_name(faulty.name.replace(".py", ".ok.py"))
        if not faulty.name.endswith(".ok.py") and twin.is_file():
            pairs.append((faulty, twin))
    return pairs


def fixture_diff(before: Path, after: Path) -> list[str]:
    """What the twin changes, as diff lines without the file headers and hunk markers."""
    a = [line for line in before.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    b = [line for line in after.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    lines = list(difflib.unified_diff(a, b, lineterm="", n=2))
    return [line for line in lines[2:] if not line.startswith("@@")]


if __name__ == "__main__":
    sys.stdout.write(page(Path(sys.argv[1] if len(sys.argv) > 1 else "tests/hazards")))
