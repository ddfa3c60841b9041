"""The index of every diagnostic pypto-lsp can emit, and the one way to report one.

The rules themselves live with their family, one module per stage under ``compiler/rules/``. Each
:class:`~compiler.diagnostics.Rule` carries a stable code (``PTO-<reference id>``), the compiler's exact
message text as a ``str.format`` template with named fields, the compiler's hint (parser errors carry one) or
our short fix advice, a one-line summary, its quick fix's title and, when no DSL program can reach it, why.

Sources, newest word first: ``shared/spec`` (000, 003, 004 and ``DELTAS.md``), then
``shared/reference/pypto-diagnostics.md`` (the upstream templates, by stage) and
``shared/reference/pypto-dsl-surface.md`` Appendix A (every parser raise site). The reference IDs
(``P-1``, ``AV-E``, ``MK-12`` ...) become our codes (``PTO-P1``, ``PTO-AV-E``, ``PTO-MK12``). Where one
reference ID has several whole sentences, the first keeps the code and the others get a letter suffix
(``PTO-E3``, ``PTO-E3b``, ``PTO-E3c``). Where only a small clause changes (``«AIC» / «AIV»``), the clause is
a field, and :func:`variant_fields` returns the exact clause text for each named case. The op deducers'
messages, which the reference does not number, are ``PTO-TD*``; the wrappers' signature errors ``PTO-SG*``.

Where the compiler prints an IR value name (``'mm__tile'``, ``'x__ssa_v0'``), the field holds the user's
source variable name (``'mm'``). Everything else is the compiler's text byte for byte, em-dashes included.

``scripts/rule_catalog.py`` writes ``docs/diagnostics.md`` and reports which rules still lack a fixture.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from compiler.diagnostics import Diagnostic, Problem, Related, Rule, template_fields
from compiler.fixes import Fix
from compiler.rules import (
    aiv_split_valid,
    boundary_deducers,
    convert_tensor_to_tile_ops,
    expand_mixed_kernel,
    flatten_tile_nd_to_2d,
    frontend,
    hard_syncall_occupancy,
    hazards,
    infer_tile_memory_space,
    inline_functions,
    lower_auto_vector_split,
    lower_composite_ops,
    mixed_kernel_expanded,
    module_import,
    op_deducers,
    op_elementwise,
    op_indexing,
    op_reduction,
    op_valid_regions,
    op_wrappers,
    outline_cluster_scopes,
    outline_incore_scopes,
    parse_aiv_shard,
    parse_forms,
    parse_optimizations,
    parse_split_aiv,
    parse_submit,
    parse_type_sites,
    parse_types,
    signatures,
    spec,
    split_vector_kernel,
    suppressions,
)
from compiler.rules.shared import H_CROSS_CORE_SLOT, H_SA
from compiler.source import Line, Span

__all__ = [
    "H_CROSS_CORE_SLOT",
    "H_SA",
    "RULES",
    "STAGES",
    "UNREACHABLE",
    "VARIANTS",
    "diagnostic",
    "doc_anchor",
    "fix_title",
    "hint",
    "message",
    "problem",
    "rule",
    "template_fields",
    "variant_fields",
]

STAGES: tuple[str, ...] = (
    "parse",
    "TypeCheck",
    "AtomicAddDtypeValid",
    "InlineFunctions",
    "UnrollLoops",
    "ConvertToSSA",
    "OutlineIncoreScopes",
    "OutlineClusterScopes",
    "ConvertTensorToTileOps",
    "LowerCompositeOps",
    "FlattenTileNdTo2D",
    "LegalizeTileCast",
    "AutoTileMatmulL0",
    "CanonicalizeTileSlice",
    "InferTileMemorySpace",
    "InsertMxScaleAddr",
    "AivSplitValid",
    "AccToGmStoreValid",
    "LowerAutoVectorSplit",
    "ExpandMixedKernel",
    "MixedKernelExpanded",
    "HardSyncallOccupancy",
    "SplitVectorKernel",
    "codegen",
    "spec",
    "lint",
)
"""Every stage a rule may name, in pipeline order. ``SplitVectorKernel`` (exec 24) and ``codegen`` (the
orchestration codegen error) lie after ExpandMixedKernel, where the modelled pipeline stops; ``spec`` rules
come from ``shared/spec`` only; ``lint`` rules are our hazard warnings."""

FAMILIES = (
    inline_functions,
    parse_split_aiv,
    parse_aiv_shard,
    parse_optimizations,
    boundary_deducers,
    op_deducers,
    op_elementwise,
    op_reduction,
    op_indexing,
    op_valid_regions,
    op_wrappers,
    signatures,
    outline_incore_scopes,
    outline_cluster_scopes,
    convert_tensor_to_tile_ops,
    aiv_split_valid,
    flatten_tile_nd_to_2d,
    infer_tile_memory_space,
    lower_auto_vector_split,
    lower_composite_ops,
    expand_mixed_kernel,
    mixed_kernel_expanded,
    hard_syncall_occupancy,
    split_vector_kernel,
    spec,
    frontend,
    parse_types,
    parse_type_sites,
    parse_submit,
    parse_forms,
    module_import,
    suppressions,
    hazards,
)
"""The rule modules, in catalog order."""


def _index(rules: Iterable[Rule]) -> Mapping[str, Rule]:
    table: dict[str, Rule] = {}
    for r in rules:
        if r.code in table:
            raise ValueError(f"duplicate diagnostic code {r.code}")
        table[r.code] = r
    return MappingProxyType(table)


RULES: Mapping[str, Rule] = _index(r for family in FAMILIES for r in family.BOOK.rules)
"""Every rule, keyed by code, in catalog order."""

UNREACHABLE: Mapping[str, str] = MappingProxyType(
    {code: r.unreachable for code, r in RULES.items() if r.unreachable}
)
"""Rules that no DSL program can trigger, with the reason: they need no fixture under tests/rules/."""

VARIANTS: Mapping[str, Mapping[str, Mapping[str, str]]] = MappingProxyType(
    {code: r.variants for code, r in RULES.items() if r.variants}
)
"""Exact clause texts for rules whose wording changes with a condition: code -> case -> field values.
HS-1 ... HS-3 ``requirement`` (not listed: it holds the core count) and a Group's ``detail`` come from
``compiler.rules.hard_syncall_occupancy.occupancy_fields``."""


def rule(code: str) -> Rule:
    """The rule with this code; raises KeyError for an unknown code."""
    return RULES[code]


def _checked(r: Rule, fields: Mapping[str, object], hint_fields: Mapping[str, object] | None) -> None:
    """A field that neither the template nor the hint names is a TypeError and a missing one a KeyError, so
    an emitting site cannot drift from its rule; a field that names a line (`line`, `..._line`) holds a
    Line, which is rebased to document lines (compiler.incremental)."""
    known = set(r.fields) | (set(r.hint_fields) if hint_fields is None else set())
    extra = sorted(set(fields) - known)
    if extra:
        raise TypeError(f"{r.code} has no field(s) {', '.join(extra)}")
    for name in (*r.fields, *(r.hint_fields if hint_fields is None else ())):
        if name not in fields:
            raise KeyError(name)
    if hint_fields is not None:
        for name in r.hint_fields:
            if name not in hint_fields:
                raise KeyError(name)
    for name, value in (*fields.items(), *(hint_fields or {}).items()):
        if (name == "line" or name.endswith("_line")) and not isinstance(value, Line):
            # A line held as a value is rebased to document lines with the spans (compiler.incremental).
            raise TypeError(f"{r.code}: field {name} holds a line: give it as compiler.source.Line")


def message(code: str, **fields: object) -> str:
    """The compiler's message for ``code`` with its fields filled; raises KeyError on a missing field."""
    return RULES[code].template.format(**fields)


