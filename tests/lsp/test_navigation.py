"""Writing kernels over stdio on a real-style package (tests/data/nav_pkg, copied per test): completion, signature
help, definition, references, highlights, rename, hover, code lens, outline, inlay hints, semantic tokens,
workspace symbols, noqa quick fixes and the expanded view's way back to the source."""

from __future__ import annotations

import io
import re
import shutil
import tokenize
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from compiler.modules import ModuleGraph
from compiler.pipeline import Analyzer

from .conftest import CONFIG
from .helpers import change, open_doc, wait_published
from .test_quick_fixes import apply_text_edits

PACKAGE = Path(__file__).resolve().parents[1] / "data" / "nav_pkg"


@pytest.fixture
def pkg(tmp_path: Path) -> Path:
    """A fresh copy of the package (renames write to it)."""
    root = tmp_path / "ws" / "nav_pkg"
    shutil.copytree(PACKAGE, root, ignore=shutil.ignore_patterns("__pycache__"))
    return root


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient, pkg: Path):
    """VS Code profile (UTF-16, snippets, location links), the package's parent as workspace folder."""
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri=pkg.parent.as_uri(), name="ws")],
        )
    )
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=CONFIG)
async def bare(lsp_client: LanguageClient):
    """A server not initialised yet (the test initialises it; the fixture shuts it down)."""
    yield
    await lsp_client.shutdown_session()


# -- helpers ----------------------------------------------------------------------------------------
def _open(client: LanguageClient, path: Path, text: str | None = None, version: int = 1) -> tuple[str, str]:
    body = path.read_text() if text is None else text
    open_doc(client, path.as_uri(), body, version)
    return path.as_uri(), body


def _at(text: str, needle: str, offset: int = 0, occurrence: int = 0) -> types.Position:
    """The position of `needle` (+ offset characters) in text, 0-based."""
    found = -1
    for _ in range(occurrence + 1):
        found = text.index(needle, found + 1)
    line = text.count("\n", 0, found)
    column = found - (text.rfind("\n", 0, found) + 1)
    return types.Position(line=line, character=column + offset)


def _end_of(text: str, needle: str) -> types.Position:
    return _at(text, needle, len(needle))


def _doc(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


async def _complete(
    client: LanguageClient, uri: str, text: str, position: types.Position
) -> list[types.CompletionItem]:
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=_doc(uri), position=position)
    )
    assert result is not None
    return result.items if isinstance(result, types.CompletionList) else list(result)


def _typed(text: str, after: str, line: str) -> str:
    """The text with `line` inserted after the first line containing `after`."""
    index = text.index("\n", text.index(after)) + 1
    return text[:index] + line + "\n" + text[index:]


def _by_label(items: list[types.CompletionItem]) -> dict[str, types.CompletionItem]:
    return {item.label: item for item in items}


async def _ready(client: LanguageClient, uri: str, version: int = 1) -> list[types.Diagnostic]:
    return (await wait_published(client, uri, version, timeout=60)).diagnostics


def _diagnostics_of(root: Path) -> dict[str, list[tuple[str, int, str]]]:
    """What the checker reports on every module of the package: (code, line, message) per file."""
    graph = ModuleGraph()
    out: dict[str, list[tuple[str, int, str]]] = {}
    for path in sorted(root.rglob("*.py")):
        text = path.read_text()
        if "pypto.language" not in text:
            continue
        analysis = Analyzer(graph=graph).analyze(text, str(path))
        out[str(path.relative_to(root))] = [(d.code, d.span.line, d.message) for d in analysis.diagnostics]
    return out


def _names(text: str) -> list[str]:
    """The NAME tokens of Python source (names in strings and comments do not count)."""
    return [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type == tokenize.NAME]


def _apply(edit: types.WorkspaceEdit, encoding: str = "utf-16") -> dict[str, str]:
    """Apply a multi-file WorkspaceEdit to the files on disk; returns the new texts by path."""
    assert edit.document_changes is not None
    out: dict[str, str] = {}
    for change_ in edit.document_changes:
        assert isinstance(change_, types.TextDocumentEdit)
        path = Path(change_.text_document.uri.removeprefix("file://"))
        text = out.get(str(path), path.read_text())
        text_edits = [e for e in change_.edits if isinstance(e, types.TextEdit)]
        out[str(path)] = apply_text_edits(text, text_edits, encoding)
    for path, text in out.items():
        Path(path).write_text(text)
    return out


