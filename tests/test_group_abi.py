"""Hand-written Group ABI normalization (spec 000): the summary and the E-7 / E-8 / E-9 / SP8 / SP9 checks."""

from __future__ import annotations

from pathlib import Path

import pytest

import compiler
from compiler import catalog
from compiler.diagnostics import Diagnostic
from compiler.frontend.parser import ParseCache, parse_document
from compiler.ir_walk import calls_in_block
from compiler.modules import ModuleGraph
from compiler.passes.expand_mixed_kernel_group_abi import GroupAbi, normalize_groups
from compiler.passes.outline_incore_scopes import GroupInfo

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
CODES = ("PTO-E7", "PTO-E8", "PTO-E8b", "PTO-E9", "PTO-SP8", "PTO-SP9")

HEAD = """# target: a2a3
import pypto.language as pl

D = 16


@pl.program
class P:
"""

# Members with different signatures: normalized, not an error. `vec` also has another caller.
DIFFERING = (
    HEAD
    + """    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, a: pl.Tensor[[D, D], pl.FP16], b: pl.Tensor[[D, D], pl.FP16]):
        peer = pl.import_peer_buffer(name="c2v", peer_func="vec")
        pl.aic_initialize_pipe(peer, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        am = pl.load(a, [0, 0], [D, D], target_memory=pl.Mem.Mat)
        bm = pl.load(b, [0, 0], [D, D], target_memory=pl.Mem.Mat)
        c = pl.matmul(pl.move(am, target_memory=pl.Mem.Left), pl.move(bm, target_memory=pl.Mem.Right))
        pl.tpush_to_aiv(c, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, out: pl.Out[pl.Tensor[[D, D], pl.FP32]]) -> pl.Tensor[[D, D], pl.FP32]:
        ring = pl.reserve_buffer(name="c2v", size=2048, base=pl.AUTO)
        pl.aiv_initialize_pipe(ring, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        c: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.tpop_from_aic(split=0)
        r = pl.exp(c)
        pl.tfree_to_aic(c)
        out = pl.store(r, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def pair(
        self,
        a: pl.Tensor[[D, D], pl.FP16],
        b: pl.Tensor[[D, D], pl.FP16],
        out: pl.Out[pl.Tensor[[D, D], pl.FP32]],
    ) -> pl.Tensor[[D, D], pl.FP32]:
        self.cube(a, b)
        r = self.vec(out)
        return r

    @pl.function(type=pl.FunctionType.Group)
    def solo(self, out: pl.Out[pl.Tensor[[D, D], pl.FP32]]) -> pl.Tensor[[D, D], pl.FP32]:
        r = self.vec(out)
        return r
"""
)

VEC_IN = """    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        t: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.load(a, [0, 0], [D, D])
        pl.store(t, [0, 0], out)

"""


def _diags(source: str, codes: tuple[str, ...] = CODES) -> list[Diagnostic]:
    return [d for d in compiler.analyze(source).diagnostics if d.code in codes]


def _line(source: str, needle: str) -> int:
    return next(i for i, text in enumerate(source.splitlines(), 1) if needle in text)


def _abis(source: str) -> tuple[GroupAbi, ...]:
    module = parse_document(source, None, ParseCache(), ModuleGraph(read_file=lambda _p: None)).module
    groups = [
        GroupInfo(
            f.name, tuple(c.func[5:] for c in calls_in_block(f.body) if c.func.startswith("self.")), f.header
        )
        for f in module.all_functions()
        if f.func_type == "Group"
    ]
    return normalize_groups(module, groups)


@pytest.mark.parametrize(
    "case", ["016_program_handwritten_v2c_pipe.py", "017_program_handwritten_c2v_pipe.py"]
)
def test_corpus_groups_are_clean(case: str) -> None:
    source = (CORPUS / case).read_text()
    assert _diags(source) == []
    abi = _abis(source)[0]
    assert abi.params == ("a", "b", "out")
    assert not abi.normalized and not abi.rejected and not abi.needs_adapters
    assert all(m.forwards_full for m in abi.members)


def test_differing_member_signatures_are_normalized_not_rejected() -> None:
    assert [d for d in compiler.analyze(DIFFERING).diagnostics if d.is_error] == []
    pair = next(a for a in _abis(DIFFERING) if a.group == "pair")
    assert pair.params == ("a", "b", "out")
    assert pair.normalized and not pair.rejected
    cube, vec = pair.members
    assert (cube.name, cube.mapping, cube.forwards_full) == ("cube", (0, 1), False)
    assert (vec.name, vec.mapping) == ("vec", (2,))
    # `vec` is also called by `solo`, so both members get Group-private adapters and the peer is renamed.
    assert vec.other_callers and not cube.other_callers
    assert pair.needs_adapters
    assert (cube.adapter, vec.adapter) == ("cube__pair", "vec__pair")
    assert pair.peer_renames == (("cube__pair", "vec", "vec__pair"),)
    text = pair.render()
    assert "vec__pair(a, b, out)  # was vec(out)" in text
    assert "import_peer_buffer(peer_func='vec') -> 'vec__pair'" in text


