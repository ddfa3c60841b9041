"""Completion: DSL names after `pl.` / `pl.tile.` / `pl.tensor.` / `pl.system.` / `pld.` (each with its
signature, doc and a snippet for its required arguments), keyword arguments inside a call, enum members,
members of modules, classes and configuration values, and the names in scope with their tile or tensor type.
Inside a `pl.split_aiv` region, vector ops and the crossings come first."""

from __future__ import annotations

import functools
import keyword
from typing import Any

from lsprotocol import types

from compiler.analysis import Analysis
from compiler.navigation import surface
from compiler.navigation.context import CallContext, CursorContext
from compiler.navigation.index import Definition, DocumentIndex, Located
from compiler.navigation.workspace import Target, Workspace
from pypto_lsp.features.describe import definition_markdown, dsl_markdown, value_type

TRIGGER_CHARACTERS = [".", "(", ",", "="]
_CROSSINGS = frozenset({"aiv_shard", "aic_gather", "tpush_to_aic", "tpop_from_aic", "tfree_to_aic"})
_DSL_KIND = {
    "op": types.CompletionItemKind.Function,
    "construct": types.CompletionItemKind.Keyword,
    "decorator": types.CompletionItemKind.Function,
    "type": types.CompletionItemKind.Class,
    "dtype": types.CompletionItemKind.Constant,
    "enum": types.CompletionItemKind.Enum,
    "member": types.CompletionItemKind.EnumMember,
    "namespace": types.CompletionItemKind.Module,
}
_DEF_KIND = {
    "function": types.CompletionItemKind.Function,
    "method": types.CompletionItemKind.Method,
    "property": types.CompletionItemKind.Property,
    "class": types.CompletionItemKind.Class,
    "parameter": types.CompletionItemKind.Variable,
    "variable": types.CompletionItemKind.Variable,
    "constant": types.CompletionItemKind.Constant,
    "field": types.CompletionItemKind.Field,
    "import": types.CompletionItemKind.Reference,
}


def completions(
    ctx: CursorContext,
    index: DocumentIndex | None,
    analysis: Analysis | None,
    workspace: Workspace,
    line: int,
    snippets: bool,
) -> types.CompletionList:
    """The completion items at the cursor (`line` is 1-based, in the text `ctx` was read from)."""
    if (
        ctx.in_string
        or ctx.in_comment
        or ctx.statement_keyword in ("def", "class", "as", "global", "nonlocal")
    ):
        return types.CompletionList(is_incomplete=False, items=[])
    if ctx.statement_keyword in ("import", "from"):
        return types.CompletionList(is_incomplete=False, items=[])
    in_region = ctx.in_split_aiv or _in_split_region(analysis, line)
    if ctx.base is not None:
        items = _attribute_items(ctx, index, workspace, line, snippets, in_region)
    else:
        items = _call_keyword_items(ctx.call, index, workspace, line) + _scope_items(
            ctx, index, analysis, workspace, line
        )
    return types.CompletionList(is_incomplete=False, items=items)


# -- attributes -------------------------------------------------------------------------------------
def _attribute_items(
    ctx: CursorContext,
    index: DocumentIndex | None,
    workspace: Workspace,
    line: int,
    snippets: bool,
    in_region: bool,
) -> list[types.CompletionItem]:
    base = ctx.base or ""
    dsl = _dsl_spelling(base, index, workspace, line, ctx.indent)
    if dsl is not None:
        return list(_dsl_items(dsl, snippets, in_region))
    if index is None:
        return []
    return _member_items(base, index, workspace, line, ctx.indent)