# -- capabilities -----------------------------------------------------------------------------------
async def test_initialize_advertises_every_feature(bare: LanguageClient) -> None:
    result = await bare.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))
    )
    caps = result.capabilities
    assert caps.completion_provider is not None and "." in (caps.completion_provider.trigger_characters or [])
    assert caps.signature_help_provider is not None
    assert "(" in (caps.signature_help_provider.trigger_characters or [])
    assert caps.definition_provider and caps.references_provider and caps.document_highlight_provider
    assert caps.workspace_symbol_provider and caps.hover_provider and caps.document_symbol_provider
    assert isinstance(caps.rename_provider, types.RenameOptions) and caps.rename_provider.prepare_provider
    tokens = caps.semantic_tokens_provider
    assert isinstance(tokens, types.SemanticTokensOptions)
    assert list(tokens.legend.token_types) == ["aicOp", "aivOp", "bothOp"] and tokens.full and tokens.range
    assert caps.code_lens_provider is not None and caps.inlay_hint_provider
    actions = caps.code_action_provider
    assert isinstance(actions, types.CodeActionOptions)
    assert set(actions.code_action_kinds or []) >= {types.CodeActionKind.QuickFix, "source.fixAll.pypto"}


# -- completion -------------------------------------------------------------------------------------
async def test_completion_after_pl_offers_every_op_with_signature_doc_and_snippet(
    client: LanguageClient, pkg: Path
) -> None:
    decode = pkg / "decode.py"
    text = _typed(decode.read_text(), "q = project(normed, wq, q)", "    z = pl.")
    uri, _ = _open(client, decode, text)
    items = _by_label(await _complete(client, uri, text, _end_of(text, "    z = pl.")))
    matmul = items["matmul"]
    assert matmul.kind == types.CompletionItemKind.Function
    assert matmul.detail is not None and matmul.detail.startswith("pl.matmul(lhs: T, rhs: T, out_dtype:")
    resolved = await client.completion_item_resolve_async(matmul)  # the doc comes with resolve
    assert isinstance(resolved.documentation, types.MarkupContent) and "Acc" in resolved.documentation.value
    assert "```" not in resolved.documentation.value  # the signature is the detail, not repeated
    assert "runs on **AIC** (cube)" in resolved.documentation.value
    assert matmul.insert_text == "matmul(${1:lhs}, ${2:rhs})$0"
    assert matmul.insert_text_format == types.InsertTextFormat.Snippet
    assert {"tile", "tensor", "system", "split_aiv", "aiv_shard", "FP32", "SplitMode", "Tensor"} <= set(items)
    assert len(items) > 150
    for prefix, expected in (
        ("pl.tile.", {"load", "store", "matmul", "tpush_to_aiv"}),
        ("pl.system.", {"syncall"}),
    ):
        typed = _typed(decode.read_text(), "q = project(normed, wq, q)", f"    z = {prefix}")
        change(
            client,
            uri,
            2,
            [
                (
                    types.Range(
                        start=types.Position(line=0, character=0),
                        end=types.Position(line=len(text.splitlines()) + 1, character=0),
                    ),
                    typed,
                )
            ],
        )
        text = typed
        got = _by_label(await _complete(client, uri, typed, _end_of(typed, f"    z = {prefix}")))
        assert expected <= set(got), (prefix, sorted(got)[:20])


async def test_completion_of_enum_members_keywords_and_pld(client: LanguageClient, pkg: Path) -> None:
    path = pkg / "dist.py"
    text = (
        "import pypto.language as pl\nimport pypto.language.distributed as pld\n\n\n"
        "@pl.jit\ndef k(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Tensor[[64, 64], pl.FP32]):\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n"
        "        acc = pl.matmul(x, y, \n"
        "        for i in pl.split_aiv(2, mode=pl.SplitMode.\n"
        "    r = pld.\n"
    )
    path.write_text(text)
    uri, _ = _open(client, path, text)
    members = _by_label(await _complete(client, uri, text, _end_of(text, "mode=pl.SplitMode.")))
    assert set(members) == {"NONE", "UP_DOWN", "LEFT_RIGHT"}
    assert members["UP_DOWN"].kind == types.CompletionItemKind.EnumMember
    keywords = [i.label for i in await _complete(client, uri, text, _end_of(text, "pl.matmul(x, y, "))]
    assert keywords[:4] == ["out_dtype=", "a_trans=", "b_trans=", "c_matrix_nz="]
    split = [i.label for i in await _complete(client, uri, text, _end_of(text, "pl.split_aiv(2, "))]
    assert split[0] == "mode="
    dist = _by_label(await _complete(client, uri, text, _end_of(text, "r = pld.")))
    assert {"tensor", "system", "tile", "rank", "DistributedTensor"} <= set(dist)


