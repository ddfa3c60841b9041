"""Front end: parser errors DSL source can trigger (pypto-dsl-surface.md §4.0, §5, Appendix A)."""

from __future__ import annotations

from compiler.diagnostics import Note, Severity
from compiler.rules.book import RuleBook

_W = Severity.WARNING
_I = Severity.HINT

H_SPMD_WITH = (
    "Use 'with pl.spmd(4):' with a body that dispatches a 'self.<kernel>(...)' call or reads "
    "'pl.tile.get_block_idx()', or 'with pl.spmd(4) as tid:' to also capture the dispatch TaskId."
)
H_ITERATOR = (
    "Use pl.range(), pl.parallel(), pl.unroll(), pl.pipeline(), pl.while_(), pl.spmd(), or pl.split_aiv() "
    "as the iterator"
)
H_FUNC_ATTR = 'Use: pl.func_attr({{"split": pl.SplitMode.UP_DOWN}})'


BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-F0",
    "syntax-error",
    "parse",
    "invalid syntax: {detail}",
    "The unit does not parse as Python; the rest of the file is still analysed.",
    None,
)
_r(
    "PTO-F1",
    "unknown-operation",
    "parse",
    "Unknown operation 'pl.{op}'",
    "pl.<name> is not an op of the unified namespace (InvalidOperationError).",
    "Check spelling, or use pl.tensor.*/pl.tile.*/pl.system.* for explicit namespacing",
    fix_title="Did you mean 'pl.{text}'?",
)
_r(
    "PTO-F2",
    "unknown-module-operation",
    "parse",
    "Unknown {module} operation: {op}",
    "pl.tensor.<name> / pl.tile.<name> / pl.system.<name> that the module does not define.",
    "Check if '{op}' is a valid {module} operation",
)
_r(
    "PTO-F3",
    "unknown-distributed-operation",
    "parse",
    "Unknown distributed operation 'pld.{op}'",
    "pld.<name> that is not a distributed op.",
    "Available short forms: pld.world_size, pld.get_comm_ctx, pld.rank, pld.nranks, pld.alloc_window_buffer, "
    "pld.window, pld.remote_load, pld.remote_store",
)
_r(
    "PTO-F4",
    "unsupported-statement",
    "parse",
    "Unsupported statement type: {kind}",
    "A Python statement the DSL does not support (AugAssign, Try, Assert, ...).",
    "Only assignments, for loops, while loops, if statements, with statements, returns, break, continue, "
    "and pass are supported in DSL functions",
)
_r(
    "PTO-F5",
    "bad-loop-iterator",
    "parse",
    "For loop must use pl.range(), pl.parallel(), pl.unroll(), pl.pipeline(), pl.while_(), pl.spmd(), or "
    "pl.split_aiv()",
    "A for loop over something other than a DSL iterator (e.g. Python range()).",
    H_ITERATOR,
)
_r(
    "PTO-F6",
    "undefined-variable",
    "parse",
    "Undefined variable '{name}'",
    "A name that is not defined in the DSL scope.",
    "Check if the variable is defined before using it or is available in the enclosing scope",
    fix_title="Change to '{text}'",
)
_r(
    "PTO-F7",
    "unknown-enum-member",
    "parse",
    "Unknown {enum} value: {value}",
    "An enum member that does not exist (pl.Level, pl.Role, pl.SplitMode, pl.ScopeMode, ...); no span "
    "upstream.",
    "Valid values: {valid}",
)
_r(
    "PTO-F8",
    "enum-not-qualified",
    "parse",
    "Expected {qualified}.<name>",
    "An enum argument not spelled pl.<Enum>.<name>; no span upstream.",
    "Use {qualified}.<name>.",
)
_r(
    "PTO-F9",
    "expression-evaluation-failed",
    "parse",
    "Failed to evaluate expression '{expr}': {detail}",
    "A closure/annotation expression that fails to evaluate (e.g. pl.MemorySpace.L1).",
)
_r(
    "PTO-F10",
    "expression-unresolved",
    "parse",
    "Cannot resolve expression '{expr}': {detail}",
    "A closure expression naming something undefined.",
    "Make sure the variable is defined in the enclosing scope",
)
_r(
    "PTO-F11",
    "spmd-body-identical-work",
    "parse",
    "`with pl.spmd(...)` body neither reads the per-block index via `pl.tile.get_block_idx()` nor "
    "dispatches a `self.<kernel>(...)` call, so every block would run identical work.",
    "A with pl.spmd body that neither reads the block index nor dispatches a kernel.",
    "Add `i = pl.tile.get_block_idx()` inside the scope, dispatch a kernel that reads it, or use `for i in "
    "pl.spmd(n):` to bind the block index automatically.",
)
_r(
    "PTO-F12",
    "spmd-multiple-dispatch",
    "parse",
    "`with pl.spmd(...)` dispatch body launches {count} kernels; only one kernel dispatch per SPMD scope is "
    "supported.",
    "A with pl.spmd body that dispatches more than one kernel.",
    "Use one `pl.spmd(...)` scope per kernel, or make the body inline by reading `pl.tile.get_block_idx()` "
    "so the whole body is outlined into a single per-block kernel.",
)
_r(
    "PTO-F13",
    "compute-op-in-orchestration",
    "OutlineIncoreScopes",
    "Compute tensor op '{op}' found in Orchestration function (should be inside InCore)",
    "A compute tensor op outside every pl.at: the SplitIncoreOrch verifier only warns (the program is "
    "accepted up to ExpandMixedKernel).",
    "Wrap the op in `with pl.at(level=pl.Level.CORE_GROUP):`.",
    _W,
)
_r(
    "PTO-F14",
    "misplaced-tensor-op",
    "codegen",
    "Misplaced tensor op '{op}' in Orchestration function (should be inside InCore block)",
    "Where a compute op left outside pl.at finally fails: orchestration codegen, after the modelled "
    "pipeline. Report it as a warning next to PTO-F13; the pipeline verdict stays ok.",
    "Wrap the op in `with pl.at(level=pl.Level.CORE_GROUP):`.",
    _W,
    unreachable="codegen's backstop for PTO-F13, which the parser reports for the same op first",
)
_r(
    "PTO-F15",
    "op-type-deduction",
    "parse",
    "pl operation '{op}': {detail}",
    "An op wrapper rejected its arguments: detail is the type deducer's message (a PTO-TD* rule: shapes, "
    "dtypes, ranks) or the wrapper's signature error (a PTO-SG* rule).",
)
_r(
    "PTO-F15b",
    "module-op-type-deduction",
    "parse",
    "{module} operation '{op}': {detail}",
    "As PTO-F15 for an explicitly namespaced op (pl.tensor, pl.tile, pl.system, ...).",
)
_r(
    "PTO-F49",
    "named-op-error",
    "parse",
    "{detail}",
    "As PTO-F15 when the wrapper's message already starts with the op's DSL name followed by its sentence "
    "(pld.tensor.allreduce expects ...): the parser passes it through unchanged.",
)
_r(
    "PTO-F50",
    "task-dummy-arguments",
    "parse",
    "pl.system.task_dummy {requirement}",
    "pl.system.task_dummy, which the parser builds itself, called with a positional argument, a keyword other "
    "than deps= (and attrs=), or without deps=.",
)
H_SPMD_LOOP = (
    "Use 'for i in pl.spmd(4):' — the loop variable is bound to the per-block index (equivalent to "
    "pl.tile.get_block_idx())."
)
_r(
    "PTO-F84",
    "spmd-loop-keyword",
    "parse",
    "pl.spmd() loop form does not accept '{kw}='",
    "A loop keyword (init_values=, chunk=, chunk_policy=, attrs=, step=, stage=) on 'for ... in pl.spmd(...)'.",
    H_SPMD_LOOP,
)
_r(
    "PTO-F85",
    "spmd-deps-without-tid",
    "parse",
    "pl.spmd() does not accept 'deps=' here",
    "deps= on a pl.spmd form that captures no TaskId (the for-form, or a with-form without 'as tid').",
    "Use `with pl.spmd(n, deps=[...]) as tid:` (the with-form) to declare explicit TaskId deps, or "
    "`out, tid = pl.spmd_submit(..., deps=[...])` for the single-call form.",
)
_r(
    "PTO-F86",
    "spmd-extra-positional",
    "parse",
    "pl.spmd() accepts at most one positional argument (core_num)",
    "pl.spmd called with a second positional argument.",
    H_SPMD_WITH,
)
_r(
    "PTO-F87",
    "standalone-attribute-access",
    "parse",
    "Standalone attribute access not supported: {expr}",
    "An imported module's attribute (cfg.EPS) read in a kernel body where the parser parses an expression: an "
    "assignment, an operand, a list element, a subscript, a loop bound or a condition (a bare positional op "
    "argument or a keyword argument is evaluated instead). In a @pl.jit body every such read fails: the body "
    "is parsed again from its specialised source, where only pl and pld are defined.",
    "Attribute access is only supported within function calls. Bind the value to a module-level name "
    "(EPS = cfg.EPS) and use that name: a module-level number is inlined as a constant.",
)
_r(
    "PTO-F88",
    "used-outside-defining-scope",
    "ConvertToSSA",
    "Variable '{name}' used outside its defining scope",
    "SSAVerify after ConvertToSSA: a read that some path reaches with no assignment of the name: after a loop "
    "whose body is the only place it is assigned (a loop may run no times; only pl.unroll is unrolled first), "
    "after an if that assigns it in some branches only (a constant condition too), or in a loop body before "
    "the body assigns it, with no value from before the loop. The compiler points at the loop, or at the "
    "assignment that does not reach the read.",
    "Assign '{name}' before the loop or the if (or in every branch), so that every path to the read gives it "
    "a value; to carry it from one iteration to the next, pass it in init_values=.",
)
READ_HERE = Note("'{name}' is read here")
"""PTO-F88: the read that no assignment reaches on every path."""
_r(
    "PTO-F54",
    "spmd-duplicate-core-num",
    "parse",
    "pl.spmd() got multiple values for argument 'core_num'",
    "pl.spmd given core_num both positionally and as a keyword.",
    H_SPMD_WITH,
)
_r(
    "PTO-F55",
    "scope-flag-not-literal",
    "parse",
    "{kw} must be a boolean literal (True/False)",
    "pl.spmd's sync_start= / allow_early_resolve= given anything but the literal True or False.",
    H_SPMD_WITH,
)
_r(
    "PTO-F56",
    "spmd-loop-target",
    "parse",
    "for ... in pl.spmd(...) must use a single loop variable",
    "A tuple target on 'for ... in pl.spmd(...)'.",
    H_SPMD_LOOP,
)
_r(
    "PTO-F57",
    "spmd-unknown-keyword",
    "parse",
    "pl.spmd() got unexpected keyword argument '{kw}'",
    "A keyword pl.spmd does not take.",
    "Supported keywords: {supported}",
)
_r(
    "PTO-F58",
    "pipeline-missing-stage",
    "parse",
    "pl.pipeline() requires stage= (positive integer)",
    "A pl.pipeline loop without stage=.",
    "Use pl.pipeline(stop, stage=F).",
)
_r(
    "PTO-F59",
    "pipeline-stage-not-positive",
    "parse",
    "pl.pipeline() stage must be >= 1, got {value}",
    "A literal pl.pipeline stage count below 1.",
    "Use a positive integer for stage: stage=4",
)
_r(
    "PTO-F60",
    "stage-not-on-pipeline",
    "parse",
    "stage= is only supported on pl.pipeline(), not pl.{kind}()",
    "stage= on a pl.range / pl.parallel / pl.unroll loop.",
    "Use pl.pipeline() for software pipelining.",
)
_r(
    "PTO-F61",
    "unroll-init-values",
    "parse",
    "pl.unroll() cannot be combined with init_values",
    "A pl.unroll loop that carries values (init_values=).",
    "Use pl.range() to carry state across iterations.",
)
_r(
    "PTO-F62",
    "unroll-zero-step",
    "parse",
    "pl.unroll() step cannot be zero",
    "A pl.unroll loop whose step is the literal 0.",
    "Use a non-zero step in pl.unroll(start, stop, step).",
)
_r(
    "PTO-F63",
    "static-assert-failed-bare",
    "parse",
    "static_assert failed",
    "pl.static_assert(cond) without a message whose condition is false.",
    "Condition `{condition}` evaluated to {value}",
)
_r(
    "PTO-F64",
    "static-assert-arguments",
    "parse",
    "static_assert() requires 1 or 2 arguments",
    "pl.static_assert called with no argument or more than two.",
    "Use: pl.static_assert(condition) or pl.static_assert(condition, 'message')",
)
_r(
    "PTO-F65",
    "static-print-arguments",
    "parse",
    "static_print() requires at least 1 argument",
    "pl.static_print called with no argument.",
    "Use: pl.static_print(variable) or pl.static_print('label', variable)",
)
_r(
    "PTO-F66",
    "static-assert-not-constant",
    "parse",
    "static_assert condition must be compile-time evaluable",
    "pl.static_assert on a DSL value (a parameter or a variable of the function), which has no value at parse "
    "time.",
    "Condition `{condition}` produced a non-constant IR expression",
)
_r(
    "PTO-F67",
    "subscript-step",
    "parse",
    "Slice step is not supported in {kind} subscript",
    "A slice with a step (x[0:16:2]) in a tensor or tile subscript read.",
    "Use A[start:stop] without step",
)
_r(
    "PTO-F68",
    "subscript-write-step",
    "parse",
    "Slice step is not supported in {kind} subscript-write",
    "A slice with a step in the target of a subscript write (dst[0:16:2] = src).",
    "Use 'dst[start:stop] = src' without step",
)
_r(
    "PTO-F69",
    "scope-name-hint-identifier",
    "parse",
    "{owner} 'name_hint' must be a valid non-keyword identifier, got {value}",
    "A name_hint= of pl.at / pl.spmd that is not a Python identifier (or is a keyword).",
    "Use a valid Python identifier like 'fused_matmul_add'",
)
_r(
    "PTO-F70",
    "loop-init-values-simple-target",
    "parse",
    "For loop target must be a tuple when init_values is provided",
    "A loop with init_values= whose target is a single name.",
    "Use: for i, (var1,) in pl.range(n, init_values=(val1,)) to include iter_args",
)
_r(
    "PTO-F71",
    "subscript-write-rank",
    "parse",
    "{Kind} subscript-write has {count} indices but the {kind} is {rank}D",
    "A subscript write with more indices than the target's rank.",
    "Provide at most {rank} indices for a {rank}D {kind}",
)
_r(
    "PTO-F72",
    "element-write",
    "parse",
    "Element-write 'dst[i, j] = scalar' is not supported for {kind} targets",
    "A subscript write that indexes every axis with a scalar (an element write).",
    "Use slice indices (e.g. 'dst[i:i+1, j:j+1] = tile_1x1') or index fewer axes",
)
_r(
    "PTO-F73",
    "subscript-write-source-rank",
    "parse",
    "Subscript-write source must be {expected} to match the rank-reduced {kind} window, got {rank}D",
    "The source of dst[...] = src has another rank than the window (a scalar index removes its axis).",
    "A scalar index removes its axis from the lhs window; the rhs rank must match the remaining axes (tiles "
    "may also keep leading unit axes to stay 2D)",
)
_r(
    "PTO-F74",
    "subscript-write-source-extent",
    "parse",
    "Subscript-write shape mismatch on source axis {axis}: window expects {want} elements, source has {have}",
    "The source of dst[...] = src is larger or smaller than the window along one axis.",
    "Make the source's static_shape or valid_shape match the rank-reduced lhs window, or adjust the slice "
    "bounds",
)
_r(
    "PTO-F75",
    "kernel-call-keyword",
    "parse",
    "Function '{name}' does not accept keyword argument '{kw}'",
    "A keyword on a plain self.<function>(...) call other than attrs= (and device= for an orchestrator): "
    "deps= / dumps= / allow_early_resolve= / predicate= belong to pl.submit, core_num= / sync_start= to "
    "pl.spmd_submit, and the function's own parameters are passed positionally.",
    "{advice}",
)
_r(
    "PTO-F76",
    "annotation-kind",
    "parse",
    "Type annotation for '{name}' is {ann} but expression has type {inf}",
    "An assignment annotated pl.Tile whose value is a tensor, or the other way round.",
    "Change annotation to: {inferred}",
)
_r(
    "PTO-F77",
    "annotation-dtype",
    "parse",
    "Type annotation for '{name}' has dtype {ann} but expression has dtype {inf}",
    "An assignment whose annotated dtype is not the value's (INDEX matches any integer dtype).",
    "Change annotation to: {inferred}",
)
_r(
    "PTO-F78",
    "annotation-rank",
    "parse",
    "Type annotation for '{name}' has rank {ann} but expression has rank {inf}",
    "An assignment whose annotated shape has another rank than the value's.",
    "Change annotation to: {inferred}",
)
_r(
    "PTO-F79",
    "annotation-shape",
    "parse",
    "Type annotation for '{name}' has shape dimension {axis} = {ann} but expression has shape dimension {axis} = "
    "{inf}",
    "An assignment whose annotated static dimension differs from the value's.",
    "Change annotation to: {inferred}",
)
_r(
    "PTO-F80",
    "scope-as-target",
    "parse",
    "`with pl.{construct}(...) as ...:` is not supported — the `as` clause only applies to `with pl.at(...) as "
    "tid:` and `with pl.spmd(...) as tid:`",
    "An `as` target on a scope other than pl.at / pl.spmd (pl.cluster, pl.scope, pl.manual_scope, ...).",
    "Drop the `as` target, or use `with pl.at(...) as tid:` / `with pl.spmd(...) as tid:` to capture the "
    "outlined dispatch's producer TaskId.",
)
_r(
    "PTO-F81",
    "bare-yield-with-init-values",
    "parse",
    "Loop with init_values requires an assignment-form pl.yield_(...) — the LHS supplies the post-loop binding "
    "name. Bare pl.yield_(...) is rejected here.",
    "A loop with init_values= whose body yields with a bare pl.yield_(...) statement.",
    "Use yield-LHS form: `x_next = pl.yield_(updated)`. Then refer to `x_next` after the loop.",
)
_r(
    "PTO-F82",
    "spmd-tid-in-cluster",
    "parse",
    "`with pl.spmd(...) as tid:` cannot capture a TaskId when nested inside `pl.cluster()` — a cluster-nested "
    "pl.spmd is unwrapped into the Group function and never produces a Submit.",
    "`with pl.spmd(...) as tid:` inside `with pl.cluster():`.",
    "Use a standalone `with pl.spmd(...) as tid:` (implicit cluster) to capture the dispatch TaskId.",
)
_r(
    "PTO-F83",
    "spmd-submit-option-in-cluster",
    "parse",
    "`pl.spmd(..., {kwarg})` cannot be nested inside `pl.cluster()` — a cluster-nested pl.spmd is unwrapped "
    "into the Group function and never produces a Submit, so {lost} would be lost.",
    "pl.spmd with allow_early_resolve=True or predicate= inside `with pl.cluster():`.",
    "Use a standalone `with pl.spmd(..., {kwarg}):` (implicit cluster) to keep it.",
)
_r(
    "PTO-F15c",
    "named-op-type-deduction",
    "parse",
    "{op}: {detail}",
    "As PTO-F15 when the deducer's message already starts with the op's name (pl.<op> / <module>.<op>), "
    "which the parser passes through unchanged.",
)
_r(
    "PTO-F16",
    "op-error",
    "parse",
    "Error in {module} operation '{op}': {detail}",
    "An op wrapper failed with an exception other than TypeError / ValueError: a number where the wrapper "
    "unwraps a tensor or tile (PTO-WR11).",
)
_r(
    "PTO-F17",
    "python-syntax-error",
    "parse",
    "Failed to parse {entity} source: {detail}",
    "A Python syntax error in the function or program source.",
    "Check for Python syntax errors in your {entity}",
    unreachable=(
        "a module with a Python syntax error fails to import before the parser reads any function "
        "(pypto-lsp reports it as PTO-F0 at the error); the parser re-parses source that already "
        "compiled"
    ),
)
_r(
    "PTO-F18",
    "function-parse-failed",
    "parse",
    "Failed to parse function '{function}': {detail}",
    "Wrapper around another error raised while parsing a function (e.g. a boundary-op deducer message).",
    "Check your function definition for errors",
    unreachable=(
        "a wrapper the parser puts around another error; pypto-lsp reports that error under its "
        "own code (PTO-F15, PTO-D*)"
    ),
)
_r(
    "PTO-F19",
    "loop-control-outside-loop",
    "parse",
    "'{keyword}' outside loop",
    "break / continue outside every loop.",
    "'{keyword}' can only be used inside a for or while loop",
)
_r(
    "PTO-F20",
    "loop-control-in-parallel",
    "parse",
    "'{keyword}' not supported in parallel loops",
    "break / continue in a pl.parallel loop.",
    "'{keyword}' can only be used in sequential (pl.range) or while loops",
)
_r(
    "PTO-F21",
    "loop-control-in-unroll",
    "parse",
    "'{keyword}' not supported in unrolled loops",
    "break / continue in a pl.unroll loop.",
    "'{keyword}' can only be used in sequential (pl.range) or while loops",
)
_r(
    "PTO-F22",
    "reassign-different-type",
    "parse",
    "Cannot reassign '{name}' with a different type: was {old_type}, got {new_type}",
    "A name rebound to a value of a different type (shape, dtype, or a tile's valid region).",
    "Use a different variable name for tensors with different shapes or dtypes",
)
_r(
    "PTO-F23",
    "missing-parameter-annotation",
    "parse",
    "Parameter '{name}' missing type annotation",
    "A function parameter without a type annotation.",
    "Add a type annotation like: x: pl.Tensor[[64], pl.FP32]",
)
_r(
    "PTO-F24",
    "unsupported-context-manager",
    "parse",
    "Unsupported context manager in with statement",
    "A with statement over something other than pl.at / pl.cluster / pl.spmd / pl.scope / pl.manual_scope.",
    "Supported: 'with pl.cluster():', 'with pl.spmd(...):', 'with pl.at(level=..., optimizations=[...]):', "
    "'with pl.scope():', or 'with pl.manual_scope():'",
)
_r(
    "PTO-F25",
    "multiple-context-managers",
    "parse",
    "Only single context manager supported in with statement",
    "A with statement with several context managers.",
    "Use 'with pl.cluster():', 'with pl.spmd(...):', 'with pl.at(level=...):', 'with pl.scope():', or 'with "
    "pl.manual_scope():' without multiple context managers",
)
_r(
    "PTO-F26",
    "unsupported-function-call",
    "parse",
    "Unsupported function call: {call}",
    "A call that is neither a DSL op, pl.yield_, a self.<kernel> call nor an external/inline function.",
    "Use pl.* operations, pl.yield_(), self.method() for cross-function calls, or call an external "
    "@pl.function / @pl.inline by name",
)
_r(
    "PTO-F27",
    "unsupported-operation-call",
    "parse",
    "Unsupported operation call: {call}",
    "A dotted call outside the pl / pld namespaces the parser routes.",
    "Use pl.*, pl.tensor.*, pl.tile.*, or pl.system.* operations",
)
_r(
    "PTO-F28",
    "unsupported-expression",
    "parse",
    "Unsupported expression type: {kind}",
    "A Python expression the DSL does not support (lambda, comprehension, ...).",
    "Use supported expressions like variables, constants, operations, or function calls",
)
_r(
    "PTO-F29",
    "tensor-subscript-rank",
    "parse",
    "Tensor subscript has {count} indices but the tensor is {rank}D",
    "More subscript indices than the tensor rank.",
    "Provide at most {rank} indices for a {rank}D tensor",
)
_r(
    "PTO-F30",
    "tile-subscript-rank",
    "parse",
    "Tile subscript has {count} indices but the tile is {rank}D",
    "More subscript indices than the tile rank.",
    "Provide at most {rank} indices for a {rank}D tile",
)
_r(
    "PTO-F31",
    "unknown-dtype",
    "parse",
    "Unknown dtype: {dtype}",
    "A local annotation (`t: pl.Tile[[64], pl.FP64] = ...`) names a dtype that does not exist; in a parameter's "
    "annotation the same name fails at import instead (PTO-F139).",
    "Use a valid dtype like pl.FP32, pl.INT32, etc. Available: {available}",
)
_r(
    "PTO-F52",
    "unresolved-dtype-literal",
    "parse",
    "Cannot resolve dtype: {expr}",
    "An op's dtype= given a literal (a string such as 'fp32', or a number) instead of a dtype constant.",
    "Use pl.FP32, pl.INT32, or other supported dtype constants",
)
_r(
    "PTO-F53",
    "unsupported-constant",
    "parse",
    "Unsupported constant type: {kind}",
    'A string literal passed positionally to an op (pl.tile.mgather(mem, idx, "row")): positional op '
    "arguments are parsed as expressions, which take int, float, bool and None constants only.",
    "Use int, float, bool, or None (TaskId sentinel) constants",
)
_r(
    "PTO-F32",
    "static-assert-failed",
    "parse",
    "static_assert failed: {text}",
    "pl.static_assert(cond, 'text') whose condition is false.",
    "Condition `{condition}` evaluated to {value}",
)
_r(
    "PTO-F33",
    "spmd-missing-core-num",
    "parse",
    "pl.spmd() requires core_num (first positional argument)",
    "pl.spmd without a block count.",
    H_SPMD_WITH,
)
_r(
    "PTO-F34",
    "spmd-core-num-not-positive",
    "parse",
    "core_num must be a positive integer, got {value}",
    "A literal pl.spmd block count <= 0.",
    H_SPMD_WITH,
)
_r(
    "PTO-F35",
    "kernel-not-defined",
    "parse",
    "Function '{name}' not defined in program",
    "self.<name>(...) where the program has no such function.",
    "Available functions: {available}",
)
_r(
    "PTO-F36",
    "kernel-call-arity",
    "parse",
    "Function '{name}' expects {expected} argument(s), got {got}",
    "A kernel call with the wrong number of arguments.",
    "Parameters: {parameters}",
)
_r(
    "PTO-F37",
    "at-unknown-keyword",
    "parse",
    "Unknown keyword argument '{kw}' in pl.at()",
    "An unknown keyword on pl.at.",
    "Supported arguments: level, role, optimizations, deps, no_dep_args, dumps, allow_early_resolve, "
    "name_hint, windowize",
)
_r(
    "PTO-F38",
    "at-missing-level",
    "parse",
    "pl.at() requires a level argument",
    "pl.at without level=.",
    "Use pl.at(pl.Level.HOST) or pl.at(level=pl.Level.HOST)",
)
_r(
    "PTO-F39",
    "at-role-on-core-group",
    "parse",
    "role= is not supported with level=pl.Level.CORE_GROUP",
    "pl.at(level=CORE_GROUP, role=...).",
    "Drop role= for InCore scopes, or use a non-CORE_GROUP level for Hierarchy scope",
)
_r(
    "PTO-F40",
    "chained-comparison",
    "parse",
    "Only simple comparisons supported",
    "A chained comparison such as a < b < c.",
    "Use single comparison operators like: a < b, not chained comparisons",
)
_r(
    "PTO-F41",
    "unsupported-binary-operator",
    "parse",
    "Unsupported binary operator: {operator}",
    "A binary operator the DSL does not support (e.g. ** or @).",
    "Use supported operators: +, -, *, /, //, %, <<, >>",
)
_r(
    "PTO-F42",
    "ssa-redefinition",
    "parse",
    "Variable '{name}' is already defined",
    "With strict_ssa=True, a name assigned twice in one scope.",
    "Use a different variable name for each assignment (SSA form requires unique names)",
)
_r(
    "PTO-F43",
    "function-attrs-deprecated",
    "parse",
    "@pl.function(attrs={{...}}) is deprecated: a decorator is evaluated before the signature binds, so it "
    "cannot reference parameters. Use pl.func_attr({{...}}) as the first statement of the function body "
    "instead.",
    "DeprecationWarning for @pl.function(attrs={...}).",
    "Move the attrs into pl.func_attr({{...}}) as the first statement of the body.",
    _W,
)
_r(
    "PTO-F44",
    "func-attr-not-first",
    "parse",
    "pl.func_attr() must appear before every other statement in '{function}'",
    "pl.func_attr placed after another statement of the body.",
    "Move the pl.func_attr(...) call to the top of the function body. A function attribute describes the "
    "whole function, so it is declared in the prologue; only parameters are referenceable there.",
)
_r(
    "PTO-F45",
    "func-attr-not-dict",
    "parse",
    "pl.func_attr() argument must be a dict literal",
    "pl.func_attr with an argument that is not a dict literal.",
    H_FUNC_ATTR,
)
_r(
    "PTO-F89",
    "func-attr-arguments",
    "parse",
    "pl.func_attr() takes exactly one positional dict argument (no keywords)",
    "pl.func_attr called with no argument, two, or a keyword.",
    H_FUNC_ATTR,
)
_r(
    "PTO-F90",
    "func-attr-unpacking",
    "parse",
    "Unsupported `**` unpacking in pl.func_attr({{...}})",
    "A `**mapping` inside the pl.func_attr dict: the parser reads the keys from the source.",
    "Use only string literal keys in the attrs dict.",
)
_r(
    "PTO-F91",
    "func-attr-key-not-string",
    "parse",
    "pl.func_attr() key must be a string literal, got {key}",
    "A pl.func_attr dict key that is not a string literal (a name, a number, an expression).",
    'Use string literal keys, e.g. pl.func_attr({{"split": ...}}).',
)
_r(
    "PTO-F92",
    "func-attr-duplicate-key",
    "parse",
    "Duplicate function attribute '{key}' in pl.func_attr({{...}})",
    "The same key twice in one pl.func_attr dict (Python would keep the last; the parser rejects it).",
    "Each attribute may be declared only once.",
)
_r(
    "PTO-F93",
    "func-attr-decorator-only",
    "parse",
    "'{key}' cannot be set with pl.func_attr()",
    "auto_scope / external_source in pl.func_attr: the parser reads them before the body is parsed.",
    "Pass it as the '{key}=' keyword of @pl.function(...) instead. The parser reads it before the body is "
    "parsed, so a body-position declaration comes too late to take effect.",
)
_r(
    "PTO-F94",
    "function-attribute-declared-twice",
    "parse",
    "Duplicate function attribute '{key}' in function '{function}'. Each attribute may be declared only once.",
    "The same function attribute in two pl.func_attr calls, or in pl.func_attr and the decorator's attrs=.",
    "Keep one declaration of '{key}': attributes are unique, and which of two values would win is an "
    "artifact of parse order.",
)
_r(
    "PTO-F46",
    "unused-variable",
    "parse",
    "Unused variable '{name}' in function '{function}'",
    "UnusedVariableCheck (pre-pipeline warning): a bound name that is never read.",
    "{advice}",
    _W,
)
_r(
    "PTO-F47",
    "internal-error",
    "parse",
    "pypto-lsp internal error while analysing this file: {detail}",
    "The analysis itself failed (a pypto-lsp bug, not a fault in the program); nothing else is reported.",
    "Please report it with the file; the server keeps running and re-analyses on the next edit.",
    _W,
    unreachable="a pypto-lsp bug by definition (the analysis itself failed)",
)
_r(
    "PTO-F47b",
    "analysis-budget-exceeded",
    "parse",
    "pypto-lsp analysis budget exceeded in '{unit}': this part of the file was not analysed",
    "One function or kernel took longer than its analysis budget (a huge or pathological body); the rest "
    "of the file is analysed as usual.",
    "Split the function, or simplify the expression that makes it explode; the next edit tries again.",
    _I,
    unreachable="a time budget, not a rule of the language: only a pathological body reaches it",
)
_r(
    "PTO-F47c",
    "file-too-large",
    "parse",
    "file too large to analyse ({size}; the limit is {limit}): pypto-lsp does not read it",
    "A document larger than the size limit is not analysed at all (no real kernel file comes near it), so "
    "no input can exhaust the memory of the editor's machine.",
    "Split the file, or move a large data literal into a file of its own that the kernels do not import.",
    _I,
    unreachable="a size limit, not a rule of the language: only a file of megabytes reaches it",
)

