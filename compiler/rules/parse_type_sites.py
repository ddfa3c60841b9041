"""Parser: the type resolver's checks of the expressions inside a local annotation (type_resolver.py: shapes,
TileView fields, MemRef offsets, slots and memory spaces) and the `@pl.jit` front door's import-time checks
(jit/decorator.py)."""

from __future__ import annotations

from compiler.rules.book import RuleBook

BOOK = RuleBook()
_r = BOOK.rule

# ---------------------------------------------------------------------------- local annotations (type_resolver)
_r(
    "PTO-F301",
    "annotation-slot-of-single-slot-resolved-memref",
    "parse",
    "'{name}' holds a single slot, so it cannot be subscripted",
    "A local tile annotation subscripting a resolved MemRef that has no slots= "
    '(`pl.MemRef("buf", 0, 16384)[0]`).',
    "Give it slots=N (pl.MemRef(base, offset, size, slots=N)[k]), or drop the subscript",
)
_r(
    "PTO-F302",
    "annotation-resolved-memref-slot-out-of-range",
    "parse",
    "Slot index {index} is out of range for '{name}', which holds {count} slot(s)",
    "A local tile annotation's constant slot index outside [0, slots) of a resolved MemRef "
    '(`pl.MemRef("buf", 0, 16384, slots=2)[2]`).',
    "Subscript within [0, {count})",
)
_r(
    "PTO-F303",
    "annotation-shape-not-evaluable",
    "parse",
    "Shape must be a list, tuple, or variable: {shape}",
    "A local annotation whose shape is an expression the parser cannot evaluate over the module's names, "
    "such as the shape of a DSL variable (`t: pl.Tile[x.shape, pl.FP32] = ...`).",
    "Use a list like [64, 128] or a variable holding a list",
)
_r(
    "PTO-F304",
    "annotation-shape-dim-not-evaluable",
    "parse",
    "Shape dimension must be int literal, variable, or evaluable expression: {dim}",
    "A local annotation's shape dimension that reads a DSL variable in a form the parser neither evaluates "
    "nor rebuilds (`pl.Tile[[x.shape[0], 64], pl.FP32]`, `pl.min(n, 64)`; `n + 1` is rebuilt).",
    "Use integer literals, variables, or + - * // % over them for shape dimensions",
)
_r(
    "PTO-F305",
    "tileview-dim-bound-to-non-int",
    "parse",
    "TileView dimension '{name}' is bound to {type}, expected DynVar or int",
    "A TileView field (valid_shape, stride, start_offset) or a MemRef slot index naming a module value "
    "that is neither an int nor pl.dynamic() (`V = 1.5`, then `pl.TileView(valid_shape=[V, 64])`).",
    "Use pl.dynamic() or an integer for TileView dimension variables",
)
_r(
    "PTO-F306",
    "tileview-field-yield",
    "parse",
    "TileView field cannot contain pl.yield_() — it would emit a YieldStmt as a side effect of type "
    "annotation parsing.",
    "A pl.yield_(...) call inside a TileView field of a local annotation.",
    "Use a pure index expression (constants, vars, arithmetic, pl.max/pl.min, ...).",
)
_r(
    "PTO-F307",
    "tileview-field-not-index",
    "parse",
    "TileView field must be an index expression, got {got}: {expr}",
    "A TileView field (or a MemRef slot index) that parses to a value of another type than an integer "
    "scalar, such as a float literal (`pl.TileView(valid_shape=[1.5, 64])`).",
    "Use integer literals, dynamic variables, or arithmetic over them (pl.max, pl.min, +, -, *, ...)",
)
_r(
    "PTO-F308",
    "memref-byte-offset-not-index",
    "parse",
    "MemRef byte_offset must be an index expression, got: {offset}",
    "A local annotation's `pl.MemRef(base, byte_offset, size)` whose offset is a float or string literal, or a "
    'module value that is no int (`pl.MemRef("buf", 1.5, 16384)`).',
    "Use an integer, a variable, or arithmetic over them, e.g. 1024 or i % 2 * 512",
)
_r(
    "PTO-F309",
    "memref-unknown-memory-space",
    "parse",
    "Unknown memory space: {name}",
    "A legacy `pl.MemRef(space, addr, size, id)` in a local annotation whose space attribute names no memory "
    "space (`pl.MemRef(pl.Mem.Foo, 0, 16384, 0)`).",
    "Use one of: DDR, Vec, Mat, Left, Right, Acc, Bias, LeftScale, RightScale",
)
_r(
    "PTO-F310",
    "memref-unresolved-memory-space",
    "parse",
    "Cannot resolve memory space: {expr}",
    "A legacy `pl.MemRef(space, addr, size, id)` in a local annotation whose space is neither a "
    "`pl.Mem.<space>` attribute nor a bare memory-space name (a string, a variable holding one).",
    "Use pl.Mem.DDR (or pl.MemorySpace.DDR), pl.Mem.Vec, etc.",
)
# ---------------------------------------------------------------------------- @pl.jit.extern paths (jit/decorator)
_r(
    "PTO-F311",
    "jit-extern-source-not-found",
    "parse",
    "@pl.jit.extern source file not found: {path}. Provide an absolute path, or one relative to the file "
    "defining the kernel.",
    "A `@pl.jit.extern` source= (or aic_source= / aiv_source=) naming a file that does not exist, resolved "
    "against the folder of the file defining the stub (Python raises ValueError when it applies the "
    "decorator at import).",
    'Point source= at the kernel\'s C++ file, e.g. @pl.jit.extern(source="kernels/k.cpp", core_type="aiv")',
)
_r(
    "PTO-F312",
    "jit-extern-include-dirs-not-sequence",
    "parse",
    "@pl.jit.extern include_dirs must be a sequence of paths, got {type}",
    '`@pl.jit.extern(include_dirs="include")`: one string where the decorator takes a list of paths.',
    'Wrap the path in a list: include_dirs=["include"]',
)
_r(
    "PTO-F313",
    "jit-extern-include-dir-not-found",
    "parse",
    "@pl.jit.extern include directory not found: {path}. Provide absolute paths, or paths relative to the "
    "file defining the kernel.",
    "A `@pl.jit.extern` include_dirs= entry naming a directory that does not exist, resolved against the "
    "folder of the file defining the stub.",
    "Create the directory, or correct the path",
)
# ---------------------------------------------------------------------------- @pl.jit specialisation (jit/specializer)
_r(
    "PTO-F314",
    "jit-dep-argument-metadata",
    "parse",
    "@pl.jit: missing inferred tensor metadata for parameter '{name}'. This usually means the tensor's "
    "shape/dtype could not be statically determined. Pass the tensor directly as a function argument, or "
    "ensure any intermediate pl.create_tensor() used for this parameter has a statically inferable shape "
    "and dtype.",
    "An entry passes a sub-function's tensor parameter something the specializer cannot type from the "
    "entry's source: an expression (`k(pl.add(x, x), y)`), a slice-only subscript (`k(x[0:64], y)`), or a "
    "name bound only by an op other than pl.create_tensor / pl.slice / pl.window / pl.reshape.",
    "Pass an entry parameter, or a tensor made by pl.create_tensor([...], dtype=...) / pl.slice(...)",
)
_r(
    "PTO-F315",
    "jit-dep-argument-dtype",
    "parse",
    "Unsupported DataType: {dtype}",
    "An entry passes a sub-function a tensor made by `pl.create_tensor([...], dtype=pl.TASK_ID)`: the "
    "specializer cannot write a TASK_ID tensor annotation for the sub-function's parameter.",
    "Task ids are scalars: keep them in a pl.Array[N, pl.TASK_ID], not in a tensor",
)
# ---------------------------------------------------------------------------- declared allocations (type_resolver)
_r(
    "PTO-F316",
    "declared-alloc-aliased",
    "parse",
    "Declared allocation '{seen}' is also referenced as '{name}'",
    "One unnamed `pl.MemRef()` declaration reached through two names (`alias = scratch`) in the local tile "
    "annotations of one function: it is named after its variable, so the name is ambiguous.",
    "Reference it as '{seen}', declare a separate pl.MemRef(), or name it explicitly with pl.MemRef(\"...\")",
)
_r(
    "PTO-F317",
    "declared-alloc-name-clash",
    "parse",
    "Two separate pl.MemRef() declarations both resolve to the name '{name}'",
    'Two declared allocations that claim one name (`a = pl.MemRef("buf")` and `b = pl.MemRef("buf")`, or an '
    "explicit name equal to another declaration's variable) in the local tile annotations of one function.",
    "Declared allocations are identified by name within a function. Give one of them an explicit name with "
    'pl.MemRef("...")',
)
_r(
    "PTO-F318",
    "annotation-shape-dim-not-integer",
    "parse",
    "Shape dimension '{dim}' must be integer-typed, got {type}",
    "A local annotation's shape dimension that Python evaluates, through pl.dynamic's operators, to a scalar "
    "of another type than an integer: a comparison (`pl.Tensor[[M > 2, 64], pl.FP32]`).",
    "Use the dynamic variable itself, or integer arithmetic over it (M, M * 2, M // 2)",
)
