"""Go to definition across modules, as Python resolves the name: helpers and constants through their imports,
`M.hidden_size` to the dataclass field, `self.kernel` to the program member, a module name to its file."""

from __future__ import annotations

from lsprotocol import types

from compiler.navigation.index import DocumentIndex
from compiler.navigation.workspace import Workspace
from pypto_lsp.features.locations import Locator
from pypto_lsp.positions import LineIndex


def definition(
    index: DocumentIndex, workspace: Workspace, text_index: LineIndex, position: types.Position, links: bool
) -> list[types.Location] | list[types.LocationLink] | None:
    """The definitions of the name under the cursor (links when the client takes them)."""
    line, col = text_index.point(position)
    targets = [t for t in workspace.targets_at(index, line, col) if t.dsl is None]
    if not targets:
        return None
    locator = Locator(workspace, text_index.encoding)
    found = index.reference_at(line, col)
    origin = text_index.range(found[0].absolute(found[1].span)) if found is not None else None
    if links:
        link_list = [link for t in targets if (link := locator.link(t, origin)) is not None]
        return link_list or None
    locations = [loc for t in targets if (loc := locator.target(t)) is not None]
    return locations or None