async def test_completion_of_names_in_scope_and_config_fields(client: LanguageClient, pkg: Path) -> None:
    decode = pkg / "decode.py"
    text = _typed(decode.read_text(), "q = project(normed, wq, q)", "    t = ")
    uri, _ = _open(client, decode, text)
    await _ready(client, uri)
    names = _by_label(await _complete(client, uri, text, _end_of(text, "    t = ")))
    assert {
        "normed",
        "q",
        "x",
        "gamma",
        "rms_norm",
        "attention_block",
        "project",
        "K_TILE",
        "ROWS",
        "M",
    } <= set(names)
    assert names["x"].detail == "pl.Tensor[[ROWS, HIDDEN], pl.FP32]"  # a parameter: its annotation
    assert (names["normed"].sort_text or "") < (names["K_TILE"].sort_text or "")  # locals first
    assert names["rms_norm"].detail == "from .layers.norm.rms_norm"
    fields = await _complete(client, uri, text, _end_of(text, "HIDDEN = M."))
    assert {"hidden_size", "num_heads", "tile_rows", "rms_eps", "head_dim"} <= {i.label for i in fields}


async def test_completion_inside_a_split_aiv_region_puts_vector_ops_and_crossings_first(
    client: LanguageClient, pkg: Path
) -> None:
    path = pkg / "layers" / "attention.py"
    text = _typed(path.read_text(), "half = pl.aiv_shard(raw)", "            w = pl.")
    uri, _ = _open(client, path, path.read_text())
    await _ready(client, uri)
    change(
        client,
        uri,
        2,
        [
            (
                types.Range(
                    start=types.Position(line=0, character=0),
                    end=types.Position(line=len(path.read_text().splitlines()) + 1, character=0),
                ),
                text,
            )
        ],
    )
    items = _by_label(await _complete(client, uri, text, _end_of(text, "            w = pl.")))
    vector = [items[n].sort_text or "" for n in ("aiv_shard", "aic_gather", "exp", "mul")]
    cube = [items[n].sort_text or "" for n in ("matmul", "tpush_to_aiv")]
    assert max(vector) < min(cube), (vector, cube)
    assert all(v.startswith("0") for v in vector)
    # Outside the region (the line above the loop) the same names rank by name only.
    outside = _typed(text, 'with pl.at(level=pl.Level.CORE_GROUP, name_hint="scores"):', "        u = pl.")
    change(
        client,
        uri,
        3,
        [
            (
                types.Range(
                    start=types.Position(line=0, character=0),
                    end=types.Position(line=len(text.splitlines()) + 1, character=0),
                ),
                outside,
            )
        ],
    )
    plain = _by_label(await _complete(client, uri, outside, _end_of(outside, "        u = pl.")))
    assert (plain["matmul"].sort_text or "")[0] == (plain["exp"].sort_text or "")[0]


