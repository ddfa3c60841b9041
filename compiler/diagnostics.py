"""Diagnostics produced by the compiler model (protocol-free), as data: a rule, its fields and its spans.

A check reports a :class:`Diagnostic` holding the :class:`Rule` it breaks and the values of the rule's
template fields. The message and the hint are rendered from the rule's templates when a consumer reads them
(`message`, `hint`), at the edge; nothing in the engine builds or parses message text.
"""

from __future__ import annotations

import enum
import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from compiler.fixes import Fix
from compiler.source import Span

Fields = tuple[tuple[str, object], ...]
"""Template field values, in the order the check gave them."""

_NO_VARIANTS: Mapping[str, Mapping[str, str]] = MappingProxyType({})


class Severity(enum.Enum):
    """How serious a diagnostic is."""

    ERROR = "error"
    WARNING = "warning"
    INFORMATION = "information"
    HINT = "hint"


def template_fields(template: str) -> tuple[str, ...]:
    """The distinct field names of a ``str.format`` template, in first-use order."""
    names: list[str] = []
    for _literal, name, _spec, _conv in string.Formatter().parse(template):
        if name is not None and name not in names:
            names.append(name)
    return tuple(names)


@dataclass(frozen=True, slots=True, eq=False)
class Rule:
    """One diagnostic pypto-lsp can emit: its code, the compiler's message and everything its page says.

    Rules are declared once, in their family's module under ``compiler/rules/``; a rule is its own identity
    (compared by ``is``)."""

    code: str  # stable code we define, e.g. "PTO-AV-E"
    slug: str  # kebab-case name, e.g. "vector-op-outside-region"
    stage: str  # one of catalog.STAGES
    severity: Severity
    template: str  # the compiler's exact text as a str.format template with named fields
    hint: str | None  # the compiler's hint (a template too), or our short fix advice
    summary: str  # one line for the docs table and the rule's page
    fix_title: str | None = None  # the quick fix's title, a template over the fix's fields (else the kind's)
    unreachable: str | None = None  # why no DSL program can trigger it (then it needs no fixture)
    variants: Mapping[str, Mapping[str, str]] = field(default_factory=lambda: _NO_VARIANTS)  # case -> clauses

    @property
    def fields(self) -> tuple[str, ...]:
        """The named fields of the template, in first-use order."""
        return template_fields(self.template)

    @property
    def hint_fields(self) -> tuple[str, ...]:
        """The named fields of the hint template, in first-use order."""
        return template_fields(self.hint or "")

    def title_of(self, fix: Fix) -> str:
        """The title of a quick fix of this rule: the rule's own fix title, else the fix kind's."""
        return self.fix_title.format(**fix.values()) if self.fix_title else fix.title


@dataclass(frozen=True, slots=True, eq=False)
class Note:
    """A secondary text of a diagnostic: the label of a related location, or a remark after the message.
    Declared beside the rules that use it."""

    template: str

    def at(self, span: Span, **fields: object) -> Related:
        """This note as the label of a related location."""
        return Related(span, self, tuple(fields.items()))

    def remark(self, **fields: object) -> Remark:
        """This note as a line after the message, or as a clause filling a field."""
        return Remark(self, tuple(fields.items()))


@dataclass(frozen=True, slots=True)
class Related:
    """A secondary location that explains a diagnostic (where a value was produced, ...)."""

    span: Span
    note: Note
    fields: Fields = ()
    path: str | None = None  # the file it is in, when it is not the diagnostic's own (a helper, an entry)

    @property
    def message(self) -> str:
        """The label, rendered from the note's template."""
        return self.note.template.format(**dict(self.fields))


@dataclass(frozen=True, slots=True)
class Remark:
    """A text rendered from a note: a line after a diagnostic's message (the inline helper a foreign
    diagnostic comes from), or a clause that fills one of its fields. Formats as its text."""

    note: Note
    fields: Fields = ()

    @property
    def text(self) -> str:
        """The text, rendered from the note's template."""
        return self.note.template.format(**dict(self.fields))

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)


@dataclass(frozen=True, slots=True)
class Problem:
    """A finding without a place of its own: an op deducer's error, reported as a field of the diagnostic
    that wraps it (the parser's PTO-F15 ``pl operation 'x': ⟨detail⟩``). Formats as its message."""

    rule: Rule
    fields: Fields = ()
    subject: str | None = None  # the DSL name a deducer puts before its message (`pl.system.sync_set: ...`)

    @property
    def code(self) -> str:
        """The rule's code."""
        return self.rule.code

    @property
    def message(self) -> str:
        """The rule's message with the fields filled (after the subject, if any)."""
        text = self.rule.template.format(**dict(self.fields))
        return text if self.subject is None else f"{self.subject}: {text}"

    def field(self, name: str) -> object:
        """One field's value (None when the problem has no such field)."""
        return dict(self.fields).get(name)

    def __str__(self) -> str:
        return self.message

    def __format__(self, spec: str) -> str:
        return format(self.message, spec)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding: the rule it breaks, the values of the rule's fields, and the exact range."""

    rule: Rule
    span: Span
    fields: Fields = ()
    hint_fields: Fields | None = None  # the hint's own field values (None: the message's)
    related: tuple[Related, ...] = ()
    fixes: tuple[Fix, ...] = ()
    stage: str = "parse"
    remarks: tuple[Remark, ...] = ()
    tags: tuple[str, ...] = field(default=())

    @property
    def code(self) -> str:
        """The rule's stable code."""
        return self.rule.code

    @property
    def severity(self) -> Severity:
        """The rule's severity."""
        return self.rule.severity

    @property
    def message(self) -> str:
        """The compiler's message: the rule's template with the fields filled, then the remarks."""
        text = self.rule.template.format(**dict(self.fields))
        return "\n".join([text, *(r.text for r in self.remarks)])

    @property
    def hint(self) -> str | None:
        """The rule's hint with its fields filled (None when the rule has none)."""
        if self.rule.hint is None:
            return None
        return self.rule.hint.format(**dict(self.fields if self.hint_fields is None else self.hint_fields))

    @property
    def codes(self) -> tuple[str, ...]:
        """The rule's code, then the codes of the problems it reports (a deducer error inside PTO-F15)."""
        return (self.rule.code, *(v.code for _, v in self.fields if isinstance(v, Problem)))

    @property
    def is_error(self) -> bool:
        """True for error severity."""
        return self.rule.severity is Severity.ERROR
