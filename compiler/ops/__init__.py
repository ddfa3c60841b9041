"""The op registry: every DSL op declared once, as data (see registry.py)."""
