"""OutlineClusterScopes (reference §2.5)."""

from __future__ import annotations

from compiler.diagnostics import Note
from compiler.rules.book import RuleBook

BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-OC1",
    "spmd-count-defined-in-cluster",
    "OutlineClusterScopes",
    "pl.spmd() block count references '{value}', which is defined inside the enclosing pl.cluster(). The "
    "block count is evaluated at the cluster's launch site, so it must be computed before `with "
    "pl.cluster():` and captured, e.g.\n"
    "    n = pl.system.available_cluster_count()\n"
    "    with pl.cluster():\n"
    "        with pl.spmd(n):",
    "The core_num of a cluster-nested pl.spmd uses a value bound inside the cluster.",
)

# Notes: the labels of related locations.

READ_HERE = Note("'{name}' is read here")
