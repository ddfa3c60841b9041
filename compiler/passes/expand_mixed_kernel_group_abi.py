"""ExpandMixedKernel Phase 4 (spec 000, "Shared argument ABI for hand-written Groups"), as checks.

One MixedKernels submission shares one argument payload between the AIC and AIV members of a Group, so
the pass normalizes both members of a hand-written Group to the Group's parameter list. This module
computes that normalization as an immutable summary (:class:`GroupAbi`) and reports what the spec
rejects while doing it: a member call with the wrong arity (E-7), ``pl.no_dep`` arguments that cannot
be carried over (E-8), external / runtime-bound members whose layouts differ (E-9), a returned member
result with no caller-visible carrier (SP8) and a device-computed scalar member return (SP9).
Members whose signatures merely differ are not an error: they are normalized.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from compiler import catalog, ir
from compiler.diagnostics import Diagnostic, Related
from compiler.ir_walk import calls_in_block, stmt_exprs, walk_expr, walk_stmts
from compiler.passes.model import Kernel
from compiler.passes.outline_incore_scopes import GroupInfo
from compiler.rules.expand_mixed_kernel import EXTERNAL_MEMBER_CALLED_WITH, MEMBER_CALLED_WITH
from compiler.rules.spec import CALLED_FROM_GROUP, GROUP_RETURNS_IT, MEMBER_CALL_RESULT
from compiler.source import Span
from compiler.types import ScalarType, TupleType

_STAGE = "ExpandMixedKernel"
_EXTERNAL_ATTRS = ("external_source", "requires_runtime_binding")
_STORE_OPS = frozenset({"store", "assemble"})  # results alias a complete tensor argument
_VIEW_OPS = frozenset({"slice", "view", "reshape", "reinterpret_view", "set_validshape", "transpose_view"})
_CREATE_OPS = frozenset({"create_tensor", "create"})
_MAX_DEPTH = 16


@dataclass(frozen=True, slots=True)
class MemberAbi:
    """One member call of a Group and how its arguments map onto the Group's canonical parameters."""

    name: str
    func_type: str  # AIC / AIV / InCore as declared, or "?" when the member is not defined
    call_span: Span
    mapping: tuple[int | None, ...]  # canonical index of each argument (None: not a Group parameter)
    forwards_full: bool  # the call already passes the complete Group parameter list, in order
    external: bool  # external-source, runtime-bound or undefined: its body cannot be cloned
    other_callers: bool  # the member has a call site besides this Group call
    adapter: str | None  # the Group-private adapter name, when adapters are created


@dataclass(frozen=True, slots=True)
class GroupAbi:
    """The normalized shared ABI of one hand-written Group."""

    group: str
    span: Span
    params: tuple[str, ...]  # the canonical (union) parameter list: the Group's signature
    members: tuple[MemberAbi, ...]
    normalized: bool  # some member call did not forward the complete list and is rewritten
    rejected: bool  # E-9: an external member's layout differs, so nothing is rewritten
    peer_renames: tuple[tuple[str, str, str], ...] = ()  # (adapter, old peer_func, new peer_func)

    @property
    def needs_adapters(self) -> bool:
        """True when a member has another caller, so Group-private adapters are created."""
        return any(m.adapter for m in self.members)

    def render(self) -> str:
        """A few lines for the `expanded text` view."""
        lines = [f"Group {self.group}({', '.join(self.params)})"]
        if self.rejected:
            lines.append("  ABI: rejected (external member with a different layout)")
        elif not self.normalized:
            lines.append("  ABI: every member already forwards the Group signature")
        for m in self.members:
            used = ", ".join(self.params[i] if i is not None else "?" for i in m.mapping)
            target = m.adapter or m.name
            note = " [external]" if m.external else ""
            if self.normalized and not self.rejected and not m.external:
                lines.append(f"  {target}({', '.join(self.params)})  # was {m.name}({used}){note}")
            else:
                lines.append(f"  {m.name}({used}){note}")
        for adapter, old, new in self.peer_renames:
            lines.append(f"  {adapter}: import_peer_buffer(peer_func='{old}') -> '{new}'")
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class _Site:
    """One resolved member call inside a Group body."""

    call: ir.Call
    member: str
    function: ir.Function | None


def normalize_groups(module: ir.Module, groups: Sequence[GroupInfo]) -> tuple[GroupAbi, ...]:
    """The shared-ABI summary of every hand-written Group."""
    out: list[GroupAbi] = []
    for group in groups:
        function = _group_function(module, group)
        if function is not None:
            out.append(_normalize(module, function, _sites(module, function)))
    return tuple(out)


