"""pypto-lsp: language server and checker for the PyPTO kernel DSL."""

__version__ = "0.1.0"
