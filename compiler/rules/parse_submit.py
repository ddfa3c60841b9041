"""Parser: the `pl.submit` / `pl.spmd_submit` manual-scope constructs (ast_parser's submit family): the
assignment they must stand in, their kernel argument and their deps= / dumps= / core_num= keywords; and the
loop carries / pl.cond checks made inside a loop's builder, whose exit may replace the error."""

from __future__ import annotations

from compiler.rules.book import RuleBook

BOOK = RuleBook()
_r = BOOK.rule

_UNPACK_HINT = "Use `out, tid = {construct}(self.kernel, ...)`."
_RESULT_HINT = "Use `out, tid = {construct}(...)` or `(a, b), tid = {construct}(...)`."

_r(
    "PTO-F201",
    "submit-target-count",
    "parse",
    "{construct}(...) must be unpacked as exactly 2 targets (result, task_id), got {count}",
    "`a, b, c = pl.submit(...)`: a submit binds its kernel result(s) and the producer TaskId, two targets.",
    _UNPACK_HINT,
)
_r(
    "PTO-F202",
    "submit-task-id-target",
    "parse",
    "{construct}(...) task_id target must be a plain variable name",
    "`out, arr[0] = pl.submit(...)`: the TaskId target is a subscript or a tuple, not a name.",
    _UNPACK_HINT,
)
_r(
    "PTO-F203",
    "submit-result-target",
    "parse",
    "{construct}(...) result target must be a variable name or a tuple of names",
    "`buf[0], tid = pl.submit(...)`: the result target is neither a name nor a tuple of names.",
    _RESULT_HINT,
)
_r(
    "PTO-F204",
    "submit-result-nested",
    "parse",
    "{construct}(...) result target must contain plain variable names only (no nested tuples), got '{target}'",
    "`(a, (b, c)), tid = pl.submit(...)`: each kernel output binds one name.",
    _RESULT_HINT,
)
_r(
    "PTO-F205",
    "submit-no-kernel",
    "parse",
    "{construct}(...) requires the kernel as its first argument",
    "`pl.submit()` with no positional argument.",
    "Use `out, tid = {construct}(self.kernel, *kernel_args, deps=[...])`.",
)
_r(
    "PTO-F206",
    "submit-kernel-not-method",
    "parse",
    "{construct}(...) first argument must be a `self.<kernel>` method reference",
    "`pl.submit(self.kernel(x, y))` or `pl.submit(kernel, x)`: the kernel is passed as `self.<kernel>`, "
    "its arguments after it.",
    "Pass the kernel itself, not a call: `{construct}(self.kernel, x, y)` — not `{construct}(self.kernel(x, y))`.",
)
_r(
    "PTO-F207",
    "submit-not-unpacked",
    "parse",
    "pl.submit(...) must be unpacked as a 2-tuple: `out, tid = pl.submit(self.kernel, ...)`",
    "`pl.submit(...)` as a bare statement or inside another expression.",
    "pl.submit returns (kernel result, producer TaskId); bind both with tuple unpacking.",
)
_r(
    "PTO-F208",
    "spmd-submit-not-unpacked",
    "parse",
    "pl.spmd_submit(...) must be unpacked as a 2-tuple: `out, tid = pl.spmd_submit(self.kernel, ..., core_num=N)`",
    "`pl.spmd_submit(...)` as a bare statement or inside another expression.",
    "pl.spmd_submit returns (kernel result, producer TaskId); unpack both as a 2-tuple.",
)
_r(
    "PTO-F209",
    "submit-deps-not-list",
    "parse",
    "'{kernel}' deps= must be a list / tuple / comprehension of TaskId values",
    "A submit's deps= given one value (`deps=tid`) instead of a list of TaskIds.",
    "Use deps=[tid] where tid is a TaskId from a prior `_, tid = pl.submit(...)`, a loop iter_arg, `arr[i]` on "
    "a TASK_ID array, or `None`.",
)
_r(
    "PTO-F210",
    "submit-deps-entry",
    "parse",
    "'{kernel}' deps= entries must be a TaskId variable, a TASK_ID array element (e.g. `arr[i]`), or None — "
    "got '{entry}'",
    "A submit's deps= lists a tensor, a tile or a literal instead of a TaskId.",
    "Bind a TaskId with `_, tid = pl.submit(self.producer, ...)`, read a slot with `arr[i]` from a "
    "`pl.array.create(N, pl.TASK_ID)`, or pass `None` for no producer.",
)
# ---------------------------------------------------------------------------- deps= comprehensions (unrolled at parse)
_r(
    "PTO-F243",
    "submit-deps-comprehension-generators",
    "parse",
    "'{kernel}' deps= comprehension supports a single `for` clause (v1)",
    "A submit's deps= comprehension with two `for` clauses (`[t[i] for i in range(2) for j in range(2)]`).",
    "Inline the inner generator(s) or write a single flat `for ... in ...`.",
)
_r(
    "PTO-F244",
    "submit-deps-comprehension-target",
    "parse",
    "'{kernel}' deps= comprehension target must be a single name (v1)",
    "A submit's deps= comprehension that unpacks its loop target (`for i, j in ...`).",
    "Use `for i in ...`, not `for i, j in ...`.",
)
_r(
    "PTO-F245",
    "submit-deps-comprehension-ir-iterable",
    "parse",
    "'{kernel}' deps= comprehension iterable depends on an IR variable; cannot unroll at parse time",
    "A submit's deps= comprehension whose iterable reads a kernel variable (a parameter, a local, a loop "
    "index): the parser unrolls it in Python before the kernel runs.",
    "Use a Python `range(...)`, a tuple of const ints, or a module-level list. If you need a runtime-bounded "
    "loop, write Form 1 (`arr[i]`) inside a `pl.range` body.",
)
_r(
    "PTO-F246",
    "submit-deps-comprehension-ir-filter",
    "parse",
    "'{kernel}' deps= comprehension filter depends on an IR variable; cannot unroll at parse time",
    "A submit's deps= comprehension whose `if` clause reads a kernel variable.",
    "Filter clauses may reference only Python-level constants (closures, globals, the comprehension's own "
    "loop var).",
)
_r(
    "PTO-F247",
    "submit-deps-comprehension-dsl-loop",
    "parse",
    "'{kernel}' deps= comprehension iterable is a DSL loop (`pl.range` / `pl.parallel` / `pl.pipeline`); "
    "cannot unroll at parse time",
    "A submit's deps= comprehension over pl.range / pl.parallel / pl.pipeline instead of Python's range.",
    "Use a Python `range(...)` for a parse-time-unrolled list, or write Form 1 (`arr[i]`) inside a `pl.range` "
    "body for a runtime loop.",
)
_r(
    "PTO-F248",
    "submit-deps-comprehension-not-iterable",
    "parse",
    "'{kernel}' deps= comprehension iterable did not produce a sequence: '{type}' object is not iterable",
    "A submit's deps= comprehension over a single number (`for i in 4`).",
    "The iterable must be a Python `range`, list, or tuple.",
)
_r(
    "PTO-F249",
    "submit-deps-comprehension-non-integer",
    "parse",
    "'{kernel}' deps= comprehension iterable yielded a non-integer value ({type}); only integer indices are "
    "supported",
    "A submit's deps= comprehension over a literal list holding a float, a bool or a string.",
    "Iterate over integer slot indices: `for i in range(K)` or `for i in (0, 2, 3)`.",
)
_r(
    "PTO-F211",
    "submit-dumps-not-list",
    "parse",
    "'{kernel}' dumps= must be a list / tuple of tensor arguments",
    "A submit's dumps= given one value (`dumps=x`) instead of a list.",
    "Write dumps=[x, y] listing tensors passed to this submit.",
)
_r(
    "PTO-F212",
    "submit-dumps-entry",
    "parse",
    "'{kernel}' dumps= entries must be tensor variables — got '{entry}'",
    "A submit's dumps= lists an expression (a slice, a literal, a call) or a tile instead of a tensor variable.",
    "List tensors passed to this submit, e.g. dumps=[x].",
)
_r(
    "PTO-F213",
    "submit-dumps-not-argument",
    "parse",
    "'{kernel}' dumps= entry '{entry}' is not an argument of this submit",
    "A submit's dumps= names a tensor the submit does not pass to its kernel.",
    "dumps= may only name tensors passed positionally to the submitted kernel.",
)
_r(
    "PTO-F214",
    "spmd-submit-core-num",
    "parse",
    "pl.spmd_submit(self.{kernel}, ...) requires the core_num keyword argument",
    "`pl.spmd_submit(self.kernel, ...)` without core_num=.",
    "pl.spmd_submit(self.{kernel}, ...) requires a positive integer 'core_num' keyword (e.g. core_num=8); "
    "'sync_start' is optional (default False).",
)

