"""The VS Code extension end to end: the built .vsix in real VS Code (code-server) driven by headless
Chromium (editors/vscode/e2e/run.sh). editors/vscode/ci.sh, which the test command runs first, builds the
.vsix."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
E2E = ROOT / "editors" / "vscode" / "e2e"


def test_vscode_extension_end_to_end(tmp_path: Path) -> None:
    assert list((ROOT / "editors" / "vscode").glob("pypto-*.vsix")), "run editors/vscode/ci.sh first"
    server = shutil.which("pypto-lsp") or str(Path(sys.executable).with_name("pypto-lsp"))
    env = {**os.environ, "PYPTO_LSP": server, "PYPTO_E2E_SHOTS": str(tmp_path)}
    proc = subprocess.run(
        ["bash", str(E2E / "run.sh")], env=env, capture_output=True, text=True, timeout=1200
    )
    steps = [line for line in proc.stdout.splitlines() if line.startswith("e2e: ")]
    assert proc.returncode == 0, f"{proc.stdout}\n{proc.stderr}"
    assert len(steps) == 10 and all(line.endswith(" ok") for line in steps), proc.stdout
    shots = sorted(p.name for p in tmp_path.glob("*.png"))
    assert shots == [
        "1-squiggle.png",
        "2-problems.png",
        "3-hover.png",
        "4-quick-fix.png",
        "5-fixed-with-hints.png",
        "6-completion.png",
        "7-signature-help.png",
        "8-definition.png",
    ]