def check_group_abi(
    module: ir.Module, kernels: Sequence[Kernel], groups: Sequence[GroupInfo]
) -> list[Diagnostic]:
    """Report the Group ABI normalization errors (E-7, E-8, E-9, SP8, SP9) of every hand-written Group."""
    analysed = {k.name for k in kernels if not k.outlined}
    out: list[Diagnostic] = []
    for group in groups:
        function = _group_function(module, group)
        if function is None:
            continue
        sites = _sites(module, function)
        abi = _normalize(module, function, sites)
        if abi.rejected:
            out.append(_layout_error(function, abi))
        elif abi.normalized:
            out.extend(_no_dep(function, sites))
        out.extend(_results(function, sites, analysed))
    return out


# ------------------------------------------------------------------ normalization


def _group_function(module: ir.Module, group: GroupInfo) -> ir.Function | None:
    return next(
        (f for f in module.all_functions() if f.func_type == "Group" and f.header == group.span), None
    )


def _siblings(module: ir.Module, function: ir.Function) -> tuple[ir.Function, ...]:
    if function.program is None:
        return module.functions
    return next((p.functions for p in module.programs if p.name == function.program), ())


def _sites(module: ir.Module, group: ir.Function) -> list[_Site]:
    members = {f.name: f for f in _siblings(module, group)}
    return [
        _Site(call, call.func[5:], members.get(call.func[5:]))
        for call in calls_in_block(group.body)
        if call.func.startswith("self.")
    ]


def _external(function: ir.Function | None) -> bool:
    if function is None:
        return True
    return any(function.attr(key) not in (None, False, "") for key in _EXTERNAL_ATTRS)


def _unwrap_no_dep(expr: ir.Expr) -> ir.Expr:
    while isinstance(expr, ir.Call) and expr.func == "pl.no_dep" and len(expr.args) == 1:
        expr = expr.args[0]
    return expr


def _mapping(call: ir.Call, params: tuple[str, ...]) -> tuple[int | None, ...]:
    out: list[int | None] = []
    for arg in call.args:
        inner = _unwrap_no_dep(arg)
        out.append(params.index(inner.id) if isinstance(inner, ir.Name) and inner.id in params else None)
    return tuple(out)


def _references(module: ir.Module, group: ir.Function, name: str) -> int:
    count = 0
    for function in _siblings(module, group):
        for stmt in walk_stmts(function.body):
            for expr in stmt_exprs(stmt):
                for e in walk_expr(expr):
                    if (isinstance(e, ir.Call) and e.func == f"self.{name}") or (
                        isinstance(e, ir.Attribute) and e.dotted == f"self.{name}"
                    ):
                        count += 1
    return count


def _normalize(module: ir.Module, group: ir.Function, sites: list[_Site]) -> GroupAbi:
    params = tuple(p.name for p in group.params)
    calls_per_member: dict[str, int] = {}
    for site in sites:
        calls_per_member[site.member] = calls_per_member.get(site.member, 0) + 1
    drafts: list[MemberAbi] = []
    for site in sites:
        mapping = _mapping(site.call, params)
        forwards = not site.call.keywords and mapping == tuple(range(len(params)))
        others = _references(module, group, site.member) > 1 or calls_per_member[site.member] > 1
        func_type = site.function.func_type if site.function is not None else "?"
        drafts.append(
            MemberAbi(
                site.member,
                func_type,
                site.call.span,
                mapping,
                forwards,
                _external(site.function),
                others,
                None,
            )
        )
    normalized = not all(m.forwards_full for m in drafts)
    layouts = {(m.mapping, len(m.mapping)) for m in drafts}
    rejected = len(drafts) > 1 and any(m.external for m in drafts) and len(layouts) > 1
    adapters = normalized and not rejected and any(m.other_callers and not m.external for m in drafts)
    members = tuple(
        MemberAbi(
            m.name,
            m.func_type,
            m.call_span,
            m.mapping,
            m.forwards_full,
            m.external,
            m.other_callers,
            f"{m.name}__{group.name}" if adapters and not m.external else None,
        )
        for m in drafts
    )
    renames: list[tuple[str, str, str]] = []
    if adapters:
        new_names = {m.name: m.adapter for m in members if m.adapter}
        for site, member in zip(sites, members, strict=True):
            if site.function is None or member.adapter is None:
                continue
            for call in calls_in_block(site.function.body):
                peer = call.kwarg("peer_func")
                if call.func.endswith("import_peer_buffer") and isinstance(peer, ir.Const):
                    new = new_names.get(str(peer.value))
                    if new is not None:
                        renames.append((member.adapter, str(peer.value), new))
    return GroupAbi(group.name, group.header, params, members, normalized, rejected, tuple(renames))


# ------------------------------------------------------------------ diagnostics


def _error(code: str, span: Span, related: tuple[Related, ...] = (), **fields: object) -> Diagnostic:
    values: dict[str, Any] = dict(fields)
    return catalog.diagnostic(code, span, related=related, stage=_STAGE, **values)