# ---------------------------------------------------------------------------- pl.while_ bodies (masked)
_r(
    "PTO-F215",
    "while-body-masked",
    "parse",
    "Failed to parse function '{function}': While loop has {count} iteration arguments but 0 return variables. "
    "They must match.",
    "A pl.while_ body with a second top-level pl.cond(...), a pl.cond(...) without exactly one argument, or a "
    "carried target that is not a name: the parser rejects it inside the loop's builder, whose exit replaces "
    "the error with its own (the iter_args set up so far, no return variables yet).",
    "Check your function definition for errors: pl.cond(condition) once, as the first statement, and plain "
    "names for the carried values",
)
_r(
    "PTO-F216",
    "loop-carry-not-name",
    "parse",
    "Iter arg must be a simple name",
    "The first carried target of a loop with init_values= is a subscript or a tuple (`for i, (x[0],) in "
    "pl.range(4, init_values=(0,))`).",
    "Use simple variable names for iteration variables",
)
_r(
    "PTO-F217",
    "for-body-masked",
    "parse",
    "Failed to parse function '{function}': For loop has {count} iteration arguments but 0 return variables. "
    "They must match.",
    "A carried target of a range-like loop after the first is a subscript or a tuple: the parser rejects it "
    "inside the loop's builder, whose exit replaces the error with its own (the iter_args set up so far, no "
    "return variables yet).",
    "Check your function definition for errors: use plain names for the carried values",
)

