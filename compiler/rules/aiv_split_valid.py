"""AivSplitValid verifier (reference §2.4): checks (a) ... (h)."""

from __future__ import annotations

from compiler.diagnostics import Note
from compiler.rules.book import RuleBook

BOOK = RuleBook()
_r = BOOK.rule

_AV = "AivSplitValid"
_r(
    "PTO-AV-A",
    "cube-op-inside-region",
    _AV,
    "cube op '{op}' inside a pl.split_aiv region: the region body is AIV work, so cube ops do not belong in "
    "it{half_tile_clause}; move it outside the region{ending}",
    "(a) A cube op (including a Mat load or an Acc store) inside a region, any mode; see variant_fields "
    "'data_parallel' / 'none'.",
    "Move the cube op outside the pl.split_aiv region.",
    variants={
        "data_parallel": {
            "half_tile_clause": (
                ", and each AIV lane holds only half the tile so it cannot be vector-split either"
            ),
            "ending": ", or gather the lanes back to a full tile (tile.aic_gather) first.",
        },
        "none": {
            "half_tile_clause": "",
            "ending": ".",
        },
    },
)
_r(
    "PTO-AV-B",
    "reduce-over-split-axis",
    _AV,
    "reduce op '{op}' reduces over the split axis (dim {dim}) inside a pl.split_aiv region, producing a "
    "partial reduction; reduce the non-split axis, or gather the lanes back (tile.aic_gather) before "
    "reducing.",
    "(b) A tile.row_* / tile.col_* reduction over the split axis of an UP_DOWN / LEFT_RIGHT region.",
    "Reduce the non-split axis, or pl.aic_gather the lanes back first.",
)
_r(
    "PTO-AV-C",
    "boundary-op-outside-region",
    _AV,
    "'{op}' must appear inside a pl.split_aiv region (it marks the AIV-split boundary and is only "
    "meaningful there).",
    "(c) An outlined-form tile/tensor aiv_shard / aic_gather outside every region.",
    "Move the boundary op into a pl.split_aiv region.",
)
_r(
    "PTO-AV-D1",
    "boundary-operand-memory",
    _AV,
    "'{op}' operand is in {actual}, but it transfers a {producer}-produced value across the cross-core "
    "boundary and requires {required}.{operand_hint}",
    "(d) A boundary op whose operand lives in the wrong memory (e.g. pl.aiv_shard of a vector-produced "
    "value); see variant_fields 'aiv_shard' / 'aic_gather'.",
    "Shard only cube (Acc) results; gather only vector (Vec) results.",
    variants={
        "aiv_shard": {
            "op": "tile.aiv_shard",
            "producer": "cube",
            "required": "Acc",
            "operand_hint": (
                " Only a cube-produced value reaches the vector lane through this boundary: Acc is "
                "the matmul result the c2v pipe can push. A Vec operand is vector-produced "
                "(pl.load / pl.full) and already lives on the AIV lane — drop the pl.aiv_shard and "
                "let the implicit affinity-gated split halve it. A Mat operand is not a supported "
                "producer pipe; move it through a pl.matmul, or load it on the vector lane instead."
            ),
        },
        "aic_gather": {
            "op": "tile.aic_gather",
            "producer": "vector",
            "required": "Vec",
            "operand_hint": (
                " Gather the value only after it has been computed by vector ops on the AIV lane."
            ),
        },
    },
)
_r(
    "PTO-AV-D2",
    "boundary-result-memory",
    _AV,
    "'{op}' result is in {actual}, but it delivers its {delivery} lane and must be {required} (the memory "
    "ExpandMixedKernel pops it into).",
    "(d) A boundary op result in the wrong memory (hand-built IR only); see variant_fields.",
    unreachable="needs hand-built IR: a boundary op's result memory is set by the op, not by source",
    variants={
        "aiv_shard": {
            "op": "tile.aiv_shard",
            "delivery": "half to the vector",
            "required": "Vec",
        },
        "aic_gather": {
            "op": "tile.aic_gather",
            "delivery": "full tile to the cube",
            "required": "Mat",
        },
    },
)
_r(
    "PTO-AV-E",
    "vector-op-outside-region",
    _AV,
    "vector op '{op}' sits outside every pl.split_aiv region, but this function already opens one, so the "
    "regions are authoritative for where vector work runs and this op has no lane to run on. Wrap this "
    "phase in its own region — 'for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):' runs the full body on "
    "both AIV lanes and is the task-parallel form for full-width compute — or move the op into an existing "
    "region.",
    "(e) In a function that opens a region, a vector op outside every region.",
    "Wrap the op in 'for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):'.",
)
_r(
    "PTO-AV-F",
    "missing-aic-gather",
    _AV,
    "'{value}' is defined inside a pl.split_aiv region but '{op}' reads it on the CUBE lane outside that "
    "region, so the value crosses the AIV -> AIC boundary implicitly. In manual mode (this function opens a "
    "region) the crossing must be written down: wrap it in pl.aic_gather(...) inside the region — '{value} "
    "= pl.aic_gather({value})' — and read the gathered value here.",
    "(f) A region value read on the cube lane outside the region without pl.aic_gather.",
    "Add '{value} = pl.aic_gather({value})' at the end of the region.",
)
_r(
    "PTO-AV-G",
    "missing-aiv-shard",
    _AV,
    "'{value}' is produced on the CUBE lane by '{defop}' outside every pl.split_aiv region, but '{op}' "
    "reads it on the VECTOR lane inside one, so the value crosses the AIC -> AIV boundary implicitly. In "
    "manual mode (this function opens a region) the crossing must be written down: bring it in with "
    "pl.aiv_shard(...) at the top of the region — '{value} = pl.aiv_shard({value})' — and read the sharded "
    "value here.",
    "(g) A cube value read on the vector lane inside a region without pl.aiv_shard.",
    "Add '{value} = pl.aiv_shard({value})' at the top of the region.",
)
_r(
    "PTO-AV-H",
    "region-in-incore-function",
    _AV,
    "'pl.split_aiv' opens a CORE_GROUP-level region, so it cannot be authored inside a function declared "
    "'pl.FunctionType.InCore' — that function is already a core function. A region reaches an InCore "
    "function only when OutlineIncoreScopes lifted the enclosing CORE_GROUP scope into it, and that pass "
    "processes only Opaque / Orchestration functions. Declare the enclosing function with plain "
    "@pl.function / @pl.jit (Opaque), or open the region inside a 'with pl.at(level=pl.Level.CORE_GROUP):' "
    "scope in such a function, and let pass 8 outline it.",
    "(h) A pl.split_aiv region inside a function declared pl.FunctionType.InCore.",
    "Declare the function with plain @pl.function / @pl.jit and open the region in a pl.at(CORE_GROUP) "
    "scope.",
)

# Notes: the labels of related locations.

DECLARED_INCORE = Note("declared InCore here")
PRODUCED_ON_AIV = Note("'{value}' is produced on the AIV lane here")
PRODUCED_ON_AIC = Note("'{value}' is produced on the AIC lane by '{op}' here")
PRODUCED_BY = Note("'{value}' is produced by '{op}' here")
