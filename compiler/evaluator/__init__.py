"""A bounded static evaluator for the Python subset that configuration modules use.

It reads module statements (assignments, `if`/`for`/`while`, functions, frozen dataclasses,
`@property`, comprehensions, f-strings, `os.environ` look-ups, `dataclasses.replace`) and computes
their values without importing or running anything: every call goes to a built-in table or to a
function whose body this evaluator itself interprets. Every operation checks the size of its
result before computing it, and each evaluation has a step budget; past a bound the value is
UNKNOWN, which never produces an error downstream.

`values` holds what it computes, `limits` its bounds, `builtins` the built-in functions and modules,
`interpreter` the statements and expressions.
"""

from compiler.evaluator.interpreter import (
    Evaluator,
    attribute_of,
    evaluate_expression,
    evaluate_module,
    evaluate_statements,
    safe_binop,
    safe_compare,
)
from compiler.evaluator.limits import EXPR_STEPS, MAX_INT_BITS, MAX_LEN, MODULE_STEPS, StepsExhausted, freeze
from compiler.evaluator.values import (
    UNKNOWN_VALUE,
    BoundMethod,
    Builtin,
    ClassValue,
    DslName,
    Dynamic,
    FunctionValue,
    Importer,
    ImportFault,
    ModuleValue,
    Record,
    release_function_syntax,
)

__all__ = [
    "EXPR_STEPS",
    "MAX_INT_BITS",
    "MAX_LEN",
    "MODULE_STEPS",
    "UNKNOWN_VALUE",
    "BoundMethod",
    "Builtin",
    "ClassValue",
    "DslName",
    "Dynamic",
    "Evaluator",
    "FunctionValue",
    "ImportFault",
    "Importer",
    "ModuleValue",
    "Record",
    "StepsExhausted",
    "attribute_of",
    "evaluate_expression",
    "evaluate_module",
    "evaluate_statements",
    "freeze",
    "release_function_syntax",
    "safe_binop",
    "safe_compare",
]
