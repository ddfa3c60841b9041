"""The deferred-waiter contract (deferred_wait_contract.h) and where a waiter may sit, against the reference
compiler's recorded verdicts on waiters of our own: what it rejects (code and line) and what it accepts."""

from __future__ import annotations

import pytest

from compiler import analyze

HEAD = "import pypto.language as pl\nimport pypto.language.distributed as pld\n\n\n"
SIG = (
    "sig: pld.DistributedTensor[[8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32], "
    "idx: pl.Tensor[[8], pl.INT32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]"
)
WAIT = "pld.system.defer_wait(sig, [0], 1, cmp=pld.WaitCmp.Ge)"


def waiter(*body: str, scope: str = 'with pl.at(level=pl.Level.CORE_GROUP, name_hint="waiter"):') -> str:
    """A @pl.jit entry (def on line 6, the scope on line 7) whose first scope holds `body`."""
    lines = [f"@pl.jit\ndef faulty({SIG}):", f"    {scope}", *(f"        {b}" for b in body)]
    lines += [
        '    with pl.at(level=pl.Level.CORE_GROUP, name_hint="consumer"):',
        "        out[:] = pl.exp(x)",
    ]
    return HEAD + "\n".join([*lines, "    return out", ""])


def program(*body: str, decorator: str = "@pl.function") -> str:
    """A @pl.program member (def on line 8, its body from line 9)."""
    sig = SIG.replace("idx: pl.Tensor[[8], pl.INT32], ", "")
    lines = [
        "@pl.program",
        "class Prog:",
        f"    {decorator}",
        f"    def faulty(self, {sig}) -> pl.Tensor[[64, 64], pl.FP32]:",
    ]
    lines += [f"        {b}" for b in body]
    lines += [
        '        with pl.at(level=pl.Level.CORE_GROUP, name_hint="consumer"):',
        "            out[:] = pl.exp(x)",
    ]
    return HEAD + "\n".join([*lines, "        return out", ""])


def errors(source: str) -> list[tuple[str, int]]:
    return [(d.code, d.span.line) for d in analyze(source).diagnostics if d.is_error]


