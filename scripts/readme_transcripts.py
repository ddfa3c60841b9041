"""The README's transcripts, produced by real runs: `python scripts/readme_transcripts.py` prints them,
`--write` puts them into README.md between their `<!-- transcript: NAME -->` markers, and a test checks
that the README still matches.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
README = ROOT / "README.md"
_BLOCK = re.compile(r"(<!-- transcript: (?P<name>[a-z-]+) -->\n)(?P<body>.*?)(<!-- /transcript -->)", re.S)


def _check(*args: str) -> str:
    """`pypto-lsp check ARGS` from the repository root: stdout, then stderr (the summary line)."""
    proc = subprocess.run(
        [sys.executable, "-m", "pypto_lsp", "check", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return proc.stdout + proc.stderr


def check_examples() -> str:
    """The checker over the shipped faulty examples."""
    return f"$ pypto-lsp check examples/\n{_check('examples/')}"


def check_hazard() -> str:
    """A hazard warning with its help line, and the lanes beside the source."""
    path = "tests/hazards/h6_write_flags_same_line.py"
    return f"$ pypto-lsp check --lanes {path}\n{_check('--lanes', path)}"


def rule_page() -> str:
    """`pypto-lsp rule` on one code (the page the editor's code link opens)."""
    proc = subprocess.run(
        [sys.executable, "-m", "pypto_lsp", "rule", "PTO-H3"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    head = proc.stdout.split("## Example")[0].rstrip()
    return f"$ pypto-lsp rule PTO-H3\n{head}\n..."


def hovers() -> str:
    """Hovers on a valid manual UP_DOWN kernel of the corpus, as the editor shows them."""
    sys.path.insert(0, str(ROOT))
    from compiler.pipeline import analyze
    from pypto_lsp.features.hover import hover
    from pypto_lsp.positions import LineIndex

    path = CORPUS / "013_program_manual_updown_shard.py"
    text = path.read_text(encoding="utf-8")
    analysis = analyze(text, path=str(path))
    index = LineIndex(text)
    out = []
    for line, col in ((25, 20), (27, 24)):
        shown = hover(analysis, index, index.position(line, col))
        value = shown.contents.value if shown is not None else ""  # type: ignore[union-attr]
        out.append(f"--- hover at {line}:{col + 1}\n{value}")
    return "\n".join(out)


def expanded() -> str:
    """The head of the expanded-kernel view (its lane diagram)."""
    sys.path.insert(0, str(ROOT))
    from compiler.pipeline import analyze
    from pypto_lsp.features.expanded_kernels import expanded_text

    path = CORPUS / "014_program_manual_leftright_qkpv.py"
    text = expanded_text(analyze(path.read_text(encoding="utf-8"), path=str(path)), 19)
    lines = text.splitlines()
    end = next((i for i, line in enumerate(lines) if i > 6 and not line.startswith("#")), len(lines))
    return "\n".join(lines[:end])


TRANSCRIPTS: dict[str, Callable[[], str]] = {
    "check-examples": check_examples,
    "check-hazard": check_hazard,
    "rule": rule_page,
    "hovers": hovers,
    "expanded": expanded,
}


def render(name: str) -> str:
    """One transcript as its README block body (a fenced text block)."""
    # Four backticks: the rule page holds fenced blocks of its own.
    return "````text\n" + TRANSCRIPTS[name]().rstrip("\n") + "\n````\n"


def update(readme: str) -> str:
    """The README with every marked block replaced by a fresh run."""
    return _BLOCK.sub(lambda m: m.group(1) + render(m["name"]) + m.group(4), readme)


def blocks(readme: str) -> dict[str, str]:
    """The transcript blocks the README holds, by name."""
    return {m["name"]: m["body"] for m in _BLOCK.finditer(readme)}


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        README.write_text(update(README.read_text(encoding="utf-8")), encoding="utf-8")
    else:
        for name in TRANSCRIPTS:
            sys.stdout.write(f"<!-- transcript: {name} -->\n{render(name)}")
