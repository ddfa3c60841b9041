"""`pypto-lsp check` run in this process (faster than a subprocess per case), with what it printed."""

from __future__ import annotations

import argparse
import contextlib
import io
from dataclasses import dataclass

from pypto_lsp import cli


@dataclass(frozen=True, slots=True)
class Checked:
    """What one `check` run returned and printed."""

    returncode: int
    stdout: str
    stderr: str


def check(*args: str) -> Checked:
    """Run `pypto-lsp check ARGS`; no exception may escape it."""
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        code = cli.run(parser.parse_args(list(args)), out)
    return Checked(code, out.getvalue(), err.getvalue())
