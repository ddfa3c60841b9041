"""Signature help inside a call: a DSL op or construct (`pl.matmul(`, `pl.split_aiv(`) with its typed
parameters and doc, or a helper of the workspace with its parameters as declared; the active parameter is the
one the cursor's argument binds (by position, or by its `name=`)."""

from __future__ import annotations

from lsprotocol import types

from compiler.navigation.context import CallContext
from compiler.navigation.index import DocumentIndex
from compiler.navigation.surface import Parameter
from compiler.navigation.workspace import Workspace
from pypto_lsp.features.completion import callee_target
from pypto_lsp.features.describe import dsl_markdown

TRIGGER_CHARACTERS = ["(", ","]
RETRIGGER_CHARACTERS = [")", "="]


def signature_help(
    call: CallContext | None, index: DocumentIndex | None, workspace: Workspace, line: int
) -> types.SignatureHelp | None:
    """The signature of the call the cursor is in, or None outside a known call."""
    if call is None:
        return None
    target = callee_target(call.callee, index, workspace, line)
    if target is None:
        return None
    if target.dsl is not None and target.dsl.params is not None:
        name = target.dsl
        params = name.params or ()
        label_params = name.parameter_labels()
        label = f"{call.callee}({', '.join(label_params)})"
        doc = dsl_markdown(name, with_signature=False)  # the signature is the label above it
    elif target.located is not None and target.located.definition is not None:
        definition = target.located.definition
        params = definition.params
        label_params = _labels_with_star(params)
        returns = f" -> {definition.detail}" if definition.detail else ""
        label = f"{definition.name}({', '.join(label_params)}){returns}"
        doc = "\n\n".join(
            part
            for part in (
                f"`@{definition.decorator}`" if definition.decorator else "",
                definition.doc,
                f"defined in `{target.located.path.rsplit('/', 1)[-1]}` line {target.located.span.line}",
            )
            if part
        )
    else:
        return None
    infos, offsets = _parameter_infos(label, label_params, params)
    active = active_parameter(call, params)
    return types.SignatureHelp(
        signatures=[
            types.SignatureInformation(
                label=label,
                documentation=types.MarkupContent(kind=types.MarkupKind.Markdown, value=doc),
                parameters=infos,
                active_parameter=offsets.get(active) if active is not None else None,
            )
        ],
        active_signature=0,
        active_parameter=offsets.get(active) if active is not None else None,
    )


def _labels_with_star(params: tuple[Parameter, ...]) -> list[str]:
    labels: list[str] = []
    starred = False
    for param in params:
        if param.keyword_only and not starred:
            labels.append("*")
            starred = True
        if param.star == "*":
            starred = True
        labels.append(param.label())
    return labels


def _parameter_infos(
    label: str, labels: list[str], params: tuple[Parameter, ...]
) -> tuple[list[types.ParameterInformation], dict[int, int]]:
    """One ParameterInformation per parameter, located by offsets in the label (the bare `*` is skipped);
    also the map from parameter index to its position among the infos."""
    infos: list[types.ParameterInformation] = []
    offsets: dict[int, int] = {}
    cursor = label.index("(") + 1
    param_iter = iter(enumerate(params))
    for text in labels:
        start = label.index(text, cursor)
        end = start + len(text)
        cursor = end
        if text == "*":
            continue
        i, param = next(param_iter)
        doc = param.annotation or "any"
        if param.default is not None:
            doc += f", default `{param.default}`"
        if param.keyword_only:
            doc += ", keyword only"
        offsets[i] = len(infos)
        infos.append(
            types.ParameterInformation(
                label=(start, end),
                documentation=types.MarkupContent(kind=types.MarkupKind.Markdown, value=doc),
            )
        )
    return infos, offsets


def active_parameter(call: CallContext, params: tuple[Parameter, ...]) -> int | None:
    """The index of the parameter the cursor's argument binds."""
    if call.keyword is not None:
        return next((i for i, p in enumerate(params) if p.name == call.keyword and not p.star), None)
    positional = [i for i, p in enumerate(params) if not p.keyword_only and not p.star]
    if call.positional < len(positional):
        return positional[call.positional]
    star = next((i for i, p in enumerate(params) if p.star == "*"), None)
    return star
