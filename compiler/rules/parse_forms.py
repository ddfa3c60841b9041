"""Parser: forms ast_parser.py / decorator.py reject that the older families do not cover - a submit's
dispatch metadata (deps= mixing, a predicate's producer, a cluster's inner submits), yields outside their
place, subscripts the parser cannot lower, closure values it cannot convert, external kernels and
functions, and the parameters that shadow a dynamic symbol."""

from __future__ import annotations

from compiler.rules.book import RuleBook

BOOK = RuleBook()
_r = BOOK.rule

_DEPS_MIX_HINT = (
    "Pass the array alone (`deps=[arr]`) for a whole-array fence, or index it slot-by-slot "
    "(`deps=[arr[i], arr[j], ...]`)."
)
_TILE_EXTENT_HINT = "Keep tile slice bounds within the source static shape and ensure upper > lower"

_r(
    "PTO-F278",
    "deps-array-after-element",
    "parse",
    "'{kernel}' deps= cannot mix a whole TASK_ID array with per-element entries (got array entry '{entry}' "
    "after a per-element / comprehension entry)",
    "A submit's deps= list holding a whole `pl.array.create(N, pl.TASK_ID)` array after an `arr[i]` entry "
    "(or a comprehension of them): the per-element entries are gathered into a new array, which cannot take a "
    "whole array as one element.",
    _DEPS_MIX_HINT,
)
_r(
    "PTO-F279",
    "deps-element-after-array",
    "parse",
    "'{kernel}' deps= cannot mix a whole TASK_ID array with per-element entries (got per-element entry "
    "'{entry}' after a whole-array entry)",
    "A submit's deps= list holding an `arr[i]` entry after a whole TASK_ID array: the whole-array fence and the "
    "per-element entries cannot be lowered together.",
    _DEPS_MIX_HINT,
)
_r(
    "PTO-F280",
    "predicate-producer-not-in-deps",
    "parse",
    "'{kernel}' predicate reads '{tensor}', which is produced by the task bound to '{tid}', but '{tid}' is not "
    "in deps=",
    "`z, t2 = pl.submit(self.k, ..., predicate=(y[0] > 0))` where y is the result of an earlier "
    "`y, tid = pl.submit(...)` and deps= does not name tid (or tid was rebound since): the scheduler may "
    "evaluate the predicate before the producing task has written the tensor.",
    "Add the producer to the dependency list: deps=[{tid}]. Without it the scheduler may evaluate the predicate "
    "before the producing task has written the tensor.",
)
_r(
    "PTO-F281",
    "cluster-submit-metadata",
    "parse",
    "`{construct}(...)` inside `pl.cluster()` cannot carry per-task dispatch metadata ({fields}) — the cluster "
    "is dispatched as one Group task, so metadata on an inner Submit would be ignored",
    "A pl.submit inside `with pl.cluster():` given deps=, predicate=, allow_early_resolve=True (or a "
    "pl.spmd_submit, whose core_num= is such metadata): the cluster body is outlined into one Group task and "
    "its inner submits are not dispatched on their own.",
    "Move the dependency or launch control to the dispatch surrounding the cluster, or omit it from the inner "
    "Submit.",
)
_r(
    "PTO-F282",
    "subscript-write-source-kind",
    "parse",
    "Subscript-write source must also be a {kind}, got {type}",
    "`out[0:64, :] = t` with out a tensor and t a tile (or a tile target given a tensor): the write is an "
    "assemble of one kind into the same kind.",
    "The rhs of 'dst[...] = src' must be a {kind} of matching shape",
)
_r(
    "PTO-F283",
    "subscript-write-strict-ssa",
    "parse",
    "Subscript-write syntax 'dst[...] = src' is only supported before SSA conversion",
    "A subscript write in a strict-SSA function (`@pl.program(strict_ssa=True)`): the write rebinds its "
    "target, which strict SSA forbids.",
    "Rewrite as an explicit pl.assemble(...) call, or remove strict_ssa=True",
)
_r(
    "PTO-F284",
    "subscript-of-scalar",
    "parse",
    "Subscript requires Tuple, Tensor, Tile, or Array type, got {type}",
    "A subscript read of a scalar (`n = pl.tensor.dim(x, 0); n[0]`).",
    "Subscript syntax is supported for Tuple, Tensor, Tile, and Array types",
)
_r(
    "PTO-F287",
    "tile-slice-empty",
    "parse",
    "Tile subscript must produce a positive static extent",
    "A tile slice whose static bounds give no row or column (`t[32:16, :]`, or `t[64:, :]` on a 64-row tile): a "
    "tile slice keeps a positive compile-time allocation shape.",
    _TILE_EXTENT_HINT,
)
_r(
    "PTO-F288",
    "tile-slice-dynamic-lower",
    "parse",
    "Dynamic lower bounds are not supported in tile subscript",
    "A tile slice whose lower bound is a runtime value (`t[i * 16 : i * 16 + 16, :]` with i a loop variable): a "
    "tile slice starts at a compile-time offset.",
    "Use a constant tile slice lower bound or rewrite the logic with explicit tile ops",
)
_r(
    "PTO-F289",
    "multiple-yields-outside-loop",
    "parse",
    "Multiple yields should use tuple unpacking assignment",
    "`pl.yield_(a, b)` outside any loop or if (or inside another expression there): a bare yield of several "
    "values belongs to a loop or an if, and elsewhere its values must be unpacked.",
    "Use tuple unpacking: (a, b) = pl.yield_(x, y)",
)
_r(
    "PTO-F290",
    "op-attrs-not-writable",
    "parse",
    "attrs['{key}'] on call to '{op}' is not a writable attr; manual dependency edges are written as deps=[...] "
    "on pl.system.task_dummy or pl.submit",
    "An op call given attrs={'manual_dep_edges': ...} (or 'dummy_task'): those attributes ride the deps= "
    "surface of pl.system.task_dummy and pl.submit.",
    "Write the dependency as deps=[...] on pl.system.task_dummy or pl.submit",
)
_r(
    "PTO-F291",
    "loop-attrs-value",
    "parse",
    "Unsupported value type for attrs key '{key}'",
    "A loop's attrs={...} value that is no literal (a list, a name, a call): the parser stores each value as "
    "written.",
    "Supported values: integer, float, bool, or string",
)
_r(
    "PTO-F292",
    "inline-host-subworker",
    "parse",
    "Inline 'with pl.at(level>=HOST, role=pl.Role.SubWorker)' is not supported.",
    "`with pl.at(level=pl.Level.HOST, role=pl.Role.SubWorker):` inside a function: a SubWorker is a function "
    "of its own.",
    "Declare a SubWorker via @pl.function(level=..., role=pl.Role.SubWorker) as a self-contained function (no "
    "'self' parameter) inside @pl.program.",
)
_r(
    "PTO-F294",
    "external-function-shadows-member",
    "parse",
    "External function '{function}' conflicts with program function '{function}'",
    "A @pl.program member calling a module-level @pl.function by name when the program has a member of the "
    "same name.",
    "Rename either the external or program function to avoid the name conflict",
)
_r(
    "PTO-F297",
    "parameter-shadows-dynamic-symbol",
    "parse",
    "Parameter '{name}' shadows the dynamic symbol '{name}', which an earlier parameter's type annotation "
    "already uses",
    "`n = pl.dynamic('n')` at module level and `def f(self, x: pl.Tensor[[n, 64], ...], n: "
    "pl.Scalar[pl.INDEX])`: the scalar parameter is the symbol, so it must come before the annotations that "
    "use it.",
    "Declare '{name}: pl.Scalar[pl.INDEX]' before the parameter whose type uses it",
)
_r(
    "PTO-F298",
    "yield-argument-not-expression",
    "parse",
    "Yield argument must be an IR expression, got <class 'NoneType'>",
    "`r = pl.yield_(pl.yield_())`: the inner bare yield gives no value to yield.",
    "Ensure yield arguments are valid expressions",
)
_r(
    "PTO-F299",
    "evaluation-statement-not-expression",
    "parse",
    "Evaluation statement must be an IR expression, got NoneType",
    "`t.yield_()` as a statement (a yield spelled through another name than pl): it is read as a yield call of "
    "no value, and a statement must be an expression.",
    "Only function calls and operations can be used as standalone statements",
)
_r(
    "PTO-F300",
    "closure-value-type",
    "parse",
    "Unsupported closure variable type: {type}",
    "A module-level name whose value is a string, None or another Python object, read as a value in a "
    "@pl.function body (`m = MODE` with MODE = 'fast').",
    "Closure variables must be int, float, bool, list, tuple, or IR expressions",
)
_r(
    "PTO-F285",
    "function-attr-variable",
    "parse",
    "@pl.function attr '{key}' references a variable, which a function attr cannot carry",
    "`@pl.function(attrs={'hint': N})` with N a module-level pl.dynamic symbol: the symbol unwraps to an IR "
    "variable, and a decorator is evaluated before anything binds one.",
    "A decorator is evaluated before the signature binds any name, so it cannot spell a reference. To reference "
    "a parameter, declare the attr in the body prologue instead: pl.func_attr({{...}})",
)
_r(
    "PTO-F286",
    "external-source-missing",
    "parse",
    "@pl.function(external_source=...) file not found: {path}. Provide an absolute path, or one relative to the "
    "file defining the program.",
    "`@pl.function(external_source='kernels/k.cpp')` naming a file that does not exist: a relative path is read "
    "against the folder of the file defining the program.",
    "Provide an absolute path, or one relative to the file defining the program.",
)
_r(
    "PTO-F293",
    "subworker-self",
    "parse",
    "SubWorker function '{function}' must not declare 'self'; declare it as a self-contained function inside "
    "@pl.program.",
    "A `@pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)` member of a @pl.program whose first "
    "parameter is self: its body is kept as plain Python, run on its own.",
    "Remove the 'self' parameter from the SubWorker definition.",
)
_r(
    "PTO-F295",
    "external-source-function-type",
    "parse",
    "external_source is only valid on FunctionType.AIC or FunctionType.AIV, got FunctionType.{type} for "
    "function '{function}'",
    "`@pl.function(type=pl.FunctionType.InCore, external_source=...)`: a hand-written C++ kernel is one AIC "
    "or AIV kernel.",
    "Declare the external kernel as pl.FunctionType.AIC or pl.FunctionType.AIV.",
)
_r(
    "PTO-F296",
    "external-kernel-body",
    "parse",
    "External kernel '{function}' must have an empty '...' body (signature only) — its implementation is the "
    "C++ source given by external_source.",
    "A function given external_source= with statements in its body: the C++ file is its implementation.",
    "Replace the function body with a bare '...'.",
)
_r(
    "PTO-F283b",
    "array-subscript-write-rank",
    "parse",
    "Array subscript-write requires a single index (rank-1 in v1)",
    "`arr[i, j] = v` on a pl.array.create(...) array: an array has one axis.",
    "Use arr[i] = v, not arr[i, j] = v",
)
_r(
    "PTO-F284b",
    "array-subscript-rank",
    "parse",
    "Array subscript requires a single index (rank-1 in v1)",
    "`arr[i, j]` read from a pl.array.create(...) array: an array has one axis.",
    "Use arr[i], not arr[i, j]",
)
_r(
    "PTO-F284c",
    "tuple-index-not-integer",
    "parse",
    "Tuple index must be an integer",
    "A tuple value indexed by a constant that is no integer (`pair = (a, b); pair['a']`).",
    "Use integer index like tuple[0]",
)
_r(
    "PTO-F282b",
    "tuple-index-not-constant",
    "parse",
    "Only constant integer indices supported for tuple access",
    "A tuple value indexed by a variable or an expression (`pair = (a, b); pair[k]`): the parser picks the item "
    "at parse time.",
    "Use a constant integer index like tuple[0]",
)
_r(
    "PTO-F294b",
    "conflicting-external-functions",
    "parse",
    "Conflicting external functions with name '{function}'",
    "A @pl.program calling two different module-level @pl.function objects of one name (`from a import kern as "
    "ka; from b import kern as kb`): each is added to the program under its own name.",
    "External functions must have unique names; rename one of the functions",
)
