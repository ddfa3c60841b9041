"""The workspace's import index answers which entries reach a helper module from one reverse walk per change
of the index: a file read again with other imports is seen by the next question."""

from __future__ import annotations

from pathlib import Path

from compiler.modules import DiskReader, ModuleGraph
from pypto_lsp.workspace_reach import ReachIndex

_ENTRY = "import pypto.language as pl\n{imports}\n\n@pl.jit\ndef entry(x: pl.Tensor[[64], pl.FP32]):\n    return x\n"


def test_importers_follow_a_file_read_again(tmp_path: Path) -> None:
    (tmp_path / "helpers.py").write_text("import pypto.language as pl\n\nK = 1\n")
    (tmp_path / "a.py").write_text(_ENTRY.format(imports="import helpers"))
    (tmp_path / "b.py").write_text(_ENTRY.format(imports=""))
    (tmp_path / "c.py").write_text(_ENTRY.format(imports="import a"))
    index = ReachIndex(ModuleGraph(), DiskReader())
    index.build([tmp_path])
    helpers = tmp_path / "helpers.py"
    assert index.importers(helpers) == [tmp_path / "a.py", tmp_path / "c.py"]  # closest first
    assert index.importers(helpers) == [tmp_path / "a.py", tmp_path / "c.py"]

    (tmp_path / "b.py").write_text(_ENTRY.format(imports="import helpers"))
    index.mark(tmp_path / "b.py")
    assert index.refresh()
    assert index.importers(helpers) == [tmp_path / "a.py", tmp_path / "b.py", tmp_path / "c.py"]
    assert index.depends_on(tmp_path / "b.py", helpers)

    (tmp_path / "a.py").write_text(_ENTRY.format(imports=""))
    index.mark(tmp_path / "a.py")
    assert index.refresh()
    assert index.importers(helpers) == [tmp_path / "b.py"]
    assert not index.depends_on(tmp_path / "c.py", helpers)
