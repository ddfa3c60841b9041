"""One module per LSP feature; each turns an Analysis into lsprotocol types."""
