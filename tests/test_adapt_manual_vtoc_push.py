"""AdaptManualVtoCPush (spec 000): hand-written V->C pushes paired with their AIC pops (SP10 ... SP14)."""

from __future__ import annotations

from pathlib import Path

import pytest

import compiler
from compiler import catalog
from compiler.diagnostics import Diagnostic

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
CODES = ("PTO-SP10", "PTO-SP11", "PTO-SP12", "PTO-SP13", "PTO-SP14")

TEMPLATE = """# target: a2a3
import pypto.language as pl

D = 16


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def vec_side(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        peer = pl.import_peer_buffer(name="v2c", peer_func="{peer}")
        pl.aiv_initialize_pipe(pl.const(0, pl.INT32), peer, dir_mask=2, slot_size={slot})
{vec_extra}        t: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.load(a, [0, 0], [D, D])
{pushes}
    @pl.function(type=pl.FunctionType.AIC)
    def cube_side(
        self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]
    ) -> pl.Tensor[[D, D], pl.FP32]:
        ring = pl.reserve_buffer(name="v2c", size=4096, base=pl.AUTO)
        pl.aic_initialize_pipe(pl.const(0, pl.INT32), ring, dir_mask=2, slot_size={slot})
{pops}        res = pl.load(a, [0, 0], [D, D], target_memory=pl.Mem.Mat)
        return pl.store(res, [0, 0], out)

    @pl.function(type=pl.FunctionType.Group)
    def pair(
        self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]
    ) -> pl.Tensor[[D, D], pl.FP32]:
        r = self.cube_side(a, out)
        self.vec_side(a, out)
        return r
"""

PUSH = "        pl.tpush_to_aic(t, split={split})\n"
POP = "        g{i}: pl.Tile[[D, D], pl.FP32, pl.Mem.Mat] = pl.tpop_from_aiv(split={split})\n        pl.tfree_to_aiv(g{i})\n"


def _program(
    pushes: str = PUSH.format(split=0),
    pops: str = POP.format(i=0, split=0),
    peer: str = "cube_side",
    slot: int = 1024,
    vec_extra: str = "",
) -> str:
    return TEMPLATE.format(pushes=pushes, pops=pops, peer=peer, slot=slot, vec_extra=vec_extra)


def _diags(source: str) -> list[Diagnostic]:
    return [d for d in compiler.analyze(source).diagnostics if d.code in CODES]


def _line(source: str, needle: str, occurrence: int = 1) -> int:
    hits = [i for i, text in enumerate(source.splitlines(), 1) if needle in text]
    return hits[occurrence - 1]


@pytest.mark.parametrize(
    "case", ["016_program_handwritten_v2c_pipe.py", "017_program_handwritten_c2v_pipe.py"]
)
def test_corpus_pipes_are_clean(case: str) -> None:
    assert _diags((CORPUS / case).read_text()) == []


def test_matching_pipe_is_clean() -> None:
    source = _program(
        pushes=PUSH.format(split=0) * 2, pops=POP.format(i=0, split=0) + POP.format(i=1, split=0)
    )
    assert [d for d in compiler.analyze(source).diagnostics if d.is_error] == []


def test_loops_with_symbolic_counts_stay_silent() -> None:
    pushes = "        for i in pl.range(4):\n            pl.tpush_to_aic(t, split=0)\n            pl.tpush_to_aic(t, split=0)\n"
    pops = (
        "        for j in pl.range(8):\n"
        + "\n".join("    " + line for line in POP.format(i=0, split=0).splitlines())
        + "\n"
    )
    assert _diags(_program(pushes=pushes, pops=pops)) == []


def test_structurally_matching_loops_are_paired() -> None:
    pushes = "        for i in pl.range(4):\n            pl.tpush_to_aic(t, split=1)\n"
    pops = (
        "        for i in pl.range(4):\n"
        + "\n".join("    " + line for line in POP.format(i=0, split=0).splitlines())
        + "\n"
    )
    source = _program(pushes=pushes, pops=pops)
    (d,) = _diags(source)
    assert d.code == "PTO-SP13"
    assert d.span.line == _line(source, "pl.tpush_to_aic(t, split=1)")


def test_sp10_peer_func_names_no_aic_function() -> None:
    source = _program(peer="missing_cube")
    (d,) = _diags(source)
    assert d.code == "PTO-SP10"
    assert d.message == (
        "AdaptManualVtoCPush: the hand-written tpush_to_aic in 'vec_side' has no peer AIC function (its "
        "import_peer_buffer does not resolve to a reserve_buffer)"
    )
    assert d.span.line == _line(source, "pl.tpush_to_aic")
    assert d.related[0].span.line == _line(source, "pl.import_peer_buffer")


def test_sp11_two_initializers_for_one_pipe() -> None:
    extra = "        pl.aiv_initialize_pipe(pl.const(0, pl.INT32), peer, dir_mask=2, slot_size=1024)\n"
    source = _program(vec_extra=extra)
    sp11 = [d for d in _diags(source) if d.code == "PTO-SP11"]
    assert len(sp11) == 1
    d = sp11[0]
    assert d.message == catalog.message("PTO-SP11", pipe_id=0, function="vec_side")
    assert d.message == (
        "AdaptManualVtoCPush: pipe 0 of 'vec_side' has more than one initialize_pipe, so the push cannot be "
        "paired with one consumer contract"
    )
    assert d.span.line == _line(source, "pl.tpush_to_aic")
    assert [r.span.line for r in d.related] == [
        _line(source, "pl.aiv_initialize_pipe", 1),
        _line(source, "pl.aiv_initialize_pipe", 2),
    ]


def test_sp12_more_pushes_than_pops() -> None:
    source = _program(pushes=PUSH.format(split=0) * 2)
    (d,) = _diags(source)
    assert d.code == "PTO-SP12"
    assert (
        d.message
        == "AdaptManualVtoCPush: pipe 0 pushes 2 tile(s) in 'vec_side' but its peer 'cube_side' pops 1"
    )
    assert d.span.line == _line(source, "pl.tpush_to_aic", 2)
    assert d.related[0].span.line == _line(source, "pl.tpop_from_aiv")


def test_sp13_push_and_pop_disagree_on_split() -> None:
    source = _program(pushes=PUSH.format(split=1))
    (d,) = _diags(source)
    assert d.code == "PTO-SP13"
    assert (
        d.message == "AdaptManualVtoCPush: push 0 on pipe 0 uses split=1 but its consumer tpop uses split=0"
    )
    assert d.span.line == _line(source, "pl.tpush_to_aic")
    assert d.related[0].span.line == _line(source, "pl.tpop_from_aiv")


def test_sp14_staged_tile_larger_than_slot() -> None:
    source = _program(slot=512)
    sp14 = [d for d in _diags(source) if d.code == "PTO-SP14"]
    assert len(sp14) == 1
    d = sp14[0]
    assert d.message == (
        "AdaptManualVtoCPush: the staged tile of push 0 on pipe 0 needs 1024 bytes but the pipe's slot_size is 512"
    )
    assert d.span.line == _line(source, "pl.tpush_to_aic")
    assert d.related[0].span.line == _line(source, "pl.aiv_initialize_pipe")