def test_exclusive_members_keep_their_names() -> None:
    source = DIFFERING.split("    @pl.function(type=pl.FunctionType.Group)\n    def solo")[0]
    pair = _abis(source)[0]
    assert pair.normalized and not pair.needs_adapters and pair.peer_renames == ()
    assert [m.adapter for m in pair.members] == [None, None]


def test_member_called_with_wrong_arity_is_the_parsers_error() -> None:
    source = (
        HEAD
        + VEC_IN
        + """    @pl.function(type=pl.FunctionType.Group)
    def pair(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        self.vec(a)
"""
    )
    # The parser's arity check reports it first; ABI normalization (E-7) never sees the call.
    (d,) = _diags(source, (*CODES, "PTO-F36"))
    assert d.code == "PTO-F36"
    assert d.message == "Function 'vec' expects 2 argument(s), got 1"
    assert d.span.line == _line(source, "self.vec(a)")


def test_e8_no_dep_on_a_non_variable_while_normalizing() -> None:
    source = (
        HEAD
        + VEC_IN
        + """    @pl.function(type=pl.FunctionType.Group)
    def pair(
        self, a: pl.Tensor[[D, D], pl.FP32], b: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]
    ):
        self.vec(pl.no_dep(a[0:D, 0:D]), out)
"""
    )
    (d,) = _diags(source)
    assert d.code == "PTO-E8"
    assert d.message == catalog.message("PTO-E8", index=0, member="vec")
    assert d.span.line == _line(source, "self.vec(pl.no_dep")


def test_e9_external_member_with_a_different_layout() -> None:
    source = (
        HEAD
        + """    @pl.function(type=pl.FunctionType.AIC, attrs={"external_source": "cube.cpp"})
    def cube(self, a: pl.Tensor[[D, D], pl.FP32]):
        pass

"""
        + VEC_IN
        + """    @pl.function(type=pl.FunctionType.Group)
    def pair(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        self.cube(a)
        self.vec(a, out)
"""
    )
    (d,) = _diags(source)
    assert d.code == "PTO-E9"
    assert d.message == (
        "Mixed Group 'pair' has AIC/AIV members with different argument layouts. External or runtime-bound "
        "members cannot be adapted; declare both members with the same signature and forward the Group's full "
        "parameter list."
    )
    assert d.span.line == _line(source, "def pair")
    assert _abis(source)[0].rejected


def test_external_member_with_the_same_layout_is_accepted() -> None:
    source = (
        HEAD
        + """    @pl.function(type=pl.FunctionType.AIC, attrs={"external_source": "cube.cpp"})
    def cube(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        pass

"""
        + VEC_IN
        + """    @pl.function(type=pl.FunctionType.Group)
    def pair(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        self.cube(a, out)
        self.vec(a, out)
"""
    )
    assert _diags(source) == []


def test_sp8_member_returns_a_slice() -> None:
    source = (
        HEAD
        + """    @pl.function(type=pl.FunctionType.AIV)
    def vec(
        self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]
    ) -> pl.Tensor[[8, D], pl.FP32]:
        t: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.load(a, [0, 0], [D, D])
        out = pl.store(t, [0, 0], out)
        return out[0:8, :]

    @pl.function(type=pl.FunctionType.Group)
    def pair(
        self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]
    ) -> pl.Tensor[[8, D], pl.FP32]:
        r = self.vec(a, out)
        return r
"""
    )
    (d,) = _diags(source)
    assert d.code == "PTO-SP8"
    assert d.message == (
        "Group 'pair' member 'vec' returns result 0 with no caller-visible carrier; views and slices are not "
        "complete-parameter aliases"
    )
    assert d.span.line == _line(source, "return out[0:8, :]")
    assert {r.span.line for r in d.related} == {_line(source, "return r"), _line(source, "r = self.vec")}


def test_sp9_member_returns_a_device_computed_scalar() -> None:
    source = (
        HEAD
        + """    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, a: pl.Tensor[[D, D], pl.FP32]) -> pl.Scalar[pl.FP32]:
        s = pl.tensor.read(a, [0, 0])
        return s

    @pl.function(type=pl.FunctionType.Group)
    def pair(self, a: pl.Tensor[[D, D], pl.FP32]):
        self.vec(a)
"""
    )
    (d,) = _diags(source)
    assert d.code == "PTO-SP9"
    assert d.message == (
        "Group 'pair' member 'vec' returns a device-computed scalar; the kernel-return contract requires an "
        "explicit Tensor output"
    )
    assert d.span.line == _line(source, "return s")
