"""Greedy draft steps: one inline helper spliced once per step, each with its step index as a constant."""

import pypto.language as pl

from config import TOKENS

DRAFT = 4


@pl.jit.inline
def draft_step(
    tokens: pl.Tensor[[TOKENS, DRAFT], pl.INT32],
    step: pl.Scalar[pl.INT32],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="draft_step"):
        for row in pl.range(TOKENS):
            token = pl.read(tokens, [row, 0])
            if step > 0:
                token = pl.read(tokens, [row, step - 1])
            if step == 0:
                pl.write(tokens, [row, 0], token)
            if step == 1:
                pl.write(tokens, [row, 1], token)
    return tokens


@pl.jit
def draft_two_steps(tokens: pl.Out[pl.Tensor[[TOKENS, DRAFT], pl.INT32]]):
    tokens = draft_step(tokens, pl.cast(0, pl.INT32))
    tokens = draft_step(tokens, pl.cast(1, pl.INT32))
    return tokens
