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


# -- editor features on the real-style test package (the same feature functions the server calls) -------
PACKAGE = ROOT / "tests" / "data" / "nav_pkg"


class _Session:
    """The package analysed as the server does: one module graph and navigation workspace for every file."""

    def __init__(self) -> None:
        sys.path.insert(0, str(ROOT))
        from compiler.modules import ModuleGraph
        from compiler.navigation.workspace import Workspace

        self.graph = ModuleGraph()
        self.workspace = Workspace(self.graph)

    def open(self, name: str, text: str | None = None):  # type: ignore[no-untyped-def]
        """(text, analysis, navigation index, line index) of a package file."""
        from compiler.pipeline import Analyzer
        from pypto_lsp.positions import LineIndex

        path = str(PACKAGE / name)
        body = text if text is not None else (PACKAGE / name).read_text(encoding="utf-8")
        analysis = Analyzer(graph=self.graph).analyze(body, path)
        return body, analysis, self.workspace.document_with_imports(path, body), LineIndex(body)


def _at(text: str, needle: str, offset: int = 0) -> tuple[int, int]:
    """1-based line and 0-based column of `needle` (+ offset) in text."""
    found = text.index(needle)
    return text.count("\n", 0, found) + 1, found - (text.rfind("\n", 0, found) + 1) + offset


def _where(path: str, line: int) -> str:
    return f"{Path(path).relative_to(PACKAGE)}:{line}"


def completion() -> str:
    """Completion after `pl.`, inside a call, in a split_aiv region, of names in scope and config fields."""
    from compiler.navigation.context import cursor_context
    from pypto_lsp.features.completion import completions

    session = _Session()
    base = (PACKAGE / "decode.py").read_text(encoding="utf-8")
    anchor = "    q = project(normed, wq, q)\n"
    out = []
    for typed in ("    z = pl.", "    z = pl.matmul(q, k, ", "    t = ", "    h = M."):
        text = base.replace(anchor, anchor + typed + "\n")
        _, analysis, nav, _index = session.open("decode.py", base)
        line, col = _at(text, typed, len(typed))
        context = cursor_context(text.split("\n"), line, col)
        items = completions(context, nav, analysis, session.workspace, line, True).items
        items = sorted(items, key=lambda i: (i.sort_text or "", i.label))
        out.append(f"--- {typed.strip()}|   ({len(items)} items, decode.py:{line})")
        for item in items[:6]:
            detail = item.detail or ""
            out.append(f"{item.label:<18} {detail if len(detail) <= 90 else detail[:89] + '…'}")
        shown = next((i for i in items if i.label == "matmul"), None)
        if shown is not None:
            out.append(f"... matmul: {shown.detail}\n    inserts {shown.insert_text}")
    region = (PACKAGE / "layers" / "attention.py").read_text(encoding="utf-8")
    typed = "            w = pl."
    text = region.replace(
        "            half = pl.aiv_shard(raw)\n", "            half = pl.aiv_shard(raw)\n" + typed + "\n"
    )
    _, analysis, nav, _index = session.open("layers/attention.py", region)
    line, col = _at(text, typed, len(typed))
    items = completions(
        cursor_context(text.split("\n"), line, col), nav, analysis, session.workspace, line, True
    ).items
    ranked = [i.label for i in sorted(items, key=lambda i: (i.sort_text or "", i.label))]
    out.append(
        f"--- {typed.strip()}|   inside `for aiv_id in pl.split_aiv(...)` (layers/attention.py:{line})"
    )
    out.append("first: " + ", ".join(ranked[:12]) + ", ...")
    out.append(f"cube work last: matmul is item {ranked.index('matmul') + 1} of {len(ranked)}")
    return "\n".join(out)


