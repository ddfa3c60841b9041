"""The DSL wrappers' signature errors: the TypeError Python raises when an op wrapper is called with
arguments that do not fit its parameter list (``compiler/ops/signatures.py``).

The reference does not number them, so they are ``PTO-SG*``; the parser wraps each in its op error
(``PTO-F15`` ``pl operation 'cast': ⟨message⟩``). ``function`` is the wrapper's name; ``s`` is ``"s"`` or
``""`` and ``was`` ``was`` or ``were``, as Python words the counts.
"""

from __future__ import annotations

from compiler.rules.book import RuleBook

_SG = "parse"

BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-SG1",
    "too-many-positional-arguments",
    _SG,
    "{function}() takes {takes} positional argument{s} but {given} {was} given",
    "An op called with more positional arguments than its wrapper takes.",
)
_r(
    "PTO-SG2",
    "argument-given-twice",
    _SG,
    "{function}() got multiple values for argument '{name}'",
    "An op argument passed both by position and by keyword.",
)
_r(
    "PTO-SG3",
    "unexpected-keyword-argument",
    _SG,
    "{function}() got an unexpected keyword argument '{name}'",
    "An op called with a keyword its wrapper does not take.",
)
_r(
    "PTO-SG4",
    "missing-positional-argument",
    _SG,
    "{function}() missing {count} required positional argument{s}: {names}",
    "An op called without a required positional argument.",
)
_r(
    "PTO-SG5",
    "missing-keyword-only-argument",
    _SG,
    "{function}() missing {count} required keyword-only argument{s}: {names}",
    "An op called without a required keyword-only argument.",
)
