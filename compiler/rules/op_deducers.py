"""Op type deducers (``compiler/ops/deduce.py``): the shape, rank and dtype checks of every registered op.

The reference does not number these messages, so they are ``PTO-TD*``. The parser wraps each in its op
error (``PTO-F15`` ``pl operation 'matmul': ⟨message⟩``, ``PTO-F15b`` for an explicitly namespaced op,
``PTO-F15c`` when the message already starts with the op's name), so the user sees that code and this text;
``op`` is the IR op name (``tile.matmul``). A message the deducer puts after the op's DSL name
(``pl.system.sync_set: event_id must be ...``) is declared without it: the name is the problem's subject.
"""

from __future__ import annotations

from compiler.rules.book import RuleBook

_TD = "parse"

BOOK = RuleBook()
_r = BOOK.rule

# ---------------------------------------------------------------------------- element-wise and reductions
_r(
    "PTO-TD1",
    "binary-shape-mismatch",
    _TD,
    "The operator {op} requires compatible shapes, but got {lhs} and {rhs}",
    "An element-wise binary op on two shapes that do not broadcast (right-aligned, an extent 1 stretches).",
)
_r(
    "PTO-TD4",
    "concat-rank",
    _TD,
    "The operator {op} requires inputs of the same rank, but got {lhs} and {rhs}",
    "pl.concat of two values of different ranks (or of scalars).",
    unreachable="the concat deducers check the dtypes and then that both operands are 2D (PTO-TD118, "
    "PTO-TD117) before any rank comparison, so this sentence is never reached",
)
_r(
    "PTO-TD5",
    "reshape-element-count",
    _TD,
    "{op}: cannot reshape {kind} of size {old} into shape with size {new}",
    "A reshape to a shape with another element count.",
)
_r(
    "PTO-TD6",
    "transpose-axis-range",
    _TD,
    "Axis {axis} is out of range for {rank}D {kind}",
    "A transpose naming an axis the value does not have.",
)
_r(
    "PTO-TD7",
    "create-in-scale-memory",
    _TD,
    "The operator {op} does not support target_memory=LeftScale/RightScale; create the scale tile with tile.load "
    "to Mat followed by tile.move",
    "A tile created directly in LeftScale / RightScale memory.",
)

