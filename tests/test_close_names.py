"""The did-you-mean of an undefined name compares only names of a length that can reach the cutoff; it
suggests exactly what difflib suggests over every name."""

from __future__ import annotations

import difflib

from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.frontend.checks.state import close_names

NAMES = st.text(alphabet="abcdeilmnopstx_", min_size=1, max_size=14)


@settings(max_examples=300, deadline=None)
@given(word=NAMES, first=st.sets(NAMES, max_size=40), second=st.sets(NAMES, max_size=40))
def test_same_suggestion_as_difflib_over_every_name(word: str, first: set[str], second: set[str]) -> None:
    every = sorted(n for n in first | second if not n.startswith("__"))
    assert close_names(word, (first, second)) == tuple(
        difflib.get_close_matches(word, every, n=1, cutoff=0.75)
    )


def test_examples() -> None:
    assert close_names("tilee", ({"tile", "tiles", "x"}, {"acc"})) == ("tile",)
    assert close_names("p", ({"pl", "q", "p_"}, ())) == ()
    assert close_names("__x", ({"__x"},)) == ()