def _layout_error(group: ir.Function, abi: GroupAbi) -> Diagnostic:
    """E-9: an external or runtime-bound member whose layout differs from its peer's."""
    related = tuple(
        (EXTERNAL_MEMBER_CALLED_WITH if m.external else MEMBER_CALLED_WITH).at(
            m.call_span,
            name=m.name,
            params=", ".join(abi.params[i] if i is not None else "?" for i in m.mapping),
        )
        for m in abi.members
    )
    return _error("PTO-E9", group.header, related, group=group.name)


def _no_dep(group: ir.Function, sites: list[_Site]) -> list[Diagnostic]:
    """E-8: pl.no_dep arguments that normalization cannot carry over to the canonical list."""
    params = {p.name for p in group.params}
    out: list[Diagnostic] = []
    for site in sites:
        for index, arg in enumerate(site.call.args):
            if not (isinstance(arg, ir.Call) and arg.func == "pl.no_dep"):
                continue
            inner = _unwrap_no_dep(arg)
            if not isinstance(inner, ir.Name):
                out.append(_error("PTO-E8", arg.span, index=index, member=site.member))
            elif inner.id not in params:
                out.append(_error("PTO-E8b", arg.span, index=index, member=site.member))
    return out


def _short(func: str) -> str:
    return func.rsplit(".", 1)[-1]


def _definitions(body: tuple[ir.Stmt, ...], name: str) -> list[tuple[ir.Assign, int | None]]:
    """Every assignment binding `name`, with the tuple position it takes (None: the whole value)."""
    out: list[tuple[ir.Assign, int | None]] = []
    for stmt in walk_stmts(body):
        if not isinstance(stmt, ir.Assign):
            continue
        for target in stmt.targets:
            if isinstance(target, ir.Name) and target.id == name:
                out.append((stmt, None))
            elif isinstance(target, ir.TupleExpr):
                for i, elt in enumerate(target.elts):
                    if isinstance(elt, ir.Name) and elt.id == name:
                        out.append((stmt, i))
    return out


def _nested_defs(body: tuple[ir.Stmt, ...]) -> set[str]:
    """Names bound inside loops, branches or scopes (not single straight-line definitions)."""
    out: set[str] = set()
    for stmt in body:
        if isinstance(stmt, ir.For | ir.While | ir.If | ir.With):
            for inner in walk_stmts((stmt,)):
                if isinstance(inner, ir.Assign):
                    for target in inner.targets:
                        out.update(e.id for e in walk_expr(target) if isinstance(e, ir.Name))
            if isinstance(stmt, ir.For):
                out.update(e.id for e in walk_expr(stmt.target) if isinstance(e, ir.Name))
    return out


@dataclass(frozen=True, slots=True)
class _Lost:
    """Where a returned value lost its caller-visible carrier."""

    span: Span
    what: str


_CARRIED = "carried"
_UNKNOWN = "unknown"
_Trace = _Lost | str


