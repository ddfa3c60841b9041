"""The module graph: which file imports which, and each module's evaluated summary, once per version.

A document's imports are resolved the way Python resolves them for a script in that folder: the
file's own folder, then its package's root, then the configured extra roots. Each module is read,
parsed and evaluated (never imported) once per version of its text, and shared by every document
that imports it, in the CLI and in the server alike.
"""

from __future__ import annotations

import ast
import os
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from compiler.evaluator import (
    UNKNOWN_VALUE,
    ImportFault,
    ModuleValue,
    evaluate_module,
    release_function_syntax,
)
from compiler.source import python_text
from compiler.source_files import MAX_SOURCE_BYTES, Unreadable, read_source
from compiler.syntax import parse_source

MAX_MODULE_BYTES = MAX_SOURCE_BYTES
# Evaluation steps all the modules one query evaluates share (each has MODULE_STEPS of its own as well), so
# a document importing many hostile modules costs a bounded time per analysis; a module the pool could not
# finish is evaluated again by the next query.
QUERY_STEPS = 200_000
# The module trees kept parsed, in characters of their texts (a tree takes ~40 bytes per character: about
# 20 MiB). A tree is read when its module version is evaluated and its helpers built, both once.
MAX_TREE_TEXT = 100_000
KEPT_DOCUMENTS = 4  # documents whose module code's imports are kept (`enter_document_text`)
# The same lines found after a newline (a literal the regex engine scans for): 5x faster than `^` with
# re.M, which tries every position; store_signature runs on each keystroke of an open module.
_STORE_AFTER_NEWLINE = re.compile(r"\n([A-Za-z_]\w*\.[A-Za-z_]\w*\s*=[^=])")
_IMPORT_AFTER_NEWLINE = re.compile(r"\n(import\s[^\n]*)")
# Calls that may import a module no import statement names: then every store counts.
_DYNAMIC_NAMES = frozenset({"__import__", "import_module", "exec", "eval", "run_module", "run_path"})
_DYNAMIC_METHODS = frozenset({"import_module", "exec_module", "load_module", "run_module", "run_path"})
_DYNAMIC_WORDS = tuple(sorted(_DYNAMIC_NAMES | _DYNAMIC_METHODS))


def _has_module_store(text: str) -> bool:
    """A line of the text may be a module store (`config.TP = ...`): `_STORE_AFTER_NEWLINE` from the first
    line on (what `^` with re.M finds, a quarter of its time)."""
    return _STORE_AFTER_NEWLINE.search("\n" + text) is not None


def _may_import_dynamically(text: str) -> bool:
    """The text names a call that may import a module no import statement names (substring tests first: an
    alternation of all the words scanned every imported module's text several times as slowly; then a
    call of a word found, so `execute` or `evaluate` in a name or a comment is no dynamic import)."""
    found = [word for word in _DYNAMIC_WORDS if word in text]
    # between the word and its `(`: blanks, line continuations, comments, a closing `)` (`(exec)(code)`)
    return bool(found) and re.search(rf"\b(?:{'|'.join(found)})(?:[\s\\)]|#[^\n]*\n)*\(", text) is not None


MAX_VARIANTS = 4  # versions of one module kept, evaluated under different active stores


@dataclass(frozen=True, slots=True)
class ModuleSummary:
    """One version of one module: its text, its evaluated names and the modules it read."""

    path: Path
    text: str
    names: Mapping[str, object]
    deps: tuple[ModuleSummary, ...]  # the summaries of the modules this one imported
    # Its tree is not held here (the trees of the model files a library imports were most of the graph's
    # memory): `ModuleGraph.syntax` keeps the last ones used and parses the text again otherwise.
    complete: bool = True  # False: the analysis's shared step pool ran out; evaluated again next time
    fault: ImportFault | None = None  # what makes its import fail, when proven (an assert, a division by 0)
    # The modules it imported, directly or not, and the module stores that were hidden among their names:
    # the version is valid for another analysis whose active stores on `reach` are the same.
    reach: frozenset[Path] = frozenset()
    hidden: frozenset[tuple[Path, str]] = frozenset()


def store_signature(text: str) -> tuple[str, ...]:
    """The lines of a module's text that decide which module stores (`config.K = ...`) it makes: the
    top-level stores and, when there are any, the imports that name their modules. An edit elsewhere
    leaves it unchanged."""
    lines = "\n" + text
    stores = _STORE_AFTER_NEWLINE.findall(lines)
    return (*stores, *_IMPORT_AFTER_NEWLINE.findall(lines)) if stores else ()


