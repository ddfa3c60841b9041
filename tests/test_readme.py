"""The README's transcripts are what real runs print (scripts/readme_transcripts.py produces them)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_SPEC = importlib.util.spec_from_file_location(
    "readme_transcripts", ROOT / "scripts" / "readme_transcripts.py"
)
assert _SPEC is not None and _SPEC.loader is not None
transcripts = importlib.util.module_from_spec(_SPEC)
sys.modules["readme_transcripts"] = transcripts
_SPEC.loader.exec_module(transcripts)


def test_every_transcript_has_a_block() -> None:
    assert set(transcripts.blocks(transcripts.README.read_text(encoding="utf-8"))) == set(
        transcripts.TRANSCRIPTS
    )


@pytest.mark.parametrize("name", sorted(transcripts.TRANSCRIPTS))
def test_readme_transcript_matches_a_fresh_run(name: str) -> None:
    held = transcripts.blocks(transcripts.README.read_text(encoding="utf-8"))[name]
    assert held == transcripts.render(name), "run: python scripts/readme_transcripts.py --write"


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Tests", 1)[1]
    command = section.split("```sh\n", 1)[1].split("\n```", 1)[0].strip()
    assert command.startswith("pip install -e '.[test]' && "), "the test command installs the test extras"
    assert command in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    quick = readme.split("## Quick start", 1)[1].split("```sh\n", 1)[1].split("\n```", 1)[0]
    assert "pip install -e . &&" in quick and "[test]" not in quick  # users install what they need


def test_adding_a_rule_quotes_the_code_as_it_is() -> None:
    """The section's example (PTO-AV-G) is the real rule, check, fix kind and code action: every line of
    its code blocks is a line of those files, comments aside (a line ending in `...` elides a body)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Adding a rule", 1)[1].split("\n## ", 1)[0]
    quoted = [block.split("\n```", 1)[0] for block in section.split("```python\n")[1:]]
    assert quoted, "the section shows its example"
    sources = (
        "compiler/rules/aiv_split_valid.py",
        "compiler/verifiers/aiv_split_valid.py",
        "compiler/fixes.py",
        "pypto_lsp/features/code_actions.py",
    )

    def code(line: str) -> str:
        return line.split("  # ", 1)[0].strip()

    lines = {
        code(line) for path in sources for line in (ROOT / path).read_text(encoding="utf-8").splitlines()
    }
    missing = [
        code(line)
        for block in quoted
        for line in block.splitlines()
        if code(line) and not line.rstrip().endswith("...") and code(line) not in lines
    ]
    assert not missing, f"README 'Adding a rule' quotes lines the code no longer has: {missing}"