# ---------------------------------------------------------------------------- a call's attrs={...} (round-trip surface)
_ATTRS_SUMMARY = (
    "A `self.<function>(...)` / `pl.submit(...)` call's attrs={{...}} dict (the printed-IR surface) "
)
_r(
    "PTO-F218",
    "call-attrs-key",
    "parse",
    "'attrs=' on call to '{kernel}' must use string-literal keys",
    _ATTRS_SUMMARY + "with a key that is not a string literal, or a `**` unpacking.",
    'Write each key as a string literal, e.g. attrs={{"arg_directions": [...]}}',
)
_r(
    "PTO-F219",
    "call-attrs-directions-not-list",
    "parse",
    "attrs['arg_directions'] on call to '{kernel}' must be a list literal",
    _ATTRS_SUMMARY + "whose arg_directions is not a list literal (a tuple, a name).",
    "Write attrs={{'arg_directions': [pl.adir.input, ...]}}",
)
_r(
    "PTO-F220",
    "call-attrs-direction-marker",
    "parse",
    "attrs['arg_directions'] on call to '{kernel}' must contain 'pl.adir.<name>' references only",
    _ATTRS_SUMMARY + "whose arg_directions lists something other than pl.adir.<name>.",
    "List one pl.adir.<name> per positional argument",
)
_r(
    "PTO-F221",
    "call-attrs-direction-unknown",
    "parse",
    "Unknown call-site direction marker 'pl.adir.{marker}' in call to '{kernel}'",
    _ATTRS_SUMMARY + "whose arg_directions names a marker pl.adir does not have.",
    "Valid markers: pl.adir.input, pl.adir.output, pl.adir.output_existing, pl.adir.inout, pl.adir.no_dep, "
    "pl.adir.scalar",
)
_r(
    "PTO-F222",
    "call-attrs-directions-count",
    "parse",
    "attrs['arg_directions'] length ({count}) on call to '{kernel}' must match positional arg count ({args})",
    _ATTRS_SUMMARY + "whose arg_directions has not one marker per positional argument.",
    "List one pl.adir.<name> per positional argument",
)
_r(
    "PTO-F223",
    "call-attrs-manual-dep-edges",
    "parse",
    "attrs={{'manual_dep_edges': ...}} is not accepted on a call to '{kernel}'",
    _ATTRS_SUMMARY + "with a manual_dep_edges key: dependency edges are a submit's deps=.",
    "Dependency edges belong on a submit: `out, tid = pl.submit(self.kernel, ..., deps=[...])`.",
)
_r(
    "PTO-F224",
    "call-attrs-constant",
    "parse",
    "attrs['{key}'] on call to '{kernel}': unsupported constant '{value}'",
    _ATTRS_SUMMARY + "with a None value.",
    "Give the attr a bool, int, float or string value, or leave the key out",
)
_r(
    "PTO-F225",
    "call-attrs-list-direction",
    "parse",
    "attrs['{key}'] on call to '{kernel}': unknown direction 'pl.adir.{marker}'",
    _ATTRS_SUMMARY + "with a list of pl.adir markers, one of which pl.adir does not have.",
    "Valid markers: pl.adir.input, pl.adir.output, pl.adir.output_existing, pl.adir.inout, pl.adir.no_dep, "
    "pl.adir.scalar",
)
_r(
    "PTO-F226",
    "call-attrs-list-mixed",
    "parse",
    "attrs['{key}'] on call to '{kernel}': list elements are mixed or of an unsupported kind (expected all ints, "
    "all pl.adir.<name>, or all names)",
    _ATTRS_SUMMARY + "with a list value whose elements are not all ints, all pl.adir markers or all names.",
    "Make the list all ints, all pl.adir.<name>, or all names",
)
_r(
    "PTO-F227",
    "call-attrs-dump-vars-not-list",
    "parse",
    "attrs['dump_vars'] on call to '{kernel}' must be a list literal",
    "A `self.<function>(...)` call's attrs={{'dump_vars': ...}} that is not a list.",
    "Prefer a `pl.dump_tag(x)` statement before the call, or write attrs={{'dump_vars': [x]}}",
)
_r(
    "PTO-F228",
    "call-attrs-dump-vars-entry",
    "parse",
    "attrs['dump_vars'] entries on call to '{kernel}' must be tensor variables — got '{entry}'",
    "A `self.<function>(...)` call's attrs={{'dump_vars': [...]}} lists an expression or a non-tensor.",
    "List tensor variables passed to the call",
)
_r(
    "PTO-F229",
    "call-attrs-dump-vars-not-argument",
    "parse",
    "attrs['dump_vars'] entry '{entry}' is not an argument of call to '{kernel}'",
    "A `self.<function>(...)` call's attrs={{'dump_vars': [...]}} names a tensor the call does not pass.",
    "List only tensors passed positionally to the call",
)

