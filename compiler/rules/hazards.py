"""Hazard lints (shared/corpus/HAZARDS.md, spec 003 and 004): patterns the compiler accepts but that
miscompute, deadlock or race on hardware. All warnings, all our text."""

from __future__ import annotations

from compiler.diagnostics import Note, Severity
from compiler.rules.book import RuleBook

_W = Severity.WARNING


BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-H1",
    "notify-on-both-lanes",
    "lint",
    "'pld.system.notify' runs on both AIV lanes here (the body runs once per lane), so the peer is "
    "signalled twice: an AtomicAdd counter reads double and a pld.system.wait is released after one real "
    "arrival",
    "A once-only side effect in a mode=NONE region must be sharded by aiv_id or restricted to one lane: "
    "the region body runs on both AIV lanes.",
    "Shard it by lane ('for owner in pl.range(aiv_id, n, 2):') or guard it with 'if aiv_id == 0:'.",
    _W,
)
_r(
    "PTO-H2",
    "lane0-notify-before-lane1-data",
    "lint",
    "'pld.system.notify' runs on one lane only, but it releases data that the other lane also writes "
    "('{written}', line {line}); nothing orders the two lanes, so the peer can read that half before it lands",
    "A notify restricted to lane 0 is safe only when lane 0 wrote all the data it releases: the two AIV "
    "lanes run asynchronously.",
    "Shard the notify by aiv_id so each lane releases only what it wrote, let the guarded lane write all of "
    "it, or order the lanes (pl.system.sync_set / sync_wait) before the notify.",
    _W,
)
_r(
    "PTO-H3",
    "gather-lane-varying-from-none",
    "lint",
    "'{value}' is gathered out of a mode=NONE region but differs between the two AIV lanes: both lanes push "
    "into one slot with no arbitration, so the cube receives one of the two values, unspecified which",
    "pl.aic_gather out of a mode=NONE region is well defined only for a lane-uniform value: both lanes push "
    "into one slot with no per-lane offset.",
    "Gather only lane-uniform values, or use an UP_DOWN / LEFT_RIGHT region where each lane owns a half.",
    _W,
)
_r(
    "PTO-H4",
    "gm-cross-lane-unordered",
    "lint",
    "GM tensor '{tensor}' is written on the {writer} lane (line {line}) and read here on the {reader} lane "
    "of the same mixed kernel, and no fence orders the two: the lanes run asynchronously and race on the "
    "buffer",
    "Ordering the cube lane's writes and the vector lane's reads of one GM buffer is the author's job; "
    "the compiler fences only a single cube store followed by a vector load in the same body.",
    "Before this read: publish (pl.system.cacheinvalid()), pl.system.fence(), a barrier "
    "(pl.system.syncall), then pl.system.cacheinvalid(); or pass the value as a tile through "
    "pl.aiv_shard / pl.aic_gather.",
    _W,
)
_r(
    "PTO-H5",
    "spmd-blocks-overlap",
    "lint",
    "every block of this pl.spmd launch writes block-dependent data to '{tensor}' at an offset that does not "
    "depend on the block index, so the blocks race on the same bytes",
    "pl.spmd is an assertion, not a request: the blocks must be independent, so each must write its own "
    "part of an output.",
    "Derive the store offset from pl.tile.get_block_idx() (or the pl.spmd loop variable), or accumulate "
    "with atomic=pl.AtomicType.Add.",
    _W,
)
_r(
    "PTO-H6",
    "write-shared-cache-line",
    "lint",
    "concurrent instances write different elements of '{tensor}' with pl.write into the same 64-byte cache "
    "line (they are {stride} bytes apart); DDR receives whole lines, so most of these writes are lost, "
    "differently on every run",
    "Concurrent instances must not pl.write different elements of one 64-byte cache line: DDR receives "
    "whole lines, not elements.",
    "Give each instance whole 64-byte lines (space the elements {line_elems} apart), or do the writes from "
    "pl.spmd(1).",
    _W,
)
_r(
    "PTO-H7",
    "hard-syncall-launch-width",
    "lint",
    "hard pl.system.syncall in kernel '{kernel}' waits for every physical core, but this launch {launch}",
    "Size a launch that holds a hard pl.system.syncall by the device, with "
    "pl.system.available_cluster_count() / available_aiv_count() written inline in pl.spmd.",
    "Launch with pl.spmd({query}, sync_start=True), writing the query inline.",
    _W,
    fix_title="Launch on {text}",
)
_r(
    "PTO-H8",
    "cacheinvalid-single-line",
    "lint",
    "pl.system.cacheinvalid('{tensor}', ...) invalidates only the cache line holding the view's base "
    "address, but the view it names spans {nbytes} bytes (more than one 64-byte line)",
    "The tensor-region form of pl.system.cacheinvalid covers only the cache line of the view's base "
    "address; a buffer that may span several lines needs the whole-GM form.",
    "Use the whole-GM form pl.system.cacheinvalid() around the barrier.",
    _W,
    fix_title="Use the whole-GM form {text}",
)

# Notes: the labels of related locations.

WRITTEN_BY_BOTH_LANES = Note("'{value}' written here by both lanes")
STORED_ON_LANE = Note("'{tensor}' stored here on the {lane} lane")
HARD_BARRIER = Note("the hard barrier")


# Clauses: the texts that fill a field.

LITERAL_WIDTH = Note(
    "uses the literal width {width}; a literal does not follow the core count of the device a run lands on"
)
"""PTO-H7 ``launch``: the launch width is a literal."""
BOUND_QUERY = Note(
    "takes its width from a name bound to pl.system.{query}(); the query must be written inline in pl.spmd, "
    "or the printed IR cannot be parsed back"
)
"""PTO-H7 ``launch``: the launch width is a name bound to the device query."""

# The sentence of the PyPTO specification each lint rests on (scopes-and-placement and operator-system
# documents, in English).
SPEC_SENTENCES: dict[str, str] = {
    "PTO-H1": "A mode=NONE region body runs on both AIV sub-lanes; a side effect that must happen once, "
    "above all pld.system.notify, must be sharded by aiv_id or restricted to one lane.",
    "PTO-H2": "Restricting to lane 0 carries an ordering duty that sharding does not: it is safe only when "
    "all data released by the signal was written by lane 0 itself.",
    "PTO-H3": "Only a value that is the same on both AIV lanes can be gathered: both lanes push into the same "
    "target slot with no arbitration, so the cube receives one of the two, unspecified which.",
    "PTO-H4": "AIC and AIV run asynchronously; ExpandMixedKernel only handles the narrow case of the single "
    "cube tile.store producer and a same-origin vector tile.load in the same or a nested body. Every other "
    "GM hand-off (V->C, communication ops, sibling bodies) is yours to order.",
    "PTO-H5": "pl.spmd is an assertion, not a request: you are telling the compiler the blocks are "
    "independent. If they are not, the result is a race, not a diagnostic.",
    "PTO-H6": "Concurrent instances that write different elements of the same 64-byte cache line lose most "
    "of those writes: DDR receives lines, not elements.",
    "PTO-H7": "With a hard pl.system.syncall, size the launch by the device, not by a literal: pass "
    "pl.system.available_cluster_count() or available_aiv_count(), written inline at the call site.",
    "PTO-H8": "The tensor-region overload of cacheinvalid covers only the cache line holding the view's base "
    "address; for a buffer that may span several lines use the conservative whole-GM form.",
}