def _dsl_spelling(
    base: str, index: DocumentIndex | None, workspace: Workspace, line: int, indent: int
) -> str | None:
    """`pl.tile` when the base names the DSL (through `import pypto.language as pl` or any alias)."""
    root, _, rest = base.partition(".")
    if index is not None:
        found = index.scope_at(line, 0, indent)
        bound = index.lookup(*found, root) if found is not None else []
        if bound:
            for target in workspace.follow(index, *bound[0]):
                if target.dsl is not None:
                    return target.dsl.dotted + (f".{rest}" if rest else "")
            return None
    if root in ("pl", "pld"):  # no index yet, or no import: the spelling every kernel file uses
        return base
    return None


@functools.cache
def _dsl_items(prefix: str, snippets: bool, in_region: bool) -> tuple[types.CompletionItem, ...]:
    """The items one segment below a DSL name (cached: the DSL does not change)."""
    items = []
    for name in surface.members(prefix):
        rank = _dsl_rank(name, in_region)
        item = types.CompletionItem(
            label=name.name,
            kind=_DSL_KIND.get(name.kind, types.CompletionItemKind.Text),
            detail=_dsl_detail(name),
            sort_text=f"{rank}{name.name}",
            data={"dsl": name.dotted},  # the documentation comes with completionItem/resolve
        )
        if snippets and name.params is not None and name.kind in ("op", "construct"):
            required = [p for p in name.params if p.required and not p.keyword_only]
            required_kw = [p for p in name.params if p.required and p.keyword_only]
            args = [f"${{{i}:{p.name}}}" for i, p in enumerate(required, start=1)]
            args += [f"{p.name}=${{{i}}}" for i, p in enumerate(required_kw, start=len(args) + 1)]
            item.insert_text = f"{name.name}({', '.join(args)})$0"
            item.insert_text_format = types.InsertTextFormat.Snippet
        items.append(item)
    return tuple(items)


def _dsl_rank(name: surface.SurfaceName, in_region: bool) -> int:
    if not in_region:
        return {"op": 1, "construct": 1, "namespace": 3}.get(name.kind, 2)
    if name.name in _CROSSINGS or name.lane == "AIV":
        return 0
    if name.lane in ("AIC", "AIC+AIV"):
        return 3  # cube work inside a region is an error (manual mode)
    return 1


def _dsl_detail(name: surface.SurfaceName) -> str:
    if name.params is not None and name.kind in ("op", "construct", "decorator"):
        text = name.signature()
        lane = f"  [{name.lane}]" if name.lane in ("AIC", "AIV", "AIC+AIV") else ""
        return (text if len(text) <= 90 else text[:89] + "…") + lane
    return name.kind


def _member_items(
    base: str, index: DocumentIndex, workspace: Workspace, line: int, indent: int
) -> list[types.CompletionItem]:
    """Members of a module, a class or a configuration value (`M.` lists the dataclass fields)."""
    found = index.scope_at(line, 0, indent)
    if found is None:
        return []
    unit, scope = found
    parts = base.split(".")
    out: dict[str, Located] = {}
    if parts == ["self"]:
        for name, defs in index.self_members(unit, scope).items():
            out[name] = index.locate(*defs[0])
    else:
        for target in workspace.callee_targets(index, unit, base, scope):
            out.update(_members_of(target, workspace))
    return [_definition_item(name, located, None, None) for name, located in sorted(out.items())]


def _members_of(target: Target, workspace: Workspace) -> dict[str, Located]:
    if target.module is not None:
        module = workspace.module(target.module)
        if module is None:
            return {}
        return {n: module.locate(*defs[0]) for n, defs in module.module_bindings().items() if defs}
    located = target.located
    if located is None or located.definition is None:
        return {}
    definition = located.definition
    module = workspace.module(located.path)
    if module is None:
        return {}
    if definition.kind == "class" and definition.defines is not None:
        members = module.class_members(located.unit, definition.defines)
        return {n: module.locate(*defs[0]) for n, defs in members.items() if defs and not n.startswith("__")}
    # A configuration value: the members of the class the evaluator says it is an instance of.
    probe = workspace.value_class(located)
    if probe is not None:
        return _members_of(probe, workspace)
    return {}