ORCH = "@pl.function(type=pl.FunctionType.Orchestration)"
CASES = {
    # Rejected: the compiler's rule and line.
    "jit-chip-stays-in-function": (waiter(WAIT, scope="with pl.at(level=pl.Level.CHIP):"), [("PTO-E4", 6)]),
    "jit-aiv-level": (waiter(WAIT, scope="with pl.at(level=pl.Level.AIV):"), [("PTO-E4", 6)]),
    "orchestration-chip": (
        program("with pl.at(level=pl.Level.CHIP):", f"    {WAIT}", decorator=ORCH),
        [("PTO-E4", 8)],
    ),
    "opaque-chip-lifted": (program("with pl.at(level=pl.Level.CHIP):", f"    {WAIT}"), [("PTO-OI2", 9)]),
    "opaque-host-lifted": (program("with pl.at(level=pl.Level.HOST):", f"    {WAIT}"), [("PTO-OI2", 9)]),
    "chip-around-core-group": (
        waiter(
            "with pl.at(level=pl.Level.CORE_GROUP):", f"    {WAIT}", scope="with pl.at(level=pl.Level.CHIP):"
        ),
        [("PTO-OI3", 8)],
    ),
    "spmd-loop-binds-block-index": (
        waiter(WAIT, scope="for i in pl.spmd(4):"),
        [("PTO-OI8b", 7)],
    ),
    "continue-in-waiter": (
        waiter("for i in pl.range(4):", "    if i > 1:", "        continue", f"    {WAIT}"),
        [("PTO-OI11b", 10)],
    ),
    "nested-scope-in-waiter": (
        waiter(WAIT, "with pl.at(level=pl.Level.CORE_GROUP):", "    j = 1"),
        [("PTO-OI11b", 9)],
    ),
    "tensor-alias-in-waiter": (waiter("y = x", WAIT), [("PTO-OI7", 8)]),
    "tensor-slice-in-waiter": (waiter(WAIT, "y = x[0:16, :]"), [("PTO-OI7", 9)]),
    "tensor-slice-call-in-waiter": (waiter(WAIT, "y = pl.slice(x, [16, 64], [0, 0])"), [("PTO-OI7", 9)]),
    "read-in-offsets": (
        waiter("pld.system.defer_wait(sig, [pl.read(idx, [0])], 1, cmp=pld.WaitCmp.Ge)"),
        [("PTO-OI8b", 8)],
    ),
    "read-in-loop-bound": (
        waiter(
            "for i in pl.range(pl.read(idx, [0])):",
            "    pld.system.defer_wait(sig, [0], i, cmp=pld.WaitCmp.Ge)",
        ),
        [("PTO-OI10b", 8)],
    ),
    # Accepted by the compiler: silent.
    "local-constant-bound": (
        waiter(
            "k = 3", "for i in pl.range(k):", "    pld.system.defer_wait(sig, [0], i, cmp=pld.WaitCmp.Ge)"
        ),
        [],
    ),
    "read-in-condition-is-hoisted": (waiter("if pl.read(idx, [0]) > 0:", f"    {WAIT}"), []),
    "unrolled-registrations": (
        waiter("for i in pl.unroll(2):", "    pld.system.defer_wait(sig, [i], 1, cmp=pld.WaitCmp.Ge)"),
        [],
    ),
    "loop-without-registration": (
        waiter("k: pl.Scalar[pl.INT32] = pl.read(idx, [0])", "for i in pl.range(k):", "    j = i + 1", WAIT),
        [],
    ),
    "scalar-bookkeeping-after-registration": (
        waiter(WAIT, "j = 3 + 4", "pld.system.defer_wait(sig, [j], 1, cmp=pld.WaitCmp.Ge)"),
        [],
    ),
    "scalar-min": (
        waiter(
            "v: pl.Scalar[pl.INT32] = pl.read(idx, [0])",
            "w = pl.min(v, 3)",
            "pld.system.defer_wait(sig, [w], 1, cmp=pld.WaitCmp.Ge)",
        ),
        [],
    ),
    "scalar-cast": (
        waiter(
            "v: pl.Scalar[pl.INT32] = pl.read(idx, [0])",
            "w = pl.cast(v, pl.INDEX)",
            "pld.system.defer_wait(sig, [w], 1, cmp=pld.WaitCmp.Ge)",
        ),
        [],
    ),
    "opaque-core-group": (program("with pl.at(level=pl.Level.CORE_GROUP):", f"    {WAIT}"), []),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_waiter_placement_and_contract(name: str) -> None:
    source, expected = CASES[name]
    assert errors(source) == expected


def test_hand_written_waiter_is_held_to_the_contract() -> None:
    """ExpandMixedKernel validates a marked hand-written waiter too (after its E4 / E5 / E5b audit)."""
    source = HEAD + (
        "@pl.program\nclass Marked:\n"
        "    @pl.function(type=pl.FunctionType.InCore)\n"
        "    def marked(self, sig: pld.DistributedTensor[[1, 8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32]):\n"
        '        pl.func_attr({"deferred_completion_waiter": True})\n'
        "        pld.system.defer_wait(sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)\n"
        "        y = pl.read(x, [0, 0])\n"
        "        pld.system.defer_wait(sig, offsets=[0, 1], expected=1, cmp=pld.WaitCmp.Ge)\n"
        "        return\n\n"
        "    @pl.function(type=pl.FunctionType.Orchestration)\n"
        "    def main(self, sig: pld.DistributedTensor[[1, 8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32]):\n"
        "        self.marked(sig, x)\n"
    )
    found = [d for d in analyze(source).diagnostics if d.is_error]
    assert [(d.code, d.span.line, d.stage) for d in found] == [("PTO-OI9", 11, "ExpandMixedKernel")]
