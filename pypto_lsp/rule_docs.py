"""One page per rule, shipped inside the package: what `pypto-lsp rule CODE` prints and what a diagnostic's
code link opens.

`python -m pypto_lsp.rule_docs` regenerates `pypto_lsp/docs/rules/*.md` from the catalog (and, for hazard
lints, the before/after of their test fixtures); a test keeps them current.
"""

from __future__ import annotations

import sys
from pathlib import Path

from compiler.catalog import RULES, Rule, display_template, rule
from compiler.lints.docs import fixture_diff, fixture_pairs

RULES_DIR = Path(__file__).resolve().parent / "docs" / "rules"
_FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "hazards"

_STAGE_WORDS = {
    "lint": "A hazard lint: the compiler accepts this program, but it can miscompute, race or hang on the "
    "device.",
    "parse": "Raised by the DSL parser, before any pass runs.",
}


def page_path(code: str) -> Path:
    """Where the page of a rule lives in the installed package."""
    return RULES_DIR / f"{code}.md"


def render(entry: Rule, fixtures: Path | None = _FIXTURES) -> str:
    """The markdown page of one rule."""
    stage = _STAGE_WORDS.get(entry.stage, f"Raised by the compiler's {entry.stage} stage.")
    lines = [
        f"# {entry.code} {entry.slug}",
        "",
        f"**{entry.severity.value}** · {stage}",
        "",
        "## What it means",
        "",
        entry.summary,
        "",
        "## The message",
        "",
        "```text",
        display_template(entry.template),
        "```",
    ]
    if entry.hint:
        lines += ["", "## How to fix it", "", display_template(entry.hint)]
    lines += _examples(entry.code, fixtures)
    lines += [
        "",
        "## Turning it off",
        "",
        f'On one line: `# noqa: {entry.code}`. In a project: `ignore = ["{entry.code}"]` under '
        "`[tool.pypto-lsp]` in pyproject.toml"
        + (
            ". Silencing an error does not make the compiler accept the program."
            if entry.severity.value == "error"
            else "."
        ),
    ]
    return "\n".join(lines) + "\n"


def _examples(code: str, fixtures: Path | None) -> list[str]:
    if fixtures is None or rule(code).stage != "lint":
        return []
    out: list[str] = []
    for faulty, twin in fixture_pairs(fixtures, code):
        title = "## Example: failing, then fixed" if not out else "## Another example"
        out += ["", title, "", "```diff", *fixture_diff(faulty, twin), "```"]
    return out


def page(code: str) -> str:
    """The page of a rule: the shipped file, or rendered from the catalog when it is missing."""
    entry = rule(code)
    path = page_path(code)
    return path.read_text(encoding="utf-8") if path.is_file() else render(entry, None)


def write_all() -> int:
    """Regenerate every page (and drop pages of rules that no longer exist); returns the count."""
    RULES_DIR.mkdir(parents=True, exist_ok=True)
    for stale in RULES_DIR.glob("*.md"):
        if stale.stem not in RULES:
            stale.unlink()
    for code, entry in RULES.items():
        page_path(code).write_text(render(entry), encoding="utf-8")
    return len(RULES)


if __name__ == "__main__":
    sys.stdout.write(f"{write_all()} rule pages in {RULES_DIR}\n")