# ---------------------------------------------------------------------------- parser structure (stop 30)
_r(
    "PTO-F95",
    "unsupported-comparison",
    "parse",
    "Unsupported comparison: {op}",
    "`is`, `is not`, `in` or `not in` on a value of the DSL body (UnsupportedFeatureError of parse_compare).",
    "Use supported comparisons: ==, !=, <, <=, >, >=",
)
_r(
    "PTO-F96",
    "const-argument-count",
    "parse",
    "pl.const() requires exactly 2 arguments: value and dtype",
    "pl.const(...) without its dtype, or with extra arguments.",
    "Use pl.const(42, pl.INT32) or pl.const(1.0, pl.FP16)",
)
_r(
    "PTO-F97",
    "const-not-literal",
    "parse",
    "pl.const() first argument must be a numeric literal",
    "pl.const's value is a name or an expression: the parser reads it from the source text.",
    "Use an int or float literal: pl.const(42, pl.INT32)",
)
_r(
    "PTO-F98",
    "static-assert-message-not-literal",
    "parse",
    "static_assert() message must be a string literal",
    "pl.static_assert's message is a name or an expression (even a module-level string).",
    'Write the message inline: pl.static_assert(cond, "what must hold").',
)
_r(
    "PTO-F99",
    "at-positional-arguments",
    "parse",
    "pl.at() takes at most 2 positional arguments, got {count}",
    "pl.at(...) given more than the level and the role positionally.",
    "Use pl.at(level) or pl.at(level, role)",
)
for _kw, _list_hint, _entry_hint, _tensor_note, _suffix in (
    (
        "dumps",
        "Use `dumps=[t1, t2]` with bare tensor names visible to the enclosing function.",
        "Use `dumps=[t]` where `t` is a tensor variable visible to the enclosing function scope.",
        "Only tensors can be selectively dumped.",
        "",
    ),
    (
        "no_dep_args",
        "Use `no_dep_args=[t1, t2]` with bare tensor names captured by the scope body.",
        "Use `no_dep_args=[t]` where `t` is a tensor variable visible to the enclosing function scope.",
        "Only tensors can be marked NoDep; scalars and other types do not participate in dependency tracking.",
        "b",
    ),
):
    _r(
        f"PTO-F100{_suffix}",
        f"at-{_kw.replace('_', '-')}-not-a-list",
        "parse",
        f"pl.at({_kw}=...) must be a list literal of tensor names",
        f"pl.at({_kw}=...) given a name or an expression instead of a list of tensor names.",
        _list_hint,
    )
    _r(
        f"PTO-F101{_suffix}",
        f"at-{_kw.replace('_', '-')}-entry-not-a-name",
        "parse",
        f"pl.at({_kw}=[...]) entries must be bare tensor names",
        f"An entry of pl.at({_kw}=[...]) is an expression (a slice, a call) instead of a tensor's name.",
        _entry_hint,
    )
    _r(
        f"PTO-F102{_suffix}",
        f"at-{_kw.replace('_', '-')}-unknown-name",
        "parse",
        f"pl.at({_kw}=[...]) references unknown name '{{name}}'",
        f"An entry of pl.at({_kw}=[...]) names nothing defined at the scope.",
        "Each entry must resolve to a tensor visible in the enclosing function scope.",
    )
    _r(
        f"PTO-F103{_suffix}",
        f"at-{_kw.replace('_', '-')}-not-a-tensor",
        "parse",
        f"pl.at({_kw}=[...]) entry '{{name}}' is not a tensor (got type {{type}})",
        f"An entry of pl.at({_kw}=[...]) names a scalar or a tile.",
        _tensor_note,
    )
    _r(
        f"PTO-F104{_suffix}",
        f"at-{_kw.replace('_', '-')}-duplicate",
        "parse",
        f"pl.at({_kw}=[...]) lists '{{name}}' more than once",
        f"The same tensor twice in pl.at({_kw}=[...]).",
        f"Each tensor may appear at most once in `{_kw}=`.",
    )
