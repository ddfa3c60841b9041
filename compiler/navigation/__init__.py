"""Names, definitions, references and cursor context for the editor features: the engine side of navigation."""
