"""Words about a name for hover and completion: a DSL name's signature and doc, a local's tile or tensor type,
a helper's parameters. Reads the analysis and the navigation index; never the text itself."""

from __future__ import annotations

from compiler.analysis import Analysis, OpInfo
from compiler.navigation.index import Definition, DocumentIndex, Located
from compiler.navigation.surface import SurfaceName
from compiler.navigation.workspace import Target
from compiler.source import Span

_KIND_WORD = {
    "function": "function",
    "class": "class",
    "parameter": "parameter",
    "variable": "local",
    "constant": "module constant",
    "import": "import",
    "field": "field",
    "method": "method",
    "property": "property",
}
_DSL_KIND_WORD = {
    "op": "op",
    "construct": "DSL construct",
    "decorator": "decorator",
    "type": "type",
    "dtype": "data type",
    "enum": "enum",
    "member": "enum member",
    "namespace": "namespace",
}
_LANE_WORD = {
    "AIC": "runs on **AIC** (cube)",
    "AIV": "runs on **AIV** (vector)",
    "AIC+AIV": "crosses between **AIC** and **AIV**",
    "either": "core-agnostic: runs on the lane that uses it",
    "by operand": "lane follows its operand's memory space",
}


_OPS_BY_SPAN: dict[int, tuple[Analysis, dict[Span, list[OpInfo]]]] = {}


def _ops_at(analysis: Analysis) -> dict[Span, list[OpInfo]]:
    """The analysis's ops by call span (built once per analysis; the last few analyses are kept)."""
    cached = _OPS_BY_SPAN.get(id(analysis))
    if cached is not None and cached[0] is analysis:
        return cached[1]
    table: dict[Span, list[OpInfo]] = {}
    for op in analysis.ops:
        if not op.implicit:
            table.setdefault(op.span, []).append(op)
    if len(_OPS_BY_SPAN) >= 8:
        _OPS_BY_SPAN.pop(next(iter(_OPS_BY_SPAN)))
    _OPS_BY_SPAN[id(analysis)] = (analysis, table)
    return table


def op_of(analysis: Analysis | None, located: Located) -> OpInfo | None:
    """The op that produced a local: of the ops at the assigned call (a tensor op converts into loads and
    the op itself), the one the call names, else the last."""
    definition = located.definition
    if analysis is None or definition is None or definition.value is None:
        return None
    found = _ops_at(analysis).get(located.unit.absolute(definition.value), [])
    called = definition.detail.split("(", 1)[0].rsplit(".", 1)[-1].strip()
    for op in found:
        if op.ir_name.rsplit(".", 1)[-1] == called:
            return op
    for op in found:
        if op.dsl_name.rsplit(".", 1)[-1] == called:
            return op
    return found[-1] if found else None


def value_type(analysis: Analysis | None, located: Located) -> str:
    """`Tile [64, 64] FP32 in Acc` for a local an op produced, the annotation for a parameter, else ""."""
    op = op_of(analysis, located)
    if op is not None and (op.shape or op.memory):
        kind = "Tensor" if op.memory in (None, "DDR") and op.ir_name.startswith("tensor.") else "Tile"
        parts = [kind]
        if op.shape:
            parts.append(op.shape)
        if op.dtype:
            parts.append(op.dtype)
        text = " ".join(parts)
        return text + (f" in {op.memory}" if op.memory else "")
    definition = located.definition
    if definition is not None and definition.kind == "parameter":
        return definition.detail
    return ""


def import_statement(local: str, module: str, level: int, name: str) -> str:
    """`from .config import ACTIVE as M` / `import pypto.language as pl`."""
    if name:
        text = f"from {'.' * level}{module} import {name}"
        return text + (f" as {local}" if local != name else "")
    return f"import {module}" + (f" as {local}" if local != module.split(".")[0] else "")


def signature(definition: Definition) -> str:
    """`def name(a: pl.Tensor, b)`."""
    params = ", ".join(p.label() for p in definition.params)
    returns = f" -> {definition.detail}" if definition.detail else ""
    return f"def {definition.name}({params}){returns}"


def dsl_markdown(name: SurfaceName, with_signature: bool = True) -> str:
    """A DSL name: its signature, kind, lane and documentation."""
    head = f"```python\n{name.signature() if name.params is not None else name.dotted}\n```"
    parts = [head] if with_signature else []
    word = _DSL_KIND_WORD.get(name.kind, name.kind)
    line = f"*{word}*"
    if name.ir_op and name.ir_op != name.dotted:
        line += f" → `{name.ir_op}`"
    if name.lane in _LANE_WORD:
        line += f" · {_LANE_WORD[name.lane]}"
    parts.append(line)
    if name.doc:
        parts.append(name.doc)
    return "\n\n".join(parts)


def definition_markdown(target: Target, analysis: Analysis | None, index: DocumentIndex | None) -> str:
    """What a definition is: kind, signature or value, type where the analysis knows it, docstring."""
    if target.dsl is not None:
        return dsl_markdown(target.dsl)
    if target.module is not None:
        return f"*module* `{target.module.name}`\n\n{target.module}"
    located = target.located
    if located is None or located.definition is None:
        return ""
    definition = located.definition
    word = _KIND_WORD.get(definition.kind, definition.kind)
    if definition.decorator.startswith(("pl.", "pld.")):
        word = f"@{definition.decorator} {word}"
    if definition.kind in ("function", "method"):
        code = signature(definition)
    elif definition.kind == "class":
        code = f"class {definition.name}" + (f"({definition.detail})" if definition.detail else "")
    elif definition.kind == "parameter":
        code = definition.name + (f": {definition.detail}" if definition.detail else "")
    elif definition.kind == "import":
        code = f"from {definition.detail.rsplit('.', 1)[0] or '.'} import {definition.imported[2] if definition.imported else definition.name}"
        if (
            definition.imported is not None
            and definition.imported[2]
            and definition.imported[2] != definition.name
        ):
            code += f" as {definition.name}"
    else:
        code = definition.name + (f": {definition.annotation}" if definition.annotation else "")
        code += f" = {definition.detail}" if definition.detail else ""
    parts = [
        f"```python\n{code}\n```",
        f"*{word}*" + (f" of `{definition.owner}`" if definition.owner else ""),
    ]
    if index is not None and located.path == index.path:
        shown = value_type(analysis, located)
        if shown and definition.kind != "parameter":
            parts.append(f"type: `{shown}`")
    if definition.doc:
        parts.append(definition.doc)
    parts.append(f"defined in `{_short(located.path)}` line {located.span.line}")
    return "\n\n".join(parts)


def _short(path: str) -> str:
    return path.rsplit("/", 1)[-1]
