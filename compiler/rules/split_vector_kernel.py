"""SplitVectorKernel (reference §2.11): hand-written standalone split kernels."""

from __future__ import annotations

from compiler.rules.book import RuleBook

BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-SV1",
    "invalid-pipe-split",
    "SplitVectorKernel",
    "SplitVectorKernel found invalid cross-core split attribute: {split}",
    "A tpush/tpop split attribute outside 0 ... 4.",
)
_r(
    "PTO-SV2",
    "conflicting-pipe-splits",
    "SplitVectorKernel",
    "SplitVectorKernel found conflicting cross-core split modes in function body",
    "Two tpush/tpop ops of one standalone kernel disagree on the split mode (split=0 never conflicts).",
)
_r(
    "PTO-SV3",
    "function-split-vs-pipe-split",
    "SplitVectorKernel",
    "SplitVectorKernel found conflicting function split and cross-core op split",
    "The function split attribute disagrees with the mode of its pipe ops.",
)
