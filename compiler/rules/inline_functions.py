"""InlineFunctions (exec 1): splicing @pl.jit.inline / @pl.inline helpers into their callers."""

from __future__ import annotations

from compiler.diagnostics import Note, Severity
from compiler.rules.book import RuleBook

BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-IN1",
    "inline-cycle",
    "InlineFunctions",
    "Cycle detected in FunctionType::Inline call graph: {cycle}",
    "Inline helpers call each other in a cycle, so they can never be fully spliced.",
    "Break the cycle: an inline helper cannot (indirectly) call itself.",
)
_r(
    "PTO-IN2",
    "inline-early-return",
    "InlineFunctions",
    "Inline function '{function}' contains a non-trailing ReturnStmt; only a single trailing return is "
    "supported (early-return inside an If/For/While branch is rejected)",
    "A called inline helper returns from inside an if/for/while/with body.",
    "Assign the result in each branch and return it once, as the helper's last statement.",
)
_r(
    "PTO-IN5",
    "inline-arity",
    "InlineFunctions",
    "Inline function '{function}' expects {expected} argument(s), got {got}",
    "An inline helper called with arguments that do not match its parameters.",
    "Pass one argument per parameter (parameters with defaults may be left out).",
)
_r(
    "PTO-IN5b",
    "inline-no-return-value",
    "InlineFunctions",
    "Inline function '{function}' has no return value",
    "The value of an inline helper that returns nothing is used.",
    "Return the value from the helper, or call it as a statement.",
)

_r(
    "PTO-IN6",
    "unresolved-helper-call",
    "InlineFunctions",
    "'{name}' is called like an inline helper, but it resolves to no inline helper: the code it runs is "
    "not expanded or checked here",
    "A statement-level call of a name that pypto-lsp cannot resolve to an inline helper (bound by a factory "
    "whose choice depends on unknown values, imported from a module that defines no such helper, or not "
    "defined), so its kernels, lanes and faults are missing.",
    "Define it with @pl.jit.inline (directly, or returned by a factory whose choice module values decide), "
    "or import it from the module that does.",
    Severity.HINT,
)

# Notes: the labels of related locations.

# A remark after the message of a diagnostic inside a helper of another module, reported at its call site.
IN_INLINE_HELPER = Note("(in inline helper '{helper}', {where}:{line})")
# The related location of such a diagnostic: the helper's own line, in its file.
HELPER_LINE = Note("the fault is here, in inline helper '{helper}'")
# The related location of the same diagnostic as the helper's file shows it: the entry's call site.
CALLED_FROM = Note("reached from this call of inline helper '{helper}'")