_r(
    "PTO-F105",
    "scope-positional-argument",
    "parse",
    "pl.scope() takes only a 'mode=' keyword, not positional arguments",
    "with pl.scope(x): a positional argument.",
    "Use 'with pl.scope():' or 'with pl.scope(mode=pl.ScopeMode.MANUAL):'.",
)
_r(
    "PTO-F106",
    "scope-unknown-keyword",
    "parse",
    "pl.scope() got an unexpected keyword '{kw}'",
    "with pl.scope(...) given a keyword other than mode=.",
    "The only accepted keyword is mode=pl.ScopeMode.AUTO|MANUAL.",
)
_r(
    "PTO-F107",
    "manual-scope-arguments",
    "parse",
    "pl.manual_scope() does not accept arguments",
    "with pl.manual_scope(...) given an argument.",
    "Use 'with pl.manual_scope():' (or 'with pl.scope(mode=pl.ScopeMode.MANUAL):').",
)
_r(
    "PTO-F108",
    "manual-scope-nested",
    "parse",
    "a manual scope may not be nested inside another manual scope",
    "A manual runtime scope opened inside another one.",
    "Flatten the nested manual scope into the enclosing one, or move it outside.",
)
_r(
    "PTO-F109",
    "auto-scope-hand-placed",
    "parse",
    "a hand-placed AUTO 'with pl.scope()' requires @pl.function(auto_scope=False)",
    "with pl.scope(): (an AUTO scope) in a function whose AUTO scopes the compiler places (auto_scope=True, the "
    "default).",
    "In the default auto_scope=True mode the compiler places AUTO scopes; set auto_scope=False to place them "
    "yourself, or use pl.scope(mode=pl.ScopeMode.MANUAL).",
)
_r(
    "PTO-F110",
    "auto-scope-in-manual",
    "parse",
    "an AUTO scope may not be nested inside a manual scope",
    "An AUTO runtime scope opened inside a manual one (in an auto_scope=False function).",
    "The runtime forbids AUTO scope nested in MANUAL scope; move it outside.",
)
_r(
    "PTO-F111",
    "scalar-param-inout",
    "parse",
    "Scalar parameters cannot have InOut direction",
    "A parameter annotated pl.InOut[pl.Scalar[...]]: a scalar is passed by value.",
    "Drop pl.InOut: pass the scalar as a plain parameter and return the new value.",
)
_r(
    "PTO-F112",
    "unroll-dynamic-bounds",
    "parse",
    "pl.unroll() requires compile-time constant integer bounds",
    "pl.unroll(n) whose start, stop or step is a runtime value (a scalar parameter, a loop variable).",
    "Use integer literals for start, stop, and step in pl.unroll().",
)
_r(
    "PTO-F113",
    "pipeline-dynamic-stage",
    "parse",
    "pl.pipeline() stage must be a compile-time constant integer",
    "pl.pipeline(..., stage=n) whose stage is a runtime value.",
    "Use an integer literal: stage=4",
)

