"""Property verifiers, one module per upstream verifier."""