# ---------------------------------------------------------------------------- @pl.jit.<kind>(...) decorators
_r(
    "PTO-F260",
    "jit-parameter-tensorview-layout",
    "parse",
    "@pl.jit function '{func}': parameter '{param}' annotates a TensorView in its layout slot, which @pl.jit "
    "does not yet support — it would be dropped and the parameter compiled as ND. Use a plain layout (e.g. "
    "pl.MX_A_ZZ), or declare the kernel with @pl.function, which resolves the annotation directly.",
    "A @pl.jit parameter annotated pl.Tensor[[shape], dtype, pl.TensorView(...)]: specialisation reads the "
    "layout slot (TypeError; the compiler gives no line, pypto-lsp reports the annotation).",
    "Use a plain layout (pl.ND, pl.DN, pl.NZ), or declare the kernel with @pl.function",
)
_r(
    "PTO-F230",
    "jit-sub-decorator-level",
    "parse",
    "@pl.jit.{kind} does not accept a level= argument",
    "`@pl.jit.host` / `@pl.jit.inline` / `@pl.jit.opaque` given level=: only `@pl.jit.incore` selects a level "
    "(Python raises TypeError when it applies the decorator).",
    "Drop level=, or use @pl.jit.incore(level=...)",
)
_r(
    "PTO-F231",
    "jit-sub-decorator-auto-scope",
    "parse",
    "@pl.jit.{kind} does not accept an auto_scope= argument (auto_scope is only meaningful for the Orchestration "
    "entry, the HOST orchestrator, and inline sub-functions)",
    "`@pl.jit.incore` / `@pl.jit.opaque` given auto_scope= (Python raises TypeError when it applies the "
    "decorator).",
    "Drop auto_scope=",
)
_r(
    "PTO-F232",
    "jit-extern-core-type",
    "parse",
    "@pl.jit.extern core_type must be 'aic', 'aiv', or 'mixed', got {core_type}",
    "`@pl.jit.extern(core_type=...)` with another core type (Python raises ValueError when it applies the "
    "decorator).",
    "Use core_type='aic', 'aiv' or 'mixed'",
)
_r(
    "PTO-F233",
    "jit-extern-dual-aiv",
    "parse",
    "@pl.jit.extern dual_aiv_dispatch=True requires core_type='mixed'",
    "`@pl.jit.extern(dual_aiv_dispatch=True)` on an 'aic' or 'aiv' kernel.",
    "Set core_type='mixed' with aic_source= and aiv_source=, or drop dual_aiv_dispatch",
)
_r(
    "PTO-F234",
    "jit-extern-mixed-sources",
    "parse",
    "@pl.jit.extern(core_type='mixed') requires both aic_source= and aiv_source=",
    "A mixed `@pl.jit.extern` kernel without one of its two sources.",
    'Give both, e.g. @pl.jit.extern(core_type="mixed", aic_source="k.cpp", aiv_source="k.cpp")',
)
_r(
    "PTO-F235",
    "jit-extern-source",
    "parse",
    "@pl.jit.extern(core_type={core_type}) requires source=",
    "An 'aic' / 'aiv' `@pl.jit.extern` kernel without source= (nor aic_source= / aiv_source=).",
    'Give the C++ source, e.g. @pl.jit.extern(source="k.cpp", core_type="aiv")',
)