# -- signature help ---------------------------------------------------------------------------------
async def test_signature_help_for_ops_constructs_and_helpers(client: LanguageClient, pkg: Path) -> None:
    decode = pkg / "decode.py"
    text = _typed(decode.read_text(), "q = project(normed, wq, q)", "    z = pl.matmul(q, k, ")
    text = _typed(text, "z = pl.matmul(q, k, ", "    w = rms_norm(x, ")
    uri, _ = _open(client, decode, text)

    async def signature(position: types.Position) -> tuple[str, str]:
        found = await client.text_document_signature_help_async(
            types.SignatureHelpParams(text_document=_doc(uri), position=position)
        )
        assert found is not None
        sig = found.signatures[0]
        active = found.active_parameter
        assert active is not None and sig.parameters is not None
        label = sig.parameters[active].label
        assert isinstance(label, tuple)
        return sig.label, sig.label[label[0] : label[1]]

    label, active = await signature(_end_of(text, "pl.matmul(q, k, "))
    assert label.startswith("pl.matmul(lhs: T, rhs: T, out_dtype")
    assert active == "out_dtype: int | DataType | None = None"
    label, active = await signature(_end_of(text, "rms_norm(x, "))
    assert label == "rms_norm(x: pl.Tensor, gamma: pl.Tensor, out: pl.Out[pl.Tensor])"
    assert active == "gamma: pl.Tensor"
    split_text = text.replace("    z = pl.matmul(q, k, ", "    for i in pl.split_aiv(2, mode=")
    change(
        client,
        uri,
        2,
        [
            (
                types.Range(
                    start=types.Position(line=0, character=0),
                    end=types.Position(line=len(text.splitlines()) + 1, character=0),
                ),
                split_text,
            )
        ],
    )
    found = await client.text_document_signature_help_async(
        types.SignatureHelpParams(
            text_document=_doc(uri), position=_end_of(split_text, "pl.split_aiv(2, mode=")
        )
    )
    assert found is not None and found.signatures[0].label == "pl.split_aiv(n, *, mode)"
    assert found.active_parameter == 1


# -- definition, references, highlights ---------------------------------------------------------------
async def _definition(client: LanguageClient, uri: str, position: types.Position) -> list[tuple[str, int]]:
    found = await client.text_document_definition_async(
        types.DefinitionParams(text_document=_doc(uri), position=position)
    )
    out = []
    for item in found or []:
        if isinstance(item, types.LocationLink):
            out.append((Path(item.target_uri).name, item.target_selection_range.start.line + 1))
        else:
            out.append((Path(item.uri).name, item.range.start.line + 1))
    return out


async def test_definition_across_modules(client: LanguageClient, pkg: Path) -> None:
    decode = pkg / "decode.py"
    uri, text = _open(client, decode)
    norm = (pkg / "layers" / "norm.py").read_text().splitlines()
    attention = (pkg / "layers" / "attention.py").read_text().splitlines()
    config = (pkg / "config.py").read_text().splitlines()

    def line_of(lines: list[str], needle: str) -> int:
        return next(i for i, t in enumerate(lines, start=1) if needle in t)

    assert await _definition(client, uri, _at(text, "rms_norm(x", 1)) == [
        ("norm.py", line_of(norm, "def rms_norm"))
    ]
    assert await _definition(client, uri, _at(text, "attention_block(q", 1)) == [
        ("attention.py", line_of(attention, "def attention_block"))
    ]
    assert await _definition(client, uri, _at(text, "M.hidden_size", 3)) == [
        ("config.py", line_of(config, "hidden_size: int"))
    ]
    assert await _definition(client, uri, _at(text, "K_TILE)", 1)) == [
        ("config.py", line_of(config, "K_TILE = "))
    ]
    assert await _definition(client, uri, _at(text, "self.scale_rows", 6)) == [
        ("decode.py", line_of(text.splitlines(), "def scale_rows"))
    ]
    assert await _definition(client, uri, _at(text, ".layers.norm", 2)) == [("norm.py", 1)]
    # Inside the helper module: a helper of a sibling module.
    att_uri, att_text = _open(client, pkg / "layers" / "attention.py")
    assert await _definition(client, att_uri, _at(att_text, "residual_add(attn", 1)) == [
        ("norm.py", line_of(norm, "def residual_add"))
    ]


async def test_references_of_a_helper_list_its_call_sites_in_the_workspace(
    client: LanguageClient, pkg: Path
) -> None:
    norm_uri, norm_text = _open(client, pkg / "layers" / "norm.py")
    found = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=_doc(norm_uri),
            position=_at(norm_text, "def residual_add", 5),
            context=types.ReferenceContext(include_declaration=False),
        )
    )
    where = sorted(
        (str(Path(loc.uri.removeprefix("file://")).relative_to(pkg)), loc.range.start.line + 1)
        for loc in found or []
    )
    attention = (pkg / "layers" / "attention.py").read_text().splitlines()
    import_line = next(i for i, t in enumerate(attention, 1) if "import residual_add" in t)
    call_line = next(i for i, t in enumerate(attention, 1) if "residual_add(attn" in t)
    assert where == [("layers/attention.py", import_line), ("layers/attention.py", call_line)]