class _Tracer:
    """Follows returned values through SSA aliases and tuple projections (surface IR, conservative)."""

    def __init__(self, group: ir.Function, sites: list[_Site]) -> None:
        self.group = group
        self.group_params = {p.name for p in group.params}
        self.sites = {id(s.call): s for s in sites}
        self.nested = _nested_defs(group.body)

    def group_value(self, expr: ir.Expr, depth: int = 0) -> tuple[_Site, int | None] | _Trace:
        """A Group-side value: a Group parameter, a member call result position, or lost / unknown."""
        if depth > _MAX_DEPTH:
            return _UNKNOWN
        expr = _unwrap_no_dep(expr)
        if isinstance(expr, ir.Name):
            if expr.id in self.group_params and not _definitions(self.group.body, expr.id):
                return _CARRIED
            defs = _definitions(self.group.body, expr.id)
            if len(defs) != 1 or expr.id in self.nested:
                return _UNKNOWN
            stmt, position = defs[0]
            found = self.group_value(stmt.value, depth + 1)
            return self._project(found, position)
        if isinstance(expr, ir.Subscript) and isinstance(expr.index, ir.Const):
            index = expr.index.value
            if isinstance(index, int) and not isinstance(index, bool):
                return self._project(self.group_value(expr.value, depth + 1), index)
        if isinstance(expr, ir.Subscript):
            return _Lost(expr.span, "a slice")
        if isinstance(expr, ir.Call):
            site = self.sites.get(id(expr))
            if site is not None:
                return (site, None)
            short = _short(expr.func)
            if expr.func.startswith(("pl.", "pld.")) and short in _VIEW_OPS:
                return _Lost(expr.span, f"a view ({expr.func})")
        return _UNKNOWN

    @staticmethod
    def _project(
        found: tuple[_Site, int | None] | _Trace, position: int | None
    ) -> tuple[_Site, int | None] | _Trace:
        if position is None or not isinstance(found, tuple):
            return found if position is None else _UNKNOWN
        site, inner = found
        return (site, position) if inner is None else _UNKNOWN

    def member_value(self, site: _Site, expr: ir.Expr, seen: frozenset[str], depth: int = 0) -> _Trace:
        """Where a member-side value's storage comes from."""
        function = site.function
        if function is None or depth > _MAX_DEPTH:
            return _UNKNOWN
        params = [p.name for p in function.params]
        if isinstance(expr, ir.Name):
            defs = _definitions(function.body, expr.id)
            if expr.id in params and (not defs or expr.id in seen):
                return self._argument(site, params.index(expr.id), depth)
            if len(defs) != 1 or expr.id in seen or expr.id in _nested_defs(function.body):
                return _UNKNOWN
            stmt, position = defs[0]
            if position is not None:
                return _UNKNOWN
            return self.member_value(site, stmt.value, seen | {expr.id}, depth + 1)
        if isinstance(expr, ir.Subscript):
            return _Lost(expr.span, "a slice")
        if isinstance(expr, ir.Call) and expr.func.startswith(("pl.", "pld.")):
            short = _short(expr.func)
            if short in _VIEW_OPS:
                return _Lost(expr.span, f"a view ({expr.func})")
            if short in _CREATE_OPS:
                return _Lost(expr.span, f"a member-local tensor ({expr.func})")
            if short in _STORE_OPS:
                target = _store_target(expr)
                return _UNKNOWN if target is None else self.member_value(site, target, seen, depth + 1)
        return _UNKNOWN

    def _argument(self, site: _Site, index: int, depth: int) -> _Trace:
        if site.call.keywords or index >= len(site.call.args):
            return _UNKNOWN
        found = self.group_value(site.call.args[index], depth + 1)
        if isinstance(found, tuple):
            return _UNKNOWN  # another member's result passed on: its own return is checked separately
        return found


def _store_target(call: ir.Call) -> ir.Expr | None:
    if _short(call.func) == "assemble":
        return call.args[0] if call.args else call.kwarg("target")
    if len(call.args) >= 3:
        return call.args[2]
    return call.kwarg("output_tensor") or call.kwarg("out")


def _returns(function: ir.Function) -> list[ir.Return]:
    return [s for s in walk_stmts(function.body) if isinstance(s, ir.Return) and s.value is not None]


def _results(group: ir.Function, sites: list[_Site], analysed: set[str]) -> list[Diagnostic]:
    """SP8 (a returned member result without a caller-visible carrier) and SP9 (scalar member returns)."""
    out: list[Diagnostic] = []
    tracer = _Tracer(group, sites)
    reported: set[tuple[str, int]] = set()
    for site in sites:
        function = site.function
        if function is None or _external(function) or function.name not in analysed:
            continue
        returns = _returns(function)
        if isinstance(function.return_type, ScalarType | TupleType) and len(returns) == 1:
            ret = returns[0]
            values = ret.value.elts if isinstance(ret.value, ir.TupleExpr) else (ret.value,)
            kinds = (
                function.return_type.items
                if isinstance(function.return_type, TupleType)
                else (function.return_type,)
            )
            params = {p.name for p in function.params}
            for value, kind in zip(values, kinds, strict=False):
                if value is None or not isinstance(kind, ScalarType):
                    continue
                if isinstance(value, ir.Name) and value.id in params:
                    continue
                called = (CALLED_FROM_GROUP.at(site.call.span, group=group.name),)
                out.append(_error("PTO-SP9", value.span, called, group=group.name, member=site.member))
    for ret in _returns(group):
        assert ret.value is not None
        values = ret.value.elts if isinstance(ret.value, ir.TupleExpr) else (ret.value,)
        for value in values:
            found = tracer.group_value(value)
            if not isinstance(found, tuple):
                continue
            site, position = found
            function = site.function
            if function is None or _external(function) or function.name not in analysed:
                continue
            if isinstance(function.return_type, ScalarType):
                continue  # SP9 covers it
            member_returns = _returns(function)
            if len(member_returns) != 1 or member_returns[0].value is None:
                continue
            result = member_returns[0].value
            if isinstance(result, ir.TupleExpr):
                if position is None or position >= len(result.elts):
                    continue
                result = result.elts[position]
            elif position not in (None, 0):
                continue
            index = position or 0
            trace = tracer.member_value(site, result, frozenset())
            if not isinstance(trace, _Lost) or (site.member, index) in reported:
                continue
            reported.add((site.member, index))
            related = (
                GROUP_RETURNS_IT.at(ret.span, group=group.name),
                MEMBER_CALL_RESULT.at(site.call.span, member=site.member),
            )
            out.append(
                _error("PTO-SP8", trace.span, related, group=group.name, member=site.member, index=index)
            )
    return out