def hint(code: str, **fields: object) -> str | None:
    """The rule's hint with its fields filled (None when the rule has no hint)."""
    text = RULES[code].hint
    return None if text is None else text.format(**fields)


def diagnostic(
    code: str,
    span: Span,
    *,
    related: Iterable[Related] = (),
    fixes: Iterable[Fix] = (),
    stage: str | None = None,
    hint_fields: Mapping[str, object] | None = None,
    **fields: object,
) -> Diagnostic:
    """The one way to report a rule: the rule of ``code`` with its field values, at ``span``, in the rule's
    stage unless ``stage`` names the pass that reports it. ``fields`` fill the template (and the hint, unless
    ``hint_fields`` is given); the text is rendered when a consumer reads it."""
    r = RULES[code]
    _checked(r, fields, hint_fields)
    return Diagnostic(
        r,
        span,
        tuple(fields.items()),
        None if hint_fields is None else tuple(hint_fields.items()),
        tuple(related),
        tuple(fixes),
        r.stage if stage is None else stage,
    )


def problem(code: str, subject: str | None = None, **fields: object) -> Problem:
    """A finding of the rule of ``code`` without a place (an op deducer's error), checked like
    :func:`diagnostic`; the diagnostic that reports it gives it its place. ``subject``: the DSL name the
    message follows (``pl.system.sync_set: ...``)."""
    r = RULES[code]
    _checked(r, fields, {})
    return Problem(r, tuple(fields.items()), subject)


def fix_title(code: str, fix: Fix) -> str:
    """The title of a quick fix of the rule of ``code`` (the fix kind's own title for an unknown code)."""
    r = RULES.get(code)
    return r.title_of(fix) if r is not None else fix.title


def variant_fields(code: str, case: str) -> dict[str, str]:
    """The exact clause texts for one named case of a rule (see :data:`VARIANTS`)."""
    return dict(RULES[code].variants[case])


def doc_anchor(code: str) -> str:
    """The anchor of the rule's row in docs/diagnostics.md, e.g. ``av-e`` for ``PTO-AV-E``."""
    rule(code)
    return code.removeprefix("PTO-").lower()