# ---------------------------------------------------------------------------- loop forms and dump_tag (stop 30)
_r(
    "PTO-F114",
    "loop-target-form",
    "parse",
    "For loop target must be a simple name or: (loop_var, (iter_args...))",
    "A for loop over pl.range / parallel / unroll / pipeline whose target is neither a name nor a pair.",
    "Use: for i in pl.range(n) or for i, (var1,) in pl.range(n, init_values=(...,))",
)
_r(
    "PTO-F114b",
    "loop-variable-not-a-name",
    "parse",
    "Loop variable must be a simple name",
    "for (loop_var, (iter_args...)) where loop_var is not a name.",
    "Use a simple variable name for the loop counter",
)
_r(
    "PTO-F115",
    "iter-args-not-a-tuple",
    "parse",
    "Iter args must be a tuple",
    "for i, acc in pl.range(..., init_values=...): the carried values are not in parentheses.",
    "Wrap iteration variables in parentheses: (var1, var2)",
)
_r(
    "PTO-F116",
    "iter-args-count",
    "parse",
    "Mismatch: {names} iter_args but {values} init_values",
    "A loop carries a different number of names than init_values= gives.",
    "Provide exactly {values} iteration variable(s) to match init_values",
)
_r(
    "PTO-F118",
    "range-init-values-form",
    "parse",
    "init_values must be a list or tuple",
    "pl.range(..., init_values=x): a single value instead of a tuple.",
    "Use a tuple for init_values: init_values=(var1, var2)",
)
_r(
    "PTO-F118b",
    "while-init-values-form",
    "parse",
    "init_values must be a tuple or list",
    "pl.while_(init_values=x): a single value instead of a tuple.",
    "Use a tuple for init_values (lists also accepted): init_values=(var1, var2)",
)
_r(
    "PTO-F119",
    "loop-attrs-not-a-dict",
    "parse",
    "attrs must be a dict literal",
    "pl.range(..., attrs=x) where x is not a dict literal.",
    'Use a dict like attrs={{"my_attr": 1}}',
)
_r(
    "PTO-F120",
    "loop-attrs-key-not-a-string",
    "parse",
    "attrs keys must be string literals",
    "A loop's attrs={...} with a key that is not a string literal.",
    'Use string keys: attrs={{"my_attr": 1}}',
)
_r(
    "PTO-F121",
    "loop-stop-missing",
    "parse",
    "pl.{kind}() requires at least 1 argument (stop)",
    "pl.range() / parallel() / unroll() / pipeline() without a positional stop.",
    "Provide at least the stop value: pl.{kind}(10) or pl.{kind}(0, 10)",
)
_r(
    "PTO-F122",
    "while-positional-arguments",
    "parse",
    "pl.while_() takes no positional arguments",
    "pl.while_(x, ...): the condition goes in the body, as pl.cond(...).",
    "Use: pl.while_(init_values=(...,)) with pl.cond(condition) as first statement in body",
)
_r(
    "PTO-F123",
    "while-init-values-missing",
    "parse",
    "pl.while_() requires init_values",
    "pl.while_() without init_values= (or with an empty one).",
    "Use: pl.while_(init_values=(...,)) with pl.cond(condition) as first statement in body",
)
_r(
    "PTO-F124",
    "while-first-statement",
    "parse",
    "First statement in pl.while_() body must be pl.cond(condition)",
    "A pl.while_() body that does not open with pl.cond(...).",
    "Add pl.cond(condition) as first statement",
)
_r(
    "PTO-F125",
    "while-target-form",
    "parse",
    "While loop target must be a tuple for pl.while_()",
    "for a in pl.while_(...): the carried values must be a tuple, (a,).",
    "Use: for (var1, var2) in pl.while_(init_values=(...,))",
)
_r(
    "PTO-F126",
    "dump-tag-function-type",
    "parse",
    "pl.dump_tag() is only valid inside an Orchestration or Inline function",
    "pl.dump_tag(t) in a kernel body (InCore, AIC, AIV, Group), where it has no effect.",
    "Move the pl.dump_tag(...) marker into the @pl.function(type=pl.FunctionType.Orchestration) function whose "
    "tasks consume the tagged tensor, or into an @pl.jit.inline / @pl.function(type=pl.FunctionType.Inline) "
    "helper that the orchestration inlines. Selective tensor dump is filtered per kernel call by the "
    "orchestration codegen; kernel-body (AIV / AIC / Group) usage has no effect.",
)
_r(
    "PTO-F127",
    "dump-tag-arguments",
    "parse",
    "pl.dump_tag() takes exactly one positional argument (no keywords)",
    "pl.dump_tag() with no argument, several, or a keyword.",
    "Use: pl.dump_tag(tensor_var)",
)
_r(
    "PTO-F128",
    "dump-tag-not-a-name",
    "parse",
    "pl.dump_tag() argument must be a bare variable name",
    "pl.dump_tag(x[0:32, :]) or another expression instead of a tensor's name.",
    "Write pl.dump_tag(q) where q is a tensor variable bound in this orchestration scope. Attribute / subscript "
    "/ call expressions are not supported.",
)
_r(
    "PTO-F129",
    "dump-tag-undefined",
    "parse",
    "pl.dump_tag() argument '{name}' is not defined at this point",
    "pl.dump_tag(t) before t is bound.",
    "Tag a tensor only after it is bound (a parameter or an earlier assignment).",
)
_r(
    "PTO-F130",
    "dump-tag-not-a-tensor",
    "parse",
    "pl.dump_tag() argument '{name}' is not a tensor (got {cls})",
    "pl.dump_tag(n) on a scalar or a tile: only tensors are dumped.",
    "Only tensors can be selectively dumped.",
)