def read_disk_text(path: Path) -> str | None:
    """A workspace file as text, decoded as Python decodes it (never imported), or None when it is not a
    regular file under the size limit or cannot be read."""
    try:
        return read_source(path, MAX_MODULE_BYTES).text
    except Unreadable:
        return None


@dataclass(slots=True)
class DiskReader:
    """Reads files from disk once per (mtime, size): a stat per look-up, a read per change."""

    texts: dict[Path, tuple[tuple[int, int], str | None]] = field(default_factory=dict)

    def __call__(self, path: Path) -> str | None:
        """The file's text, or None when it is missing, unreadable or too large."""
        try:
            stat = path.stat()
        except (OSError, ValueError):
            self.texts.pop(path, None)
            return None
        key = (stat.st_mtime_ns, stat.st_size)
        cached = self.texts.get(path)
        if cached is not None and cached[0] == key:
            return cached[1]
        text = read_disk_text(path)
        self.texts[path] = (key, text)
        return text

    def peek(self, path: Path) -> str | None:
        """The file's text, kept only if it already was: a file read once (a folder's store scan reads
        every module in it) is not held for the life of the process."""
        if path in self.texts:
            return self(path)
        return read_disk_text(path)


@dataclass(slots=True)
class _Closure:
    """The modules a document's imports reached, and what the walk that found them read: each file's text
    (None: missing) and each package probe (`__init__.py` there or not)."""

    reached: frozenset[Path] = frozenset()
    reads: dict[Path, str | None] = field(default_factory=dict)
    probes: dict[str, bool] = field(default_factory=dict)


