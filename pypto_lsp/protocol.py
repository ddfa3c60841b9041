"""pygls protocol tweaks: UTF-8 preference and an error response for requests with malformed params."""

from __future__ import annotations

import logging
from collections.abc import Generator
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidRequest, JsonRpcParseError
from pygls.protocol import LanguageServerProtocol, lsp_method

from pypto_lsp.positions import choose_encoding
from pypto_lsp.scheduler import READS

log = logging.getLogger(__name__)

# Requests answered from the last finished analysis, in a few ms: analyses step aside while one is
# answered (scheduler.READS). A request that waits for an analysis (a diagnostic pull) is not one.
READ_METHODS = frozenset(
    {
        types.TEXT_DOCUMENT_HOVER,
        types.TEXT_DOCUMENT_INLAY_HINT,
        types.TEXT_DOCUMENT_COMPLETION,
        types.COMPLETION_ITEM_RESOLVE,
        types.TEXT_DOCUMENT_SIGNATURE_HELP,
        types.TEXT_DOCUMENT_DOCUMENT_HIGHLIGHT,
        types.TEXT_DOCUMENT_DEFINITION,
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.TEXT_DOCUMENT_CODE_LENS,
        types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
        types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE,
    }
)


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

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(
        self, params: types.DidChangeTextDocumentParams
    ) -> Generator[Any, Any, None]:
        """Apply an edit; a change to a document that is not open is ignored (the client is out of step)."""
        if params.text_document.uri not in self.workspace.text_documents:
            log.debug("didChange for %s, which is not open: ignored", params.text_document.uri)
            return None
        return (yield from super().lsp_text_document__did_change(params))

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(
        self, params: types.DidCloseTextDocumentParams
    ) -> Generator[Any, Any, None]:
        """Forget a document; closing one that is not open is ignored."""
        if params.text_document.uri not in self.workspace.text_documents:
            log.debug("didClose for %s, which is not open: ignored", params.text_document.uri)
            return None
        return (yield from super().lsp_text_document__did_close(params))

    def reply_parse_error(self) -> None:
        """JSON-RPC: a message that is not valid JSON gets a Parse error response with a null id."""
        self._reply_error(None, JsonRpcParseError())

    def _reply_error(self, msg_id: Any, error: JsonRpcException) -> None:
        # Written by hand: pygls drops a None id, but JSON-RPC requires `"id": null` when it is unknown.
        response = error.to_response_error()
        self._send_data(
            {"jsonrpc": "2.0", "id": msg_id, "error": {"code": response.code, "message": response.message}}
        )

    def _send_response(self, msg_id: Any, result: Any | None = None, error: Any | None = None) -> None:
        """Send a response; a read request is answered (analyses stop stepping aside for it)."""
        try:
            super()._send_response(msg_id, result, error)
        finally:
            READS.leave(msg_id)

    def structure_message(self, data: dict[str, Any]) -> Any:
        """Deserialize a message; a request whose params do not fit gets an error response. A read
        request's arrival makes analyses step aside until it is answered (see scheduler.READS)."""
        if isinstance(data, dict) and "jsonrpc" in data:
            method, msg_id = data.get("method"), data.get("id")
            if isinstance(method, str) and method in READ_METHODS and isinstance(msg_id, int | str):
                READS.enter(msg_id)
            bad_method = "method" in data and not isinstance(method, str)
            bad_id = msg_id is not None and (not isinstance(msg_id, int | str) or isinstance(msg_id, bool))
            if bad_method or bad_id or ("method" not in data and "id" not in data):
                log.warning("invalid JSON-RPC request: %.200r", data)
                self._reply_error(msg_id if not bad_id else None, JsonRpcInvalidRequest())
                raise JsonRpcInvalidRequest()
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            # pygls would only log this, leaving the client waiting forever for a response
            if isinstance(data, dict) and "id" in data and "method" in data:
                log.warning("malformed params for %s (id %s)", data.get("method"), data.get("id"))
                self._send_response(data["id"], None, exc.to_response_error())
            raise
