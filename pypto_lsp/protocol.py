"""pygls protocol tweaks: UTF-8 preference and an error response for requests with malformed params."""

from __future__ import annotations

import logging
from collections.abc import Generator
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.protocol import LanguageServerProtocol, lsp_method

from pypto_lsp.positions import choose_encoding

log = logging.getLogger(__name__)


class PyptoProtocol(LanguageServerProtocol):
    """LanguageServerProtocol that prefers UTF-8 positions and never leaves a bad request unanswered."""

    @lsp_method(types.INITIALIZE)
    def lsp_initialize(self, params: types.InitializeParams) -> Generator[Any, Any, types.InitializeResult]:
        """Offer pygls only the encoding we prefer, then initialise as usual."""
        general = params.capabilities.general
        if general is not None and general.position_encodings:
            # pygls takes the client's first choice; we want UTF-8 whenever it is offered
            general.position_encodings = [choose_encoding(list(general.position_encodings))]
        return (yield from super().lsp_initialize(params))

    def structure_message(self, data: dict[str, Any]) -> Any:
        """Deserialize a message; a request whose params do not fit gets an error response."""
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            # pygls would only log this, leaving the client waiting forever for a response
            if isinstance(data, dict) and "id" in data and "method" in data:
                log.warning("malformed params for %s (id %s)", data.get("method"), data.get("id"))
                self._send_response(data["id"], None, exc.to_response_error())
            raise