_r(
    "PTO-F131",
    "loop-unknown-keyword",
    "parse",
    "Unknown keyword argument '{kw}' in pl.{kind}()",
    "A keyword that pl.range / parallel / unroll / pipeline does not take (step=, start= and stop= are "
    "positional).",
    "Supported keywords for pl.{kind}(): {supported}",
)

# ---------------------------------------------------------------------------- annotations (stop 30)
_r(
    "PTO-F132",
    "tensor-annotation-notation",
    "parse",
    "Tensor requires [shape, dtype], [shape, dtype, layout_or_memref], or [shape, dtype, layout, memref] notation",
    "A parameter annotated pl.Tensor[...] with one item or more than four: Python evaluates the annotation when "
    "it defines the function, and pl.Tensor's subscript raises (TypeError).",
    "Write pl.Tensor[[shape], dtype] (optionally a layout and a memref after the dtype).",
)
_r(
    "PTO-F133",
    "tile-annotation-argument",
    "parse",
    "Unsupported Tile annotation argument: {arg}",
    "A local pl.Tile[...] annotation with a trailing item that is not a pl.TileView(...), a pl.Mem.<space> or a "
    "pl.MemRef(...).",
    "Use pl.TileView(...), pl.Mem.<space>, pl.MemRef(...), and/or a MemRefType variable",
)
_r(
    "PTO-F134",
    "unsupported-param-annotation",
    "parse",
    "Unsupported type annotation: {annotation}",
    "A @pl.function parameter annotated with a Python type (int, float, ...) instead of a DSL type.",
    "Use pl.Tensor[[shape], dtype], pl.Tile[[shape], dtype], or pl.Scalar[dtype]",
)
_r(
    "PTO-F135",
    "incomplete-param-annotation",
    "parse",
    "Incomplete type annotation: {annotation}",
    "A @pl.function parameter annotated with a bare pl.Tensor, pl.Tile or pl.Scalar (no shape or dtype).",
    "Use pl.Tensor[[shape], dtype], pl.Tile[[shape], dtype], or pl.Scalar[dtype]",
)
_r(
    "PTO-F137",
    "tile-annotation-layout",
    "parse",
    "Tile does not accept layouts like {arg}",
    "A local pl.Tile[...] annotation given a tensor layout (pl.TensorLayout.DN).",
    "Use pl.TileView(...) for tile views, or use pl.Tensor[...] for layout annotations",
)
_r(
    "PTO-F138",
    "tile-annotation-memory-twice",
    "parse",
    "Tile annotation can contain at most one memory-space argument",
    "A local pl.Tile[...] annotation with two pl.Mem.<space> items.",
    "Remove the duplicate pl.Mem.<space> argument",
)
_r(
    "PTO-F139",
    "annotation-unknown-pl-attribute",
    "parse",
    "module 'pypto.language' has no attribute '{attr}'",
    "A parameter annotation names a pl.<X> that does not exist (pl.FP33): Python evaluates the annotation when it "
    "defines the function, so the module fails to import (AttributeError).",
    "Use a name pypto.language binds: a dtype such as pl.FP32 or pl.BF16, or a type such as pl.Tensor.",
)
_r(
    "PTO-F141",
    "tile-annotation-notation",
    "parse",
    "Tile subscript requires [shape, dtype], [shape, dtype, tileview_or_memory_space], [shape, dtype, memref, "
    "memory_space], or [shape, dtype, memref, memory_space, tileview], got: {annotation}",
    "A local pl.Tile[...] annotation without its dtype (or with more than five items).",
    "Use pl.Tile[[shape], dtype], pl.Tile[[shape], dtype, pl.Mem.Vec], pl.Tile[[shape], dtype, pl.MemRef(...), "
    "pl.Mem.Vec], or pl.Tile[[shape], dtype, pl.MemRef(...), pl.Mem.Vec, pl.TileView(...)]",
)

