"""Front end: document -> top-level units -> surface IR, with parser-level diagnostics."""
