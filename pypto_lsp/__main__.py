"""Entry point: `pypto-lsp [serve [--tcp HOST:PORT]]` runs the server, `pypto-lsp check ...` the checker."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence

from pypto_lsp import __version__, cli


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pypto-lsp", description=__doc__)
    parser.add_argument("--version", action="version", version=f"pypto-lsp {__version__}")
    parser.add_argument(
        "--log-level",
        default=os.environ.get("PYPTO_LSP_LOG", "WARNING").upper(),
        type=str.upper,
        choices=("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"),
        help="stderr log level",
    )
    commands = parser.add_subparsers(dest="command")
    serve = commands.add_parser("serve", help="run the language server (stdio by default)")
    serve.add_argument("--tcp", metavar="HOST:PORT", help="listen on TCP instead of stdio (debugging)")
    check = commands.add_parser(
        "check",
        help="check files or folders",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="""examples:
  pypto-lsp check kernels/                  every DSL file below kernels/
  pypto-lsp check model.py --lanes          diagnostics, then each kernel line with its lane
  pypto-lsp check . --format github         annotations for a GitHub Actions job
  pypto-lsp check . --format sarif > r.sarif
  pypto-lsp check . --fix                   apply the safe fixes in place
  pypto-lsp check . --env MODEL=qwen3_14b --extra-path ../lib
  pypto-lsp rule PTO-AV-G                   explain one rule""",
    )
    cli.add_arguments(check)
    explain = commands.add_parser("rule", help="explain a rule: what it means, the message, how to fix it")
    explain.add_argument("code", help="a rule code, e.g. PTO-AV-G (the PTO- prefix may be left out)")
    return parser


def _explain(code: str) -> int:
    from compiler.catalog import RULES
    from pypto_lsp.rule_docs import page

    wanted = code.upper() if code.upper().startswith("PTO-") else f"PTO-{code.upper()}"
    match = next((c for c in RULES if c.upper() == wanted), None)
    if match is None:
        near = [c for c in RULES if c.upper().startswith(wanted)][:8]
        print(
            f"pypto-lsp: unknown rule {code!r}" + (f"; did you mean {', '.join(near)}?" if near else ""),
            file=sys.stderr,
        )
        return 2
    sys.stdout.write(page(match))
    return 0


def _tcp_address(value: str) -> tuple[str, int]:
    host, _, port = value.rpartition(":")
    if not port.isdigit():
        raise SystemExit(f"pypto-lsp: --tcp expects HOST:PORT, got {value!r}")
    return host or "127.0.0.1", int(port)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the requested subcommand and return the exit status."""
    args = _parser().parse_args(argv)
    # stdout is the LSP transport: logs only ever go to stderr
    logging.basicConfig(
        stream=sys.stderr,
        level=getattr(logging, str(args.log_level).upper(), logging.WARNING),
        format="pypto-lsp %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("pygls").setLevel(max(logging.WARNING, logging.getLogger().level))
    if args.command == "rule":
        return _explain(args.code)
    if args.command == "check":
        try:
            return cli.run(args)
        except BrokenPipeError:  # `pypto-lsp check ... | head`
            sys.stderr.close()
            return 1
    from pypto_lsp.protocol import READ_METHODS  # the checker does not need pygls started
    from pypto_lsp.scheduler import one_malloc_arena
    from pypto_lsp.server import create_server
    from pypto_lsp.transport import serve_stdio

    one_malloc_arena()  # before any worker thread starts
    server = create_server()
    tcp = getattr(args, "tcp", None)
    if tcp:
        host, port = _tcp_address(tcp)
        server.start_tcp(host, port)
    else:
        if sys.stdin.isatty():
            print(
                "pypto-lsp: a language server, waiting for an LSP client on stdin "
                "(run `pypto-lsp check PATH...` to check files from a terminal).",
                file=sys.stderr,
            )
        serve_stdio(server, READ_METHODS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
