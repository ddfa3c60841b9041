"""compiler.incremental.Recorded: nested steps record what they read and wrote, with scopes and shadows."""

from __future__ import annotations

from typing import Any

from compiler.incremental import Recorded


def _memo(state: dict[str, int], memo: Recorded | None = None) -> Recorded:
    """A memo over `state` whose replayed writes go through `_write`, as the checks' sinks do."""
    memo = memo if memo is not None else Recorded()
    sink = memo  # bound now: the lambda writes through this memo

    memo.next_version(
        {"v": lambda key: state.get(key, 0)}, {"v": lambda key, value: _write(sink, state, key, value)}
    )
    return memo


def _write(memo: Recorded, state: dict[str, int], key: str, value: int, scope: object = None) -> None:
    state[key] = value
    memo.write("v", key, value, scope=scope, shadows=(("v", key),))


def _places(entries: tuple[tuple[Any, ...], ...]) -> list[tuple[object, ...]]:
    return [(entry[1], entry[3]) for entry in entries]


def test_nested_steps_record_their_own_reads_and_writes() -> None:
    state = {"a": 1, "b": 2, "c": 3, "d": 4}
    memo = _memo(state)
    memo.begin(scope=1)
    memo.read("v", "a")
    _write(memo, state, "b", 20)  # answers the outer step's later reads of b
    memo.begin(scope=2)
    memo.read("v", "b")  # an input of the inner step only: the outer one wrote b before it began
    memo.read("v", "c", scope=1)  # scoped to the outer step's body
    _write(memo, state, "c", 30, scope=2)
    memo.read("v", "d")
    _write(memo, state, "d", 40)
    memo.read("v", "d")  # answered by its own write
    inner = memo.end("inner")
    memo.read("v", "c", scope=1)  # read again: the first read stands
    outer = memo.end("outer")
    assert _places(inner.reads) == [("b", None), ("d", None)]
    assert _places(inner.writes) == [("c", 2), ("d", None)]
    assert _places(outer.reads) == [("a", None), ("c", 1), ("d", None)]
    assert [entry[2] for entry in outer.reads] == [1, 3, 4]  # the values read, before any write
    assert _places(outer.writes) == [("b", None), ("d", None)]  # the inner body's scoped write is its own
    assert set(outer.shadows) == {("v", "b"), ("v", "c"), ("v", "d")} and len(outer.shadows) == 3
    assert set(inner.shadows) == {("v", "c"), ("v", "d")} and len(inner.shadows) == 2


def test_a_read_or_write_touches_only_the_innermost_step_until_it_ends() -> None:
    state = {"a": 1}
    memo = _memo(state)
    memo.begin()
    memo.begin()
    memo.begin()
    memo.read("v", "a")
    _write(memo, state, "b", 2)
    outer, middle, inner = memo._frames  # the cost of a read no longer grows with the nesting depth
    assert (outer.reads, outer.writes, middle.reads, middle.writes) == ({}, [], {}, [])
    assert len(inner.reads) == 1 and len(inner.writes) == 1
    memo.end("inner")
    assert len(middle.reads) == 1 and len(middle.writes) == 1 and outer.reads == {}
    memo.end("middle")
    step = memo.end("outer")
    assert _places(step.reads) == [("a", None)] and _places(step.writes) == [("b", None)]


def test_a_reused_step_counts_its_reads_for_the_steps_around_it() -> None:
    state = {"a": 1, "b": 2}
    memo = _memo(state)
    memo.begin()
    memo.read("v", "a")
    _write(memo, state, "b", 5)
    node = "statement"
    memo.end(node)
    _memo(state, memo)
    memo.begin()
    found = memo.reuse(node)
    assert found is not None
    memo.replay(found)
    around = memo.end("around")
    assert _places(around.reads) == [("a", None)] and _places(around.writes) == [("b", None)]
    assert around.children == (id(node),)


def test_what_is_scoped_to_no_open_step_is_not_handed_on() -> None:
    state = {"a": 1}
    memo = _memo(state)
    memo.begin(scope=1)
    memo.begin(scope=2)
    memo.read("v", "a", scope=2)
    _write(memo, state, "b", 2, scope=2)
    inner = memo.end("inner")
    outer_frame = memo._frames[-1]
    assert outer_frame.reads == {} and outer_frame.writes == []  # the inner body's own: nothing around it
    assert _places(inner.reads) == [("a", 2)] and _places(inner.writes) == [("b", 2)]
    outer = memo.end("outer")
    assert outer.reads == () and outer.writes == ()


def test_a_step_replayed_inside_a_recording_is_handed_on_by_reference_and_replays_in_order() -> None:
    state: dict[str, int] = {}
    memo = _memo(state)
    memo.bulk = {"v": lambda pairs: state.update(pairs)}  # as the checks' bulk sinks: one target at once
    memo.begin()
    for index in range(50):
        _write(memo, state, f"x{index}", index)
    big = "a statement with many writes"
    memo.end(big)

    _memo(state, memo)
    memo.bulk = {"v": lambda pairs: state.update(pairs)}
    state.clear()
    memo.begin()  # the edited compound statement around it
    found = memo.reuse(big)
    assert found is not None
    memo.replay(found)
    _write(memo, state, "x0", 100)  # a later write to the same key wins on replay
    around = memo.end("around")
    assert state == {**{f"x{i}": i for i in range(50)}, "x0": 100}
    # one chunk stands for the reused step's 50 writes: `end` and `hand_to` copy a reference, not each write
    assert len(around.writes) == 2 and around.chunked
    assert _places(around.entries()) == [(f"x{i}", None) for i in range(50)] + [("x0", None)]

    _memo(state, memo)
    state.clear()
    again = memo.reuse("around")
    assert again is not None
    memo.replay(again)  # outside any recording: every write, chunks taken apart, in order
    assert state == {**{f"x{i}": i for i in range(50)}, "x0": 100}


def test_a_reused_step_keeps_its_nested_steps_without_copying_them_and_a_sweep_drops_the_unreached() -> None:
    from compiler import incremental

    state: dict[str, int] = {"a": 1}
    memo = _memo(state)
    inner = [f"inner {i}" for i in range(100)]
    memo.begin()
    for node in inner:
        memo.begin()
        memo.read("v", "a")
        memo.end(node)
    memo.end("compound")
    memo.begin()
    memo.read("v", "a")
    memo.end("orphan")  # no later version reaches it

    for _ in range(incremental.SWEEP_EVERY - 2):
        _memo(state, memo)
        found = memo.reuse("compound")
        assert found is not None
        memo.replay(found)
        assert len(memo._live) == 1  # the compound only: its 100 nested steps are not copied
    # an edit inside the compound: each nested step is still found, from the versions before
    _memo(state, memo)
    memo.begin()
    assert all(memo.reuse(node) is not None for node in inner)
    memo.end("compound")
    orphan = memo.key("orphan")
    assert memo.steps_of([orphan])  # not swept yet: a step whose reads still hold is valid
    _memo(state, memo)  # the sweep: what this version made or reused, and what is nested in it
    assert not memo.steps_of([orphan])
    assert memo.reuse("compound") is not None and all(memo.reuse(node) is not None for node in inner)