# -- names in scope ---------------------------------------------------------------------------------
def _scope_items(
    ctx: CursorContext,
    index: DocumentIndex | None,
    analysis: Analysis | None,
    workspace: Workspace,
    line: int,
) -> list[types.CompletionItem]:
    items: list[types.CompletionItem] = []
    if index is not None:
        module_items = _module_items(index)
        local_items = _local_items(index, analysis)
        visible = index.visible(line, ctx.start_col, ctx.indent)
        for name, (unit, definition) in visible.items():
            if definition.scope.kind == "module":
                item = module_items.get(name)
            else:
                item = local_items.get(id(definition))
                if item is None:
                    item = _definition_item(name, index.locate(unit, definition), analysis, index)
                    local_items[id(definition)] = item
            if item is not None:
                items.append(item)
    seen = {i.label for i in items}
    items.extend(
        types.CompletionItem(label=word, kind=types.CompletionItemKind.Keyword, sort_text=f"4{word}")
        for word in keyword.kwlist
        if word not in seen and ctx.prefix and word.startswith(ctx.prefix)
    )
    return items


_MODULE_ITEMS: dict[int, tuple[DocumentIndex, dict[str, types.CompletionItem]]] = {}
_LOCAL_ITEMS: dict[
    tuple[int, int], tuple[DocumentIndex, Analysis | None, dict[int, types.CompletionItem]]
] = {}


def _local_items(index: DocumentIndex, analysis: Analysis | None) -> dict[int, types.CompletionItem]:
    """The items of locals already built for this index and analysis, by definition (filled as needed)."""
    key = (id(index), id(analysis))
    cached = _LOCAL_ITEMS.get(key)
    if cached is not None and cached[0] is index and cached[1] is analysis:
        return cached[2]
    if len(_LOCAL_ITEMS) >= 4:
        _LOCAL_ITEMS.pop(next(iter(_LOCAL_ITEMS)))
    items: dict[int, types.CompletionItem] = {}
    _LOCAL_ITEMS[key] = (index, analysis, items)
    return items


def _module_items(index: DocumentIndex) -> dict[str, types.CompletionItem]:
    """The items of a document's module-level names, built once per index version (they do not depend on
    the cursor); the documentation of an imported name is its definition's, followed through the import."""
    cached = _MODULE_ITEMS.get(id(index.units))
    if cached is not None and cached[0] is index:
        return cached[1]
    items = {
        name: _definition_item(name, index.locate(*defs[0]), None, None, lazy=True)
        for name, defs in index.module_bindings().items()
        if defs
    }
    if len(_MODULE_ITEMS) >= 8:
        _MODULE_ITEMS.pop(next(iter(_MODULE_ITEMS)))
    _MODULE_ITEMS[id(index.units)] = (index, items)
    return items


def _definition_item(
    name: str, located: Located, analysis: Analysis | None, index: DocumentIndex | None, lazy: bool = False
) -> types.CompletionItem:
    definition = located.definition
    assert definition is not None
    local = definition.scope.kind not in ("module", "class", "program")
    detail = _definition_detail(definition, located, analysis)
    item = types.CompletionItem(
        label=name,
        kind=_DEF_KIND.get(definition.kind, types.CompletionItemKind.Variable),
        detail=detail or None,
        sort_text=f"{1 if local else 2}{name}",
    )
    if lazy:
        item.data = {"path": located.path, "line": located.span.line, "col": located.span.col}
    else:
        item.documentation = types.MarkupContent(
            kind=types.MarkupKind.Markdown, value=definition_markdown(Target(located), analysis, index)
        )
    return item


