"""Latency of every editor request on a real kernel file, over stdio, while a person types in it.

Usage: python benchmarks/bench_navigation.py [FILE_OR_FOLDER ...] [--rounds N]

With a folder, the largest DSL file under it by lines (default: /work/pypto-lib/models, and the largest
file of about 2,000 lines for the completion target). The file is opened with its library as the workspace;
once its diagnostics are pulled, the script types statements into the largest kernel body one keystroke at a
time (`y = pl.` ..., `z = pl.matmul(a, b, `), asking for completion after every keystroke and signature
help after `(` and `,`, as an editor does. Then it times hover, definition, references, highlights, rename,
semantic tokens, outline, code lens, inlay hints and workspace symbols at positions spread over the file.
Prints p50/p95 per request.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _lsp import shutdown
from _stats import report
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.client import LanguageClient

TIMEOUT_S = 120.0
DEFAULT_LIBRARY = Path("/work/pypto-lib/models")
COMPLETION_TARGET_MS = 30.0


def largest(folder: Path, near_lines: int | None = None) -> Path:
    """The DSL file with the most lines (or the one closest to `near_lines`)."""
    files = [f for f in folder.rglob("*.py") if "pypto.language" in f.read_text(errors="replace")]
    lines = {f: f.read_text(errors="replace").count("\n") for f in files}
    if near_lines is None:
        return max(files, key=lambda f: lines[f])
    return min(files, key=lambda f: abs(lines[f] - near_lines))


def kernel_body_line(lines: list[str]) -> tuple[int, str]:
    """A line inside the longest `with pl.at(...)` body: the statement to type after, and its indent."""
    best: tuple[int, int, str] = (0, 0, "")
    for i, text in enumerate(lines):
        match = re.match(r"^(\s*)with pl\.at\(", text)
        if not match:
            continue
        indent = len(match.group(1))
        end = i + 1
        while end < len(lines) and (
            not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > indent
        ):
            end += 1
        if end - i > best[1]:
            body = next(
                (
                    k
                    for k in range(i + 1, end)
                    if lines[k].strip() and not lines[k].rstrip().endswith(("(", ",", "\\"))
                ),
                i + 1,
            )
            inner = lines[body][: len(lines[body]) - len(lines[body].lstrip())]
            best = (body, end - i, inner)
    return best[0], best[2]


class Session:
    """One open document and its version counter."""

    def __init__(self, client: LanguageClient, path: Path) -> None:
        self.client = client
        self.uri = path.as_uri()
        self.text = path.read_text(errors="replace")
        self.version = 1

    def doc(self) -> types.TextDocumentIdentifier:
        return types.TextDocumentIdentifier(uri=self.uri)

    def insert(self, line: int, col: int, text: str) -> None:
        """One keystroke (or paste) at a 0-based position."""
        self.version += 1
        at = types.Position(line=line, character=col)
        change = types.TextDocumentContentChangePartial(range=types.Range(start=at, end=at), text=text)
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=self.uri, version=self.version),
                content_changes=[change],
            )
        )
        lines = self.text.split("\n")
        current = lines[line]
        lines[line] = current[:col] + text + current[col:]
        self.text = "\n".join(lines)

    def positions(self, pattern: str, limit: int, offset: int = 0) -> list[types.Position]:
        """Up to `limit` positions of a regex, spread over the file."""
        found = []
        for number, text in enumerate(self.text.split("\n")):
            for match in re.finditer(pattern, text):
                found.append(types.Position(line=number, character=match.start() + offset))
        step = max(1, len(found) // limit)
        return found[::step][:limit]


async def timed(call: Callable[[], Awaitable[Any]]) -> tuple[float, Any]:
    """Seconds until the answer (a refusal, such as an unsafe rename, is an answer too)."""
    started = time.perf_counter()
    try:
        result = await asyncio.wait_for(call(), TIMEOUT_S)
    except JsonRpcException as refused:
        result = refused
    return time.perf_counter() - started, result


async def open_file(client: LanguageClient, path: Path) -> Session:
    """didOpen, then what an editor asks for a file it shows: diagnostics, tokens, outline, lenses, hints."""
    session = Session(client, path)
    item = types.TextDocumentItem(uri=session.uri, language_id="python", version=1, text=session.text)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))
    doc = session.doc()
    await asyncio.wait_for(
        client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=doc)), TIMEOUT_S
    )
    whole = types.Range(
        start=types.Position(line=0, character=0),
        end=types.Position(line=session.text.count("\n") + 1, character=0),
    )
    await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=doc))
    await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc))
    await client.text_document_code_lens_async(types.CodeLensParams(text_document=doc))
    await client.text_document_inlay_hint_async(types.InlayHintParams(text_document=doc, range=whole))
    return session


async def typing(session: Session, rounds: int, pause_s: float) -> dict[str, list[float]]:
    """Type statements into the largest kernel body, asking what an editor asks after each keystroke
    (`pause_s` between keystrokes: a quick typist)."""
    client = session.client
    times: dict[str, list[float]] = {"completion": [], "completion after `pl.`": [], "signatureHelp": []}
    line, indent = kernel_body_line(session.text.split("\n"))
    statements = ["y = pl.exp(", "z = pl.matmul(a, b, out_dtype=pl.FP32)", "w = pl.tile.load(", "v = t"]
    for round_ in range(rounds):
        for statement in statements:
            session.insert(line, len(session.text.split("\n")[line]), "\n" + indent)
            line += 1
            col = len(indent)
            for char in statement:
                await asyncio.sleep(pause_s)
                session.insert(line, col, char)
                col += 1
                position = types.Position(line=line, character=col)
                elapsed, _ = await timed(
                    lambda p=position: client.text_document_completion_async(
                        types.CompletionParams(text_document=session.doc(), position=p)
                    )
                )
                times["completion"].append(elapsed)
                if char == ".":
                    times["completion after `pl.`"].append(elapsed)
                if char in "(,":
                    elapsed, _ = await timed(
                        lambda p=position: client.text_document_signature_help_async(
                            types.SignatureHelpParams(text_document=session.doc(), position=p)
                        )
                    )
                    times["signatureHelp"].append(elapsed)
        del round_
    return times


async def views(session: Session, n: int) -> dict[str, list[float]]:
    """The requests of reading and navigating the file."""
    client = session.client
    doc = session.doc()
    out: dict[str, list[float]] = {}

    async def measure(name: str, call: Callable[[], Awaitable[Any]]) -> Any:
        elapsed, result = await timed(call)
        out.setdefault(name, []).append(elapsed)
        return result

    await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=doc))
    names = session.positions(r"\b[a-z_]\w+\b(?=\s*=[^=])", n)
    calls = session.positions(r"\bpl\.\w+\(", n, 3)
    helpers = session.positions(r"^\s+(?:\w+(?:, \w+)* = )?_?[a-z]\w+\((?!\))", n)
    helpers = [
        types.Position(
            line=p.line,
            character=len(session.text.split("\n")[p.line])
            - len(session.text.split("\n")[p.line].lstrip())
            + 1,
        )
        for p in helpers
    ]
    for position in [*names, *calls, *helpers]:
        await measure(
            "hover",
            lambda p=position: client.text_document_hover_async(
                types.HoverParams(text_document=doc, position=p)
            ),
        )
        await measure(
            "definition",
            lambda p=position: client.text_document_definition_async(
                types.DefinitionParams(text_document=doc, position=p)
            ),
        )
        await measure(
            "documentHighlight",
            lambda p=position: client.text_document_document_highlight_async(
                types.DocumentHighlightParams(text_document=doc, position=p)
            ),
        )
    for position in helpers[: max(1, n // 4)]:
        await measure(
            "references",
            lambda p=position: client.text_document_references_async(
                types.ReferenceParams(
                    text_document=doc, position=p, context=types.ReferenceContext(include_declaration=True)
                )
            ),
        )
    for position in names[: max(1, n // 4)]:
        await measure(
            "prepareRename",
            lambda p=position: client.text_document_prepare_rename_async(
                types.PrepareRenameParams(text_document=doc, position=p)
            ),
        )
        await measure(
            "rename",
            lambda p=position: client.text_document_rename_async(
                types.RenameParams(text_document=doc, position=p, new_name="renamed_x")
            ),
        )
    whole = types.Range(
        start=types.Position(line=0, character=0),
        end=types.Position(line=len(session.text.split("\n")), character=0),
    )
    for k in range(max(3, n // 4)):
        # A keystroke at a line end, then what an editor re-requests for the whole file.
        line = names[k % len(names)].line if names else 0
        session.insert(line, len(session.text.split("\n")[line]), " ")
        await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=doc))
        await measure(
            "semanticTokens/full",
            lambda: client.text_document_semantic_tokens_full_async(
                types.SemanticTokensParams(text_document=doc)
            ),
        )
        await measure(
            "documentSymbol",
            lambda: client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc)),
        )
        await measure(
            "codeLens", lambda: client.text_document_code_lens_async(types.CodeLensParams(text_document=doc))
        )
        await measure(
            "inlayHint",
            lambda: client.text_document_inlay_hint_async(
                types.InlayHintParams(text_document=doc, range=whole)
            ),
        )
        await measure(
            "codeAction",
            lambda: client.text_document_code_action_async(
                types.CodeActionParams(
                    text_document=doc, range=whole, context=types.CodeActionContext(diagnostics=[])
                )
            ),
        )
    for query in ("attn", "rms", "moe", "proj", "norm")[: max(2, n // 8)]:
        await measure(
            "workspace/symbol",
            lambda q=query: client.workspace_symbol_async(types.WorkspaceSymbolParams(query=q)),
        )
    return out


async def bench(path: Path, rounds: int, positions: int, pause_s: float, debounce_ms: int | None) -> None:
    client = LanguageClient("pypto-bench-navigation", "0")
    await client.start_io(sys.executable, "-m", "pypto_lsp")
    caps = types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(
            diagnostic=types.DiagnosticClientCapabilities(),
            completion=types.CompletionClientCapabilities(
                completion_item=types.ClientCompletionItemOptions(snippet_support=True)
            ),
            definition=types.DefinitionClientCapabilities(link_support=True),
            rename=types.RenameClientCapabilities(prepare_support=True),
        ),
        workspace=types.WorkspaceClientCapabilities(
            workspace_edit=types.WorkspaceEditClientCapabilities(document_changes=True)
        ),
    )
    root = path.parent
    init = types.InitializeParams(
        capabilities=caps,
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)],
        initialization_options={"debounceMs": debounce_ms} if debounce_ms is not None else None,
    )
    await asyncio.wait_for(client.initialize_async(init), TIMEOUT_S)
    client.initialized(types.InitializedParams())
    lines = path.read_text(errors="replace").count("\n")
    print(f"\n{path} ({lines} lines)")
    started = time.perf_counter()
    session = await open_file(client, path)
    print(f"{'open -> pulled diagnostics (cold)':<44} {1000 * (time.perf_counter() - started):8.0f} ms")
    typed = await typing(session, rounds, pause_s)
    report("completion (every keystroke)", typed["completion"], COMPLETION_TARGET_MS)
    report("completion after `pl.`", typed["completion after `pl.`"], COMPLETION_TARGET_MS)
    report("signatureHelp after `(` / `,`", typed["signatureHelp"])
    for name, values in (await views(session, positions)).items():
        report(name, values)
    await shutdown(client)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--rounds", type=int, default=3, help="how many times the statements are typed")
    parser.add_argument("--positions", type=int, default=16, help="positions per navigation request")
    parser.add_argument("--pause-ms", type=float, default=100.0, help="time between two keystrokes")
    parser.add_argument(
        "--debounce-ms",
        type=int,
        default=None,
        help="the server's debounceMs (a large value keeps analyses off the typing: the requests alone)",
    )
    args = parser.parse_args()
    targets: list[Path] = []
    for path in args.paths or [DEFAULT_LIBRARY]:
        if path.is_dir():
            targets.append(largest(path))
            if not args.paths:
                targets.append(largest(path, near_lines=2000))
        else:
            targets.append(path)
    for target in dict.fromkeys(targets):
        await bench(target, args.rounds, args.positions, args.pause_ms / 1000, args.debounce_ms)


if __name__ == "__main__":
    asyncio.run(main())
