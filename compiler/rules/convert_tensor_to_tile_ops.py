"""ConvertTensorToTileOps (reference §2.6)."""

from __future__ import annotations

from compiler.rules.book import RuleBook

BOOK = RuleBook()
_r = BOOK.rule

_CT = "ConvertTensorToTileOps"
_r(
    "PTO-CT1",
    "reinterpret-view-dn",
    _CT,
    "tensor.reinterpret_view in an InCore function currently supports only packed ND tensors; DN layout "
    "changes which logical axis is physically contiguous, and that information cannot yet be preserved by "
    "tensor-to-tile lowering",
    "tensor.reinterpret_view of a non-ND tensor inside InCore code.",
)
_r(
    "PTO-CT2",
    "view-of-tile",
    _CT,
    "tensor.view in an InCore function requires a GM Tensor input that remains tensor-like through "
    "ConvertTensorToTileOps; viewing the result of an op lowered to Tile is not supported",
    "tensor.view of a value that was lowered to a tile.",
)
_r(
    "PTO-CT3",
    "slice-rank-zero",
    _CT,
    "tensor.slice conversion does not support rank-0 tiles; keep one unit axis or use tensor.read for a "
    "scalar result",
    "A tensor.slice whose drop_dims removes every axis.",
    unreachable="tensor.slice's deducer rejects a drop_dims that removes every axis at parse time (PTO-TD157, "
    "'tensor.slice drop_dims cannot erase every dimension; ...'), so no rank-0 slice reaches the conversion",
)
_r(
    "PTO-CT4",
    "mixed-mte3-scalar-stores",
    _CT,
    "GM tensor '{param}' mixes MTE3 and scalar stores in one InCore function. tile.store/tensor.assemble "
    "uses the MTE3 path while tensor.write uses the scalar D-cache path; PyPTO cannot guarantee ordering or "
    "cache-line coherence between them. Rewrite the updates through one UB tile (use tile.write, then one "
    "tile.store), or use tensor.write for every GM element written to this tensor.",
    "One GM parameter written by both a DMA store and a scalar tensor.write.",
)
_r(
    "PTO-CT5",
    "div-row-broadcast-rows",
    _CT,
    "tensor.div row broadcasting requires the divisor valid rows to cover the dividend, but got dividend "
    "valid_shape {dividend} and divisor valid_shape {divisor}",
    "Row-broadcast tensor.div whose divisor has fewer valid rows than the dividend.",
)
_r(
    "PTO-CT5b",
    "div-row-broadcast-column",
    _CT,
    "tensor.div row broadcasting requires the divisor's first column to be valid, but got valid_shape "
    "{valid_shape}",
    "Row-broadcast tensor.div whose divisor has no valid first column.",
)
_r(
    "PTO-CT6",
    "atomic-assemble-on-chip",
    _CT,
    "tensor.assemble with atomic=AtomicType.Add requires a global-memory destination (a function output "
    "tensor), but this assemble targets an on-chip tile",
    "Atomic-add assemble into an on-chip tile.",
)
_r(
    "PTO-CT6b",
    "atomic-assemble-tensor-source",
    _CT,
    "tensor.assemble with atomic=AtomicType.Add requires a tile source stored into a global-memory target: "
    "the source must be an on-chip compute result (the split-K partial product), not a plain tensor. This "
    "assemble copies one tensor into another, so there is no store to carry the atomic combine.",
    "Atomic-add assemble whose source is a plain tensor.",
)
_r(
    "PTO-CT7",
    "scatter-update-rank",
    _CT,
    "scatter_update: only 2D input/src is currently supported in lowering, got input rank {input_rank} and "
    "src rank {src_rank}",
    "scatter_update on operands that are not 2D.",
)
_r(
    "PTO-CT7b",
    "scatter-update-index-range",
    _CT,
    "scatter_update: {dtype} dst has m*d = {elements} elements, exceeding the i16 flat-index limit (32767); "
    "reduce dst rows*cols or use a 4-byte dtype",
    "scatter_update destination too large for i16 flat indices.",
)
_r(
    "PTO-CT8",
    "matmul-acc-init-cond-rank",
    _CT,
    "tensor.matmul_acc does not support init_cond on operands of rank > 2 (got acc rank {acc_rank}, lhs rank "
    "{lhs_rank}, rhs rank {rhs_rank}). Loop over the batch dimension and accumulate with 2D operands "
    "instead.",
    "tensor.matmul_acc(init_cond=...) on batched operands.",
)
_r(
    "PTO-CT9",
    "gather-int16-index-range",
    _CT,
    "tensor.gather (A5) with INT16 indices: rows({rows}) * src_cols({cols}) exceeds the INT16 index range "
    "(max flat index 32767, rows <= {max_rows}).",
    "tensor.gather on A5 whose flat INT16 index overflows.",
)
_r(
    "PTO-CT9b",
    "gather-rank3-16bit",
    _CT,
    "tensor.gather: rank-3 gather on dim {dim} uses an INT32 flat index that only matches the tgather b32 "
    "form (32-bit src); 16-bit src is not yet supported on this axis. Got input dtype {dtype}",
    "Rank-3 tensor.gather of a 16-bit source on dim 0 or 1.",
)
_r(
    "PTO-CT9c",
    "gather-rank-dim",
    _CT,
    "tensor.gather: unsupported (rank, dim) combination, got rank={rank} norm_dim={dim}",
    "tensor.gather on an unsupported (rank, dim) pair.",
)
_r(
    "PTO-CT10",
    "paged-gather-indices",
    _CT,
    "tensor.paged_gather: indices length ({length}) exceeds max_indices ({max_indices})",
    "tensor.paged_gather with more indices than max_indices.",
)
_r(
    "PTO-CT11",
    "scatter-int16-index-range",
    _CT,
    "tensor.scatter with element dtype {dtype} uses INT16 flattened indices, but the destination is too "
    "large: rows({rows}) * cols({cols}) exceeds the INT16 index range (max flat index 32767, rows <= "
    "{max_rows}). Use a smaller tile or split the scatter into chunks.",
    "tensor.scatter destination too large for INT16 flat indices.",
)
_r(
    "PTO-CT12",
    "put-computed-source",
    _CT,
    "pld.tensor.put src must be a GM tensor, but got a computed value that lowers to a tile: TPUT transfers "
    "between two GM regions, and a UB tile has no GM address. Use pld.tensor.remote_store(src, target, "
    "peer, offsets) to push a computed value straight to a peer (pld.remote_store dispatches to it "
    "automatically).",
    "pld.tensor.put whose src is a computed (tile) value, or a plain tensor handed to the kernel when the put "
    "is assigned (`r = pld.tensor.put(...)`): ConvertTensorToTileOps loads the tensor operands of an assigned "
    "call into Vec tiles at the kernel's entry.",
    "Put from a window-bound tensor (pld.DistributedTensor), or call pld.tensor.put as a statement without "
    "assigning its result; push a computed value with pld.tensor.remote_store.",
)
_r(
    "PTO-CT13",
    "lowered-valid-shape-rank",
    _CT,
    "TileType valid_shape rank ({valid_rank}) must match the physical shape rank ({rank}): valid_shape {valid} "
    "vs shape {shape}",
    "An element-wise tensor op whose first operand has fewer dims than the other: the tile op it lowers to keeps "
    "the first operand's valid_shape on the broadcast shape.",
    "Reshape the lower-rank operand to the other's rank (pl.reshape) before the op.",
)
_r(
    "PTO-CT14",
    "lowered-tile-deducer",
    _CT,
    "{detail}",
    "The tile op a tensor op lowers to rejects the tiles ConvertTensorToTileOps gives it (a row reduction of a "
    "1-D tensor, a matmul of two dtypes), in the tile deducer's words.",
)
_r(
    "PTO-CT15",
    "gather-row-accumulator-in-gm",
    _CT,
    "The operator tile.gather_row requires dst to be a TileType, but got TensorType",
    "A tensor.gather_row whose accumulator is a global-memory tensor (a parameter): only an accumulator made "
    "by pl.create_l1 becomes an on-chip tile, and gather_row writes into it in place.",
    "Create the accumulator in the scope with pl.create_l1(shape, dtype) and gather into that.",
)
_r(
    "PTO-CT16",
    "tensor-alloc-in-core",
    _CT,
    'TensorOp "tensor.alloc" has no registered tile conversion. Add a conversion in '
    "src/ir/transforms/op_conversion_registry.cpp.",
    "pl.tensor.alloc bound to a name inside InCore code: ConvertTensorToTileOps has no tile form for it (an "
    "internal error at e2d0f78).",
    "Allocate on-chip memory with pl.create_tile(shape, dtype=..., target_memory=...) inside the scope, or call "
    "pl.tensor.alloc in orchestration code.",
)
_r(
    "PTO-CT17",
    "scatter-update-rows",
    _CT,
    "tensor.scatter_update conversion: src rows ({rows}) must match index size (b * s = {size})",
    "A scatter_update (tensor or tile form) whose src does not have one row per element of its [b, s] index: "
    "each src row is written whole to the row the flattened index names.",
    "Give src b * s rows, one per index element.",
)
_r(
    "PTO-CT18",
    "scatter-update-cols",
    _CT,
    "The operator tile.scatter requires indexes.shape[1] == src.shape[1], got src cols {src_cols} vs indexes "
    "cols {cols}",
    "A scatter_update whose src rows are not as wide as the input's: the lowering scatters whole rows through a "
    "flat index as wide as the input.",
    "Make src as wide as the input (the same number of columns).",
)
_r(
    "PTO-CT20",
    "get-destination-tile",
    _CT,
    "pld.tensor.get conversion: dst must be Tensor or DistributedTensor, got TileType",
    "pld.tensor.get whose dst is a tile when the op is converted: a computed value, or a plain tensor handed to "
    "the kernel when the get is assigned (`r = pld.tensor.get(...)`), which ConvertTensorToTileOps loads into a "
    "Vec tile at the kernel's entry (an internal check at e2d0f78).",
    "Call pld.tensor.get as a statement without assigning its result, or get into a window-bound tensor.",
)
_r(
    "PTO-CT19",
    "cast-target-type-int",
    "LegalizeTileCast",
    "Invalid type for kwarg key: target_type, expected DataType, but got {got}",
    "A tensor.cast in InCore code whose target_type is a number, not a dtype: the cast lowering reads it as a "
    "DataType (an internal error at e2d0f78).",
    "Pass a dtype: target_type=pl.FP16 (or pl.BF16, pl.INT32, ...).",
)