def resolve(item: types.CompletionItem, workspace: Workspace) -> types.CompletionItem:
    """completionItem/resolve: the documentation of a DSL name or of a module-level definition."""
    data: Any = item.data
    if hasattr(data, "_asdict"):  # pygls hands unknown JSON objects back as namedtuples
        data = data._asdict()
    if not isinstance(data, dict) or item.documentation is not None:
        return item
    markdown = ""
    dsl = data.get("dsl")
    if isinstance(dsl, str):
        name = surface.lookup(dsl)
        markdown = dsl_markdown(name, with_signature=False) if name is not None else ""  # detail has it
    path, line, col = data.get("path"), data.get("line"), data.get("col")
    if isinstance(path, str) and isinstance(line, int) and isinstance(col, int):
        module = workspace.module(path)
        found = module.definition_at(line, col) if module is not None else None
        if module is not None and found is not None:
            target = Target(module.locate(*found))
            followed = workspace.follow(module, *found) if found[1].kind == "import" else [target]
            markdown = "\n\n---\n\n".join(
                text for t in (followed or [target]) if (text := definition_markdown(t, None, None))
            )
    if markdown:
        item.documentation = types.MarkupContent(kind=types.MarkupKind.Markdown, value=markdown)
    return item


def _definition_detail(definition: Definition, located: Located, analysis: Analysis | None) -> str:
    if definition.kind in ("variable", "parameter"):
        return value_type(analysis, located) or definition.annotation or definition.detail
    if definition.kind in ("function", "method"):
        marker = f"@{definition.decorator} " if definition.decorator.startswith(("pl.", "pld.")) else ""
        return f"{marker}({', '.join(p.name for p in definition.params)})"
    if definition.kind == "import":
        return f"from {definition.detail}"
    return definition.annotation or definition.detail


# -- keyword arguments ------------------------------------------------------------------------------
def _call_keyword_items(
    call: CallContext | None, index: DocumentIndex | None, workspace: Workspace, line: int
) -> list[types.CompletionItem]:
    """`b_trans=`, `out_dtype=`, `mode=` ... for the call the cursor is in, those not given yet."""
    if call is None or not call.at_argument_start:
        return []
    params = parameters_of(call.callee, index, workspace, line)
    if params is None:
        return []
    positional_taken = call.positional
    out = []
    for i, param in enumerate(params):
        if param.star or param.name in call.used_keywords:
            continue
        if not param.keyword_only and i < positional_taken:
            continue
        label = f"{param.name}="
        detail = param.annotation + (f" = {param.default}" if param.default is not None else "")
        out.append(
            types.CompletionItem(
                label=label,
                kind=types.CompletionItemKind.Property,
                detail=detail or None,
                insert_text=label,
                sort_text=f"0{i:03d}",
            )
        )
    return out


def parameters_of(
    callee: str, index: DocumentIndex | None, workspace: Workspace, line: int
) -> tuple[surface.Parameter, ...] | None:
    """The parameters of what a callee names: a DSL op or construct, or a function of the workspace."""
    target = callee_target(callee, index, workspace, line)
    if target is None:
        return None
    if target.dsl is not None:
        return target.dsl.params
    located = target.located
    if located is not None and located.definition is not None:
        return located.definition.params
    return None


def callee_target(callee: str, index: DocumentIndex | None, workspace: Workspace, line: int) -> Target | None:
    """The DSL name or definition a callee spelling stands for at a line."""
    root = callee.split(".", 1)[0]
    if index is None:
        found = surface.lookup(callee) if root in ("pl", "pld") else None
        return Target(dsl=found) if found is not None else None
    scope = index.scope_at(line, 0)
    if scope is None:
        return None
    unit, inner = scope
    for target in workspace.callee_targets(index, unit, callee, inner):
        if target.dsl is not None or target.located is not None:
            return target
    if root in ("pl", "pld") and root not in index.module_bindings():
        found = surface.lookup(callee)
        return Target(dsl=found) if found is not None else None
    return None


def _in_split_region(analysis: Analysis | None, line: int) -> bool:
    return analysis is not None and any(region.span.covers_line(line) for region in analysis.regions)
