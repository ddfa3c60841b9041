"""One page per rule, shipped inside the package: what `pypto-lsp rule CODE` prints and what a diagnostic's
code link opens.

`python -m pypto_lsp.rule_docs` regenerates `pypto_lsp/docs/rules/*.md` from the catalog and the test
fixtures (a rule's failing program and its fixed twin; a hazard lint's before/after diff); a test keeps them
current.
"""

from __future__ import annotations

import ast
import difflib
import re
import string
import sys
from pathlib import Path

from compiler.catalog import RULES, rule
from compiler.diagnostics import Rule
from compiler.rules.hazards import SPEC_SENTENCES

RULES_DIR = Path(__file__).resolve().parent / "docs" / "rules"
_FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "hazards"
_HEADER = re.compile(r"^# (rule|line|message): |^# `faulty` breaks the rule")

_STAGE_WORDS = {
    "lint": "A hazard lint: the compiler accepts this program, but it can miscompute, race or hang on the "
    "device.",
    "parse": "Raised by the DSL parser, before any pass runs.",
    "spec": "Raised by the compiler: a rule of the current PyPTO specification.",
}


def display_template(template: str) -> str:
    """A template as the docs show it: fields as ⟨name⟩, literal braces unescaped."""
    out: list[str] = []
    for literal, name, _spec, _conv in string.Formatter().parse(template):
        out.append(literal)
        if name is not None:
            out.append(f"⟨{name}⟩")
    return "".join(out)


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
    if fixtures is None:
        return []
    if rule(code).stage != "lint":
        return _rule_example(code, fixtures.parent / "rules")  # tests/rules beside tests/hazards
    out: list[str] = []
    for faulty, twin in fixture_pairs(fixtures, code):
        title = "## Example: failing, then fixed" if not out else "## Another example"
        out += ["", title, "", "```diff", *fixture_diff(faulty, twin), "```"]
    return out


def _rule_example(code: str, fixtures: Path) -> list[str]:
    """The rule's fixture as a failing program (the error line marked) and its fixed twin."""
    path = fixtures / f"{code}.py"
    if not path.is_file():
        return []
    text = path.read_text(encoding="utf-8")
    found = re.search(r"^# line: (\d+)$", text, re.M)
    lines = text.split("\n")
    if found:
        index = int(found.group(1)) - 1
        lines[index] = f"{lines[index]}  # <- {code}"
    try:
        failing, fixed = _without(lines, "twin"), _without(lines, "faulty")
    except SyntaxError:  # a fixture of a syntax rule: the program is shown whole
        whole = "\n".join(line for line in lines if not _HEADER.match(line)).strip("\n")
        return ["", "## Example", "", "```python", whole, "```"]
    return [
        "",
        "## Example",
        "",
        "Failing:",
        "",
        "```python",
        failing,
        "```",
        "",
        "Fixed:",
        "",
        "```python",
        fixed,
        "```",
    ]


def _without(lines: list[str], role: str) -> str:
    """The fixture's source without its header and without the definitions named after ``role``."""
    tree = ast.parse("\n".join(lines))
    drop: set[int] = set()
    nodes: list[ast.stmt] = list(tree.body)
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and role not in node.name.lower():
            nodes.extend(node.body)
    for node in nodes:
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and role in node.name.lower():
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            drop.update(range(first - 1, node.end_lineno or node.lineno))
    kept = [line for i, line in enumerate(lines) if i not in drop and not _HEADER.match(line)]
    text = re.sub(r"\n{3,}(?=\S)", "\n\n\n", "\n".join(kept))
    return re.sub(r":\n(?:[ \t]*\n)+", ":\n", text).strip("\n")  # no blank line after a class header


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


def hazard_page(fixtures: Path) -> str:
    """docs/hazards.md: one table row per hazard lint (its rule and the specification sentence it rests on) and
    a before/after example from the lint's test fixtures."""
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
    sys.stdout.write(f"{write_all()} rule pages in {RULES_DIR}\n")