def signature_help() -> str:
    """Signature help in an op, a construct and a helper of another module."""
    from compiler.navigation.context import cursor_context
    from pypto_lsp.features.signature_help import signature_help as help_at

    session = _Session()
    base = (PACKAGE / "decode.py").read_text(encoding="utf-8")
    _, _, nav, _ = session.open("decode.py", base)
    anchor = "    q = project(normed, wq, q)\n"
    out = []
    for typed in ("    z = pl.matmul(q, k, ", "    for i in pl.split_aiv(2, mode=", "    w = rms_norm(x, "):
        text = base.replace(anchor, anchor + typed + "\n")
        line, col = _at(text, typed, len(typed))
        found = help_at(cursor_context(text.split("\n"), line, col).call, nav, session.workspace, line)
        assert found is not None
        sig = found.signatures[0]
        active = (sig.parameters or [])[found.active_parameter or 0].label
        assert isinstance(active, tuple)
        out.append(f"--- {typed.strip()}|\n{sig.label}\nactive: {sig.label[active[0] : active[1]]}")
    return "\n".join(out)


def navigation() -> str:
    """Go to definition, references and document highlights, across the package's modules."""
    from lsprotocol import types

    from pypto_lsp.features.definition import definition
    from pypto_lsp.features.document_highlight import highlights
    from pypto_lsp.features.references import references

    session = _Session()
    text, _, nav, index = session.open("decode.py")
    out = ["--- definition (decode.py)"]
    for needle, offset in (
        ("attention_block(q", 1),
        ("M.hidden_size", 3),
        ("K_TILE)", 1),
        ("self.scale_rows", 6),
        (".layers.norm", 2),
    ):
        line, col = _at(text, needle, offset)
        found = definition(nav, session.workspace, index, index.position(line, col), False) or []
        targets = ", ".join(
            _where(loc.uri.removeprefix("file://"), loc.range.start.line + 1)
            for loc in found
            if isinstance(loc, types.Location)
        )
        out.append(f"{needle[: needle.index('(') if '(' in needle else len(needle)]:<18} -> {targets}")
    norm_text, _, norm_nav, norm_index = session.open("layers/norm.py")
    line, col = _at(norm_text, "def rms_norm", 5)
    found = references(
        norm_nav, session.workspace, norm_index, norm_index.position(line, col), True, [PACKAGE], []
    )
    out.append("--- references of rms_norm")
    out.extend(_where(loc.uri.removeprefix("file://"), loc.range.start.line + 1) for loc in found)
    line, col = _at(text, "normed = rms_norm", 1)
    marks = highlights(nav, session.workspace, index, index.position(line, col))
    out.append(
        "--- highlights of normed: "
        + ", ".join(
            f"{h.range.start.line + 1}:{h.range.start.character + 1} {'write' if h.kind == types.DocumentHighlightKind.Write else 'read'}"
            for h in marks
        )
    )
    return "\n".join(out)


def rename() -> str:
    """Renames across files (the edits per file), and the refusals."""
    from compiler.navigation import rename as plans

    session = _Session()
    out = []
    for name, needle, offset, new in (
        ("decode.py", "normed = rms_norm", 1, "normalized"),
        ("layers/norm.py", "def rms_norm", 5, "rms_normalize"),
        ("config.py", "TILE_ROWS = ", 1, "ROWS_PER_TILE"),
        ("config.py", "K_TILE = ", 1, "KT"),
        ("config.py", "hidden_size: int", 1, "hidden"),
        ("decode.py", "normed = rms_norm", 1, "q"),
    ):
        text, _, nav, _ = session.open(name)
        line, col = _at(text, needle, offset)
        plan = plans.plan(session.workspace, nav, line, col, new, [PACKAGE])
        old = plan.old or needle.split()[0]
        if plan.refused is not None:
            out.append(f"--- rename {old} -> {new}: refused\n{plan.refused}")
            continue
        files: dict[str, list[int]] = {}
        for edit in plan.edits:
            files.setdefault(str(Path(edit.path).relative_to(PACKAGE)), []).append(edit.span.line)
        where = "; ".join(f"{f} lines {', '.join(map(str, lines))}" for f, lines in sorted(files.items()))
        out.append(f"--- rename {old} -> {new}: {len(plan.edits)} edits\n{where}")
    return "\n".join(out)