# ---------------------------------------------------------------------------- matmul operands
_r(
    "PTO-TD8",
    "init-cond-not-scalar",
    _TD,
    "The operator {op} requires init_cond to be a boolean scalar, but got {type}",
    "A matmul_acc init_cond= that is a tensor or tile, not a scalar.",
)
_r(
    "PTO-TD9",
    "init-cond-dtype",
    _TD,
    "The operator {op} requires init_cond to have dtype BOOL, but got {dtype}. Write a comparison such as "
    "`k == 0` rather than passing the index itself.",
    "A matmul_acc init_cond= scalar that is not a BOOL (the loop index itself, say).",
)
_r(
    "PTO-TD10",
    "tensor-matmul-k-mismatch",
    _TD,
    "{op} requires matching inner dimensions, but got lhs K={lhs_k} and rhs K={rhs_k}",
    "A tensor matmul whose K extents (lhs columns, rhs rows, after a_trans / b_trans) differ.",
)
_r(
    "PTO-TD11",
    "batched-matmul-k-mismatch",
    _TD,
    "{op} requires matching inner dimensions for batched matmul, but got lhs K={lhs_k} and rhs K={rhs_k}",
    "A batched tensor matmul whose K extents differ.",
)
_r(
    "PTO-TD12",
    "tile-matmul-physical-k",
    _TD,
    "The operator {op} requires matching physical inner dimensions (physical K), but got lhs K={lhs_k} and "
    "rhs K={rhs_k}",
    "A tile matmul / gemv whose lhs columns and rhs rows differ.",
)
_r(
    "PTO-TD13",
    "batch-matmul-k-mismatch",
    _TD,
    "The operator {op} requires matching inner dimensions, but got lhs K={lhs_k} and rhs K={rhs_k}",
    "A tile batch_matmul whose K extents differ.",
)
_r(
    "PTO-TD14",
    "matmul-rank-0",
    _TD,
    "{op} requires {side} to have at least 1 dimension",
    "A tensor matmul with a rank-0 operand.",
)
_r(
    "PTO-TD15",
    "dot-product-length",
    _TD,
    "{op} dot product requires matching dimensions, but got lhs K={lhs_k} and rhs K={rhs_k}",
    "A tensor matmul of two vectors of different lengths.",
)
_r(
    "PTO-TD16",
    "batched-matmul-rank",
    _TD,
    "{op} requires both tensors to have at least 2 dimensions for batched matmul, but got lhs shape size "
    "{lhs_rank} and rhs shape size {rhs_rank}",
    "A batched tensor matmul (rank above 2) with a vector operand.",
)
_r(
    "PTO-TD17",
    "batched-matmul-broadcast",
    _TD,
    "Cannot broadcast batch dimensions for {op}",
    "A batched tensor matmul whose batch dimensions do not broadcast.",
)
_r(
    "PTO-TD18",
    "operand-not-2d",
    _TD,
    "The operator {op} requires {operand} to be 2D, but got {rank} dimensions",
    "A tile matmul-family operand (lhs, rhs, acc, bias or an MX scale) that is not 2D.",
)
_r(
    "PTO-TD19",
    "matmul-dtype-mismatch",
    _TD,
    "The operator {op} requires identical lhs and rhs data types, but got {lhs} and {rhs}",
    "A tile matmul / batch_matmul of two operands of different dtypes.",
)
_r(
    "PTO-TD20",
    "acc-rank",
    _TD,
    "The operator {op} requires acc to be {want}D, but got {rank} dimensions",
    "A matmul_acc accumulator whose rank differs from the product's.",
)
_r(
    "PTO-TD21",
    "acc-physical-extent",
    _TD,
    "The operator {op} requires matching physical {axis} dimensions, but got acc {axis}={got} and product "
    "{axis}={want}",
    "A matmul_acc accumulator whose M or N differs from the product's.",
)
_r(
    "PTO-TD22",
    "acc-dtype",
    _TD,
    "The operator {op} requires accumulator dtype {want}, but got {dtype}",
    "An accumulator of another dtype than the product's (FP32 for float inputs, INT32 otherwise).",
)
_r(
    "PTO-TD23",
    "tensor-acc-rank",
    _TD,
    "{op} requires {operand} to be at least 2D, but got {rank}D",
    "A tensor matmul_acc accumulator or operand of rank below 2.",
)
_r(
    "PTO-TD24",
    "bias-shape",
    _TD,
    "The operator {op} requires bias to have shape [1, N], but got {shape}",
    "A matmul_bias / gemv_bias bias with more than one row.",
)
_r(
    "PTO-TD25",
    "bias-width",
    _TD,
    "The operator {op} requires bias N dimension to match output N={n}, but got bias N={bias_n}",
    "A bias whose width differs from the product's N.",
)
_r(
    "PTO-TD26",
    "bias-dtype",
    _TD,
    "The operator {op} requires bias dtype {dtype} to match the accumulator, but got {got}",
    "A matmul_bias bias of another dtype than the accumulator's.",
)
_r(
    "PTO-TD27",
    "gemv-bias-dtype",
    _TD,
    "The operator {op} requires bias dtype {dtype} to match the accumulator output, but got {got}",
    "A gemv_bias bias of another dtype than the accumulator output's.",
    unreachable="DeduceTileGemvBiasType runs the matmul_bias deducer first, whose accumulator dtype is the gemv "
    "output's, so PTO-TD26 reports a wrong bias dtype before this check",
)
_r(
    "PTO-TD28",
    "batch-operand-rank",
    _TD,
    "The operator {op} requires {side} to be at least 2D, but got {rank} dimensions",
    "A tile batch_matmul operand of rank below 2.",
)
_r(
    "PTO-TD29",
    "batch-broadcast",
    _TD,
    "The operator {op} requires broadcastable batch dimensions, but got {lhs} and {rhs}",
    "A tile batch_matmul whose batch dimensions do not broadcast.",
)