async def test_document_highlight_of_a_local(client: LanguageClient, pkg: Path) -> None:
    uri, text = _open(client, pkg / "decode.py")
    found = await client.text_document_document_highlight_async(
        types.DocumentHighlightParams(text_document=_doc(uri), position=_at(text, "normed = rms_norm", 1))
    )
    kinds = sorted((h.range.start.line, h.kind) for h in found or [])
    lines = [i for i, t in enumerate(text.splitlines()) if "normed" in t]
    assert [k[0] for k in kinds] == [lines[0], lines[1], lines[1], lines[2]]
    assert [k[1] for k in kinds].count(types.DocumentHighlightKind.Write) == 2


# -- rename ---------------------------------------------------------------------------------------------
async def _rename(
    client: LanguageClient, uri: str, position: types.Position, new_name: str
) -> types.WorkspaceEdit:
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=_doc(uri), position=position)
    )
    assert prepared is not None
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=_doc(uri), position=position, new_name=new_name)
    )
    assert edit is not None
    return edit


def _renamed(
    before: dict[str, list[tuple[str, int, str]]], old: str, new: str
) -> dict[str, list[tuple[str, int, str]]]:
    return {f: [(c, ln, m.replace(old, new)) for c, ln, m in items] for f, items in before.items()}


@pytest.mark.parametrize(
    ("file", "needle", "offset", "old", "new", "files"),
    [
        ("decode.py", "normed = rms_norm", 1, "normed", "normalized", {"decode.py"}),
        ("layers/norm.py", "def rms_norm", 5, "rms_norm", "rms_normalize", {"decode.py", "layers/norm.py"}),
        (
            "config.py",
            "TILE_ROWS = ",
            1,
            "TILE_ROWS",
            "ROWS_PER_TILE",
            {"config.py", "decode.py", "layers/norm.py"},
        ),
    ],
)
async def test_rename_gives_correct_python_with_the_same_diagnostics(
    client: LanguageClient,
    pkg: Path,
    file: str,
    needle: str,
    offset: int,
    old: str,
    new: str,
    files: set[str],
) -> None:
    before = _diagnostics_of(pkg)
    assert before["layers/attention.py"], "the package keeps one warning, which a rename must keep too"
    uri, text = _open(client, pkg / file)
    edit = await _rename(client, uri, _at(text, needle, offset), new)
    written = _apply(edit)
    assert {str(Path(p).relative_to(pkg)) for p in written} == files
    for path, body in written.items():
        compile(body, path, "exec")  # still Python
        assert new in _names(body)
        assert old not in _names(body), f"{old} is left in {path}"
    assert _diagnostics_of(pkg) == _renamed(before, old, new)


async def test_unsafe_renames_are_refused_with_a_reason(client: LanguageClient, pkg: Path) -> None:
    uri, text = _open(client, pkg / "config.py")
    with pytest.raises(Exception, match=re.escape("looked up by name, as a string, in lookup.py line 7")):
        await client.text_document_rename_async(
            types.RenameParams(text_document=_doc(uri), position=_at(text, "K_TILE = ", 1), new_name="KT")
        )
    with pytest.raises(Exception, match=re.escape("field of 'ModelConfig'")):
        await client.text_document_prepare_rename_async(
            types.PrepareRenameParams(text_document=_doc(uri), position=_at(text, "hidden_size: int", 1))
        )
    decode_uri, decode = _open(client, pkg / "decode.py")
    with pytest.raises(Exception, match=re.escape("belongs to the PyPTO DSL")):
        await client.text_document_prepare_rename_async(
            types.PrepareRenameParams(text_document=_doc(decode_uri), position=_at(decode, "pl.matmul", 4))
        )
    with pytest.raises(Exception, match=re.escape("would clash with the existing 'q'")):
        await client.text_document_rename_async(
            types.RenameParams(
                text_document=_doc(decode_uri), position=_at(decode, "normed = rms", 1), new_name="q"
            )
        )