def views() -> str:
    """Hover on a helper call and on a local, the code lenses, the outline and the helper-call hints."""
    from lsprotocol import types

    from pypto_lsp.config import Settings
    from pypto_lsp.features.code_lens import code_lenses
    from pypto_lsp.features.hover import hover
    from pypto_lsp.features.inlay_hints import inlay_hints
    from pypto_lsp.features.symbols import document_symbols

    session = _Session()
    text, analysis, nav, index = session.open("decode.py")
    out = []
    for needle, offset, what in (
        ("attention_block(q", 3, "a helper call"),
        ("acc = pl.matmul", 1, "a local of a kernel"),
        ("M.hidden_size", 4, "a configuration field"),
    ):
        line, col = _at(text, needle, offset)
        shown = hover(analysis, index, index.position(line, col), nav, session.workspace)
        value = shown.contents.value if shown is not None else ""  # type: ignore[union-attr]
        out.append(f"--- hover at decode.py:{line}:{col + 1} ({what})\n{value}")
    out.append("--- code lenses (one per line)")
    for lens in code_lenses(analysis, index, "file:///decode.py", nav, session.workspace):
        title = lens.command.title if lens.command else ""
        out.append(f"{lens.range.start.line + 1:>3}  {title}")
    out.append("--- inlay hints on helper-call lines")
    whole = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=200, character=0))
    for hint in inlay_hints(analysis, index, whole, Settings(), nav, session.workspace):
        if "kernel" in str(hint.label):
            out.append(
                f"{hint.position.line + 1:>3}  {index.line_text(hint.position.line + 1).strip()}  {hint.label}"
            )
    out.append("--- outline")

    def walk(symbols: list[types.DocumentSymbol], depth: int) -> None:
        for symbol in symbols:
            out.append(f"{'  ' * depth}{symbol.name}  ({symbol.detail or ''})")
            walk(symbol.children or [], depth + 1)

    walk(document_symbols(analysis, index, nav, session.workspace), 0)
    return "\n".join(out)


def lane_tokens() -> str:
    """Semantic tokens of a helper module, coloured by the lane each op runs on in the entry that calls it."""
    from pypto_lsp.features.semantic_tokens import TOKEN_TYPES, tokens

    session = _Session()
    _, entry, _, _ = session.open("decode.py")
    text, _, _, index = session.open("layers/attention.py")
    path = str(PACKAGE / "layers" / "attention.py")
    ops = [f.op for f in entry.foreign_ops if f.path == path]
    data = tokens(ops, index).data
    out, line, char = [], 0, 0
    lines = text.split("\n")
    for i in range(0, len(data), 5):
        line += data[i]
        char = data[i + 1] if data[i] else char + data[i + 1]
        name = lines[line][char : char + data[i + 2]]
        out.append(f"layers/attention.py:{line + 1:<3} {name:<12} {TOKEN_TYPES[data[i + 3]]}")
    return "\n".join(out)


def quick_fixes() -> str:
    """ "Disable PTO-XXX for this line" (a new `# noqa`, and an existing one extended)."""
    from lsprotocol import types

    from pypto_lsp.config import Settings
    from pypto_lsp.features.code_actions import code_actions
    from pypto_lsp.features.diagnostics import collect

    session = _Session()
    out = []
    source = (PACKAGE / "layers" / "attention.py").read_text(encoding="utf-8")
    header = "        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):"
    for text in (source, source.replace(header, header + "  # noqa: E501")):
        _, analysis, _, index = session.open("layers/attention.py", text)
        items = [d for d in collect(analysis, index, "file:///a.py", 1, Settings()) if d.code == "PTO-F46"]
        params = types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri="file:///a.py"),
            range=items[0].range,
            context=types.CodeActionContext(diagnostics=items),
        )
        for action in code_actions(analysis, index, text, "file:///a.py", 1, params, Settings()):
            change = action.edit.document_changes[0] if action.edit and action.edit.document_changes else None
            edit = change.edits[0] if isinstance(change, types.TextDocumentEdit) else None
            line = index.line_text(items[0].range.start.line + 1).strip()
            out.append(
                f"--- {action.title}\n{line}\n  + {edit.new_text!r}" if edit else f"--- {action.title}"
            )
    return "\n".join(out)


TRANSCRIPTS: dict[str, Callable[[], str]] = {
    "check-examples": check_examples,
    "check-hazard": check_hazard,
    "rule": rule_page,
    "hovers": hovers,
    "expanded": expanded,
    "completion": completion,
    "signature-help": signature_help,
    "navigation": navigation,
    "rename": rename,
    "views": views,
    "lane-tokens": lane_tokens,
    "quick-fixes": quick_fixes,
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