# ---------------------------------------------------------------------------- distributed host-only calls (stop 30)
_HOST_HINT = (
    "Use '@pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)' on the enclosing function and call outside "
    "any nested device-side scope"
)
_r(
    "PTO-F142",
    "window-buffer-outside-host",
    "parse",
    "pld.tensor.alloc_window_buffer() can only be called in HOST orchestration context (not inside InCore / SPMD "
    "scopes); current function level: {level}",
    "A window buffer allocated in a device-side function (a @pl.jit or @pl.jit.incore body): it is a resource of "
    "the host orchestrator (@pl.jit.host).",
    _HOST_HINT,
)
_r(
    "PTO-F143",
    "window-buffer-target",
    "parse",
    "pld.tensor.alloc_window_buffer must be assigned to a single variable name (got '{target}')",
    "A window buffer bound by tuple unpacking or a subscript: its variable's name is the buffer's name.",
    "Use 'buf = pld.tensor.alloc_window_buffer(...)' (no tuple unpacking, no subscripts)",
)
_r(
    "PTO-F144",
    "window-buffer-name-kwarg",
    "parse",
    "pld.tensor.alloc_window_buffer 'name' kwarg cannot be passed explicitly — it is auto-derived from the "
    "assignment LHS ('{name}')",
    "pld.alloc_window_buffer(..., name=...): the parser names the buffer after its variable.",
    "Drop the 'name=...' kwarg; the LHS variable name becomes the buffer name",
)
_r(
    "PTO-F145",
    "window-buffer-not-assigned",
    "parse",
    "pld.tensor.alloc_window_buffer must appear as the RHS of a simple assignment (its result must be bound to a "
    "named variable)",
    "A window buffer allocated in a bare statement: nothing names it.",
    "Write 'buf = pld.tensor.alloc_window_buffer(N)' (or the short form 'buf = pld.alloc_window_buffer(N)')",
)
_r(
    "PTO-F276",
    "window-buffer-duplicate-name",
    "parse",
    "pld.tensor.alloc_window_buffer name '{name}' is already declared in this program",
    "Two window buffers bound to the same variable name in one program (one function, or two functions of a "
    "@pl.program): the parser names each buffer after its variable, and the names are global to the program.",
    "Each window buffer must have a globally unique name across all functions",
)
_CARRY_HINT = (
    "'{name}' must have one dtype and shape on every path: yield a value of its init value's (or the other "
    "branch's) dtype and shape, pl.cast / pl.reshape it first, or start from an init value of the yielded type"
)
_r(
    "PTO-F273",
    "yield-dtype-mismatch",
    "TypeCheck",
    "Dtype mismatch in {stmt}: {left} dtype != {right} dtype",
    "TypeCheck at pipeline input: a loop whose closing pl.yield_ hands back a value of another dtype than its "
    "init value (`for i, (acc,) in pl.range(n, init_values=(t,))` yielding pl.cast(acc, pl.FP16)), or an if "
    "whose two branches yield values of different dtypes. The compiler reports each edge of the carried type "
    "(iter_arg against yield value, yield value against the loop's result), at the for / if line.",
    _CARRY_HINT,
)
_r(
    "PTO-F274",
    "yield-rank-mismatch",
    "TypeCheck",
    "Shape dimension count mismatch in {stmt}: {left} has {expected} dimensions, but {right} has {got} "
    "dimensions",
    "TypeCheck at pipeline input: a loop-carried value (or an if's yielded value) whose closing pl.yield_ hands "
    "back a value of another rank than its init value (or than the other branch's).",
    _CARRY_HINT,
)
_r(
    "PTO-F275",
    "yield-shape-mismatch",
    "TypeCheck",
    "Shape dimension mismatch in {stmt}: {left} dimension[{axis}] = {expected}, but {right} dimension[{axis}] = "
    "{got}",
    "TypeCheck at pipeline input: a loop-carried value (or an if's yielded value) whose closing pl.yield_ hands "
    "back a value of another static extent than its init value (or than the other branch's); the compiler "
    "follows it with the same complaint about the valid shape.",
    _CARRY_HINT,
)
_r(
    "PTO-F146",
    "world-size-outside-host",
    "parse",
    "pld.system.world_size() can only be called in HOST orchestration context (not inside InCore / SPMD scopes); "
    "current function level: {level}",
    "pld.world_size() in a device-side function (a @pl.jit or @pl.jit.incore body); only the host orchestrator "
    "knows how many ranks run.",
    _HOST_HINT,
)