# ---------------------------------------------------------------------------- GEMV
_r(
    "PTO-TD30",
    "gemv-acc-phase",
    _TD,
    "The operator {op} requires acc_phase to be one of {{unspecified, partial, final}}, but got {phase}",
    "A gemv acc_phase= that is not unspecified, partial or final.",
)
_r(
    "PTO-TD31",
    "gemv-dtype",
    _TD,
    "The operator {op} supports only INT8 x INT8 -> INT32 and same-type FP16/BF16/FP32 inputs -> FP32, but "
    "got {dtype}",
    "A gemv on a dtype the GEMV unit does not take.",
)
_r(
    "PTO-TD32",
    "gemv-lhs-rows",
    _TD,
    "GEMV requires lhs physical row extent to be exactly 1, but got shape {shape}",
    "A gemv whose lhs is not a single row.",
)
_r(
    "PTO-TD225",
    "gemv-lhs-logical-row",
    _TD,
    "GEMV requires lhs logical row extent to be exactly 1, but got valid_shape {valid}",
    "A gemv whose single-row lhs has a valid row extent other than a provable 1 (pl.tile.set_validshape(lhs, 0, "
    "K), or a runtime row count).",
)
_r(
    "PTO-TD226",
    "call-dynamic-binding-conflict",
    _TD,
    "Failed to parse function '{function}': Dynamic type variable '{var}' has conflicting bindings {existing} "
    "and {candidate} that are not provably equal at {context}; cross-function calls do not emit a runtime "
    "shape guard",
    "A call of another function of the program whose parameters share a pl.dynamic extent, given arguments "
    "whose static extents there differ (DeduceCallReturnType binds the symbol to each argument in turn).",
    "Pass arguments whose extents agree for '{var}', or give the callee's parameters separate pl.dynamic names.",
)
_r(
    "PTO-TD33",
    "gemv-acc-shape",
    _TD,
    "The operator {op} requires accumulator physical shape {want}, but got {got}",
    "A gemv_acc accumulator that is not the [16, N] box GEMV produces.",
)

# ---------------------------------------------------------------------------- MX matmul (Ascend950)
_r(
    "PTO-TD34",
    "mx-operand-rank",
    _TD,
    "The operator {op} requires 2D lhs/rhs tiles",
    "A matmul_mx data operand that is not 2D.",
)
_r(
    "PTO-TD35",
    "mx-data-dtype",
    _TD,
    "The operator {op} requires {side} dtype FP8E4M3FN, but got {dtype}{cast}",
    "A matmul_mx data operand that is not FP8E4M3FN (an FP4 operand is told to cast).",
    variants={
        "fp4_lhs": {
            "cast": "; native FP4 matmul is not supported, so cast the FP4 lhs to FP8E4M3FN with pl.cast first"
        },
        "fp4_rhs": {
            "cast": "; native FP4 matmul is not supported, so cast the FP4 rhs to FP8E4M3FN with pl.cast first"
        },
        "other": {"cast": ""},
    },
)
_r(
    "PTO-TD36",
    "mx-m-alignment",
    _TD,
    "The operator {op} requires physical M divisible by 16 (ISA/PTOAS tmatmul_mx), but got M={m}",
    "A matmul_mx whose M is not a positive multiple of 16.",
)
_r(
    "PTO-TD37",
    "mx-n-alignment",
    _TD,
    "The operator {op} requires physical N divisible by 32 for {dtype} (ISA/PTOAS tmatmul_mx 32-byte row), but got N={n}",
    "A matmul_mx whose N is not a positive multiple of 32.",
)
_r(
    "PTO-TD38",
    "mx-k-mismatch",
    _TD,
    "The operator {op} requires matching physical K, but got lhs K={lhs_k} and rhs K={rhs_k}",
    "A matmul_mx whose lhs columns and rhs rows differ.",
)
_r(
    "PTO-TD39",
    "mx-k-alignment",
    _TD,
    "The operator {op} requires physical K divisible by 64 (ISA/PTOAS tmatmul_mx), but got {side} K={k}",
    "A matmul_mx whose K is not a positive multiple of 64.",
)
_r(
    "PTO-TD40",
    "mx-scale-geometry",
    _TD,
    "The operator {op} requires {scale} physical {axis}={want}, but got {got}",
    "An MX scale tile that is not [M, K/32] (lhs_scale) or [K/32, N] (rhs_scale), nor packed flat.",
)
_r(
    "PTO-TD108",
    "mx-scale-dtype",
    _TD,
    "The operator {op} requires {scale} dtype FP8E8M0, but got {dtype}",
    "A matmul_mx scale operand that is not FP8E8M0.",
)
_r(
    "PTO-TD41",
    "mx-acc-dtype",
    _TD,
    "The operator {op} requires acc dtype FP32, but got {dtype}",
    "A matmul_mx_acc accumulator that is not FP32.",
)
_r(
    "PTO-TD42",
    "mx-acc-rows",
    _TD,
    "The operator {op} requires acc rows to match output M",
    "A matmul_mx_acc accumulator whose row count differs from M.",
)
_r(
    "PTO-TD43",
    "mx-acc-cols",
    _TD,
    "The operator {op} requires acc cols to match output N",
    "A matmul_mx_acc accumulator whose column count differs from N.",
)
_r(
    "PTO-TD44",
    "mx-bias-dtype",
    _TD,
    "The operator {op} requires bias dtype FP32, but got {dtype}",
    "A matmul_mx_bias bias that is not FP32.",
)
_r(
    "PTO-TD45",
    "mx-bias-rows",
    _TD,
    "The operator {op} requires bias shape [1, N]",
    "A matmul_mx_bias bias with more than one row.",
)
_r(
    "PTO-TD46",
    "mx-bias-cols",
    _TD,
    "The operator {op} requires bias cols to match N",
    "A matmul_mx_bias bias whose width differs from N.",
)

