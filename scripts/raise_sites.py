"""Inventory every raise site that DSL source can reach, up to and including ExpandMixedKernel.

Reads the source text of an upstream PyPTO checkout (never imports or runs it) and lists:

* every ``raise`` in the DSL wrappers and parser (``python/pypto/language/``), the IR op builders they
  call (``python/pypto/ir/op/``) and the JIT front door (``python/pypto/jit/``);
* every ``CHECK`` / ``CHECK_SPAN`` / ``INTERNAL_CHECK[_SPAN]`` / ``throw`` in the op type deducers
  (``src/ir/op/``, with the shared helpers of ``include/pypto/ir/op_registry.h`` / ``type_inference.h``);
* the same in the passes of the default pipeline up to ExpandMixedKernel (read from
  ``python/pypto/ir/pass_manager.py``) and the verifiers that run inside that prefix, plus every error
  diagnostic those verifiers emit.

Each site gets its message template (literal text, with ``{expr}`` for each computed part) and the
pypto-lsp construct that models it, if any: a catalog rule (``compiler/catalog.py``) or a ``DeduceError``
site of ``compiler/ops/deducers/``, found by comparing the literal skeletons of the two templates.

    python scripts/raise_sites.py /work/pypto-src -o tests/conformance/raise_sites.json
"""

from __future__ import annotations

import argparse
import ast
import difflib
import json
import re
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

STOP_PASS = "expand_mixed_kernel"
PY_ROOTS = ("python/pypto/language", "python/pypto/ir/op", "python/pypto/jit")
OP_ROOTS = ("src/ir/op",)
OP_HEADERS = ("include/pypto/ir/op_registry.h", "include/pypto/ir/type_inference.h")
# The verifiers whose properties are checked inside the prefix (the pipeline-input structural set, SSAForm,
# and the placement verifiers of OutlineIncoreScopes .. ExpandMixedKernel).
PREFIX_VERIFIERS = (
    "src/ir/verifier/type_check_pass.cpp",
    "src/ir/verifier/verify_break_continue_pass.cpp",
    "src/ir/verifier/verify_inout_use.cpp",
    "src/ir/verifier/verify_manual_deps_on_submit_only.cpp",
    "src/ir/verifier/verify_atomic_add_dtype.cpp",
    "src/ir/verifier/verify_ssa_pass.cpp",
    "src/ir/verifier/verify_aiv_split.cpp",
    "src/ir/verifier/verify_tile_type_coherence.cpp",
    "src/ir/verifier/verify_acc_to_gm_store.cpp",
    "src/ir/verifier/mixed_kernel_expanded_verifier.cpp",
    "src/ir/verifier/verify_hard_syncall_occupancy.cpp",
)
DEDUCERS = "compiler/ops/deducers"
CXX_MACROS = ("INTERNAL_CHECK_SPAN", "INTERNAL_CHECK", "CHECK_SPAN", "CHECK")


@dataclass
class Site:
    """One place that can stop a compile with a message."""

    file: str
    line: int
    family: str  # wrapper / parser / ir-builder / jit / deducer / pass:<Name> / verifier:<name>
    kind: str  # raise / CHECK / CHECK_SPAN / INTERNAL_CHECK / INTERNAL_CHECK_SPAN / throw / diagnostic
    exception: str
    function: str
    template: str
    ops: tuple[str, ...] = ()  # deducer sites: the registered ops whose deducer reaches this site
    modelled_by: str | None = None
    match_score: float = 0.0
    candidate: str | None = None
    status: str = ""  # modelled / unreachable / open (reconcile)
    evidence: str = ""  # modelled: the rule, deducer site or conformance case; unreachable: the reason


# ---------------------------------------------------------------------------------------------------
# Python sources
# ---------------------------------------------------------------------------------------------------


def _py_text(node: ast.AST | None, env: dict[str, ast.AST]) -> str:
    """A message template from a Python expression: literals kept, computed parts as ``{expr}``."""
    if node is None:
        return ""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.replace("{", "{{").replace("}", "}}")
    if isinstance(node, ast.JoinedStr):
        out = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                out.append(str(part.value).replace("{", "{{").replace("}", "}}"))
            elif isinstance(part, ast.FormattedValue):
                out.append("{" + _short(ast.unparse(part.value)) + "}")
        return "".join(out)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _py_text(node.left, env) + _py_text(node.right, env)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return _py_text(node.left, env)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _py_text(node.func.value, env)
    if isinstance(node, ast.Name) and node.id in env:
        return _py_text(env[node.id], {})
    return "{" + _short(ast.unparse(node)) + "}"


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 40 else text[:37] + "..."


def _exc_name(node: ast.AST | None) -> str:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return "" if node is None else _short(ast.unparse(node))


def _py_family(rel: str) -> str:
    if rel.startswith("python/pypto/language/parser/"):
        return "parser"
    if rel.startswith("python/pypto/language/typing/"):
        return "typing"
    if rel.startswith("python/pypto/language/distributed/"):
        return "distributed-wrapper"
    if rel.startswith("python/pypto/language/"):
        return "wrapper"
    if rel.startswith("python/pypto/ir/op/"):
        return "ir-builder"
    return "jit"