# ---------------------------------------------------------------------------- SPMD block count
_r(
    "PTO-F236",
    "spmd-core-num-not-integer",
    "parse",
    "core_num must be an integer expression, got {type}",
    "A pl.spmd(...) / pl.spmd_submit(..., core_num=) block count that is a float or a bool (a literal, a module "
    "constant, a scalar of that dtype).",
    "Pass a positive integer block count, e.g. core_num=8",
)
_r(
    "PTO-F237",
    "submit-result-count",
    "parse",
    "{construct}(...) unpacks {count} result value(s) but kernel '{kernel}' returns {returns}",
    "`(a, b), tid = pl.submit(self.kernel, ...)` with a kernel declaring another number of results (none without "
    "a `->` annotation).",
    "Match the number of result targets to the kernel's return arity.",
)
# ---------------------------------------------------------------------------- predicate= (_validate_predicate_shape)
_PREDICATE_HINT = "Use predicate=(tensor[i0, ...] > 0) — one comparison against an integer literal."
_r(
    "PTO-F250",
    "submit-predicate-not-comparison",
    "parse",
    "'{kernel}' predicate must be a single comparison (==, !=, >, <, >=, <=); got {got}",
    "A submit's predicate= that is not one comparison: a bare element read (`rc[0]`), `and` / `or` / `not`, or "
    "a constant.",
    _PREDICATE_HINT,
)
_r(
    "PTO-F251",
    "submit-predicate-not-element-vs-literal",
    "parse",
    "'{kernel}' predicate must compare one tensor element (e.g. t[i]) against an integer literal; the runtime "
    "evaluates a single element-vs-constant comparison",
    "A submit's predicate= comparison whose sides are not one tensor element and one integer literal (a "
    "scalar variable, two elements, arithmetic on the element).",
    _PREDICATE_HINT,
)
_r(
    "PTO-F252",
    "submit-predicate-unsigned-operand",
    "parse",
    "predicate operand must be a signed 8/16/32/64-bit integer tensor, got {dtype}. The runtime sign-extends the "
    "value it reads, so an unsigned operand can compare as negative and silently invert the dispatch decision",
    "A submit's predicate= reading an element of an unsigned integer tensor.",
    _PREDICATE_HINT,
)
_r(
    "PTO-F253",
    "submit-predicate-negative-index",
    "parse",
    "predicate index must be non-negative, got {index}; the runtime stores indices as uint32_t, so a negative "
    "value wraps to an out-of-bounds address",
    "A submit's predicate= reading a tensor element at a negative constant index (`rc[-1] > 0`).",
    _PREDICATE_HINT,
)