@dataclass(slots=True)
class ModuleGraph:
    """Resolves imports and caches module summaries by text; one instance serves many documents."""

    read_file: Callable[[Path], str | None] = field(default_factory=DiskReader)
    # How a folder's store scan reads each of its modules (None: `read_file`, or the DiskReader's `peek`):
    # most are never imported, and their texts held by the reader were a few MiB in a library's folder.
    scan_file: Callable[[Path], str | None] | None = None
    environ: Mapping[str, str] = field(default_factory=dict)
    extra_paths: tuple[Path, ...] = ()
    summaries: dict[Path, ModuleSummary] = field(default_factory=dict)
    importers: dict[Path, set[Path]] = field(default_factory=dict)  # module -> modules that import it
    # Attributes that some module assigns on another (`config.TP = TP_SIZE`): their value depends on
    # import order, so they are unknown wherever the storing module runs, that is in an analysis of a
    # document that imports it (directly or not) or is it; elsewhere the module's own value stands.
    # `volatile` is the union of what each module file's current text stores (`stores`), so a store that
    # is removed stops counting: outside a document's analysis (navigation) every store counts.
    stores: dict[Path, frozenset[tuple[Path, str]]] = field(default_factory=dict)
    volatile: frozenset[tuple[Path, str]] = frozenset()
    # Every kept version of each module, the newest first (`summaries` holds the newest): one per set of
    # active stores it was evaluated under, so analyses of documents that import a storing module and of
    # documents that do not both reuse theirs.
    variants: dict[Path, list[ModuleSummary]] = field(default_factory=dict)
    # The modules each module version's import statements name (None: it may import others dynamically).
    import_lists: dict[Path, tuple[str, tuple[tuple[str, int, bool], ...] | None]] = field(
        default_factory=dict
    )
    documents: dict[Path | None, tuple[str, tuple[tuple[str, int, bool], ...] | None]] = field(
        default_factory=dict
    )
    changed: set[Path] = field(default_factory=set)  # files whose stores must be read again
    # Results later stages derive from a module's versions (its DSL helpers), keyed by (kind, path): one
    # per kept variant, the newest first, so documents read under different stores do not rebuild them in
    # turn (`check` built the library's 157 helpers 475 times).
    derived: dict[tuple[str, Path], list[tuple[ModuleSummary, object]]] = field(default_factory=dict)
    foreign_ids: dict[Path, int] = field(default_factory=dict)
    scanned: set[Path] = field(default_factory=set)  # folders whose modules were scanned for module stores
    # Documents whose stores were noted from their current text as they were analysed: a folder's scan
    # does not parse them again (the largest model file was parsed twice on its cold open).
    noted_documents: set[Path] = field(default_factory=set)
    # The trees last parsed (by the store scan, an evaluation, `syntax`), by file with their text, the
    # oldest first: at most MAX_TREE_TEXT characters of text. The next evaluation or read of the same
    # text takes its tree from here instead of parsing it again; None: the text does not parse.
    trees: dict[Path, tuple[str, ast.Module | None]] = field(default_factory=dict)
    # What each file's imports resolved to, by (module, level): the file found (None: nothing) and the
    # candidate files looked for before it and not found. The latest resolution of each import is kept:
    # a persistent-cache entry depends on the absence of exactly the candidates its import closure probed
    # (`import_closure`), not on every file the graph ever looked for.
    import_probes: dict[Path | None, dict[tuple[str, int], tuple[Path | None, tuple[Path, ...]]]] = field(
        default_factory=dict
    )

    def syntax(self, summary: ModuleSummary) -> ast.Module | None:
        """The tree of one module version (None when it does not parse): the kept one, or a new parse."""
        return self._tree(summary.path, summary.text)

    def _tree(self, path: Path, text: str, pin: bool = True) -> ast.Module | None:
        # Within a query, every tree it parsed stays at hand: the import walk, the evaluation and the
        # inliner read the same modules, and the kept trees alone (MAX_TREE_TEXT) do not hold a large
        # model's imports, which were parsed three times over. `pin=False`: a tree read once (the store
        # scan of a folder's modules) is not held to the query's end (its peak: 11 MiB on a cold open).
        pinned: dict[Path, tuple[str, ast.Module | None]] | None = getattr(self._query, "trees", None)
        if pinned is not None:
            found = pinned.get(path)
            if found is not None and found[0] == text:
                return found[1]
        with self._lock:
            kept = self.trees.pop(path, None)
            if kept is not None and kept[0] == text:
                self.trees[path] = kept  # the newest again
                if pinned is not None and pin:
                    pinned[path] = kept
                return kept[1]
        tree: ast.Module | None
        try:
            tree = parse_source(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            tree = None
        self._keep_tree(path, text, tree)
        if pinned is not None and pin:
            pinned[path] = (text, tree)
        return tree

    def _keep_tree(self, path: Path, text: str, tree: ast.Module | None) -> None:
        with self._lock:
            self.trees.pop(path, None)
            self.trees[path] = (text, tree)
            total = sum(len(kept) for kept, _ in self.trees.values())
            while total > MAX_TREE_TEXT and len(self.trees) > 1:
                oldest = next(iter(self.trees))
                total -= len(self.trees.pop(oldest)[0])

    def foreign_id(self, path: Path) -> int:
        """A small stable number for a module, naming its line space when its code is spliced elsewhere."""
        with self._lock:
            return self.foreign_ids.setdefault(path, len(self.foreign_ids) + 1)

    def derive(self, kind: str, path: Path, build: Callable[[ModuleSummary], object]) -> object | None:
        """`build(summary)` of the module's current version, computed once per version."""
        summary = self.summary(path)
        if summary is None:
            return None
        with self._lock:
            for held, found in self.derived.get((kind, path), ()):
                if held is summary:
                    return found
        value = build(summary)
        with self._lock:
            self.derived[(kind, path)] = [(summary, value), *self._kept_derived(kind, path)][:MAX_VARIANTS]
        return value

    def _kept_derived(self, kind: str, path: Path) -> list[tuple[ModuleSummary, object]]:
        """What was derived from the module versions the graph still keeps (call with the lock held)."""
        variants = self.variants.get(path, ())
        return [e for e in self.derived.get((kind, path), ()) if any(e[0] is v for v in variants)]

    def _drop_stale_derived(self, path: Path | None = None) -> None:
        """Forget what was derived from module versions the graph no longer keeps (of `path`, or of every
        module): `derive` never hands them out again, and each held its version's summary alive, with the
        evaluated functions' syntax trees (about 40 MiB with the 20 largest library files open)."""
        with self._lock:
            for key in [k for k in self.derived if path is None or k[1] == path]:
                kept = self._kept_derived(*key)
                if kept:
                    self.derived[key] = kept
                else:
                    del self.derived[key]

    # The modules each document's import statements reach (`_document_stores`), with what the walk read: it
    # is taken again while every file read and every package probe gives what it gave (one stat per file,
    # not the 180 resolutions of a large model's closure on every keystroke).
    closures: dict[tuple[Path | None, tuple[tuple[str, int, bool], ...]], _Closure] = field(
        default_factory=dict
    )
    _lock: threading.RLock = field(default_factory=threading.RLock)
    # Per (importing file, module, level): the `__init__.py` probes that decided it, and the search plan.
    _plans: dict[
        tuple[Path | None, str, int],
        tuple[tuple[tuple[str, bool], ...], tuple[tuple[Path, tuple[Path, ...]], ...]],
    ] = field(default_factory=dict)
    # Modules found current during one query (an analysis, a freshness check), per thread: each module is
    # checked once per query however many paths lead to it, so a check is linear in the import edges.
    _query: threading.local = field(default_factory=threading.local)

    @contextmanager
    def query(self) -> Iterator[None]:
        """Within the block, a module found current (or evaluated) is not checked again."""
        if getattr(self._query, "fresh", None) is not None:
            yield
            return
        self._query.fresh = {}
        self._query.pool = [QUERY_STEPS, 0]
        self._query.active = None
        self._query.texts = {}
        self._query.trees = {}
        self._query.probes = {}
        try:
            yield
        finally:
            self._query.fresh = None
            self._query.pool = None
            self._query.active = None
            self._query.texts = None
            self._query.trees = None
            self._query.probes = None

    def release_trees(self) -> None:
        """Within a query, stop holding the trees it parsed (the kept ones, MAX_TREE_TEXT, stay): called
        once the query's last tree reader is done (the inliner), so the stages after it, which build a
        document's statement memos and kernel results, do not run beside every imported module's tree
        (762,000 characters, ~16 MiB, for the largest model's imports). A later read parses again."""
        if getattr(self._query, "trees", None) is not None:
            self._query.trees = {}

    def _read(self, path: Path) -> str | None:
        """`read_file`, once per path within a query (the import walk and the freshness checks share it)."""
        texts: dict[Path, str | None] | None = getattr(self._query, "texts", None)
        if texts is None:
            return self.read_file(path)
        if path not in texts:
            texts[path] = self.read_file(path)
        recording: _Closure | None = getattr(self._query, "recording", None)
        if recording is not None:
            recording.reads.setdefault(path, texts[path])
        return texts[path]

    def enter_document(self, file: Path | None, tree: ast.Module, text: str | None = None) -> None:
        """Record the document's own module stores and, within the current query, make active only the
        stores of the document and of the modules it imports, directly or not: in Python a module's
        `config.K = ...` changes what later readers see only in a process that runs that module (`text`:
        the source of `tree`; when it names no dynamic import, only its statements are walked)."""
        if file is not None:
            self.noted_documents.add(
                file
            )  # before its stores' modules are resolved (which scans their folder)
            self._note_module_stores(file, tree)  # this version's stores, before anything it imports is read
        names = _import_names(tree, statements_only=text is not None and not _may_import_dynamically(text))
        self._query.entered = (file, id(tree), names)
        self._activate(file, names)

    def note_document_text(self, file: Path | None, text: str, tree: ast.Module) -> None:
        """The text `tree` was parsed from, after `enter_document(file, tree)`: the next analysis of the same
        module code enters it without parsing it again (20 ms holding the interpreter on the largest
        library file, on the first keystroke after its open)."""
        entered = getattr(self._query, "entered", None)
        if entered is not None and entered[0] == file and entered[1] == id(tree):
            names = entered[2]
        else:  # not the tree this thread entered last: its imports are read again
            names = _import_names(tree)
        self._keep_document(file, (text, names))

    def enter_document_text(self, file: Path | None, text: str) -> None:
        """`enter_document` for a document version whose stores are already noted (its module code)."""
        kept = self.documents.get(file)
        if kept is None or kept[0] != text:
            try:
                tree = parse_source(text)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                return
            kept = (text, _import_names(tree))
            self._keep_document(file, kept)
        self._activate(file, kept[1])

    def _keep_document(
        self, file: Path | None, kept: tuple[str, tuple[tuple[str, int, bool], ...] | None]
    ) -> None:
        """The last KEPT_DOCUMENTS documents' module code with its imports (documents are analysed version
        after version, a few of them in turn: the active ones, and the entries reaching an open helper)."""
        with self._lock:
            documents = {f: k for f, k in self.documents.items() if f != file}
            documents[file] = kept
            while len(documents) > KEPT_DOCUMENTS:
                del documents[next(iter(documents))]
            self.documents = documents

    def _activate(self, file: Path | None, names: tuple[tuple[str, int, bool], ...] | None) -> None:
        fresh: dict[Path, ModuleSummary | None] | None = getattr(self._query, "fresh", None)
        if fresh is None:
            return
        active = self._document_stores(file, names)
        if active != getattr(self._query, "active", None):
            self._query.active = active
            fresh.clear()

    def _active(self) -> frozenset[tuple[Path, str]]:
        """The module stores that hide values in the current query (every store outside an analysis)."""
        active: frozenset[tuple[Path, str]] | None = getattr(self._query, "active", None)
        return self.volatile if active is None else active

    def _document_stores(
        self, file: Path | None, names: tuple[tuple[str, int, bool], ...] | None
    ) -> frozenset[tuple[Path, str]]:
        """The stores of a document and of every module its import statements reach (any of them may run
        in its process); every store when one of them may import modules dynamically."""
        with self._lock:
            if self.changed:
                self._reread_stores()
            key = (file, names) if names is not None else None
            kept = self.closures.get(key) if key is not None else None
            if kept is not None and self._still_reads(kept):
                return frozenset(pair for module in kept.reached for pair in self.stores.get(module, ()))
            recording = (
                _Closure() if key is not None and getattr(self._query, "texts", None) is not None else None
            )
            self._query.recording = recording
            try:
                reached = self._reach(file, names)
            finally:
                self._query.recording = None
            if reached is None:
                return self.volatile
            if recording is not None and key is not None:
                recording.reached = frozenset(reached)
                self.closures[key] = recording
                while len(self.closures) > KEPT_DOCUMENTS:
                    del self.closures[next(iter(self.closures))]
            return frozenset(pair for module in reached for pair in self.stores.get(module, ()))

    def _still_reads(self, closure: _Closure) -> bool:
        """Every file the closure's walk read gives the same text, and every package probe the same answer."""
        for path, text in closure.reads.items():
            found = self._read(path)
            if found is not text and found != text:
                return False
        seen: dict[str, bool] | None = getattr(self._query, "probes", None)
        for probe, exists in closure.probes.items():
            if seen is None:
                if os.path.isfile(probe) != exists:
                    return False
            elif (seen[probe] if probe in seen else seen.setdefault(probe, os.path.isfile(probe))) != exists:
                return False
        return True

    def _reach(self, file: Path | None, names: tuple[tuple[str, int, bool], ...] | None) -> set[Path] | None:
        """The module files a document's imports reach, directly or not (None: too many, or a dynamic import)."""
        with self._lock:
            reached: set[Path] = set()
            todo: list[tuple[Path | None, tuple[tuple[str, int, bool], ...] | None]] = [(file, names)]
            while todo:
                origin, imported = todo.pop()
                if imported is None or len(reached) > 2000:
                    return None
                packages: set[tuple[str, int]] = set()
                for module, level, _member in imported:
                    parent = module.rpartition(".")[0]
                    if parent and (parent, level) not in packages:
                        continue  # a submodule is found only in a package that was
                    target = self.resolve(origin, module, level)
                    if target is not None and target.name == "__init__.py":
                        packages.add((module, level))
                    if target is None or target in reached or target == file:
                        continue
                    reached.add(target)
                    todo.append((target, self._module_imports(target)))
            if file is not None:
                reached.add(file)
            return reached

    def _module_imports(self, path: Path) -> tuple[tuple[str, int, bool], ...] | None:
        """The modules one module file's import statements name, once per version (its stores noted)."""
        raw = self._read(path)
        if raw is None:
            return ()
        text = python_text(raw)
        kept = self.import_lists.get(path)
        if kept is not None and kept[0] == text:
            return kept[1]
        names: tuple[tuple[str, int, bool], ...] | None = ()
        tree = self._tree(path, text)
        if tree is not None:
            # Without a dynamic import's name in the text, the import statements are all there is to find.
            names = _import_names(tree, statements_only=not _may_import_dynamically(text))
            if path in self.stores or _has_module_store(text):
                self._note_module_stores(path, tree)
        self.import_lists[path] = (text, names)
        return names

    def configure(self, environ: Mapping[str, str], extra_paths: tuple[Path, ...]) -> None:
        """New environment values or roots: every cached summary may change."""
        with self._lock:
            if dict(environ) != dict(self.environ) or extra_paths != self.extra_paths:
                self.environ = dict(environ)
                self.extra_paths = extra_paths
                self._plans.clear()
                self.closures.clear()
                self.summaries.clear()
                self.variants.clear()
                self.derived.clear()

    def resolve(self, from_file: Path | None, module: str, level: int) -> Path | None:
        """The file `from <level dots><module> import ...` names, searched like Python does (a relative
        import never climbs above the package root: one dot from a plain folder, as for a script)."""
        if self.changed:
            self._reread_stores()
        plan = self._search_plan(from_file, module, level)
        missing: list[Path] = []
        found: Path | None = None
        for root, files in plan:
            self._scan_folder(root)
            for file in files:
                if self._read(file) is not None:
                    found = file
                    break
                missing.append(file)
            if found is not None:
                break
        # one dict store per call (atomic under the GIL: resolutions run on several threads)
        self.import_probes.setdefault(from_file, {})[(module, level)] = (found, tuple(missing))
        return found

    def _search_plan(
        self, from_file: Path | None, module: str, level: int
    ) -> tuple[tuple[Path, tuple[Path, ...]], ...]:
        """The folders an import searches, each with its candidate files in order. Kept per importing
        file while the `__init__.py` files that decided the package root are as they were: the import
        walk resolves every import of the closure on each keystroke."""
        key = (from_file, module, level)  # the file, not its folder: the walk passes the same Path objects
        with self._lock:
            kept = self._plans.get(key)
        recording: _Closure | None = getattr(self._query, "recording", None)
        if kept is not None and recording is not None:
            recording.probes.update(kept[0])
        if kept is not None:
            # Within a query each `__init__.py` is looked at once, however many imports share its folder.
            seen: dict[str, bool] | None = getattr(self._query, "probes", None)
            if seen is None:
                if all(os.path.isfile(probe) == found for probe, found in kept[0]):
                    return kept[1]
            elif all(
                (seen[probe] if probe in seen else seen.setdefault(probe, os.path.isfile(probe))) == found
                for probe, found in kept[0]
            ):
                return kept[1]
        folder = from_file.parent if from_file is not None else None
        probes: list[tuple[str, bool]] = []
        parts = [p for p in module.split(".") if p]
        roots: list[Path] = []
        if level > 0:
            if folder is not None and level <= max(_package_chain(folder, probes)[0], 1):
                base = folder
                for _ in range(level - 1):
                    base = base.parent
                roots.append(base)
        else:
            if folder is not None:
                roots.append(folder)
                package_root = _package_chain(folder, probes)[1]
                if package_root != folder:
                    roots.append(package_root)
            roots.extend(self.extra_paths)
        plan = tuple(
            (
                root,
                (root.joinpath(*parts).with_suffix(".py"), root.joinpath(*parts, "__init__.py"))
                if parts
                else (root / "__init__.py",),
            )
            for root in roots
        )
        with self._lock:
            self._plans[key] = (tuple(probes), plan)
        if recording is not None:
            recording.probes.update(probes)
        return plan

    def import_closure(self, files: Iterable[Path]) -> tuple[set[Path], set[Path]]:
        """The files reached from `files` through the imports the graph resolved (them included), and the
        candidate files their imports looked for and did not find: a file appearing on one of those may
        change how an import of the closure resolves."""
        reached: set[Path] = set()
        absent: set[Path] = set()
        todo = list(files)
        while todo:
            file = todo.pop()
            if file in reached:
                continue
            reached.add(file)
            for found, missing in list(self.import_probes.get(file, {}).values()):
                absent.update(missing)
                if found is not None and found not in reached:
                    todo.append(found)
            summary = self.summaries.get(file)
            if summary is not None:
                todo.extend(dep.path for dep in summary.deps if dep.path not in reached)
        return reached, absent

    def summary(self, path: Path, stack: tuple[Path, ...] = ()) -> ModuleSummary | None:
        """The evaluated summary of one module file (cached while it and what it imports are unchanged)."""
        if self.changed:
            self._reread_stores()
        with self._lock, self.query():
            fresh: dict[Path, ModuleSummary | None] = self._query.fresh
            if path in fresh:
                return fresh[path]
            raw = self._read(path)
            if raw is None:
                fresh[path] = None
                return None
            text = python_text(raw)
            active = self._active()
            for cached in self.variants.get(path, ()):
                if (
                    cached.complete
                    and cached.text == text
                    and cached.hidden == _on(active, cached.reach)
                    and self._deps_current(cached, (*stack, path))
                ):
                    fresh[path] = cached
                    return cached
            summary = self._evaluate(path, text, (*stack, path))
            self.summaries[path] = summary
            others = [v for v in self.variants.get(path, ()) if v.text == text and v.hidden != summary.hidden]
            self.variants[path] = [summary, *others][:MAX_VARIANTS]
            self._drop_stale_derived(path)
            for dep in summary.deps:
                self.importers.setdefault(dep.path, set()).add(path)
            fresh[path] = summary
            return summary

    def current(self, deps: tuple[ModuleSummary, ...]) -> bool:
        """True while every summary is still its module's current one (one query for all of them)."""
        with self.query():
            return all(dep.complete and self.summary(dep.path) is dep for dep in deps)

    def _deps_current(self, summary: ModuleSummary, stack: tuple[Path, ...]) -> bool:
        for dep in summary.deps:
            if dep.path in stack:
                continue
            if self.summary(dep.path, stack) is not dep:
                return False
        return True

    def _evaluate(self, path: Path, text: str, stack: tuple[Path, ...]) -> ModuleSummary:
        tree = self._tree(path, text)
        if tree is None:
            return ModuleSummary(path, text, {}, ())
        self._note_module_stores(path, tree)
        deps: list[ModuleSummary] = []
        pool: list[int] | None = getattr(self._query, "pool", None)
        starved = pool[1] if pool is not None else 0
        faults: list[ImportFault] = []
        names = evaluate_module(tree, self.environ, self.importer(path, stack, deps), pool, faults)
        release_function_syntax(names, text)
        complete = (pool is None or pool[1] == starved) and all(dep.complete for dep in deps)
        fault = faults[0] if faults else None
        reach = frozenset().union(*(dep.reach | {dep.path} for dep in deps))
        hidden = _on(self._active(), reach)
        return ModuleSummary(path, text, names, tuple(deps), complete, fault, reach, hidden)

    def importer(
        self, from_file: Path | None, stack: tuple[Path, ...], deps: list[ModuleSummary]
    ) -> Callable[[str, int], ModuleValue | None]:
        """The import hook the evaluator calls for one module (records what it read in `deps`)."""

        def load(module: str, level: int) -> ModuleValue | None:
            file = self.resolve(from_file, module, level)
            if file is None or file in stack or len(stack) > 16:
                return None
            summary = self.summary(file, stack)
            if summary is None:
                return None
            deps.append(summary)
            hidden = {attr for owner, attr in self._active() if owner == file}
            names = (
                {k: (UNKNOWN_VALUE if k in hidden else v) for k, v in summary.names.items()}
                if hidden
                else summary.names
            )
            return ModuleValue(module, names)

        return load

    def _scan_folder(self, folder: Path) -> None:
        """Find the module stores (`config.TP = ...`) of every module in a folder before any of them is
        evaluated, so that what a store makes unknown does not depend on import order."""
        with self._lock:
            if folder in self.scanned:
                return
            self.scanned.add(folder)
            try:
                files = sorted(folder.glob("*.py"))[:500]
            except OSError:
                return
            for file in files:
                if file in self.noted_documents:
                    continue
                text = self._scan_reader()(file)
                if text is None or not _has_module_store(text):
                    continue
                tree = self._tree(file, text, pin=False)
                if tree is not None:
                    self._note_module_stores(file, tree)

    def _scan_reader(self) -> Callable[[Path], str | None]:
        if self.scan_file is not None:
            return self.scan_file
        return self.read_file.peek if isinstance(self.read_file, DiskReader) else self.read_file

    def text_changed(self, path: Path) -> None:
        """A module file's text changed (an editor buffer, the file on disk): the stores it makes on other
        modules are read again before the next summary is looked up or import resolved."""
        with self._lock:
            self.changed.add(path)

    def _reread_stores(self) -> None:
        with self._lock:
            changed, self.changed = self.changed, set()
            for path in changed:
                if path not in self.stores and path.parent not in self.scanned:
                    continue  # never read: its folder's scan reads it when an import needs it
                raw = self.read_file(path)
                text = python_text(raw) if raw is not None else None
                tree = None
                if text is not None and _has_module_store(text):
                    try:
                        tree = parse_source(text)
                    except (SyntaxError, ValueError, RecursionError, MemoryError):
                        tree = None
                self._note_module_stores(path, tree)

    def _note_module_stores(self, path: Path, tree: ast.Module | None) -> None:
        """Record the `mod.attr = ...` stores one module's text makes on imported modules (replacing what
        its earlier text made); a change to the union invalidates every summary."""
        found: set[tuple[Path, str]] = set()
        aliases: dict[str, str] = {}
        for stmt in tree.body if tree is not None else ():
            if isinstance(stmt, ast.Import):
                for alias in stmt.names:
                    aliases[alias.asname or alias.name] = alias.name
        for stmt in tree.body if tree is not None else ():
            targets = stmt.targets if isinstance(stmt, ast.Assign) else []
            for target in targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
                    module = aliases.get(target.value.id)
                    file = self.resolve(path, module, 0) if module else None
                    if file is not None:
                        found.add((file, target.attr))
        with self._lock:
            if frozenset(found) == self.stores.get(path, frozenset()):
                return
            if found:
                self.stores[path] = frozenset(found)
            else:
                self.stores.pop(path, None)
            volatile = frozenset().union(*self.stores.values())
            if volatile != self.volatile:
                # What every importer of the owners read has changed: only this module's summary stays.
                self.volatile = volatile
                self.summaries = {k: v for k, v in self.summaries.items() if k == path}
                self.variants = {k: v for k, v in self.variants.items() if k == path}
                self._drop_stale_derived()
                fresh = getattr(self._query, "fresh", None)
                if fresh is not None:
                    fresh.clear()

    def note_module_stores(self, path: Path, tree: ast.Module) -> None:
        """Record the module stores of a document's current text (replacing what its last version stored)."""
        self._note_module_stores(path, tree)

    def file_changed(self, path: Path) -> None:
        """A file changed or vanished outside the editor (`workspace/didChangeWatchedFiles`): its module
        stores are read again (a summary is re-read on its own at the next query)."""
        text = self.read_file(path)
        try:
            tree = (
                parse_source(python_text(text)) if text is not None else ast.Module(body=[], type_ignores=[])
            )
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return
        self._note_module_stores(path, tree)

    def dependents(self, path: Path) -> set[Path]:
        """Every module that imports `path`, directly or not."""
        with self._lock:
            out: set[Path] = set()
            todo = [path]
            while todo:
                for importer in self.importers.get(todo.pop(), ()):
                    if importer not in out:
                        out.add(importer)
                        todo.append(importer)
            return out


def _on(active: frozenset[tuple[Path, str]], reach: frozenset[Path]) -> frozenset[tuple[Path, str]]:
    """The active stores on the given modules."""
    return frozenset(pair for pair in active if pair[0] in reach)


def _statements(body: list[ast.stmt], out: list[ast.AST] | None = None) -> list[ast.AST]:
    """Every statement of a body, nested ones included, each before those it holds (no expression is
    visited; a list, not nested generators: every statement of every imported module passes here)."""
    out = [] if out is None else out
    for stmt in body:
        out.append(stmt)
        for name in ("body", "orelse", "finalbody"):
            inner = getattr(stmt, name, None)
            if isinstance(inner, list):
                _statements(inner, out)
        for holder in (*getattr(stmt, "handlers", ()), *getattr(stmt, "cases", ())):
            _statements(holder.body, out)
    return out


def _import_names(
    tree: ast.Module, statements_only: bool = False
) -> tuple[tuple[str, int, bool], ...] | None:
    """Every module an import statement anywhere in a module may run, as (dotted name, level, member):
    each package on the way and each `from X import n` that may be a submodule (member: only when X is a
    package); None when the code may import
    modules dynamically (`__import__`, `importlib`, `exec`)."""
    found: dict[tuple[str, int, bool], None] = {}
    for node in _statements(tree.body) if statements_only else ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                for i in range(1, len(parts) + 1):
                    found[(".".join(parts[:i]), 0, False)] = None
        elif isinstance(node, ast.ImportFrom):
            parts = (node.module or "").split(".") if node.module else []
            if node.level:
                found[("", node.level, False)] = None
            for i in range(1, len(parts) + 1):
                found[(".".join(parts[:i]), node.level, False)] = None
            for alias in node.names:
                if alias.name != "*":
                    found[(".".join([*parts, alias.name]), node.level, True)] = None
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in _DYNAMIC_NAMES:
                return None
            if isinstance(func, ast.Attribute) and func.attr in _DYNAMIC_METHODS:
                return None
    return tuple(found)


def _package_chain(folder: Path, probes: list[tuple[str, bool]]) -> tuple[int, Path]:
    """How many package folders (with an `__init__.py`) hold `folder`'s files, from it up, and the folder
    above the outermost of them; each `__init__.py` looked at goes into `probes` with whether it was there."""
    depth = 0
    while folder.parent != folder:
        marker = str(folder / "__init__.py")
        found = os.path.isfile(marker)
        probes.append((marker, found))
        if not found:
            break
        depth, folder = depth + 1, folder.parent
    return depth, folder


def document_constants(
    tree: ast.Module,
    path: str | None,
    graph: ModuleGraph,
    deps: list[ModuleSummary] | None = None,
    faults: list[ImportFault] | None = None,
    text: str | None = None,
) -> dict[str, object]:
    """Evaluate a document's own module-level code, importing through the graph (`deps` collects the
    summaries of the modules it read, `faults` what makes the code's import fail, when proven; `text`:
    the source of `tree`, when at hand)."""
    file = Path(path) if path else None
    found: list[ModuleSummary] = [] if deps is None else deps
    with graph.query():
        graph.enter_document(file, tree, text)
        names = evaluate_module(
            tree, graph.environ, graph.importer(file, (file,) if file else (), found), None, faults
        )
    return {k: v for k, v in names.items() if not k.startswith("__")}


def still_current(graph: ModuleGraph, deps: tuple[ModuleSummary, ...]) -> bool:
    """True while every summary a result was computed from is still the graph's current one."""
    return graph.current(deps)
