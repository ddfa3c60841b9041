"""FlattenTileNdTo2D (reference §2.7)."""

from __future__ import annotations

from compiler.rules.book import RuleBook

BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-FT6",
    "nd-tile-op-unsupported",
    "FlattenTileNdTo2D",
    "FlattenTileNdTo2D: {op} is not supported on >2D tiles",
    "tile.read / tile.write / tile.slice on a tile of rank 3 or more (hardware tiles are 2D).",
    "Reshape the tile to 2D (pl.tile.reshape) before reading, writing or slicing it.",
)
_r(
    "PTO-FT7",
    "nd-transpose-batch-axis",
    "FlattenTileNdTo2D",
    "FlattenTileNdTo2D: only last-two-axes tile.transpose on >2D tiles is supported; transpose involving a "
    "batch axis (axes {a}, {b} of rank {n}) is not yet lowered. Reshape the tile so the transposed axes are "
    "the last two.",
    "A tile.transpose of a >2D tile that swaps a batch axis.",
)
_r(
    "PTO-FT8",
    "flattened-operands-rejected",
    "FlattenTileNdTo2D",
    "{detail}",
    "An op over a >2D tile whose operands no longer fit once FlattenTileNdTo2D folds the leading axes into one "
    "([2, 64, 64] -> [128, 64]), in the deducer's words.",
    "Give every operand of the op the same rank (pl.reshape), so the flattened shapes still line up.",
)
_r(
    "PTO-FT10",
    "nd-assemble-offset-rank",
    "FlattenTileNdTo2D",
    "FlattenTileNdTo2D: tile.assemble into a {rank}D tile has a rank-{n} offset. The offset names a point in the "
    "target's own coordinate space, so it needs exactly one index per target dimension.",
    "A tile.assemble into a >2D tile whose offset has fewer or more indices than the target has dimensions.",
    "Give the offset one index per dimension of the target tile.",
)
_r(
    "PTO-FT11",
    "nd-assemble-source-rank",
    "FlattenTileNdTo2D",
    "FlattenTileNdTo2D: tile.assemble into a {rank}D tile has a rank-{n} source {shape}. Reshape the source to "
    "the target rank (pl.tile.reshape) before assembling.",
    "A tile.assemble into a >2D tile from a source of another rank.",
)
_r(
    "PTO-FT12",
    "nd-assemble-row-band",
    "FlattenTileNdTo2D",
    "FlattenTileNdTo2D: tile.assemble writes a {source} region into a {target} tile, which does not collapse to a "
    "contiguous row band when the tile is flattened to 2D (hardware tiles are always 2D). Every dimension below "
    "the outermost partial one must be written in full. Fix by looping over the outer dimension and assembling "
    "one contiguous page per iteration.",
    "A tile.assemble into a >2D tile whose source is partial in a dimension below its outermost partial one.",
)
_r(
    "PTO-FT13",
    "nd-merged-dim-overflow",
    "FlattenTileNdTo2D",
    "FlattenTileNdTo2D: integer overflow when computing merged dimension in {context} (merged={merged}, "
    "dim={dim})",
    "A >2D tile whose leading dimensions multiply past 2**63 - 1 when they are folded into one row axis.",
    "Use tile dimensions whose product fits in 64 bits (hardware tiles are far smaller).",
)
_r(
    "PTO-FT21",
    "unroll-trip-count-limit",
    "UnrollLoops",
    "Unroll loop trip count {trips} exceeds maximum allowed ({limit}). Reduce the loop range or use pl.range() "
    "instead",
    "A pl.unroll loop with constant bounds that would expand into more than 1024 copies of its body (UnrollLoops "
    "caps the expansion).",
    "Reduce the loop range to at most 1024 iterations, or use pl.range() so the loop stays a loop.",
)
_r(
    "PTO-FT22",
    "cast-no-native-path",
    "LegalizeTileCast",
    "LegalizeTileCast: no native cast path from {src} to {dst} for arch {arch}; pto.tcvt does not support this "
    "conversion",
    "A cast of a tile to a dtype that no chain of the backend's native conversions (pto.tcvt) reaches from the "
    "source dtype, e.g. fp32 to uint32 on a2a3, or anything to fp8e8m0.",
    "Cast through dtypes the backend converts natively, or produce the value in the target dtype another way "
    "(e.g. load it already in that dtype).",
)
_r(
    "PTO-FT23",
    "explicit-l0-operand-too-large",
    "AutoTileMatmulL0",
    "{op} {role} operand '{name}' is already resident in {space} ({hardware}) with physical shape {shape} and "
    "dtype {dtype}, requiring {required} bytes, but the active backend provides {capacity} bytes. "
    "AutoTileMatmulL0 does not retile operands already placed in Left or Right. Keep this operand in Mat and "
    "pass it directly to {op} so AutoTileMatmulL0 can choose legal L0 tiles, or manually extract a smaller "
    "{space} tile.",
    "A matmul operand moved into Left (L0A) or Right (L0B) by hand whose single tile is larger than the whole "
    "64 KiB L0 buffer (AutoTileMatmulL0 retiles only operands left in Mat).",
    "Keep the operand in Mat and pass it to the matmul directly, or move a smaller slice into Left / Right.",
)
_r(
    "PTO-FT24",
    "acc-row-window-destination",
    "CanonicalizeTileSlice",
    "{op}: the accumulator is a {rows}x{cols} row window of a {parent_rows}x{parent_cols} Acc (L0C) tile, which "
    "is not contiguous in L0C's block layout and cannot be a matmul destination — the hardware MAD writes its "
    "result compactly and has no destination stride, so only the first {block} columns of each row tile would be "
    "correct.\nSlice the accumulator along columns instead, so each window spans every row: allocate "
    "{rows}x{wide} and use tile.slice(acc, [{rows}, {cols}], [0, i * {cols}]). That is the same L0C memory, "
    "addressed in the order the hardware writes it.",
    "A matmul_acc into a tile.slice of an Acc tile that takes fewer rows than the parent (a row window), "
    "unless the window lies inside one 16-column block.",
    "Slice the accumulator along columns so every window spans all rows of the Acc tile.",
)
_r(
    "PTO-FT25",
    "nd-tile-dynamic-dim",
    "FlattenTileNdTo2D",
    "FlattenTileNdTo2D: tile op '{op}' has a dynamic (non-constant) dimension {i} in its >2D tile shape, which "
    "cannot be flattened to 2D. Hardware tiles map to fixed-size on-chip buffers, so every tile dimension must be "
    "a compile-time constant; a pl.dynamic dimension has no static bound and cannot back a tile dimension "
    "directly. Fix by either: (1) iterating/tiling the dynamic dimension with pl.range/pl.parallel so each "
    "per-iteration tile slice is static, or (2) reshaping the tensor to 2D before the InCore (pl.at) scope so the "
    "dynamic extent lands on the pl.parallel loop bound instead of inside the tile shape.",
    "A tile op whose >2D tile argument or result has an extent known only at run time (a pl.dynamic dimension, "
    "a scalar), e.g. pl.load(x, [0, 0, 0], [n, 16, 64]).",
    "Loop over the dynamic dimension (pl.range) and load a static slice per iteration, or reshape the tensor to "
    "2D before the InCore scope.",
)
_r(
    "PTO-FT26",
    "batch-matmul-dynamic-dim",
    "FlattenTileNdTo2D",
    "FlattenTileNdTo2D: found a dynamic (non-constant) dimension in {context}, but flattening >2D tiles to 2D "
    "(and unrolling batched matmul) requires every tile dimension to be a compile-time constant. A pl.dynamic "
    "dimension has no static bound and cannot back a tile dimension directly. Tile/iterate the dynamic dimension "
    "with pl.range/pl.parallel, or reshape to 2D before the InCore (pl.at) scope so the dynamic extent lands on "
    "the pl.parallel loop bound instead of inside the tile shape.",
    "A batch_matmul whose 2D operand (which the >2D analysis does not see) has an extent known only at run time; "
    "unrolling the batches needs every operand extent static.",
    "Give the batched matmul's operands static extents (loop over the dynamic dimension with pl.range).",
)
_r(
    "PTO-FT27",
    "nd-tile-non-positive-dim",
    "FlattenTileNdTo2D",
    "FlattenTileNdTo2D: tile dimension {i} must be positive in {context}, got {dim}",
    "A >2D tile with a leading extent of 0 or less (e.g. pl.load(x, [0, 0, 0], [0, 16, 64])), which cannot be "
    "folded into the 2D tile's row count.",
    "Give every tile dimension a positive extent.",
)
_r(
    "PTO-FT28",
    "batch-matmul-batch-overflow",
    "FlattenTileNdTo2D",
    "FlattenTileNdTo2D: integer overflow when computing {context}",
    "A batched matmul whose broadcast batch extents multiply past 2**63 - 1 (e.g. batches [2**32, 1] x "
    "[1, 2**32]), so the unrolled batch count does not fit in 64 bits.",
    "Use batch extents whose broadcast product fits in 64 bits (each batch is unrolled into its own matmul).",
)
_r(
    "PTO-FT29",
    "batch-matmul-store-offsets",
    "FlattenTileNdTo2D",
    "FlattenTileNdTo2D: tile.store offsets rank must match batch_matmul result rank",
    "A tile.store right after a batch_matmul of its result (which the rewrite fuses into per-batch stores) whose "
    "offset list has fewer or more entries than the batched result has dimensions.",
    "Give the store one offset per dimension of the batch_matmul result (e.g. [0, 0, 0] for a [B, M, N] result).",
)
_r(
    "PTO-FT30",
    "mx-matmul-backend",
    "InsertMxScaleAddr",
    "{op} is only supported on the Ascend950 ('a5') backend, but got '{arch}'",
    "An MX matmul (matmul_mx, matmul_mx_acc, matmul_mx_bias) compiled for a backend other than Ascend950: "
    "InsertMxScaleAddr binds its scale tiles only on a5.",
    "Compile for the a5 backend (a '# target: a5' first line or --target a5), or use a plain matmul on a2a3.",
)
_r(
    "PTO-FT31",
    "batch-matmul-acc-dynamic",
    "FlattenTileNdTo2D",
    "FlattenTileNdTo2D: tile.batch_matmul_acc expects static acc dims after flatten",
    "A batch_matmul_acc whose 2D accumulator has an extent known only at run time (e.g. the result of a matmul "
    "of a tile loaded with a scalar row count), which the lowering cannot slice per batch.",
    "Accumulate into a tile of static extents (load a static block, and carry the runtime count as a valid "
    "shape).",
)
_r(
    "PTO-FT32",
    "batch-matmul-empty-batch",
    "FlattenTileNdTo2D",
    "FlattenTileNdTo2D: dimension {i} must be positive in {context}, got {dim}",
    "A batched matmul whose broadcast batch has an extent of 0 (e.g. an operand reshaped to [0, 1, 64]), so "
    "there is no batch to unroll.",
    "Give every batch dimension of the matmul operands a positive extent.",
)
_r(
    "PTO-FT33",
    "nd-mat-load-row-offset-overflow",
    "FlattenTileNdTo2D",
    "FlattenTileNdTo2D: integer overflow while canonicalizing index add",
    "A >2D tile.load into Mat whose leading offsets, folded into one row of the tensor's 2D view "
    "(offset0 * dim1 + offset1 ...), pass 2**63 - 1: a clamp=True offset far past the tensor's edge.",
    "Keep the load's offsets inside the tensor (clamp=True narrows a window at the edge, it does not make a "
    "far-out offset meaningful).",
)
