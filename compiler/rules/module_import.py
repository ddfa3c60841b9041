"""Importing a module the DSL file reads: a module-level statement that Python's import would fail on."""

from __future__ import annotations

from compiler.diagnostics import Note
from compiler.rules.book import RuleBook

BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-F48",
    "module-import-fails",
    "parse",
    "{exception}Error: {detail}",
    "A module-level statement is proven to raise when Python imports the module (an `assert` that is "
    "false, a division by zero, a `raise` that runs), so every entry that imports the module fails.",
    "The import stops at this line: fix the value it checks or computes (or the check itself).",
)

# A remark after the message at an import statement: where the import fails.
RAISED_IN = Note("(raised while importing '{module}', {where}:{line})")
# The related location of that diagnostic: the failing line, in the module's file.
FAILS_HERE = Note("the import of '{module}' fails here")
# The related location of the diagnostic on the failing line: an import statement that reaches it.
IMPORTED_FROM = Note("imported here")