_r(
    "PTO-F200",
    "condition-not-bool",
    "parse",
    "{kind} condition must be a Bool-typed scalar expression, got {type}",
    "An if / while condition that is an integer or float scalar: the parser takes no truthiness.",
    "Use an explicit boolean comparison, e.g. `if x != 0:` or `if x > 0:`",
)


# Clauses: the texts that fill a field.

NAME_NOT_DEFINED = Note("name '{name}' is not defined")
"""PTO-F10 ``detail``: the NameError the parser's closure evaluation raises."""
# ---------------------------------------------------------------------------- calls the parser reads itself
_r(
    "PTO-F264",
    "printed-alloc-keyword",
    "parse",
    "{op} in printed IR accepts no keyword argument '{kw}'",
    "pl.tile.alloc / pl.tensor.alloc, the printer's allocation form, given a keyword other than pinned=.",
    "Write pl.tile.alloc(pl.Mem.Vec, size) (pinned=True is the only keyword)",
)
_r(
    "PTO-F265",
    "printed-alloc-pinned",
    "parse",
    "{op} 'pinned' must be a bool literal",
    "pl.tile.alloc / pl.tensor.alloc given pinned= that is not True or False.",
    "Write pinned=True or pinned=False",
)
_r(
    "PTO-F266",
    "printed-alloc-arguments",
    "parse",
    "{op} in printed IR expects 2 positional args (memory_space, size), got {count}",
    "pl.tile.alloc / pl.tensor.alloc without exactly a memory space and a size.",
    "Write pl.tile.alloc(pl.Mem.Vec, size)",
)
_r(
    "PTO-F267",
    "unknown-distributed-category",
    "parse",
    "Unknown distributed category 'pld.{category}'",
    "A three-part pld.<category>.<op> call whose category is not system, tensor or tile.",
    "Available categories: pld.system, pld.tensor, pld.tile",
)
_r(
    "PTO-F268",
    "get-byte-unknown-dtype",
    "parse",
    "Unknown DataType '{dtype}' in pl.{dtype}.get_byte()",
    "pl.<X>.get_byte(), which the parser folds to a dtype's byte size, on a name that is no DataType.",
    "Use a DataType name: pl.FP32.get_byte(), pl.BF16.get_byte(), ...",
)
_r(
    "PTO-F269",
    "at-star-kwargs",
    "parse",
    "Unsupported **kwargs in pl.at()",
    "`with pl.at(**cfg):` - the parser reads each keyword of pl.at as written.",
    "Use pl.at(level=pl.Level.HOST, role=pl.Role.SubWorker)",
)
_r(
    "PTO-F270",
    "spmd-star-kwargs",
    "parse",
    "pl.spmd() does not accept **kwargs; pass core_num (positional) and sync_start=/name_hint=/optimizations= "
    "explicitly",
    "`pl.spmd(n, **cfg)` - the parser reads each keyword of pl.spmd as written.",
    'Write the keywords out: pl.spmd(n, sync_start=True, name_hint="k")',
)
_r(
    "PTO-F271",
    "subscript-write-target-not-name",
    "parse",
    "Subscript-write target must be a variable name, got {target}",
    "A subscript write through an attribute or another subscript (`out.data[0:64, :] = t`).",
    "Assign through a named Tensor/Tile, e.g. 'dst[...] = src'",
)
_r(
    "PTO-F272",
    "subscript-write-scalar-target",
    "parse",
    "Subscript-write requires a Tensor, Tile, or Array target, got {type}",
    "A subscript write into a scalar (`n = pl.tensor.dim(x, 0); n[0] = ...`).",
    "Subscript-write 'dst[...] = src' is only supported for Tensor, Tile, and Array",
)