class _PyRaises(ast.NodeVisitor):
    def __init__(self, rel: str) -> None:
        self.rel = rel
        self.stack: list[str] = []
        self.envs: list[dict[str, ast.AST]] = [{}]
        self.sites: list[Site] = []

    def _scope(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        self.stack.append(node.name)
        env: dict[str, ast.AST] = {}
        if not isinstance(node, ast.ClassDef):
            for sub in ast.walk(node):
                if (
                    isinstance(sub, ast.Assign)
                    and len(sub.targets) == 1
                    and isinstance(sub.targets[0], ast.Name)
                    and isinstance(sub.value, (ast.JoinedStr, ast.Constant, ast.BinOp))
                ):
                    env.setdefault(sub.targets[0].id, sub.value)
        self.envs.append(env)
        self.generic_visit(node)
        self.envs.pop()
        self.stack.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _scope

    def visit_Raise(self, node: ast.Raise) -> None:
        exc = node.exc
        if exc is None or (isinstance(exc, ast.Name) and exc.id.islower()):
            return  # a bare re-raise, or re-raising a caught exception: not a site of its own
        msg_node = None
        if isinstance(exc, ast.Call):
            if exc.args:
                msg_node = exc.args[0]
            else:
                msg_node = next((k.value for k in exc.keywords if k.arg in ("message", "msg")), None)
        template = _py_text(msg_node, self.envs[-1]) if msg_node is not None else ""
        self.sites.append(
            Site(
                file=self.rel,
                line=node.lineno,
                family=_py_family(self.rel),
                kind="raise",
                exception=_exc_name(exc),
                function=".".join(self.stack),
                template=template,
            )
        )


def python_sites(root: Path) -> list[Site]:
    """Every raise of the DSL-facing Python packages."""
    sites: list[Site] = []
    for sub in PY_ROOTS:
        for path in sorted((root / sub).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            visitor = _PyRaises(rel)
            visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
            sites.extend(visitor.sites)
    return sites


# ---------------------------------------------------------------------------------------------------
# C++ sources
# ---------------------------------------------------------------------------------------------------


def _strip_comments(text: str) -> str:
    """Blank out comments, keeping string literals and line numbers."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j == -1 else j
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j == -1 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _balanced(text: str, start: int) -> int:
    """Index just past the ``)`` closing the ``(`` at ``start``."""
    depth, i, n = 0, start, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return n


def _statement_end(text: str, start: int) -> int:
    depth, i, n = 0, start, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth < 0:
                return i
        elif c == ";" and depth == 0:
            return i
        i += 1
    return n


def _split_top(text: str, sep: str) -> list[str]:
    parts, depth, i, last, n = [], 0, 0, 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0 and text.startswith(sep, i):
            parts.append(text[last:i])
            i += len(sep)
            last = i
            continue
        i += 1
    parts.append(text[last:])
    return [p.strip() for p in parts if p.strip()]


_CXX_LIT = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _cxx_piece(piece: str) -> str:
    """One ``<<`` / ``+`` operand: string literals kept, anything else as ``{expr}``."""
    stripped = piece.strip()
    lits = _CXX_LIT.findall(stripped)
    if lits and re.fullmatch(r'(?:\s*"(?:[^"\\]|\\.)*"\s*)+', stripped):
        text = "".join(lits)
        text = re.sub(r"\\(.)", lambda e: {"n": "\n", "t": "\t"}.get(e.group(1), e.group(1)), text)
        return text.replace("{", "{{").replace("}", "}}")
    inner = re.fullmatch(r"std::string\((.*)\)", stripped, re.S)
    if inner:
        return _cxx_piece(inner.group(1))
    return "{" + _short(stripped) + "}"


def _cxx_message(expr: str) -> str:
    parts = _split_top(expr, "+")
    return "".join(_cxx_piece(p) for p in parts)


def _stream_before(text: str, pos: int, var: str) -> str:
    """The ``var << ...`` chain(s) written before ``pos`` in the same function (best effort)."""
    window = text[max(0, pos - 3000) : pos]
    chunks = []
    for m in re.finditer(rf"\b{re.escape(var)}\s*<<", window):
        end = _statement_end(window, m.end())
        chunks.append("".join(_cxx_piece(p) for p in _split_top(window[m.end() : end], "<<")))
    return "".join(chunks[-4:])


_CXX_SITE = re.compile(
    r"\b(INTERNAL_CHECK_SPAN|INTERNAL_CHECK|CHECK_SPAN|CHECK)\s*\(|\bthrow\s+([A-Za-z_:]+)\s*\(|"
    r"\bemplace_back\s*\(\s*DiagnosticSeverity::Error\b"
)
_FUNC_HEAD = re.compile(
    r"^[A-Za-z_][\w:<>,\s\*&]*?\b([A-Za-z_]\w*(?:::\w+)*)\s*\([^;{}]*\)\s*(?:const\s*)?\{", re.M
)


def _enclosing_function(text: str, pos: int) -> str:
    best = ""
    for m in _FUNC_HEAD.finditer(text, 0, pos):
        name = m.group(1)
        if name not in ("if", "for", "while", "switch", "return", "catch"):
            best = name
    return best


def cxx_sites(root: Path, rel: str, family: str) -> list[Site]:
    """Every CHECK / throw / error diagnostic of one C++ file."""
    raw = (root / rel).read_text(encoding="utf-8", errors="replace")
    text = _strip_comments(raw)
    sites: list[Site] = []
    if rel.endswith(".h") and "#define" in text:
        text = re.sub(
            r"^#\s*define.*?(?<!\\)$", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.M | re.S
        )
    for m in _CXX_SITE.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        func = _enclosing_function(text, m.start())
        if m.group(1):
            macro = m.group(1)
            close = _balanced(text, m.end() - 1)
            end = _statement_end(text, close)
            tail = text[close:end]
            pieces = _split_top(tail, "<<")
            template = "".join(_cxx_piece(p) for p in pieces)
            exc = "InternalError" if macro.startswith("INTERNAL") else "ValueError"
            sites.append(Site(rel, line, family, macro, exc, func, template))
        elif m.group(2):
            exc = m.group(2).split("::")[-1]
            if exc in ("this", "site"):
                continue
            close = _balanced(text, m.end() - 1)
            arg = text[m.end() : close - 1]
            template = _cxx_message(arg)
            var = re.fullmatch(r"\s*(\w+)\.str\(\)\s*", arg)
            if var:
                template = _stream_before(text, m.start(), var.group(1)) or template
            sites.append(Site(rel, line, family, "throw", exc, func, template))
        else:
            close = _balanced(text, text.index("(", m.start()))
            args = _split_top(text[text.index("(", m.start()) + 1 : close - 1], ",")
            msg = args[3] if len(args) >= 4 else ""
            template = _cxx_message(msg)
            var = re.fullmatch(r"\s*(\w+)(?:\.str\(\))?\s*", msg)
            if var:
                streamed = _stream_before(text, m.start(), var.group(1))
                template = streamed or template
            rule = args[1].strip().strip('"') if len(args) >= 2 else ""
            sites.append(Site(rel, line, family, "diagnostic", f"VerificationError({rule})", func, template))
    return sites


# ---------------------------------------------------------------------------------------------------
# Which passes: the default pipeline, cut after ExpandMixedKernel
# ---------------------------------------------------------------------------------------------------


def prefix_passes(root: Path) -> list[str]:
    """The snake-case factory names of the default pipeline, in order, up to ExpandMixedKernel."""
    text = (root / "python/pypto/ir/pass_manager.py").read_text(encoding="utf-8")
    names: list[str] = []
    for m in re.finditer(r"^\s*passes\.(\w+),\s*$", text, re.M):
        names.append(m.group(1))
        if m.group(1) == STOP_PASS:
            break
    return names


def _camel(name: str) -> str:
    return "".join(p.capitalize() for p in name.split("_")).replace("Nd2d", "Nd2D").replace("To2d", "To2D")


def pass_files(root: Path, name: str) -> list[str]:
    """The C++ source files that implement one pass."""
    tdir = root / "src/ir/transforms"
    stem = name.replace("init_mem_ref", "init_memref")
    for cand in (f"{stem}_pass.cpp", f"{stem}.cpp"):
        if (tdir / cand).exists():
            return [f"src/ir/transforms/{cand}"]
    if (tdir / stem).is_dir():
        return sorted(p.relative_to(root).as_posix() for p in (tdir / stem).glob("*.cpp"))
    return []


def _included_utils(root: Path, files: list[str]) -> list[str]:
    """``src/ir/transforms/utils/*.cpp`` whose header a pass file includes."""
    out: set[str] = set()
    for rel in files:
        text = (root / rel).read_text(encoding="utf-8", errors="replace")
        for m in re.finditer(r'#include\s+"pypto/ir/transforms/utils/(\w+)\.h"', text):
            cpp = root / "src/ir/transforms/utils" / f"{m.group(1)}.cpp"
            if cpp.exists():
                out.add(cpp.relative_to(root).as_posix())
    return sorted(out)


_REGISTER = re.compile(r'REGISTER_OP\(\s*"([\w.]+)"\s*\)')
_CALLED = re.compile(r"\b([A-Za-z_]\w*)\s*\(")


def _function_bodies(text: str) -> list[tuple[str, int, int]]:
    """(name, start, end) of every function definition of one file (best effort)."""
    out = []
    for m in _FUNC_HEAD.finditer(text):
        name = m.group(1).split("::")[-1]
        if name in ("if", "for", "while", "switch", "return", "catch"):
            continue
        out.append((name, m.start(), _balanced(text, m.end() - 1)))
    return out


def attach_ops(root: Path, sites: list[Site]) -> None:
    """For each deducer site, the registered ops whose ``f_deduce_type`` reaches it."""
    calls: dict[str, set[str]] = {}
    spans: dict[str, list[tuple[str, int, int]]] = {}
    blocks: list[tuple[str, str, int, int, set[str]]] = []
    files = sorted({s.file for s in sites if s.family == "deducer"})
    for rel in files:
        text = _strip_comments((root / rel).read_text(encoding="utf-8", errors="replace"))
        bodies = _function_bodies(text)
        spans[rel] = bodies
        for name, start, end in bodies:
            calls.setdefault(name, set()).update(_CALLED.findall(text, start, end))
        for m in _REGISTER.finditer(text):
            end = _statement_end(text, m.end())
            first, last = text.count("\n", 0, m.start()) + 1, text.count("\n", 0, end) + 1
            blocks.append(
                (m.group(1), rel, first, last, set(re.findall(r"\b[A-Za-z_]\w*\b", text[m.end() : end])))
            )
    reach: dict[str, set[str]] = {}
    for op, _rel, _s, _e, called in blocks:
        todo, seen = list(called), set()
        while todo:
            fn = todo.pop()
            if fn in seen:
                continue
            seen.add(fn)
            todo.extend(calls.get(fn, ()))
        for fn in seen:
            reach.setdefault(fn, set()).add(op)
    for site in sites:
        if site.family != "deducer":
            continue
        in_block = next(
            (op for op, rel, first, last, _ in blocks if rel == site.file and first <= site.line <= last),
            None,
        )
        if in_block:
            site.ops = (in_block,)
        else:
            site.ops = tuple(sorted(reach.get(site.function.split("::")[-1], ())))


def cxx_inventory(root: Path) -> list[Site]:
    """Deducers, prefix passes (with the utils they include) and prefix verifiers."""
    sites: list[Site] = []
    for sub in OP_ROOTS:
        for path in sorted((root / sub).rglob("*.cpp")) + sorted((root / sub).rglob("*.h")):
            rel = path.relative_to(root).as_posix()
            if rel.endswith("testing.cpp"):
                continue  # test.* ops: registered for upstream's unit tests only
            sites.extend(cxx_sites(root, rel, "deducer"))
    for rel in OP_HEADERS:
        if (root / rel).exists():
            sites.extend(cxx_sites(root, rel, "deducer"))
    seen: set[str] = set()
    for name in prefix_passes(root):
        files = pass_files(root, name)
        for rel in files:
            if rel not in seen:
                seen.add(rel)
                sites.extend(cxx_sites(root, rel, f"pass:{_camel(name)}"))
        for rel in _included_utils(root, files):
            if rel not in seen:
                seen.add(rel)
                sites.extend(cxx_sites(root, rel, f"pass-utils:{_camel(name)}"))
    for rel in PREFIX_VERIFIERS:
        if (root / rel).exists():
            sites.extend(cxx_sites(root, rel, "verifier:" + Path(rel).stem))
    return sites


# ---------------------------------------------------------------------------------------------------
# What models each site
# ---------------------------------------------------------------------------------------------------

_FIELD = re.compile(r"\{[^{}]*\}")


def skeleton(template: str) -> str:
    """The literal text of a template, each computed part as one ``*``, whitespace collapsed."""
    text = _FIELD.sub("*", template.replace("{{", "\x01").replace("}}", "\x02"))
    text = text.replace("\x01", "{").replace("\x02", "}")
    text = re.sub(r"\*(?:\s*\*)+", "*", text)
    return " ".join(text.split()).strip()


def _words(skel: str) -> int:
    return len(re.findall(r"[A-Za-z]{2,}", skel))


def _deduce_ops(trees: Sequence[ast.Module]) -> dict[str, set[str]]:
    """Deducer function name (``compiler/ops/deducers/``) -> the registry ops whose deduction family reaches it."""
    from compiler.ops.registry import all_ops

    calls: dict[str, set[str]] = {}
    families: dict[str, str] = {}
    for fn in (node for tree in trees for node in tree.body):
        if not isinstance(fn, ast.FunctionDef):
            continue
        calls[fn.name] = {
            n.func.id for n in ast.walk(fn) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
        }
        for dec in fn.decorator_list:
            if isinstance(dec, ast.Call) and getattr(dec.func, "id", "") == "family" and dec.args:
                arg = dec.args[0]
                if isinstance(arg, ast.Constant):
                    families[str(arg.value)] = fn.name
    out: dict[str, set[str]] = {}
    for op in all_ops().values():
        start = families.get(op.deduce or "")
        todo, seen = [start] if start else [], set()
        while todo:
            name = todo.pop()
            if name in seen or name not in calls:
                continue
            seen.add(name)
            todo.extend(calls[name])
        for name in seen:
            out.setdefault(name, set()).add(op.name)
    return out


def our_templates() -> list[tuple[str, str, frozenset[str] | None]]:
    """(owner, skeleton, ops) for every catalog rule and every DeduceError site of ``compiler/ops/deducers/``.

    ``ops`` is None for catalog rules, else the registry ops that reach the DeduceError."""
    from compiler.catalog import RULES

    out: list[tuple[str, str, frozenset[str] | None]] = [
        (code, skeleton(rule.template), None) for code, rule in RULES.items()
    ]
    trees = [ast.parse(p.read_text(encoding="utf-8")) for p in sorted((REPO / DEDUCERS).glob("*.py"))]
    reach = _deduce_ops(trees)
    for fn in (node for tree in trees for node in ast.walk(tree)):
        if not isinstance(fn, ast.FunctionDef):
            continue
        env: dict[str, ast.AST] = {}
        for sub in ast.walk(fn):
            if isinstance(sub, ast.Assign) and len(sub.targets) == 1 and isinstance(sub.targets[0], ast.Name):
                env.setdefault(sub.targets[0].id, sub.value)
        raises = sorted(
            (n for n in ast.walk(fn) if isinstance(n, ast.Raise) and isinstance(n.exc, ast.Call)),
            key=lambda n: n.lineno,
        )
        index = 0
        for node in raises:
            assert isinstance(node.exc, ast.Call)
            if getattr(node.exc.func, "id", "") != "DeduceError":
                continue
            text = _py_text(node.exc.args[0] if node.exc.args else None, env)
            out.append((f"deduce.{fn.name}#{index}", skeleton(text), frozenset(reach.get(fn.name, ()))))
            index += 1
    return out


def _wordset(skel: str) -> frozenset[str]:
    return frozenset(w.lower() for w in re.findall(r"[A-Za-z_]{3,}", skel))


_BOUNDARY_OPS = frozenset({"tile.aiv_shard", "tile.aic_gather", "tensor.aiv_shard", "tensor.aic_gather"})


def _may_model(site: Site, owner: str, ops: frozenset[str] | None) -> bool:
    """Whether ``owner`` could be the construct behind ``site`` at all (same op, same kind of check)."""
    if site.family != "deducer":
        return not owner.startswith("deduce.")
    if ops is not None:
        return not site.ops or bool(ops & set(site.ops))
    if owner.startswith("PTO-D"):  # the boundary-op deducer rules of the catalog
        return site.file.endswith("cross_core.cpp") or bool(_BOUNDARY_OPS & set(site.ops))
    return True


def attach_models(sites: list[Site], ours: list[tuple[str, str, frozenset[str] | None]]) -> None:
    """Fill ``modelled_by`` (skeletons close enough) or ``candidate`` (a weaker best guess).

    A deducer site counts as modelled by a ``DeduceError`` only when one of the ops reaching the upstream
    site also reaches ours: the generic ``The operator {op} requires ...`` texts are shared by many checks."""
    indexed = [(owner, theirs, _wordset(theirs), ops) for owner, theirs, ops in ours if _words(theirs) >= 2]
    for site in sites:
        skel = skeleton(site.template)
        if _words(skel) < 2:
            continue
        words = _wordset(skel)
        usable = [item for item in indexed if _may_model(site, item[0], item[3])]
        shortlist = sorted(
            usable, key=lambda item: len(words & item[2]) / max(len(words | item[2]), 1), reverse=True
        )[:12]
        best, best_score = None, 0.0
        for owner, theirs, theirs_words, _ops in shortlist:
            matcher = difflib.SequenceMatcher(None, skel, theirs, autojunk=False)
            score = matcher.ratio()
            union = words | theirs_words
            if union and len(words & theirs_words) / len(union) < 0.75:
                score = min(score, 0.7)  # a different check that happens to share the sentence frame
            if score < 0.45:
                # Ours may quote only part of the text (a deducer message inside "pl operation '...': ").
                longest = matcher.find_longest_match()
                if longest.size >= max(24, int(0.6 * len(skel))):
                    score = max(score, 0.8 * longest.size / max(len(skel), 1))
            if score > best_score:
                best, best_score = owner, score
        site.match_score = round(best_score, 3)
        if best_score >= 0.72:
            site.modelled_by = best
        elif best_score >= 0.5:
            site.candidate = best


# ---------------------------------------------------------------------------------------------------
# Reconciliation: every site modelled (a rule, a deducer site, or a recorded case we agree on), unreachable
# from DSL source (with the reason), or open
# ---------------------------------------------------------------------------------------------------

GOLDENS = REPO / "tests/conformance/ops"
KNOWN = REPO / "tests/conformance/known_disagreements.txt"
_COUNT = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_ARITY_TEXT = re.compile(
    r"requires (?:(exactly|at least|at most) )?((?:\d+|one|two|three|four|five|six)(?: or \d+)?) "
    r"(?:positional )?arguments?\b|requires one workspace tensor",
)


@dataclass(frozen=True)
class Unreachable:
    """A class of sites that DSL source cannot make fire, recognised by file and message, and why."""

    file: str  # a substring of the site's file
    template: str  # a regex searched in the site's template
    reason: str
    # The site's function, exactly: such an entry pins one site and wins over a template match (a message
    # shared with a reachable check elsewhere).
    function: str = ""


@dataclass(frozen=True)
class Computed:
    """A site whose message is computed at run time (a constant, a variable, a caught exception's text), so no
    template links it to its rule: the rule, found by reading the site."""

    file: str  # a substring of the site's file
    function: str
    template: str  # the site's template, exactly
    rule: str


COMPUTED = (
    Computed(
        "parser/ast_parser.py", "ASTParser._validate_for_loop_iterator", "{self._ITERATOR_ERROR}", "PTO-F5"
    ),
    Computed("parser/ast_parser.py", "ASTParser._handle_static_assert", "{error_msg}", "PTO-F32"),
    Computed(
        "parser/ast_parser.py",
        "ASTParser._merge_func_attr_directive",
        "{concise_error_message(exc)}",
        "PTO-F94",
    ),
    # The directive's name is a module constant (_FUNC_ATTR_DIRECTIVE = "func_attr"), not spelled out here.
    Computed(
        "parser/ast_parser.py",
        "ASTParser._merge_func_attr_directive",
        "Unsupported `**` unpacking in pl.{_FUNC_ATTR_DIRECTIVE}({{...}})",
        "PTO-F90",
    ),
    # parse_expression gives a non-Expr only for a nested bare yield (parse_yield_call's None): `{type(expr)}` is
    # always "<class 'NoneType'>".
    Computed(
        "parser/ast_parser.py",
        "ASTParser.parse_assignment",
        "Yield argument must be an IR expression, got {type(expr)}",
        "PTO-F298",
    ),
    Computed(
        "parser/ast_parser.py",
        "ASTParser.parse_yield_assignment",
        "Yield argument must be an IR expression, got {type(expr)}",
        "PTO-F298",
    ),
    # A module-level `pl.dynamic("n rows")` fails the import: the evaluator notes it as the module's fault.
    Computed(
        "typing/dynamic.py",
        "DynVar.__init__",
        "DynVar name must be a valid identifier, got {name}",
        "PTO-F48",
    ),
    # Module-level arithmetic on pl.RUNTIME (`LIMIT = pl.RUNTIME + 1`) fails the import the same way.
    Computed(
        "typing/scalar.py",
        "RuntimeScalarMarker.unwrap",
        "pl.RUNTIME is a compile-time marker with no value. Pass it to compile() or lower() to leave a scalar "
        "parameter unspecialized; it cannot take part in an expression.",
        "PTO-F48",
    ),
    # `{where}` is one of two clauses: "is specified twice: on `pl.spmd(...)` and on the inner" (PTO-O16) or
    # "belongs on the InCore scope, but the body already provides one as the inner" (PTO-O16b).
    Computed(
        "parser/ast_parser.py",
        "ASTParser._emit_spmd_body",
        "`optimizations=` {where} `pl.at(level=pl.Level.CORE_GROUP, ...)`",
        "PTO-O16",
    ),
    Computed(
        "parser/ast_parser.py",
        "ASTParser._parse_task_dummy",
        "pl.system.task_dummy must not use positional arguments",
        "PTO-F50",
    ),
    Computed(
        "parser/ast_parser.py",
        "ASTParser._parse_task_dummy",
        "pl.system.task_dummy does not accept keyword argument '{kw.arg}'",
        "PTO-F50",
    ),
    Computed(
        "parser/ast_parser.py",
        "ASTParser._eval_slot_num_literal",
        "{api} must be an integer literal",
        "PTO-O11",
    ),
    Computed(
        "parser/ast_parser.py",
        "ASTParser._dispatch_op",
        "{module_name} operation '{op_name}': {msg}",
        "PTO-F15b",
    ),
    # A raw string literal (R"(...)"), which the C++ reader does not spell out.
    Computed(
        "lower_composite_ops_pass.cpp",
        "LowerTensorAllReduceRule",
        '{R"(pld.tensor.allreduce mode must be ...}',
        "PTO-LC4",
    ),
    # UnsatisfiableMessage(...) builds PTO-HS4's text; OccupancyGateMessage(...) (``*msg``) builds PTO-HS1's, or
    # HS2's / HS3's for a launch sized on the other query / without sync_start.
    Computed(
        "verify_hard_syncall_occupancy.cpp",
        "UnsatisfiableMessage",
        '{UnsatisfiableMessage(hs.core_type, "v...}',
        "PTO-HS4",
    ),
    Computed(
        "verify_hard_syncall_occupancy.cpp",
        "UnsatisfiableMessage",
        '{UnsatisfiableMessage(hs.core_type, "c...}',
        "PTO-HS4",
    ),
    Computed("verify_hard_syncall_occupancy.cpp", "UnsatisfiableMessage", "{*msg}", "PTO-HS1"),
    # The verifiers' shared emitters: each check builds its message and hands it over. BreakContinueCheck's
    # three ('outside loop', 'in parallel loops', 'in unrolled loops') are PTO-F19 / F20 / F21; SSAVerify's
    # reachable one (a variable used outside its defining scope) is PTO-F88; AivSplitValid's checks (a) .. (h)
    # are PTO-AV-A .. AV-H.
    Computed("verify_break_continue_pass.cpp", "ErrorTypeToString", "{message}", "PTO-F20"),
    Computed(
        "verify_ssa_pass.cpp",
        "SSAVerifier::RecordError",
        "{message}\n  In function '{func_name_}':\n{cached_func_str_}",
        "PTO-F88",
    ),
    Computed("verify_aiv_split.cpp", "ConsumerLane", "{message}", "PTO-AV-A"),
    # TypeCheck's reachable ones: a loop's yielded value or an if's two yields of another dtype / rank / extent
    # than the iter_arg (or each other) are PTO-F273 / F274 / F275.
    Computed("type_check_pass.cpp", "TypeChecker::RecordError", "{message}", "PTO-F273"),
)

# Why the body of a DSL function that the parser reads itself never runs on kernel source.
_EAGER = (
    "runs only when Python calls it eagerly (the one place the parser evaluates a call in Python, a deps= "
    "comprehension's iterable or filter, reports any exception as its own 'Failed to evaluate expression' error)"
)

UNREACHABLE = (
    # type_inference.cpp: the shared valid-region helpers, whose callers check these ranks first.
    Unreachable(
        "src/ir/op/type_inference.cpp",
        r"requires one offset per window dimension",
        "every caller of InferWindowReadValidShape passes as many offsets as window dimensions: tile.load's "
        "deducer checks offsets against shapes first (and reads the window only when it has the source's rank), "
        "tensor.slice's InferTensorSliceFullValidShape calls it only when offsets, window and source share one "
        "rank, tile.slice checks offset rank against shape rank, tile.extract passes its two indices for a "
        "window checked 2D, and pld.tile.remote_load checks both ranks against the target",
        function="CheckWindowReadRanks",
    ),
    Unreachable(
        "src/ir/op/type_inference.cpp",
        r"requires the source and the target to have the same rank|requires one offset per target dimension",
        "tensor.assemble, tile.assemble and tile.store call InferWriteValidShapeUnion only when the source, the "
        "offsets and the target share one rank (a rank-mismatched write keeps its previous result type; "
        "tensor.assemble of a [4096] view at [0, 0] into a 2D target is accepted, confirmed on the compiler)",
        function="CheckWriteUnionRanks",
    ),
    Unreachable(
        "src/ir/op/type_inference.cpp",
        r"target valid_shape rank .* does not match its shape rank",
        "the three writers pass GetValidShape(...) of the target, whose ResolveValidShape (type_inference.h) "
        "CHECKs the valid_shape rank against the shape rank first with its own message ('TensorType valid_shape "
        "rank (1) must match the physical shape rank (2)' for a pl.TensorView(valid_shape=[32]) target, "
        "confirmed on the compiler), so this check never sees a mismatch",
        function="CheckWriteUnionRanks",
    ),
    Unreachable(
        "src/ir/op/type_inference.cpp",
        r"source valid_shape rank .* does not match its shape rank",
        "the three writers pass the source's GetValidShape(...) (tensor.assemble and tile.assemble of the source, "
        "tile.store of the stored tile), whose ResolveValidShape (type_inference.h) CHECKs the valid_shape rank "
        "against the shape rank first with its own 'valid_shape rank (..) must match the physical shape rank' "
        "message; unlike the window reads (CheckWindowReadRanks, whose tile.load / remote_load callers pass the "
        "unchecked GetEffectiveTensorValidShape), no writer hands this check an unresolved valid_shape",
        function="CheckWriteUnionRanks",
    ),
    Unreachable(
        "src/ir/op/type_inference.cpp",
        r"callee_params size .* must match args size",
        "both parser callers check the argument count first: a self.<fn>(...) call raises ParserTypeError "
        "'Function .. expects N argument(s), got M' (for pl.submit: between the non-Out count and all params) "
        "and _call_args_for_return_deduction appends each kept param with its argument together, and an "
        "external ir.Function call runs _validate_call_arg_count before deduce_call_return_type",
        function="DeduceCallReturnType",
    ),
    Unreachable(
        "src/ir/op/type_inference.cpp",
        r"drop_dims must be a MakeTuple",
        "the slice builders (ir/op/tensor_ops.py slice, tile_ops.py slice) pass drop_dims through "
        "_to_make_tuple (ir/utils.py), which always yields a MakeTuple; the other caller, ConvertTensorToTileOps' "
        "tensor.slice conversion, re-reads the operand the tensor.slice deducer already parsed",
        function="ParseSliceDropDims",
    ),
    Unreachable(
        "language/op/unified_ops.py",
        r"^scalar arithmetic does not accept bool",
        "the parser hands the unified wrappers IR expressions: a True / False literal (or a module constant "
        "holding one) arrives as a ConstBool Expr, which _to_scalar_expr returns before its bool test; "
        "`pl.add(n, True)` is the deducer's 'does not accept bool dtype' instead and `pl.cast(True, pl.FP32)` is "
        "accepted (both confirmed on the compiler); only eager Python calls pass a Python bool",
        function="_to_scalar_expr",
    ),
    Unreachable(
        "wrapper_call_utils.cpp",
        r"^A Submit nested inside a Group function cannot carry per-task dispatch metadata",
        "checked only by FindGroupCallees (the one CallVisitor built with reject_submit_dispatch_metadata), "
        "whose only caller is the orchestration codegen (orchestration_codegen.cpp), after ExpandMixedKernel; "
        "the prefix passes that include wrapper_call_utils.h use FindFirstInnerCall / CollectInnerCalls only",
    ),
    Unreachable(
        "language/parser/decorator.py",
        r"^Unsupported `@pl\.function\(attrs=\.\.\.\)` value|^Unsupported `\*\*` unpacking in `@pl\.function|"
        r"^Attrs dict key must be a string literal|^Unsupported value for @pl\.function attr",
        "_extract_function_attrs_from_decorator, the program decorator's fallback when a member has no "
        "_pl_function_attrs: @pl.function always stores them (a dict, {} without attrs=), so only a member whose "
        "class attribute is no longer that function (rebound, or wrapped by another decorator) takes it",
    ),
    Unreachable(
        "language/parser/ast_parser.py",
        r"^pl\.cond\(\) requires exactly 1 argument|^pl\.cond\(\) can only be the first statement in a pl\.while_",
        "raised inside the pl.while_ loop's builder, whose exit (EndWhileLoop: the iter_args set up, no return "
        "variables yet) replaces it with 'While loop has N iteration arguments but 0 return variables' (PTO-F215)",
    ),
    Unreachable(
        "language/parser/ast_parser.py",
        r"^pl\.while_\(\) body cannot be empty",
        "a for statement with an empty body is a SyntaxError when Python compiles the module",
    ),
    Unreachable(
        "distributed/system.cpp",
        r"positional argument #\{i\} must not be null|offsets must be a tuple \(MakeTuple",
        "the IR builders (ir/op/distributed/system_ops.py) pass every operand as an expression they built and "
        "normalise offsets into a MakeTuple first; offsets that are no sequence fail in the wrapper",
    ),
    Unreachable(
        "sync_ops/cross_core.cpp",
        r"set_ffts does not accept attributes|set_ffts workspace must be a Tensor$|at most one dynamic event-id|"
        r"requires a pipe attribute|requires exactly one static event_id|does not support ffts_mode",
        "fixed by the IR builders (ir/op/system_ops.py): set_ffts passes one tensor (the wrapper rejects any "
        "other value first, PTO-WR38) and no attributes; sync_set / sync_wait pass the required pipe and "
        "exactly one event id, an attribute or one operand; sync_wait's wrapper takes no ffts_mode",
    ),
    Unreachable(
        "l0_tile_chooser.cpp",
        r"capacities must be|byte sizes must be|minimum tile dimensions|max_n|alignments must|bandwidths must|"
        r"drain params|capacity .* is too small",
        "a check of the backend's hardware description (L0 capacities, alignments, bandwidths), which no "
        "source program sets",
    ),
    Unreachable(
        "scope_outline_utils.cpp",
        r"not found in (?:var_objects|symbol table|scope body)",
        "a lookup in the outliner's own tables, which it fills from the same scope it walks (an assertion)",
    ),
    Unreachable(
        "jit/decorator.py",
        r"torch|cannot retrieve source code|could not locate function definition",
        "depends on the torch tensors passed at run time, or on a function whose source is not on disk; "
        "a static check reads the source file itself",
    ),
    Unreachable(
        "jit/specializer.py",
        r"cannot retrieve source code",
        "a function whose source is not on disk; a static check reads the source file itself",
    ),
    Unreachable(
        "language/parser/text_parser.py",
        r".",
        "pl.parse / pl.loads, the API that reads a program from a string of printed IR; a source file is "
        "read through its decorators",
    ),
    Unreachable(
        "language/parser/decorator.py",
        r"^Cannot retrieve source code|^Could not find \{entity_type\} definition",
        "a function whose source is not on disk; a static check reads the source file itself",
    ),
    Unreachable(
        "language/parser/ast_parser.py",
        r"^Unsupported boolean operator",
        "Python's ast.BoolOp has only `and` and `or`, and the parser maps both",
    ),
    Unreachable(
        "language/parser/ast_parser.py",
        r"comprehension cannot be `async for`",
        "an `async for` comprehension inside a plain `def` is a SyntaxError when Python compiles the module, "
        "before any decorator runs",
    ),
    Unreachable(
        "language/parser/type_resolver.py",
        r"^Expected pl\.(?:TensorView|TileView|MemRef)\(\.\.\.\) call",
        "every caller passes a node it has already recognised as that pl.<X>(...) call (an assertion)",
    ),
    Unreachable(
        "language/dsl_api.py",
        r"^$",
        "a bare StopIteration: the end of the iterator protocol, which the for loop that drives it consumes",
    ),
    Unreachable(
        "language/parser/scope_manager.py",
        r"^Cannot exit global scope",
        "the parser's own scope stack, pushed and popped in pairs by its visitor (an assertion)",
    ),
    Unreachable(
        "language/parser/__init__.py",
        r"PTO_BACKTRACE",
        "an environment variable of the compiler process, not a property of the source",
    ),
    Unreachable(
        "normalize_stmt_structure_pass.cpp",
        r"SeqStmts with single child|nested SeqStmts|YieldStmt before the terminating",
        "a post-condition of NormalizeStmtStructure: the normal form of the pass's own output, not of the source",
    ),
    Unreachable(
        "convert_tensor_to_tile_ops_pass.cpp",
        r"should have been converted",
        "a post-condition of ConvertTensorToTileOps: a tensor op the pass itself left in an InCore function",
    ),
    Unreachable(
        "flatten_tile_nd_to_2d/verification.cpp",
        r".",
        "a post-condition of FlattenTileNdTo2D (its property verifier): what the pass emitted, which its own "
        "analysis checks (analysis.cpp) reject first for any source that could break it",
    ),
    Unreachable(
        "infer_tile_memory_space_pass.cpp",
        r"has no memory_space set",
        "a post-condition of InferTileMemorySpace: every tile it visits gets a memory space",
    ),
    Unreachable(
        "verify_tile_type_coherence.cpp",
        r"implicit-but-present tile_view",
        "the canonical encoding of a TileType, which the IR builders produce (not a property of the source)",
    ),
    Unreachable(
        "flatten_tile_nd_to_2d/batch_matmul.cpp",
        r"after substitution|substituted|expected final direct store result",
        "the rewrite's own bookkeeping of the values it substitutes (an assertion)",
    ),
    # The memory and transform deducers (tile_ops/ and tensor_ops/ memory.cpp, transform.cpp): the argument forms
    # their IR builders (python/pypto/ir/op/tile_ops.py, tensor_ops.py) fix before the deducer runs.
    Unreachable(
        "_ops/memory.cpp",
        r"requires (?:second|third|fourth) argument to be a tuple|optional 4th argument to be a shapes tuple|"
        r"first argument to be a MakeTuple expression|second argument 'shape' to be a MakeTuple|"
        r"(?:requires|the) (?:shape|valid_shape|the shape argument) (?:argument )?to be a MakeTuple|"
        r"requires (?:shape|indices|offset) to be TupleType|valid_shape \(4th argument\) must be a MakeTuple|"
        r"shape must be a literal tuple of constants",
        "a tuple argument the IR builder always builds itself: every shape, offset, index and valid_shape list "
        "goes through _to_make_tuple (ir/op/tile_ops.py, tensor_ops.py) before the deducer sees it",
    ),
    Unreachable(
        "_ops/transform.cpp",
        r"requires (?:shape|offset|valid_shape) to be TupleType|shape must be TupleType|"
        r"\(\w+ argument\) must be a MakeTuple|shape must be a MakeTuple with static|"
        r"offset must be a literal tuple|shape must be a literal MakeTuple",
        "a tuple argument the IR builder always builds itself with _to_make_tuple (ir/op/tile_ops.py, "
        "tensor_ops.py) before the deducer sees it",
    ),
    Unreachable(
        "_ops/memory.cpp",
        r"requires 'dtype' kwarg|^Missing kwarg: \{key\}",
        "a keyword the IR builder always passes (dtype= of tensor.create / full / ci / random and of their tile "
        "twins, whose wrappers give it a default)",
    ),
    Unreachable(
        "tile_ops/memory.cpp",
        r"valid_shape and shapes to have the same number of dimensions|at least one dimension, but got empty "
        r"shapes tuple",
        "tile.load's IR builder checks the valid_shape rank and the empty window first (its own ValueError: "
        "'valid_shape and shapes must have same number of dimensions', PTO-TD153)",
    ),
    Unreachable(
        "_ops/memory.cpp",
        r"second argument to be a constant value \(ConstInt or ConstFloat\)|first argument 'start' to be a "
        r"scalar|requires diagonal to be a scalar|\(seed scalar\) to be a scalar|third argument \(value\) to "
        r"be a ScalarType|requires axis to be a constant integer|requires value to be ConstInt or ConstFloat",
        "a scalar argument the IR builder converts itself (ConstInt / ConstFloat of the value, _to_int32_scalar, "
        "_normalize_expr): a tile or tensor there fails in that conversion (a TypeError) before the deducer",
    ),
    Unreachable(
        "_ops/transform.cpp",
        r"\(axis[12]\) to be a ConstInt|\{name\} must be ScalarType|valid_(?:rows|cols) must "
        r"be ScalarType|index must be TileType|src must be TileType",
        "a scalar or operand the IR builder converts or type-checks itself first (_normalize_axis_const, "
        "_normalize_expr, ConstInt of a valid extent, scatter_update's 'index must be Expr')",
    ),
    Unreachable(
        "tile_ops/memory.cpp",
        r"of an MX-layout tensor requires 2D valid_shape",
        "DeduceTileLoadType checks valid_shape rank == shapes rank first (and the IR builder fills valid_shape "
        "from shapes), then the MX branch requires a 2D window just before: the valid_shape is 2D by then",
        function="DeduceTileLoadType",
    ),
    Unreachable(
        "tile_ops/memory.cpp",
        r"of an MX-layout tensor requires target_memory=MemorySpace\.Mat",
        "tile.load's IR builder (ir/op/tile_ops.py load, behind pl.load / pl.tile.load) rejects an MX-layout "
        "source whose target_memory is not Mat first (its ValueError, PTO-TD213), the default Vec included",
        function="DeduceTileLoadType",
    ),
    Unreachable(
        "tile_ops/memory.cpp",
        r"requires coalesce in|requires gather_oob in|requires target_memory to be Vec or Mat|"
        r"requires a byte-addressable mem dtype|requires a 2D idx valid shape",
        "tile.mgather's IR builder resolves coalesce / gather_oob and checks target_memory first "
        "(_resolve_mgather_coalesce, _resolve_mgather_gather_oob); the mem dtype check admits only byte-sized "
        "dtypes and a 2D idx tile always has a 2D valid shape",
    ),
    Unreachable(
        "tensor_ops/memory.cpp",
        r"pad_value must be a PadValue enum|pad_value has invalid enum value|requires pad_value to be "
        r"zero/max/min, not null",
        "pad_value goes through the wrappers' normalize_pad_value, which turns literals into a PadValue and "
        "rejects PadValue.null with its own message first",
    ),
    Unreachable(
        "tile_ops/transform.cpp",
        r"pad_value must be a PadValue enum|pad_value has invalid enum value",
        "pad_value goes through the wrappers' normalize_pad_value, which only ever yields a valid PadValue",
    ),
    Unreachable(
        "tile_ops/elementwise.cpp",
        r"requires pad_value to be zero/max/min, not null|fillpad_expand shape must be a literal tuple",
        "tile.fillpad / fillpad_inplace / fillpad_expand's wrappers turn pad_value into a PadValue with "
        "normalize_pad_value, which rejects PadValue.null with its own message first, and pass the shape through "
        "_to_make_tuple",
    ),
    Unreachable(
        "tensor_ops/",
        r"requires no arguments, but got|requires exactly 7 arguments "
        r"\(key0|requires 3-5 arguments|requires 2 or 3 arguments \(input, shape|requires 1 or 2 arguments "
        r"\(data|requires 3 or 4 arguments \(input, axis1|requires 1 to 3 positional args",
        "argument count: the op's IR builder passes a fixed list (no arguments, the six seeds and the shape, "
        "the optional tuples appended one by one), so another count fails in the builder's own signature first",
    ),
    Unreachable(
        "tile_ops/transform.cpp",
        r"requires 3-5 arguments|requires 1 or 2 arguments \(data|requires 3 or 4 arguments \(input, axis1|"
        r"requires exactly 3 arguments \(input, index, src\)",
        "argument count: the op's IR builder passes a fixed list (the optional tuples appended one by one), so "
        "another count fails in the builder's own signature first",
    ),
    Unreachable(
        "tensor_ops/transform.cpp",
        r"^tensor\.reshape:? (?:valid_shape|explicit valid_shape)|^tensor\.transpose:? valid_shape",
        "the valid_shape argument of tensor.reshape / tensor.transpose: the DSL's pl.tensor.reshape(tensor, shape) "
        "and pl.tensor.transpose(tensor, axis1, axis2) take none (the compiler's own passes add it)",
    ),
    Unreachable(
        "_ops/memory.cpp",
        r"^The operator \{op_name\} requires exactly 2 arguments, but got|^tensor\.alloc expects 2 args",
        "argument count of tile.alloc / tensor.alloc: the parser builds these calls itself and requires exactly "
        "two positional arguments first ('tile.alloc in printed IR expects 2 positional args (memory_space, "
        "size)')",
    ),
    Unreachable(
        "tile_ops/memory.cpp",
        r"requires 2 or 3 arguments \(diagonal, shape|requires 7 or 8 arguments \(key0|requires \(mem, idx\), "
        r"optionally followed by scratch",
        "argument count: tile.tri / tile.random / tile.mgather's IR builders pass the fixed arguments and append "
        "each optional tuple or tensor once, so another count fails in the builder's own signature first",
    ),
    Unreachable(
        "array_ops/memory.cpp",
        r"extent must be a compile-time ConstInt|index must be ScalarType|value must be ScalarType",
        "the array wrappers convert these themselves first: the extent with int() (a TypeError on a Scalar), "
        "the index with _normalize_expr (a tile is no expression), and a tile value fails in create_op_call",
    ),
    Unreachable(
        "distributed/memory.cpp",
        r"must not be null|^Missing kwarg '\{key\}' on|requires a non-empty 'name' kwarg|requires 2 positional "
        r"args \(buf, shape\)|'buf' must have type Ptr|second argument must be a shape tuple",
        "what the window-buffer builders fix first: every argument is an expression (never null), the parser "
        "injects alloc_window_buffer's name= from its assignment target (a user name= is PTO-F144), "
        "pld.tensor.window's wrapper rejects a buf that is not a Ptr with its own TypeError and passes (buf, "
        "_to_make_tuple(shape))",
    ),
    # The distributed deducers (distributed/*.cpp, comm_op_utils.h): what the pld wrappers
    # (language/distributed/op/*.py) check first and what their IR builders (ir/op/distributed/*.py) fix.
    Unreachable(
        "distributed/",
        r"must not be null$|^\{op_name\} (?:dst|peer|src) argument must not be null|^\{op_name\} argument must "
        r"not be null",
        "the IR builders (ir/op/distributed/*.py) build every argument list from expressions: the operands the "
        "wrappers unwrapped, peer through _normalize_expr, each tuple through _to_make_tuple, and an optional "
        "operand (signal, stage2, the region, valid_shape) appended only when given, so no argument is null",
    ),
    Unreachable(
        "distributed/",
        r"requires 1 or 2 positional arguments \(target|requires exactly 3 args \(input, target, signal\)|"
        r"requires 3 args \(input, target, signal\) for InCore|requires 5 args \(input, target, signal, send|"
        r"requires 3 positional arguments \(dst, peer, src\) or 6|requires 4/5 \(single/double stage|"
        r"requires 4 or 5 positional arguments \(target, peer, offsets|world_size takes no positional|"
        r"takes no kwargs|does not accept keyword attributes",
        "argument count and attributes: the IR builders (ir/op/distributed/*.py) pass a fixed list (allreduce "
        "target[, signal]; allgather / all_to_all 3 and all_to_all_v 5 operands; put / get dst, peer, src and "
        "the stage(s), the region's three tuples appended together; remote_load 4, valid_shape appended) and "
        "no attributes to world_size, get_comm_ctx and pld.tile.get; a call with other arguments fails in the "
        "wrapper's own Python signature first",
    ),
    Unreachable(
        "distributed/",
        r"^pld\.tensor\.(?:allreduce|barrier|broadcast|allgather|all_to_all|all_to_all_v|reduce_scatter) "
        r"(?:target|signal|recv_counts) must be a DistributedTensor \(window-bound\)|"
        r"^\{op_name\} (?:dst|src) must be a (?:Tensor or )?DistributedTensor|^\{op_name\} target must be a "
        r"DistributedTensor|^pld\.tile\.remote_load target must be a DistributedTensor|"
        r"^pld\.tensor\.allreduce signal must be an Expr",
        "an operand kind the pld wrapper (language/distributed/op/tensor_ops.py, tile_ops.py) checks first in its "
        "own words ('... expects a DistributedTensor target (window-bound); got ...', 'expects a Tensor or "
        "DistributedTensor src'): _unwrap_distributed_tensors for the collectives' "
        "target / signal / recv_counts, the inline checks of put / get / remote_load / remote_store, and an "
        "unwrapped signal is always an Expr",
    ),
    Unreachable(
        "distributed/",
        r"^pld\.tile\.remote_load (?:offsets|shape|valid_shape) must be a tuple|^\{op_name\} offsets must be a "
        r"tuple|^\{op_name\} (?:dst_offsets|src_offsets|shape) must be a tuple$",
        "a tuple argument the IR builder always builds itself with _to_make_tuple (ir/op/distributed/"
        "tile_ops.py, tensor_ops.py) before the deducer sees it",
    ),
    Unreachable(
        "distributed/comm_op_utils.h",
        r"chunk_(?:rows|cols) must be non-negative \(0 = full\)|pipeline=True requires both chunk_rows>0",
        "ValidateChunkNonNegative / ValidatePipelineHasChunk run only for pld.tensor.put / get, whose wrapper "
        "checks the same first in its own words (_validate_chunk, _validate_pipeline: 'pld.tensor.put "
        "chunk_rows must be non-negative (0 = full), got -1', PTO-TD192); pld.tile.put / get take no chunks",
    ),
    Unreachable(
        "distributed/collective.cpp",
        r"target rank must match input rank",
        "pld.tensor.all_to_all checks just before that input and target are both 2-D ('input must be 2D', "
        "'target must be 2D'), so their ranks always match here",
    ),
    Unreachable(
        "distributed/remote_load.cpp",
        r"allow_physical_tail_padding requires an explicit valid_shape",
        "allow_physical_tail_padding is set only by _remote_load_with_physical_tail_padding, whose builder "
        "always appends the valid_shape it requires",
    ),
    Unreachable(
        "distributed/op/tensor_ops.py",
        r"^pld\.tensor\.window first argument must be an IR expression",
        "the parser turns every positional argument into an IR expression before the wrapper runs (a literal "
        "becomes a constant: pld.window(5, ...) fails as 'expects a Ptr handle ...; got pl.Scalar[pl.INDEX]')",
    ),
    Unreachable(
        "/tensor_ops.py",
        r"^pld\.tensor\.allreduce signal cannot be None",
        "a None literal in DSL source is the parser's 'no producer yet' TaskId sentinel, a Scalar[TASK_ID] "
        "expression, so the wrapper rejects it first ('expects a DistributedTensor signal (window-bound); got "
        "pl.Scalar[pl.TASK_ID]')",
    ),
    Unreachable(
        "distributed/typing/",
        r"annotation placeholder, not a value wrapper",
        "the parser unwraps only the value wrappers it built itself around an expression",
    ),
    Unreachable(
        "tensor_ops/elementwise.cpp",
        r"^The operator \{op_name\} requires exactly 2 arguments, but got",
        "argument count of the bitwise tensor ops: their IR builder (_bitwise_dispatch) always passes (lhs, rhs)",
    ),
    Unreachable(
        "tile_ops/",
        r"^The operator \{op_name\} requires (?:second argument|scalar) to be a ScalarType, but got",
        "the scalar operand of tile.adds-style ops (ands / ors / shls / shrs / xors / addsc / subsc / rems / cmps "
        "/ expands / sels): the wrapper reads anything but a Scalar with float() / int() first, a TypeError the "
        "model reports as PTO-WR10 / WR10b",
    ),
    Unreachable(
        "ir/op/",
        r"requires compatible data types(?:, but got|$)|^Cannot promote data types",
        "PromoteDataTypes (type_inference.cpp) returns a dtype for every pair (the float one, else the wider, "
        "else the signed one, else the first), so the CHECK on its result never fails",
    ),
    Unreachable(
        "_ops/gather.cpp",
        r"requires a 'cmp_mode' keyword argument|requires cmp_mode in \[0, 5\]|requires an 'out_cols' keyword "
        r"argument|requires kvalue to be a ScalarType",
        "the gather_compare builders (ir/op/tensor_ops.py gather / gather_compare, tile_ops.py gather_compare) "
        "require cmp_mode and out_cols (a missing one is their own ValueError / TypeError) and normalise cmp_mode "
        "with resolve_gather_compare_cmp_mode ('Invalid cmp_mode ...' outside 0..5); the wrappers pass kvalue "
        "through Scalar.unwrap or _normalize_expr, which turns anything but a number or Scalar into 'Cannot "
        "convert ... to IR expression'",
    ),
    Unreachable(
        "_ops/unary.cpp",
        r"^target_type must be a DataType or int|requires 'target_type' kwarg|requires a 'mode' kwarg",
        "the cast builders (ir/op/tensor_ops.py / tile_ops.py cast) always pass target_type and the mode "
        "resolve_cast_mode normalised, and a target_type that is neither a DataType nor an int stops first in "
        "the op registry's ValidateKwargs ('expects DataType or int, but got incompatible type')",
    ),
    Unreachable(
        "_ops/matmul.cpp",
        r"^The operator \{op_name\} requires exactly 2 arguments, but got|requires 3 arguments \(acc, lhs, rhs\) "
        r"or 4 with the optional init_cond",
        "argument count: the matmul builders pass (lhs, rhs), or (acc, lhs, rhs) with init_cond appended only "
        "when given",
    ),
    Unreachable(
        "tile_ops/elementwise.cpp",
        r"requires 'cmp_type' attribute",
        "tile.cmp's builder always passes cmp_type (default EQ)",
    ),
    Unreachable(
        "tile_ops/reduction.cpp",
        r"tile\.col_sum requires 1 or 2 arguments",
        "tile.col_sum's builder passes the tile, and the tmp tile only when given",
    ),
    Unreachable(
        "tile_ops/gather.cpp",
        r"requires a byte-addressable output dtype that divides 32 bytes",
        "tile.gatherb checks first that output_dtype is an 8/16/32-bit int / uint or FP16 / BF16 / FP32: each "
        "of 1, 2 or 4 bytes, all of which divide 32",
    ),
    Unreachable(
        "_ops/sort.cpp",
        r"requires argument 1 \(block_len\) to be a ScalarType",
        "mrgsort's builders pass block_len as a ConstInt they build from an int, or the expression of a "
        "Scalar; a tile or tensor there fails in ConstInt's own constructor first",
    ),
    Unreachable(
        "language/typing/",
        r"^Cannot unwrap annotation-only|^No expression to unwrap|annotation placeholder, not a value wrapper",
        "the parser unwraps only the value wrappers it built itself around an expression",
    ),
    Unreachable(
        "flatten_tile_nd_to_2d/analysis.cpp",
        r"^FlattenTileNdTo2D: tile\.assemble requires a tile source and a literal offset tuple",
        "the tile.assemble deducer (tile_ops/transform.cpp) already requires a TileType source and a literal "
        "offset tuple when the call is built",
    ),
    Unreachable(
        "flatten_tile_nd_to_2d/batch_matmul.cpp",
        r"expects TileType operand|expects TileType result|(?:lhs|rhs) must be at least 2D|"
        r"batch dimensions must broadcast",
        "the tile.batch_matmul / tile.batch_matmul_acc deducers (tile_ops/batch_matmul.cpp) already require "
        "TileType operands of rank >= 2 whose batch dimensions broadcast, and return a TileType",
    ),
    Unreachable(
        "flatten_tile_nd_to_2d/batch_matmul.cpp",
        r"direct store target must be TensorType|tile\.store offsets must be a MakeTuple",
        "the fused store is a tile.store, whose deducer already requires a tensor target and a literal offset "
        "tuple",
    ),
    Unreachable(
        "flatten_tile_nd_to_2d/batch_matmul.cpp",
        r"acc must be TileType|expects acc to be 2D after flatten",
        "the accumulator is the one this rewrite flattened to 2D just before (the deducer requires a TileType "
        "acc)",
    ),
    Unreachable(
        "flatten_tile_nd_to_2d/batch_matmul.cpp",
        r"acc rows .* != batch_count|acc cols .* != N\(",
        "the tile.batch_matmul_acc deducer already requires acc's batch dimensions to equal the broadcast batch "
        "and its M / N to equal lhs M / rhs N; the static check just before (acc dims after flatten) makes them "
        "constants, so the flattened acc is batch_count*M x N",
    ),
    Unreachable(
        "flatten_tile_nd_to_2d/rewrite_utils.cpp",
        r"output batch rank must cover operand batch rank|output batch indices must match output batch rank",
        "the output batch shape is the broadcast of the operand batch shapes (never of lower rank), and its "
        "indices are built from that same shape",
    ),
    Unreachable(
        "flatten_tile_nd_to_2d/rewrite_utils.cpp",
        r"integer overflow while computing batch stride|integer overflow while flattening broadcasted batch index",
        "bounded by the output batch count, which MultiplyStaticDims computes without overflow first "
        "(rewrite_utils.cpp:267): every operand batch dimension is 1 or the broadcast one",
    ),
    Unreachable(
        "flatten_tile_nd_to_2d/rewrite_utils.cpp",
        r"^FlattenTileNdTo2D: axis \{axis\} is out of range for rank",
        "NormalizeAxisIndex serves tile.transpose, whose deducer already normalises both axes and rejects one out "
        "of range (NormalizeAxis, tile_ops/transform.cpp)",
    ),
    Unreachable(
        "l0_tile_chooser.cpp",
        r"M, N, K must all be positive|allow_padding=false but|no legal \(m, n, k\) tile found",
        "AutoTileMatmulL0 calls ChooseL0Tile inside try/catch (pypto::ValueError, which CHECK throws) and turns a "
        "rejection into the PH-AT-005 performance hint; the compile goes on",
    ),
    Unreachable(
        "lower_composite_ops_pass.cpp",
        r"^pld\.tensor\.allreduce mode=ring requires an explicit signal",
        "LowerTensorRingAllReduceRule's only caller, LowerTensorAllReduceRule, checks the explicit signal first "
        "('requires an explicit signal outside host orchestrator functions', PTO-LC1)",
    ),
    Unreachable(
        "lower_composite_ops_pass.cpp",
        r"^mode=ring signal must be a DistributedTensor$|^mode=ring signal must be INT32$",
        "the pld.tensor.allreduce deducer (distributed/allreduce.cpp) already requires the signal to be a "
        "window-bound INT32 DistributedTensor",
    ),
    Unreachable(
        "lower_composite_ops_pass.cpp",
        r"^pld\.tensor\.allreduce target valid_shape rank must match target rank",
        "TypeCheck (type_check_pass.cpp ValidateTypeValidShape -> ValidateValidShapeBounds), run on the pipeline "
        "input, rejects every parameter, variable and call result whose DistributedTensorType valid_shape rank "
        "differs from its shape rank ('... valid_shape rank mismatch', confirmed with a "
        "pl.TensorView(valid_shape=[32]) annotation on a [4, 64] window); the view deducers that derive a window "
        "(tensor.view, tensor.slice, tensor.assemble) keep the two ranks equal",
    ),
    Unreachable(
        "verify_manual_deps_on_submit_only.cpp",
        r'carries `attrs\["manual_dep_edges"\]`',
        "the parser refuses attrs['manual_dep_edges'] on every call ('is not a writable attr'), pl.submit's and "
        "pl.at's deps= fill the typed Submit::deps_ (scope_outline_utils.cpp forces the Submit shape), and the "
        "passes set the attribute only on system.task_dummy, an op rather than a cross-function Call",
    ),
    Unreachable(
        "unroll_loops_pass.cpp",
        r"^Unroll loop \{what\} must be a compile-time integer constant",
        "the parser rejects a pl.unroll whose bounds are not compile-time integers first ('pl.unroll() requires "
        "compile-time constant integer bounds', PTO-F112)",
    ),
    Unreachable(
        "ir/op_registry.h",
        r"has no (?:operator instance|description|category|argument definition|type deduction)|"
        r"(?:description|category|core affinity|cross-core role|write channel|template_dir) is already set|"
        r"already has|type deduction function is already set|names argument .* after declaring no_arg_writes|"
        r"null effect resolver|declares no_arg_writes\(\) after naming|^\{\"Operator '\" \+ name_ \+ \"' ",
        "a check of an op's registration (the REGISTER_OP builder chain run once when the compiler module loads): "
        "every registered op sets each field once, so no source program makes it fail",
    ),
    Unreachable(
        "ir/op_registry.h",
        r"^Missing kwarg '",
        "GetRequiredKwarg reads a kwarg its op's only builder always passes: reinterpret_view's dtype "
        "(ir/op/tensor_ops.py, tile_ops.py), notify's op, wait / defer_wait's cmp, put's atomic, allreduce's op and "
        "core_num, broadcast's root, reduce_scatter's op (ir/op/distributed/*.py); the builtin.tensor.* ops are "
        "built by LowerCompositeOps from those calls' own kwargs",
    ),
    Unreachable(
        "tensor_ops/matmul.cpp",
        r"^Missing kwarg: |^Invalid kwarg type for out_dtype",
        "GetKwarg without a default is called only for out_dtype, whose ValueError the deducer catches (it then "
        "promotes the operand dtypes); an out_dtype that is no DataType or int stops first in the registry's "
        "ValidateKwargs ('Kwarg 'out_dtype' for operator 'tensor.matmul' expects DataType or int')",
    ),
    Unreachable(
        "tile_ops/sort.cpp",
        r"^Missing kwarg: |requires 3-5 arguments \(2-4 srcs \+ tmp\)",
        "sort.cpp's GetKwarg is called only with a default (exhausted=False); tile.mrgsort_format2's builders "
        "pass 3, 4 or 5 arguments (ir/op/tile_ops.py mrgsort), and its parser fallback mrgsort_format2 rejects "
        "another count first",
    ),
    Unreachable(
        "tensor_ops/sort.cpp",
        r"requires 2-4 arguments \(2-4 srcs\)",
        "tensor.mrgsort_format2's builders pass 2, 3 or 4 sources (ir/op/tensor_ops.py mrgsort), and its parser "
        "fallback mrgsort_format2 rejects another count first",
    ),
    Unreachable(
        "ir/op/tile_ops.py",
        r"^mrgsort\(\) format1 \(block_len=\.\.\.\) and format2 \(src1, \.\.\., tmp\)|"
        r"^mrgsort\(\) requires either block_len=<int> for format1, or at least \(src0, src1, tmp=<tile>\)|"
        r"^mrgsort\(\) format2 requires tmp to be provided",
        "pl.tile.mrgsort / pl.mrgsort (language/op/tile_ops.py mrgsort) makes the same checks first: block_len "
        "with format2 arguments, no src1, and no tmp each raise there before the IR builder is called",
    ),
    Unreachable(
        "ir/op/tensor_ops.py",
        r"^mrgsort\(\) format1 \(block_len=\.\.\.\) and format2 \(src1, \.\.\.\) are|"
        r"^mrgsort\(\) requires either block_len=<int> for format1, or at least \(src0, src1\) for",
        "pl.tensor.mrgsort / pl.mrgsort (language/op/tensor_ops.py mrgsort) makes the same checks first, with the "
        "same words",
    ),
    Unreachable(
        "ir/op/tensor_ops.py",
        r"^gather\(\) offset/count_dtype are only valid|^gather\(\) requires \(dim, index\) for index form|"
        r"^scatter\(\) requires \(dim, index, src\) for index form|^scatter\(\) index form requires dim, index",
        "pl.tensor.gather / pl.gather (language/op/tensor_ops.py) forwards offset and count_dtype to the builder "
        "only in the compare form, and it and pl.tensor.scatter / pl.scatter make the form checks first, with the "
        "same words",
    ),
    Unreachable(
        "tensor_ops/paged_gather.cpp",
        r"requires a '\{key\}' keyword argument|requires a 'dtype' keyword argument|requires 5-6 arguments",
        "the builders always pass them (ir/op/tensor_ops.py): paged_gather every int attribute, create_l1 its "
        "dtype, gather_row (acc, src, dst_offset, src_offset, shapes) and valid_shape only when given",
    ),
    Unreachable(
        "tile_ops/paged_gather.cpp",
        r"requires 5-6 arguments",
        "tile.gather_row's builder (ir/op/tile_ops.py gather_row) passes (dst, src, dst_offset, src_offset, shapes) "
        "and valid_shape only when given",
    ),
    Unreachable(
        "ir/op/type_inference.cpp",
        r"requires shapes to be a literal tuple|requires valid_shape to be a literal tuple",
        "the gather_row builders (ir/op/tensor_ops.py, tile_ops.py) pass shapes and valid_shape through "
        "_to_make_tuple (ir/utils.py), which always yields a MakeTuple",
    ),
    Unreachable(
        "tensor_ops/gather.cpp",
        r"requires a 'dim' keyword argument|requires output_dtype to be DataType or int",
        "tensor.gather's builder always passes dim (ir/op/tensor_ops.py gather); an output_dtype that is no "
        "DataType or int stops first in the registry's ValidateKwargs ('Kwarg 'output_dtype' for operator "
        "'tensor.gather_mask' expects DataType or int')",
    ),
    Unreachable(
        "tensor_ops/scatter.cpp",
        r"requires a 'dim' keyword argument",
        "tensor.scatter's builder always passes dim (ir/op/tensor_ops.py scatter)",
    ),
    Unreachable(
        "tensor_ops/scatter_update.cpp",
        r"requires exactly 3 arguments \(input, index, src\)",
        "tensor.scatter_update's builder passes exactly [input, index, src] (ir/op/tensor_ops.py scatter_update)",
    ),
    Unreachable(
        "tile_ops/elementwise.cpp",
        r"^The operator \{op_name\} requires exactly 2 arguments, but got",
        "the binary tile builders (ir/op/tile_ops.py: _create_tile_binary_call and the fixed [lhs, rhs] lists) "
        "pass two arguments",
    ),
    Unreachable(
        "tile_ops/matmul_mx.cpp",
        r"requires exactly 4 arguments \(lhs, lhs_scale, rhs, rhs_scale\)",
        "tile.matmul_mx's builder passes its four operands, and the acc / bias deducers hand it four of theirs "
        "after their own count check",
    ),
    Unreachable(
        "tensor_ops/broadcast.cpp",
        r"requires second argument to be a ScalarType",
        "pl.tensor.expands unwraps a Scalar to its expression and hands anything else to the builder's float() "
        "(ir/op/tensor_ops.py expands), which fails first on a tensor or tile ('float() argument must be ...')",
    ),
    Unreachable(
        "ir/op/tile_ops.py",
        r"^result_type is mutually exclusive with shape/dtype",
        "every DSL spelling of tpop_from_aic / tpop_from_aiv (pl., pl.tile., pl.system.) is the wrapper of "
        "language/op/system_ops.py, which takes no result_type and passes only shape and dtype to the builder",
    ),
    Unreachable(
        "prefetch/prefetch_async.cpp",
        r"requires exactly \{expected\} positional argument|takes no kwargs",
        "the prefetch builders (ir/op/prefetch_ops.py) pass fixed argument lists and no kwargs",
    ),
    Unreachable(
        "language/parser/ast_parser.py",
        r"^Tuple unpacking target must be a variable name or nested tuple",
        "its only caller, the pl.submit / pl.spmd_submit desugaring, passes result targets it has already "
        "required to be plain names ('result target must contain plain variable names only'), and it recurses "
        "only into tuples, which that check rejects",
        function="ASTParser._bind_unpack_target",
    ),
    Unreachable(
        "language/parser/ast_parser.py",
        r"^predicate operand must be a tensor|^predicate indices must be integer scalars|^predicate needs ",
        "the predicate's element read is a tensor.read call, whose deducer (DeduceTensorReadType) has already "
        "required a TensorType operand, one index per axis and integer-dtype scalar indices (IsInt: the "
        "parser's _INTEGER_DTYPES exactly); a subscript with fewer indices is a slice, which is no read",
        function="ASTParser._validate_predicate_shape",
    ),
    Unreachable(
        "jit/specializer.py",
        r"^Unsupported TensorLayout",
        "every TensorLayout member is rendered: ND returns None first, and DN, NZ, MX_A_ZZ and MX_B_NN (the "
        "other four members of the enum in pypto_core/ir.pyi) are all in _LAYOUT_TO_PL",
        function="_layout_str",
    ),
    Unreachable(
        "language/parser/ast_parser.py",
        r"^Annotated assignment of pl\.(?:spmd_)?submit must target a simple variable name",
        "parse_annotated_assignment rejects every target that is not a name first ('Only simple variable "
        "assignments supported', PTO-F168), and nothing rebinds the target before the submit check",
        function="ASTParser.parse_annotated_assignment",
    ),
    Unreachable(
        "language/dsl_api.py",
        r"loop form is only valid inside a @pl\.program / @pl\.function body",
        "the __iter__ of the object pl.spmd / pl.split_aiv return, which "
        + _EAGER
        + "; inside a kernel the parser "
        "reads the for statement as syntax and never iterates the object",
    ),
    Unreachable(
        "language/dsl_api.py",
        r"^pl\.split_aiv\(n\)|^pl\.split_aiv\(mode=\.\.\.\)",
        "the body of pl.split_aiv, which " + _EAGER + "; inside a kernel the parser reads "
        "`for .. in pl.split_aiv(...)` itself and checks n and mode with its own messages",
    ),
    Unreachable(
        "language/dsl_api.py",
        r"stage must be a positive integer",
        "the range builder behind pl.range / pl.pipeline, which "
        + _EAGER
        + "; inside a kernel the parser reads "
        "the loop itself and checks stage= with its own messages (pl.pipeline() stage must be >= 1)",
    ),
    Unreachable(
        "language/op/system_ops.py",
        r"^pl\.system\.task_dummy is a DSL parser construct",
        "the wrapper's body, which " + _EAGER + "; the parser reads every pl.system.task_dummy call itself "
        "(_parse_task_dummy)",
    ),
    Unreachable(
        "language/scope.py",
        r"is a DSL parser construct and cannot be called directly",
        "the body of pl.submit / pl.spmd_submit, which " + _EAGER + "; the parser desugars every such "
        "call itself",
    ),
    Unreachable(
        "language/op/tile_ops.py",
        r"^pl\.(?:aiv_shard|aic_gather) must be used inside",
        "the wrapper's body, which " + _EAGER + "; the parser routes every aiv_shard / aic_gather call "
        "(pl., pl.tile., pl.tensor.) to its own _parse_split_boundary",
    ),
    Unreachable(
        "language/typing/",
        r"subscript(?:-write)? syntax is only available inside @pl\.function",
        "Tensor / Tile __getitem__ / __setitem__ on a value wrapper, which " + _EAGER + "; the parser reads "
        "a subscript as syntax and never subscripts a wrapper",
    ),
    Unreachable(
        "language/typing/scalar.py",
        r"^Cannot convert Scalar to bool",
        "Scalar.__bool__, which runs only when Python takes a wrapper's truth value: the parser reads "
        "if / while / and / or tests as syntax into IR, and evaluates in Python only expressions it has "
        "checked to hold no IR value (deps= comprehension filters, static conditions)",
    ),
    Unreachable(
        "language/optimizations.py",
        r"slot_num must be a positive integer",
        "the body of pl.split / pl.cross_core_slot, which " + _EAGER + "; inside a kernel the parser reads "
        "optimizations=[...] itself and checks slot_num= with its own messages (PTO-O11 / PTO-O12)",
    ),
    Unreachable(
        "language/parser/type_resolver.py",
        r"^TileView expression must be an integer constant or bare variable",
        "raised only by a TypeResolver built without parse_expression; the parser's one TypeResolver "
        "(ASTParser.__init__, ast_parser.py) always passes parse_expression=self.parse_expression, so the "
        "delegating branch above it handles every richer expression",
        function="TypeResolver._parse_tileview_expr",
    ),
    Unreachable(
        "jit/decorator.py",
        r"^@pl\.jit function '\{func_name\}': scalar parameter '\{name\}' (?:has no value|must be an int)",
        "signature-mode specialisation (lower() / compile() called with no sample tensors) reads a scalar "
        "parameter's value from that Python call's keyword arguments (or the signature default): a property "
        "of the call made at run time, not of the DSL source. A dispatch binds the value, pl.RUNTIME leaves it "
        "unspecialised, and a static check, like the library oracle (run_library.py), treats every scalar "
        "parameter as runtime",
        function="_signature_scalar_value",
    ),
    Unreachable(
        "jit/decorator.py",
        r"^@pl\.jit function '\{self\.__name__\}': (?:\{e\}|parameter '\{name\}' received pl\.RUNTIME)",
        "binds the arguments of a Python call of the entry (a dispatch kernel(a, b), or lower(*samples) / "
        "compile(*samples)) to its signature; JITFunction._resolve_specialization is its only caller. The "
        "arguments exist only in that call at run time: DSL source never calls an entry itself (a jit "
        "function's calls of its sub-functions bind through _resolve_dep_call_metadata)",
        function="JITFunction._bind_args",
    ),
    Unreachable(
        "jit/decorator.py",
        r"^@pl\.jit function '\{self\.__name__\}': cannot (?:specialize from the signature|infer parameter)",
        "signature mode only: _resolve_specialization takes it when lower() / compile() are called with no "
        "sample tensors, a choice of the Python call at run time. A dispatch or lower(*samples) binds real "
        "tensors, so a bare pl.Tensor (or unannotated) entry parameter is valid DSL source (pypto-lib's "
        "entries declare them, e.g. models/qwen3_14b/contract.py); the static check types such a parameter at "
        "call time, and the reference-compiler README counts entries that cannot be specialised from their "
        "signature as no user fault",
        function="JITFunction._bind_args_from_signature",
    ),
    # The remaining deducer sites of tile_ops/ and tensor_ops/ (sitesdeduce2): checks an earlier check on the same
    # values or the parser's dispatch always makes first.
    Unreachable(
        "tile_ops/matmul.cpp",
        r"^GEMV requires rhs logical K to cover lhs logical K",
        "BuildGemvResultType runs only after DeduceTileMatMulType / DeduceTileMatMulBiasType on the same lhs and "
        "rhs (DeduceTileGemvType, DeduceTileGemvAccType, DeduceTileGemvBiasType), whose DeduceMatmulProductInfo "
        "already rejects ProveValidExtentLessEqual(lhs_valid[1], rhs_valid[0]) == kFalse with 'requires rhs "
        "valid K to cover lhs valid K' (confirmed on the compiler: tile.gemv__deduce_rhs_valid_k)",
        function="BuildGemvResultType",
    ),
    Unreachable(
        "tile_ops/broadcast.cpp",
        r"requires a byte-addressable src1 dtype",
        "src1's dtype is src0's (CHECK tile_type->dtype_ == row_type->dtype_) and src0's is one of INT8, INT16, "
        "INT32, FP16, FP32 (IsTRowExpandAddDataType), both checked before: 1, 2 or 4 bytes, each dividing 32",
        function="DeduceTileRowExpandAddType",
    ),
    Unreachable(
        "tensor_ops/paged_gather.cpp",
        r"requires shape to be a MakeTuple of static ConstInt dims",
        "the only builder, ir/op/tensor_ops.create_l1, passes _to_make_tuple(shape), which returns a MakeTuple "
        "for any sequence (the DSL wrapper hands it _normalize_intlike(shape)); a shape that is no sequence fails "
        "there first (x.shape is the parser's 'Standalone attribute access not supported', confirmed)",
        function="DeduceTensorCreateL1Type",
    ),
    Unreachable(
        "tile_ops/cross_core.cpp",
        r"requires argument to be a \(non-distributed\) TensorType",
        "the parser (ASTParser._parse_split_transfer_op) emits tensor.aic_gather / tensor.aiv_shard only for an "
        "operand whose type is a TensorType, after rejecting a DistributedTensorType with its own 'pl.aic_gather "
        "does not support distributed tensors' (confirmed); any other operand becomes tile.aic_gather / "
        "tile.aiv_shard",
        function="DeduceSplitReshapeTensor",
    ),
    Unreachable(
        "tensor_ops/elementwise.cpp",
        r"requires second argument to be a TensorType or DistributedTensorType",
        "the bitwise wrappers (language/op/tensor_ops.py and_ / or_ / shl / shr) unwrap only a Tensor or Scalar "
        "rhs (_unwrap_rhs); a Tile, Array or list reaches _normalize_scalar_operand as a Python object and fails "
        "in int() first (confirmed for a Tile and an Array), and a scalar expression routes to the *s op",
        function="DeduceTensorOpBitwiseBinaryType",
    ),
    Unreachable(
        "tile_ops/transform.cpp",
        r"only supports packed tiles without explicit strides|only supports tiles with zero start_offset|"
        r"only supports tiles without a dynamic start_offset",
        "a tile's view gets a stride or a start_offset only from a pl.TileView(...) annotation: no tile op deducer "
        "sets either (tile.reinterpret_view only clears them) and no DSL wrapper takes a TileView; at e2d0f78 the "
        "annotation itself fails in ir.TileView's constructor (TypeResolver._resolve_tileview: pybind "
        "'incompatible function arguments', confirmed for stride=[128, 1], start_offset=8 and blayout=)",
        function="DeduceTileReinterpretViewType",
    ),
    Unreachable(
        "prefetch/prefetch_async.cpp",
        r"argument \{i\} must not be null",
        "the prefetch wrappers (language/op/prefetch_ops.py) hand create_op_call the parser's expressions, never "
        "a Python None (a None literal is the parser's TaskId sentinel expression); a non-expression fails in "
        "create_op_call's own conversion first",
        function="CheckArity",
    ),
)


def builder_arities(root: Path) -> dict[str, set[int | None]]:
    """Op name -> the argument counts its Python builders pass to ``create_op_call`` (None: not fixed).

    A builder that takes the op name as a parameter (``_create_tile_binary_call("tile.add", ...)``) gives
    its count to every op its callers name."""
    arities: dict[str, set[int | None]] = {}
    by_param: dict[str, tuple[int, int | None]] = {}  # builder -> (op-name parameter index, count)
    trees = [
        ast.parse(p.read_text(encoding="utf-8"))
        for sub in ("python/pypto/ir/op", "python/pypto/language/parser")
        for p in sorted((root / sub).rglob("*.py"))
    ]
    for tree in trees:
        for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
            lists = _list_bindings(fn)
            params = [a.arg for a in fn.args.args]
            for call in (n for n in ast.walk(fn) if isinstance(n, ast.Call)):
                if (
                    getattr(call.func, "attr", getattr(call.func, "id", "")) != "create_op_call"
                    or len(call.args) < 2
                ):
                    continue
                name, args = call.args[0], call.args[1]
                count = _arg_count(args, lists)
                if isinstance(name, ast.Constant) and isinstance(name.value, str):
                    arities.setdefault(name.value, set()).add(count)
                elif isinstance(name, ast.Name) and name.id in params:
                    by_param[fn.name] = (params.index(name.id), count)
    for tree in trees:
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            builder = by_param.get(getattr(call.func, "id", ""))
            if builder is None:
                continue
            index, count = builder
            for arg in call.args[index : index + 2]:  # a binary builder names the tile op and its scalar twin
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and "." in arg.value:
                    arities.setdefault(arg.value, set()).add(count)
    return arities


def _list_bindings(fn: ast.FunctionDef) -> dict[str, int | None]:
    """Local names bound to an argument list in ``fn``: its length when every binding is one fixed list."""
    out: dict[str, int | None] = {}
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name, value = node.targets[0].id, node.value
            fixed = isinstance(value, ast.List) and not any(isinstance(e, ast.Starred) for e in value.elts)
            size = len(value.elts) if fixed and isinstance(value, ast.List) else None
            out[name] = size if out.get(name, size) == size else None
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            out[node.target.id] = None
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("append", "extend", "insert")
            and isinstance(node.func.value, ast.Name)
        ):
            out[node.func.value.id] = None
    return out


def _arg_count(args: ast.AST, lists: dict[str, int | None]) -> int | None:
    if isinstance(args, ast.List):
        return None if any(isinstance(e, ast.Starred) for e in args.elts) else len(args.elts)
    if isinstance(args, ast.Name):
        return lists.get(args.id)
    return None


def _arity_unreachable(site: Site, arities: dict[str, set[int | None]]) -> str | None:
    """The reason an argument-count check cannot fire: every builder of its ops passes an accepted count."""
    m = _ARITY_TEXT.search(site.template)
    if m is None or site.family != "deducer" or not site.ops:
        return None
    if m.group(0).startswith("requires one workspace"):
        mode, accepted = None, {1}
    else:
        mode = m.group(1)
        accepted = {int(w) if w.isdigit() else _COUNT[w] for w in m.group(2).split(" or ")}
    counts: set[int | None] = set()
    for op in site.ops:
        counts |= arities.get(op, {None})
    if None in counts:
        return None
    fixed = {c for c in counts if c is not None}
    low = min(accepted)
    ok = {
        "at least": all(c >= low for c in fixed),
        "at most": all(c <= max(accepted) for c in fixed),
    }.get(mode or "", fixed <= accepted)
    if not ok:
        return None
    return (
        f"argument count: every Python builder of {', '.join(site.ops[:3])}"
        f"{' ...' if len(site.ops) > 3 else ''} passes {'/'.join(map(str, sorted(fixed)))} argument(s); "
        "a call with another count fails in the builder's own signature first"
    )


def _unspelled(site: Site) -> str | None:
    """The reason a deducer site cannot fire when every op reaching it is one no DSL wrapper spells."""
    from op_conformance import NO_DSL_SPELLING  # scripts/: the op conformance table of unspellable ops

    if site.family != "deducer" or not site.ops or not all(op in NO_DSL_SPELLING for op in site.ops):
        return None
    reasons = sorted({NO_DSL_SPELLING[op] for op in site.ops})
    return f"reached only by {', '.join(site.ops[:3])}{' ...' if len(site.ops) > 3 else ''}, which no DSL call spells ({'; '.join(reasons)})"


@dataclass(frozen=True)
class RecordedCase:
    """One op conformance case: the compiler's messages, and whether pypto-lsp agrees with it."""

    name: str
    op: str
    messages: tuple[str, ...]
    agrees: bool


def recorded_cases() -> list[RecordedCase]:
    """The op conformance goldens (``tests/conformance/ops``) with their agreement state."""
    known = {
        line.split()[0]
        for line in KNOWN.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }
    out = []
    for path in sorted(GOLDENS.glob("*.json")):
        for row in json.loads(path.read_text(encoding="utf-8")):
            messages = tuple(" ".join(str(e.get("message", "")).split()) for e in row.get("errors", ()))
            if messages:
                out.append(RecordedCase(row["case"], row["op"], messages, row["case"] not in known))
    return out


def _template_regex(template: str) -> re.Pattern[str] | None:
    """The template as a regex over one message (computed parts match anything); None when too generic."""
    parts = [p.strip() for p in skeleton(template).split("*")]
    if sum(len(p) for p in parts) < 15 or max(len(p) for p in parts) < 10:
        return None
    return re.compile(".*?".join(re.escape(p) for p in parts if p))


def _rule_unreachable(owner: str) -> str | None:
    """The reason a catalog rule gives for being unreachable from DSL source, if it is."""
    from compiler.catalog import RULES

    rule = RULES.get(owner)
    return rule.unreachable if rule is not None else None


def reconcile(root: Path, sites: list[Site], cases: Sequence[RecordedCase]) -> None:
    """Give every site its status and evidence."""
    arities = builder_arities(root)
    for site in sites:
        site.status, site.evidence = "open", ""
        if site.kind.startswith("INTERNAL"):
            site.status = "unreachable"
            site.evidence = (
                "INTERNAL_CHECK: an invariant of the compiler's own data, broken only by a compiler bug"
            )
            continue
        pinned = next(
            (
                u.reason
                for u in UNREACHABLE
                if u.function
                and u.function == site.function
                and u.file in site.file
                and re.search(u.template, site.template)
            ),
            None,
        )
        if pinned is not None:
            site.status, site.evidence = "unreachable", pinned
            continue
        if site.modelled_by:
            # A catalog rule marked unreachable names the site's reason, not a model of it.
            reason = _rule_unreachable(site.modelled_by)
            if reason is not None:
                site.status, site.evidence = "unreachable", f"{site.modelled_by}: {reason}"
            else:
                site.status, site.evidence = "modelled", site.modelled_by
            continue
        computed = next(
            (
                c.rule
                for c in COMPUTED
                if c.file in site.file and c.function == site.function and c.template == site.template
            ),
            None,
        )
        if computed is not None:
            site.status, site.evidence = "modelled", computed
            continue
        pattern = _template_regex(site.template)
        if pattern is not None:
            hit = next(
                (
                    c
                    for c in cases
                    if c.agrees
                    and any(pattern.search(m) for m in c.messages)
                    and (
                        not site.ops
                        or c.op in site.ops
                        or any(op in m for op in site.ops for m in c.messages)
                    )
                ),
                None,
            )
            if hit is not None:
                site.status, site.evidence = "modelled", f"case {hit.name}"
                continue
        reason = (
            _arity_unreachable(site, arities)
            or _unspelled(site)
            or next(
                (
                    u.reason
                    for u in UNREACHABLE
                    if not u.function and u.file in site.file and re.search(u.template, site.template)
                ),
                None,
            )
        )
        if reason is not None:
            site.status, site.evidence = "unreachable", reason


def main(argv: list[str] | None = None) -> int:
    """Write the inventory as JSON and print a summary."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("upstream", type=Path, help="an upstream PyPTO checkout (source text only is read)")
    ap.add_argument("-o", "--output", type=Path, default=REPO / "tests/conformance/raise_sites.json")
    args = ap.parse_args(argv)
    root: Path = args.upstream
    sites = python_sites(root) + cxx_inventory(root)
    attach_ops(root, sites)
    attach_models(sites, our_templates())
    reconcile(root, sites, recorded_cases())
    args.output.parent.mkdir(parents=True, exist_ok=True)
    rows = ",\n".join("  " + json.dumps(_row(s), ensure_ascii=False) for s in sites)
    head = json.dumps({"passes": [_camel(n) for n in prefix_passes(root)]})[:-1]
    args.output.write_text(f'{head}, "sites": [\n{rows}\n]}}\n', encoding="utf-8")
    print(summary(sites))
    return 0


def _row(site: Site) -> dict[str, object]:
    """One site as stored: empty fields dropped, a long op list cut to its first eight and a count."""
    row = {k: v for k, v in asdict(site).items() if v not in (None, (), 0.0, "")}
    if len(site.ops) > 8:
        row["ops"] = [*site.ops[:8], f"+{len(site.ops) - 8} more"]
    return row


def summary(sites: list[Site]) -> str:
    """Counts per family: sites, and how many are modelled, unreachable (INTERNAL_CHECK apart) and open."""
    fam = Counter(s.family.split(":")[0] for s in sites)
    by = Counter((s.family.split(":")[0], s.status) for s in sites)
    internal = Counter(s.family.split(":")[0] for s in sites if s.kind.startswith("INTERNAL"))
    total = Counter(s.status for s in sites)
    lines = [
        f"{len(sites)} sites: {total['modelled']} modelled, {total['unreachable']} unreachable "
        f"({sum(internal.values())} of them INTERNAL_CHECK), {total['open']} open",
        f"  {'family':<22} {'sites':>5} {'modelled':>9} {'unreach.':>9} {'internal':>9} {'open':>5}",
    ]
    for name, count in fam.most_common():
        lines.append(
            f"  {name:<22} {count:5d} {by[name, 'modelled']:9d} {by[name, 'unreachable']:9d} "
            f"{internal[name]:9d} {by[name, 'open']:5d}"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