# ---------------------------------------------------------------------------- system, sync and prefetch
_r(
    "PTO-TD47",
    "enum-argument-string",
    _TD,
    "{key} must be a pl.{enum} member ({members}), but got str {value!r}",
    "A barrier or event argument spelled as a string instead of a pl.KernelType / pl.SyncAllMode member.",
    unreachable="the parse-time check PTO-SP5 reports a string enum argument of syncall / sync_set / "
    "sync_wait first",
)
_r(
    "PTO-TD48",
    "enum-argument-kind",
    _TD,
    "{key} must be a pl.{enum} member, but got pl.{got_enum}.{member}",
    "A barrier or event argument given a member of another enum.",
)
_r(
    "PTO-TD49",
    "soft-syncall-workspace",
    _TD,
    "mode=pl.SyncAllMode.SOFT requires gm_workspace= and used_cores= (used_cores=0 selects the "
    "single-operand form)",
    "A soft syncall without its GM workspace and core count.",
    unreachable="the parse-time check PTO-SP7 reports a soft syncall without gm_workspace= / used_cores= first",
)
_r(
    "PTO-TD50",
    "event-core-type-mix",
    _TD,
    "core_type=pl.KernelType.MIX is not accepted; an event pins one lane, omit core_type to run it on both",
    "sync_set / sync_wait with core_type=pl.KernelType.MIX.",
    unreachable="the parse-time check PTO-SP5b reports core_type=pl.KernelType.MIX on an event first",
)
_r(
    "PTO-TD51",
    "event-id-range",
    _TD,
    "{op} event_id must be in the user-available range [0, 13], got {event}",
    "An event id outside 0-13.",
)
_r(
    "PTO-TD52",
    "event-ffts-mode",
    _TD,
    "{op} ffts_mode must be in [0, 2], got {ffts}",
    "An event ffts_mode other than 0, 1 or 2.",
)
_r(
    "PTO-TD53",
    "prefetch-source-kind",
    _TD,
    "{op} expects src to be a GM Tensor (prefetch reads global memory), got {type}",
    "A prefetch of a tile or scalar instead of a GM tensor.",
)
_r(
    "PTO-TD227",
    "prefetch-source-dynamic",
    _TD,
    "{op} expects src to have a fully static shape, but dimension {dim} is dynamic; async prefetch needs a "
    "compile-time byte extent",
    "A prefetch of a tensor whose shape holds a pl.dynamic extent: the SDMA copy needs its byte count at "
    "compile time.",
    "Prefetch a statically shaped tensor (a [1, N] view with a constant N) instead.",
)
_r(
    "PTO-TD228",
    "prefetch-source-variable",
    _TD,
    "{op} expects src to be a Var or IterArg",
    "A prefetch whose source is written in place (a nested op call or a subscript) rather than a variable: "
    "the parser passes the expression itself, not a Var.",
    "Bind the source first (`src = pl.tensor.view(p, [1, 4096])`) and prefetch `src`.",
)
_r(
    "PTO-TD54",
    "prefetch-source-rank",
    _TD,
    "{op} expects src to have rank >= 1, got a rank-0 tensor",
    "A prefetch of a rank-0 tensor.",
)
_r(
    "PTO-TD55",
    "prefetch-source-layout",
    _TD,
    "{op} expects src to be a flat contiguous logical 1D GM region (all dimensions except the last must be "
    "1), but dimension {dim} is {extent}; reshape the tensor to [N] or [1, ..., N] before prefetching",
    "A prefetch of a tensor that is not flat (a leading dimension other than 1).",
)

# ---------------------------------------------------------------------------- dispatch of the unified names
_r(
    "PTO-TD56",
    "mixed-tensor-tile-operands",
    _TD,
    "cannot mix Tensor and Tile arguments ({types}). All operands must be the same type level — either all "
    "Tensor or all Tile",
    "A unified pl.<op> given both tensor and tile operands, so it has no tensor or tile form to dispatch to.",
)

