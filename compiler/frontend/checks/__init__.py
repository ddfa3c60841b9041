"""The parse-stage checks: upstream ast_parser's checks plus op typing, one function at a time.

Each module does one job; the layers go downwards (`lint-imports` checks them, pyproject.toml):

- `walk`: the statement walk (bodies, statements, bindings, loops, single assignment); it builds the
  checks below and hands each one the others it calls;
- `expressions` | `scopes` | `split_aiv`: value and call typing with the op registry; `pl.at` /
  `pl.cluster` / `pl.spmd` scopes and their options; the `pl.split_aiv` loop and the
  `pl.aiv_shard` / `pl.aic_gather` transfers. Side by side: one calls another only through a protocol
  of `state`;
- `annotations` | `type_annotations`: an annotated assignment against its value's type, and the annotation's own
  form as the type resolver reads it (type names, legacy call forms, views, pl.MemRef); `statement_forms`:
  the assignment targets and scope literals the parser rejects before typing anything;
- `enum_args`: `pl.<Enum>.<member>` arguments read the way the parser reads them;
- `state`: what a check reads and changes (names, types, facts, reports, through the statement memo),
  the walk context, and the protocols; `spelling`: IR written the way the parser's messages write it;
- `facts`: what the checks produce for the passes.
"""
