"""The values of the static evaluator: what configuration code computes, as the front end receives it."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from compiler.syntax import parse_source


class _Unknown:
    """A value the evaluator cannot determine; never an error on its own."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<unknown>"


UNKNOWN_VALUE: Any = _Unknown()


@dataclass(frozen=True, slots=True)
class ImportFault:
    """What makes a module's import fail, proven from known values: the statement at module level (outside
    `try`) that raises, and the exception in Python's words (`ZeroDivisionError: division by zero`)."""

    line: int
    col: int
    end_line: int
    end_col: int
    error: str


@dataclass(frozen=True, slots=True)
class Dynamic:
    """`pl.dynamic("N")`: a dimension known only at run time."""

    name: str


@dataclass(eq=False, slots=True)
class ClassValue:
    """A class defined in an evaluated module: its fields (dataclass), class attributes and methods."""

    name: str
    fields: tuple[tuple[str, ast.expr | None], ...]
    attributes: dict[str, object]
    methods: dict[str, FunctionValue]
    properties: dict[str, FunctionValue]
    is_dataclass: bool

    def __repr__(self) -> str:
        return f"<class {self.name}>"  # stable across evaluations: it is part of cache keys


@dataclass(frozen=True, slots=True)
class Record:
    """An instance of an evaluated dataclass (frozen: its fields are values)."""

    cls: ClassValue = field(compare=False, repr=False)
    class_name: str
    fields: tuple[tuple[str, object], ...]

    def get(self, name: str) -> object:
        """A field's value, or UNKNOWN_VALUE."""
        for key, value in self.fields:
            if key == name:
                return value
        return UNKNOWN_VALUE

    def __repr__(self) -> str:
        return f"{self.class_name}({', '.join(f'{k}={v!r}' for k, v in self.fields)})"


@dataclass(frozen=True, slots=True)
class FunctionSource:
    """Where a module-level `def` is written: enough to parse it again, with its own positions."""

    text: str  # the module's whole text (the string its summary holds)
    first: int  # the line of its first decorator, or of `def`
    last: int
    col: int
    decorated: bool

    def parse(self) -> ast.FunctionDef:
        """The definition's tree, as parsing the whole module gave it."""
        lines = _LINE_BREAK.split(self.text)[self.first - 1 : self.last]
        if self.col:
            # Indented (a method): parsed inside a block at the same indent, so columns stay as they were.
            tree = parse_source("if True:\n" + "\n".join(lines)).body[0]
            node = tree.body[0]  # type: ignore[attr-defined]
            ast.increment_lineno(node, self.first - 2)
        else:
            node = parse_source("\n".join(lines)).body[0]
            ast.increment_lineno(node, self.first - 1)
        assert isinstance(node, ast.FunctionDef)
        return node


_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # the line breaks Python's tokenizer counts


@dataclass(eq=False, slots=True)
class FunctionValue:
    """A function (or lambda) whose body the evaluator interprets, with the globals it closes over."""

    name: str
    held: ast.FunctionDef | ast.Lambda | None  # None: released, parsed again from `source` when called
    globals: dict[str, object]
    defaults: tuple[object, ...] = ()
    kw_defaults: tuple[object, ...] = ()
    source: FunctionSource | None = None

    def __repr__(self) -> str:
        return f"<function {self.name}>"

    @property
    def node(self) -> ast.FunctionDef | ast.Lambda:
        """The function's tree (parsed again, once, after `release_syntax`)."""
        if self.held is None:
            assert self.source is not None
            self.held = self.source.parse()
        return self.held

    @property
    def plain(self) -> bool:
        """A `def` without decorators, or a lambda: a Python function, not a DSL one."""
        if self.source is not None:
            return not self.source.decorated
        return isinstance(self.held, ast.Lambda) or not self.node.decorator_list  # type: ignore[union-attr]

    def release_syntax(self, text: str) -> None:
        """Let go of the tree of a module-level `def` parsed from `text`: a module's functions are mostly
        never called by an analysis (a model file's reference implementations), and their trees were
        most of what the module graph held."""
        node = self.held
        if not isinstance(node, ast.FunctionDef) or node.end_lineno is None:
            return
        first = min((d.lineno for d in node.decorator_list), default=node.lineno)
        self.source = FunctionSource(text, first, node.end_lineno, node.col_offset, bool(node.decorator_list))
        self.held = None


def release_function_syntax(names: Mapping[str, object], text: str) -> None:
    """Release the trees of the module-level functions and methods an evaluated module binds (parsed
    from `text`); each is parsed again on its first call."""
    for value in names.values():
        if isinstance(value, FunctionValue):
            value.release_syntax(text)
        elif isinstance(value, ClassValue):
            for method in (*value.methods.values(), *value.properties.values()):
                method.release_syntax(text)


@dataclass(eq=False, slots=True)
class ModuleValue:
    """An imported module: the names it binds (or a well-known module: `os`, `sys`, `math`, ...)."""

    name: str
    names: Mapping[str, object]

    def __repr__(self) -> str:
        return f"<module {self.name}>"


@dataclass(frozen=True, slots=True)
class Builtin:
    """A callable from the evaluator's own table."""

    name: str


@dataclass(frozen=True, slots=True)
class BoundMethod:
    """`obj.method` of a built-in value (`s.lower`, `d.get`, `xs.append`)."""

    obj: object
    name: str


@dataclass(frozen=True, slots=True)
class DslName:
    """`pl`, `pld` or a dotted name under them that is not a value (`pl.Level`)."""

    dotted: str


@dataclass(frozen=True, slots=True)
class DeclaredAlloc:
    """`pl.MemRef()` / `pl.MemRef("name", slots=N)`: an allocation declared in Python, known by where it is
    declared (two declarations are two allocations; `b = a` is one reached through two names)."""

    name: str  # "" when unnamed: the parser names it after the variable that references it
    slots: int
    line: int
    col: int


Importer = Callable[[str, int], "ModuleValue | None"]
"""(module name, relative level) -> the evaluated module, or None when it cannot be read."""


def no_imports(_name: str, _level: int) -> ModuleValue | None:
    return None


@dataclass(frozen=True, slots=True)
class EnvironMapping:
    """`os.environ`, as the `pypto.env` setting gives it (nothing else of the real environment)."""

    values: Mapping[str, str]


def plain(value: object) -> bool:
    return isinstance(value, int | float | str | tuple | list | bool) or value is None


def contains_unknown(value: object) -> bool:
    """Whether an unknown value sits anywhere in `value`, at any depth (each container looked at once, so
    shared and cyclic values cost their distinct elements; values are bounded in size)."""
    stack = [value]
    seen: set[int] = set()
    while stack:
        item = stack.pop()
        if item is UNKNOWN_VALUE:
            return True
        if isinstance(item, tuple | list | dict | set | frozenset):
            if id(item) in seen:
                continue
            seen.add(id(item))
            if isinstance(item, dict):
                stack.extend(item.keys())
                stack.extend(item.values())
            else:
                stack.extend(item)
    return False
