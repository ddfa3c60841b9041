"""Every diagnostic rule, one module per family beside the stage that raises it (``compiler/rules/<family>.py``).

A family module declares its rules in a :class:`~compiler.rules.book.RuleBook`: each rule's code, the
compiler's message and hint templates, its one-line summary, the title of its quick fix and, for a rule no
DSL program can reach, the reason why. ``compiler.catalog`` indexes them all.
"""