# ---------------------------------------------------------------------------- memory and view ops
_r(
    "PTO-TD151",
    "memory-op-operator-requirement",
    _TD,
    "The operator {op} {requirement}",
    "A tile.store whose shapes tuple is empty or of another rank than its offsets, a tile.tri whose diagonal is "
    "not INT32 or whose valid_shape leaves (0, shape].",
)
_r(
    "PTO-TD152",
    "index-element-dtype",
    _TD,
    "{op} index element {index} must have integer dtype, but got {dtype}",
    "A tile.read / tile.write index that is a float (a literal 1.0, an FP32 scalar).",
)
_r(
    "PTO-TD155",
    "tuple-element-kind",
    _TD,
    "{op} {what} element {index} must be ScalarType, but got {got}",
    "A tensor or tile where a shape, offset or index tuple wants a scalar (pl.tensor.create([t, 64], ...), "
    "pl.tile.read(t, [t, 0])).",
)
_r(
    "PTO-TD156",
    "tuple-element-int-dtype",
    _TD,
    "{op} {what} element {index} must have integer dtype, but got {dtype}",
    "A float scalar in a tensor op's shape or offset tuple (pl.tensor.create([f, 64], ...) with f an FP32 "
    "scalar).",
)
_r(
    "PTO-TD157",
    "memory-op-check",
    _TD,
    "{op} {detail}",
    "A memory, view or transform op's check whose sentence follows the op's name: an atomic store mode or "
    "dtype, a shape element that must be a compile-time constant, an extract window outside its source.",
)
_r(
    "PTO-TD158",
    "memory-op-check-colon",
    _TD,
    "{op}: {detail}",
    "A view or transform op's check written after the op's name and a colon: a tensor.view valid_shape of "
    "another rank than the target shape, a tile.transpose tmp of another dtype, a tensor.concat of a tile.",
)
_r(
    "PTO-TD117",
    "memory-op-requirement",
    _TD,
    "{op} requires {requirement}",
    "A set_validshape of a value that is not 2D, a concat of operands that are not 2D.",
)
_r(
    "PTO-TD150",
    "write-value-dtype",
    _TD,
    "{op} requires value dtype to match {kind} dtype, but got value dtype {value} and {kind} dtype {dtype}",
    "A pl.write whose value has another dtype than the tensor or tile it writes: the write does not convert. "
    "A float literal is FP32, an int literal, tensor.dim and a block index are INDEX, pl.read has the "
    "source's dtype, and scalar arithmetic takes the wider dtype of its operands (FP16 * 2.0 is FP32).",
    "Write a value of the destination's dtype: pl.cast(value, pl.FP16), or read from a tensor of that dtype.",
)
_r(
    "PTO-TD118",
    "concat-dtype-mismatch",
    _TD,
    "{op}: src0 and src1 must have same dtype, got {lhs} and {rhs}",
    "A concat of two dtypes.",
)
_r(
    "PTO-TD119",
    "indices-count",
    _TD,
    "{op} indices count ({count}) must match {kind} rank ({rank})",
    "A read / write with another number of indices than the value has dimensions.",
)
_r(
    "PTO-TD120",
    "valid-extent-range",
    _TD,
    "{op} valid_{axis} {requirement}",
    "A set_validshape extent that is negative or larger than the shape.",
)
_r(
    "PTO-TD121",
    "fillpad-expand-shape",
    _TD,
    "{op} {what} must {relation} source {target}",
    "A fillpad_expand shape of another rank than the source, or smaller than the source in a dimension.",
)
_r(
    "PTO-TD122",
    "concat-rows",
    _TD,
    "{op}: row count must match, got {lhs} vs {rhs}",
    "A concat of two row counts.",
)
_r(
    "PTO-TD123",
    "view-element-count",
    _TD,
    "{op}: cannot reinterpret tensor of size {old} as shape with size {new}",
    "A tensor.view to a shape of another element count.",
)