# -- hover -------------------------------------------------------------------------------------------
async def _hover(client: LanguageClient, uri: str, position: types.Position) -> str:
    found = await client.text_document_hover_async(
        types.HoverParams(text_document=_doc(uri), position=position)
    )
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    return found.contents.value


async def test_hover_everywhere(client: LanguageClient, pkg: Path) -> None:
    uri, text = _open(client, pkg / "decode.py")
    await _ready(client, uri)
    call = await _hover(client, uri, _at(text, "attention_block(q", 3))
    assert "reaches 1 AIV / 1 mixed kernels" in call
    assert "**AIV** (vector) × 1: `decode_residual`" in call and "× 1: `decode_scores`" in call
    dtype = await _hover(client, uri, _at(text, "pl.FP32]]", 4))  # an annotation, outside any kernel
    assert "data type" in dtype
    local = await _hover(client, uri, _at(text, "acc = pl.matmul", 1))
    assert "type: `Tile [64, 64] FP32 in Acc`" in local
    field = await _hover(client, uri, _at(text, "M.hidden_size", 4))
    assert "*field* of `ModelConfig`" in field
    op = await _hover(client, uri, _at(text, "pl.matmul(x, w", 5))
    assert op.startswith("**AIC** (cube)")
    range_doc = await _hover(client, uri, _at(text, "pl.create_tensor([ROWS", 5))
    assert "pl.create_tensor(shape" in range_doc


# -- views -------------------------------------------------------------------------------------------
async def test_code_lens_one_per_line_summarising_kernels(client: LanguageClient, pkg: Path) -> None:
    uri, text = _open(client, pkg / "decode.py")
    await _ready(client, uri)
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=_doc(uri)))
    lines = [lens.range.start.line for lens in lenses or []]
    assert len(lines) == len(set(lines))
    titles = {lens.range.start.line: lens.command.title for lens in lenses or [] if lens.command}
    assert titles[_at(text, "out = attention_block").line] == "1 AIV / 1 mixed kernels via attention_block"
    assert titles[_at(text, "normed = rms_norm").line] == "1 AIV kernel via rms_norm"
    lens = next(x for x in lenses or [] if x.range.start.line == _at(text, "out = attention_block").line)
    assert lens.command is not None
    shown = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=lens.command.command, arguments=lens.command.arguments)
    )
    listing = shown["text"] if isinstance(shown, dict) else shown.text
    assert listing.startswith("# 2 kernels: decode_scores (mixed), decode_residual (AIV)")
    sources = shown["sources"] if isinstance(shown, dict) else shown.sources
    attention = (pkg / "layers" / "attention.py").read_text().splitlines()
    matmul_line = next(i for i, t in enumerate(attention) if "raw = pl.matmul" in t)
    view = listing.splitlines()
    hits = [s for s in sources if "raw = tile.matmul" in view[s[0]]]
    assert hits and hits[0][1].endswith("layers/attention.py") and hits[0][2] == matmul_line


async def test_outline_has_the_files_structure_and_kernels_once(client: LanguageClient, pkg: Path) -> None:
    uri, _ = _open(client, pkg / "decode.py")
    await _ready(client, uri)
    found = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=_doc(uri))
    )
    symbols = {s.name: s for s in found or [] if isinstance(s, types.DocumentSymbol)}
    assert {"ROWS", "HIDDEN", "project", "decode", "build_specs", "build_program"} <= set(symbols)
    assert symbols["decode"].detail == "entry (@pl.jit)"
    assert symbols["project"].detail == "inline helper (@pl.jit.inline)"
    assert symbols["build_specs"].detail == "function"
    kernels = [c.name for c in symbols["decode"].children or []]
    assert sorted(kernels) == ["decode_project", "decode_residual", "decode_rms_norm", "decode_scores"]
    (program,) = symbols["build_program"].children or []
    assert program.name == "DecodeProgram" and program.detail == "pl.program"
    assert [m.name for m in program.children or []] == ["scale_rows", "main"]