# ---------------------------------------------------------------------------- window reads and writes
_r(
    "PTO-TD124",
    "window-offset-negative",
    _TD,
    "{op} offset {axis} is provably negative ({offset}); {start} must start inside its {whole}",
    "A load, slice or assemble at a negative static offset.",
)
_r(
    "PTO-TD125",
    "window-valid-exceeds-shape",
    _TD,
    "{op} valid_shape {axis} is {valid}, which exceeds the window extent {window}; a valid region cannot be "
    "larger than the shape that holds it",
    "A load or slice whose valid_shape is larger than the shape it reads.",
)
_r(
    "PTO-TD126",
    "window-read-past-end",
    _TD,
    "{op} reads past the end of dimension {axis}: offset {offset} + extent {extent} exceeds the source extent "
    "{source}. {remedy}",
    "A load or slice whose static offset plus extent runs past the end of the source (a tensor load or slice "
    "can pass clamp=True; a tile slice cannot).",
)
_r(
    "PTO-TD127",
    "window-write-past-end",
    _TD,
    "{op} writes past the end of dimension {axis}: offset {offset} + extent {extent} exceeds the target extent "
    "{target}. {remedy}",
    "A tile assemble whose source, placed at its static offset, runs past the end of the target; a tensor "
    "assemble whose source's valid region does; a tensor column reduction of a >2D tensor, whose lowered tile "
    "(reduced along the first axis) is stored into the tensor result.",
)
_r(
    "PTO-TD128",
    "slice-drop-dims",
    _TD,
    "{op} drop_dims index {axis} {requirement}",
    "A slice drop_dims entry that is out of range, repeated, or names a dimension whose extent is not 1.",
)
_r(
    "PTO-TD129",
    "load-target-memory",
    _TD,
    "target_memory for tile.load must be MemorySpace.Vec or MemorySpace.Mat, got MemorySpace.{memory}",
    "A tile load straight into Left, Right, Acc, Bias or a scale memory: loads go to Vec or Mat, and tile.move "
    "takes the data on from Mat.",
)
_r(
    "PTO-TD153",
    "load-empty-window",
    _TD,
    "offsets and shapes must have at least one dimension",
    "A tile load with empty offsets and shapes lists (a ValueError of the IR builder).",
)
_r(
    "PTO-TD130",
    "load-offsets-shapes-count",
    _TD,
    "offsets and shapes must have same number of dimensions, got {offsets} offsets and {shapes} shapes",
    "A tile load whose offsets and shapes lists differ in length.",
)
_r(
    "PTO-TD131",
    "tensor-matmul-acc-dtypes",
    _TD,
    "{op} requires identical lhs and rhs dtypes, but got {lhs} and {rhs}",
    "A tensor matmul_acc of two operands of different dtypes.",
)
_r(
    "PTO-TD132",
    "tensor-matmul-acc-extent",
    _TD,
    "tensor.matmul_acc: {lhs} != {rhs}",
    "A tensor matmul_acc whose K extents differ, or whose accumulator's M or N is not the product's.",
)
_r(
    "PTO-TD134",
    "tensor-matmul-acc-batch",
    _TD,
    "tensor.matmul_acc: acc batch {what} must equal broadcast(lhs, rhs) batch {want}",
    "A tensor matmul_acc whose accumulator's batch dimensions are not the broadcast of the operands'.",
)
_r(
    "PTO-TD133",
    "tensor-acc-dtype",
    _TD,
    "{op} requires accumulator dtype {want}, but got {dtype}",
    "A tensor matmul_acc accumulator of another dtype than the product's (FP32 for float inputs, INT32 "
    "otherwise).",
)
_r(
    "PTO-TD135",
    "transpose-rank",
    _TD,
    "{op} requires at least 2 dimensions, but got {rank}",
    "A transpose or transpose_view of a value with fewer than 2 dimensions.",
)
_r(
    "PTO-TD136",
    "transpose-same-axis",
    _TD,
    "{op}: axis1 and axis2 must be different, but got axis1={axis1}, axis2={axis2}",
    "A transpose that swaps an axis with itself.",
)
_r(
    "PTO-TD137",
    "tensor-creation-requirement",
    _TD,
    "tensor.{name} {requirement}",
    "A tensor.ci / tensor.random of a dtype outside its domain, a start or seed of another dtype, a shape the "
    "hardware generator cannot fill (more than one row for ci, not 2D for random), or rounds other than 7 or 10.",
)
_r(
    "PTO-TD138",
    "tile-creation-requirement",
    _TD,
    "The operator tile.{name} {requirement}",
    "The tile forms of PTO-TD137 (tile.ci, tile.random, tile.tri), and a tile.create / tile.full of an empty "
    "shape (also a tensor.create / tensor.full lowered to one in an InCore scope).",
)
_r(
    "PTO-TD139",
    "tile-shape-positive",
    _TD,
    "The operator {op} shape element {index} must be positive, got {dim}",
    "A tile creation op (create, full, ci, random, tri) with a zero or negative static extent.",
)
_r(
    "PTO-TD140",
    "expand-clone-shape",
    _TD,
    "tensor.expand_clone {requirement}",
    "A tensor.expand_clone whose input is not 3D, has another rank than the target, or differs from it in "
    "more than one dimension or in one whose input extent is not 1.",
)
_r(
    "PTO-TD141",
    "array-create",
    _TD,
    "array.create {requirement}",
    "A pl.array.create of a float element type, or of a zero or negative extent.",
)
_r(
    "PTO-TD229",
    "array-update-dtype",
    _TD,
    "array.update_element value dtype ({value}) must match array dtype ({array})",
    "A write into a pl.array.create array of a value of another element type: a float, or an integer "
    "scalar of another width (an INDEX value fits any integer array).",
    "Cast the value to the array's element type first, or create the array with the value's type.",
)
_r(
    "PTO-TD230",
    "view-valid-without-source-valid",
    _TD,
    "tensor.view: an explicit target valid_shape requires a source valid_shape",
    "A tensor.view with valid_shape= of a tensor that carries no valid_shape (a parameter whose annotation "
    "gives none, or one equal to its shape): there is no partial region for the new one to describe.",
    "Drop valid_shape=, or view a tensor whose valid region is partial (a slice with valid_shape=).",
)
_r(
    "PTO-TD231",
    "window-source-valid-rank",
    _TD,
    "{op} source valid_shape rank {valid} does not match its shape rank {rank}",
    "A window read (tensor.slice, tile.load) of a parameter whose pl.TensorView(valid_shape=[...]) has another "
    "rank than its shape: the parser keeps the annotation as written and the read finds the mismatch.",
    "Give the annotation's valid_shape one extent per dimension of the shape.",
)
_r(
    "PTO-TD232",
    "write-far-edge-integer",
    _TD,
    "{op} needs an integer scalar offset and valid extent to place dimension {axis} against a partially valid "
    "target, but got offset {offset} and extent {extent}",
    "A tensor.assemble into a partially valid target of a source whose valid_shape names a float scalar "
    "parameter, at a non-zero offset on that dimension: the new valid region cannot be computed.",
    "Name an integer (pl.INDEX) scalar in the source's valid_shape.",
)
_r(
    "PTO-TD233",
    "param-valid-shape-rank",
    "TypeCheck",
    "{subject} has invalid TensorType valid_shape rank mismatch: got rank {valid_rank} {valid}, but physical "
    "shape has rank {rank} {shape}",
    "A parameter whose pl.TensorView(valid_shape=[...]) has another rank than its shape, in a function that "
    "otherwise parses: the type checker of the pipeline input rejects it (a window read of it fails earlier, "
    "PTO-TD231).",
    "Give the annotation's valid_shape one extent per dimension of the shape.",
)
_r(
    "PTO-TD142",
    "cast-rounding-mode",
    _TD,
    "Invalid rounding mode {mode}. Expected {expected}.",
    "A cast whose mode= is not one of none, rint, round, floor, ceil, trunc, odd (or an int 0-6).",
)
_r(
    "PTO-TD143",
    "tensor-dim-axis",
    _TD,
    "tensor.dim axis {axis} out of range for tensor of rank {rank}",
    "pl.tensor.dim naming an axis the tensor does not have.",
)
_r(
    "PTO-TD144",
    "set-ffts-workspace",
    _TD,
    "system.set_ffts workspace {requirement}",
    "A pl.system.set_ffts workspace that is not a 1-D INT64 tensor of at least 256 elements.",
)
_r(
    "PTO-TD146",
    "prefetch-handle-operand",
    _TD,
    "{op} expects {role} (output of {producer}), got {got}",
    "A prefetch op given a tensor, tile or scalar where it takes a handle: async_prefetch and session take "
    "the context from pl.prefetch.make_context, wait the event from async_prefetch and the session from "
    "pl.prefetch.session.",
)
_r(
    "PTO-TD147",
    "reinterpret-view-bytes",
    _TD,
    "{op} requires {requirement}",
    "A reinterpret_view to the dtype its source already has, or with an explicit static shape that does not hold "
    "the source's bytes.",
)
_r(
    "PTO-TD148",
    "extract-source-rank",
    _TD,
    "tile.extract requires a 2D source tile, but got rank {rank}",
    "pl.tile.extract from a tile that is not 2-D.",
)
_r(
    "PTO-TD145",
    "distributed-operand",
    _TD,
    "pld.{op} {requirement}",
    "A pld collective or remote access given a plain pl.Tensor (or a tile) where it needs a window-bound "
    "pld.DistributedTensor, a barrier / broadcast signal that is not INT32, a negative broadcast root, "
    "pld.tensor.allreduce with core_num below 1, get_comm_ctx / rank / nranks given the wrong kind of operand, "
    "remote_load / remote_store / notify / wait / defer_wait offsets of the wrong rank, or a signal op given a "
    "plain tensor as its signal or a tensor or tile where it takes a scalar peer, value or expected.",
)
_r(
    "PTO-TD190",
    "dynamic-event-id-dtype",
    _TD,
    "{op} dynamic event id must have ScalarType(INDEX), got ScalarType",
    "A pl.system.sync_set / sync_wait event id that is a scalar of another dtype than INDEX.",
    "Pass an INDEX scalar (a loop variable or pl.tile.get_block_idx()), or an integer in [0, 13].",
)
_r(
    "PTO-TD191",
    "signal-op-values",
    _TD,
    "pld.{op} {requirement}",
    "A pld.system.notify / wait / defer_wait value its deducer rejects: an op or cmp outside the enum, a "
    "defer_wait with a cmp other than WaitCmp.Ge, a signal that is not INT32, a float offset or expected, or a "
    "constant expected outside [0, INT32_MAX].",
)
_r(
    "PTO-TD192",
    "transfer-contract",
    _TD,
    "pld.{op} {requirement}",
    "A pld.tensor.put / get that breaks its transfer contract: a negative or unchunked pipelined chunk, a "
    "partial region, dst and src of different element types or (full-slice) shapes, an atomic mode outside "
    "the enum, or a subregion of the wrong rank, with a non-positive extent, a negative offset or past its "
    "window.",
)
_r(
    "PTO-TD194",
    "remote-load-literal-peer",
    _TD,
    "create_op_call(): incompatible function arguments. The following argument types are supported:\n"
    "    1. create_op_call(op_name: str, args: collections.abc.Sequence[pypto.pypto_core.ir.Expr], span: "
    "pypto.pypto_core.ir.Span) -> pypto.pypto_core.ir.Call\n"
    "    2. create_op_call(op_name: str, args: collections.abc.Sequence[pypto.pypto_core.ir.Expr], kwargs: dict, "
    "span: pypto.pypto_core.ir.Span) -> pypto.pypto_core.ir.Call\n\n"
    "Invoked with types: str, list, dict, pypto.pypto_core.ir.Span",
    "pld.tile.remote_load (or pld.remote_load) given a number literal as peer=: the parser hands a keyword "
    "literal to the wrapper as a Python number, which passes it to the IR builder unconverted, and building "
    "the call fails.",
    "Pass the peer positionally (pld.tile.remote_load(target, 1, offsets, shape)) or as a scalar variable "
    "(peer=peer).",
)
_r(
    "PTO-TD193",
    "dynamic-transfer-needs-chunk",
    _TD,
    "pld.{op}: a dynamic {which} transfer dim needs a static {chunk} to bound the VEC staging tile",
    "A pld.tensor.put / get whose transfer extent (the region's shape, else the dst window's) is a runtime "
    "value in its rows (any leading dim) or its columns (the innermost dim) without a static chunk_rows / "
    "chunk_cols: the VEC staging tile it streams through is allocated statically.",
    "Pass the named chunk (chunk_rows= for the rows, chunk_cols= for the columns) as a static extent that sizes "
    "the staging tile, or give the transfer a compile-time extent.",
)
_r(
    "PTO-TD212",
    "view-of-mx-layout",
    _TD,
    "{op} does not support MX-layout tensors",
    "A tensor.slice / reshape / transpose / reinterpret_view (or a pld.tile.remote_load) of a tensor annotated "
    "with an MX scale-pack layout (pl.Tensor[[M, K], pl.FP8E8M0, pl.MX_A_ZZ] or pl.MX_B_NN): the packed scale "
    "layout has no plain view.",
    "Load the MX scale tensor whole into Mat (pl.load(..., target_memory=pl.Mem.Mat)) and slice the tile, or "
    "annotate the tensor as plain ND.",
)
_r(
    "PTO-TD213",
    "mx-load-target",
    _TD,
    "tile.load of an MX-layout tensor requires explicit target_memory=MemorySpace.Mat (MX scale loads are "
    "L1/Mat only); got MemorySpace.{memory}",
    "A pl.load of an MX scale-pack tensor (pl.MX_A_ZZ / pl.MX_B_NN) without target_memory=pl.Mem.Mat, or into "
    "another memory: MX scales are only loaded into L1 (Mat).",
    "Pass target_memory=pl.Mem.Mat, then move the tile to LeftScale / RightScale.",
)
_r(
    "PTO-TD214",
    "mx-load-shape",
    _TD,
    "The operator {op} of an MX-layout tensor {requirement}",
    "A pl.load of an MX scale-pack tensor (pl.MX_A_ZZ / pl.MX_B_NN) whose dtype is not FP8E8M0 / UINT8, whose "
    "rank is not 2, or whose load window is not 2D.",
    "Declare MX scale tensors as 2D FP8E8M0 (or UINT8) and load a 2D window of them.",
)