async def test_inlay_hints_summarise_helper_calls(client: LanguageClient, pkg: Path) -> None:
    uri, text = _open(client, pkg / "decode.py")
    await _ready(client, uri)
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=_doc(uri),
            range=types.Range(
                start=types.Position(line=0, character=0), end=types.Position(line=80, character=0)
            ),
        )
    )
    labels = {h.position.line: h.label for h in hints or []}
    assert labels[_at(text, "out = attention_block").line] == "⟵ 1 AIV / 1 mixed kernels"
    assert labels[_at(text, "acc = pl.matmul").line] == "⟵ AIC"


async def test_semantic_tokens_colour_ops_by_lane(client: LanguageClient, pkg: Path) -> None:
    uri, text = _open(client, pkg / "layers" / "attention.py")
    decode_uri, _ = _open(client, pkg / "decode.py")  # the entry whose kernels run this helper
    await _ready(client, decode_uri)
    tokens = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=_doc(uri))
    )
    assert tokens is not None
    data, decoded, line, char = tokens.data, [], 0, 0
    for i in range(0, len(data), 5):
        line += data[i]
        char = data[i + 1] if data[i] else char + data[i + 1]
        decoded.append((line, char, data[i + 2], ["aicOp", "aivOp", "bothOp"][data[i + 3]]))
    lines = text.splitlines()
    named = {(lines[ln][c : c + n], t) for ln, c, n, t in decoded}
    assert ("matmul", "aicOp") in named and ("mul", "aivOp") in named
    assert ("aiv_shard", "bothOp") in named


async def test_workspace_symbols(client: LanguageClient, pkg: Path) -> None:
    uri, _ = _open(client, pkg / "decode.py")
    await _ready(client, uri)
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="rmsnorm"))
    names = {
        (s.name, Path(s.location.uri).name) for s in found or [] if isinstance(s, types.SymbolInformation)
    }
    assert ("rms_norm", "norm.py") in names
    assert ("decode_rms_norm", "decode.py") in names  # a kernel of the open entry


# -- quick fixes ---------------------------------------------------------------------------------------
async def test_noqa_quick_fix_adds_and_extends_the_directive(client: LanguageClient, pkg: Path) -> None:
    path = pkg / "layers" / "attention.py"
    uri, text = _open(client, path)
    diagnostics = await _ready(client, uri)
    (unused,) = [d for d in diagnostics if d.code == "PTO-F46"]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=_doc(uri), range=unused.range, context=types.CodeActionContext(diagnostics=[unused])
        )
    )
    (noqa,) = [
        a
        for a in actions or []
        if isinstance(a, types.CodeAction) and a.title == "Disable PTO-F46 for this line"
    ]
    assert noqa.edit is not None and noqa.edit.document_changes is not None
    edit = noqa.edit.document_changes[0]
    assert isinstance(edit, types.TextDocumentEdit)
    fixed = apply_text_edits(text, [e for e in edit.edits if isinstance(e, types.TextEdit)], "utf-16")
    assert "for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):  # noqa: PTO-F46" in fixed
    change(
        client,
        uri,
        2,
        [
            (
                types.Range(
                    start=types.Position(line=0, character=0),
                    end=types.Position(line=len(text.splitlines()) + 1, character=0),
                ),
                fixed,
            )
        ],
    )
    assert [d for d in await _ready(client, uri, 2) if d.code == "PTO-F46"] == []
    # An existing directive for another tool is extended, not duplicated.
    other = text.replace("mode=pl.SplitMode.UP_DOWN):", "mode=pl.SplitMode.UP_DOWN):  # noqa: E501")
    change(
        client,
        uri,
        3,
        [
            (
                types.Range(
                    start=types.Position(line=0, character=0),
                    end=types.Position(line=len(fixed.splitlines()) + 1, character=0),
                ),
                other,
            )
        ],
    )
    (unused,) = [d for d in await _ready(client, uri, 3) if d.code == "PTO-F46"]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=_doc(uri), range=unused.range, context=types.CodeActionContext(diagnostics=[unused])
        )
    )
    (noqa,) = [a for a in actions or [] if isinstance(a, types.CodeAction) and a.title.startswith("Disable")]
    assert noqa.edit is not None and noqa.edit.document_changes is not None
    edit = noqa.edit.document_changes[0]
    assert isinstance(edit, types.TextDocumentEdit)
    extended = apply_text_edits(other, [e for e in edit.edits if isinstance(e, types.TextEdit)], "utf-16")
    assert "# noqa: E501, PTO-F46" in extended
