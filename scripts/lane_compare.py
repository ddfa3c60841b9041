"""Lanes, line by line: pypto-lsp against the real compiler on a kernel library (pypto-lib).

Two steps; the library is only read, and nothing of it or of its outputs belongs in this repository:

1. With the compiler's interpreter (``$REF_PY``) and the reference-compiler tools folder::

       $REF_PY scripts/lane_compare.py oracle LIB OUT.json --tools shared/tools/reference-compiler

   runs every ``@pl.jit`` entry (``@pl.jit.inline`` helpers are not entries, unless ``--inline-entries``)
   of every DSL file under ``LIB`` as ``run_library.py`` does, but keeps
   the lanes of *every* file the entry's statements come from, so helper modules get the lanes of the
   entries that reach them. ``OUT.json`` maps ``path::entry`` to the result, lanes keyed ``path:line``.

2. With pypto-lsp's interpreter::

       python scripts/lane_compare.py compare LIB OUT.json [--json REPORT.json]

   runs ``pypto-lsp check --lanes --format json`` on the files the compiler accepts (on every DSL file with
   ``--ours-from-all``), so our lanes come from the same entries as its own, and compares, on the files the
   compiler accepts (every entry ok; entries that fail for non-user reasons are left out), each line's
   lane; it classifies every disagreeing line and lists false-error files.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

# --------------------------------------------------------------------------------------------------
# Step 1: the compiler (runs under $REF_PY)
# --------------------------------------------------------------------------------------------------


def _child(
    tools: Path, mode: str, path: str, entry: str | None, root: str, inline_entries: bool = False
) -> None:
    sys.path.insert(0, str(tools))
    import run_compiler  # type: ignore[import-not-found]
    import run_library  # type: ignore[import-not-found]

    if not inline_entries:
        # Only ``@pl.jit`` (orchestration) and ``@pl.jit.host`` functions are entries: a module of
        # ``@pl.jit.inline`` / ``incore`` helpers has none (its lanes come from the entries that reach it).
        listed = run_library.list_entries

        def entries_only(p: Path) -> list[str]:
            names = listed(p)
            mod = sys.modules.get(f"_reallib_{abs(hash(str(p)))}")  # the name list_entries loads it under
            if mod is None:
                return names
            return [
                n
                for n in names
                if getattr(getattr(mod, n, None), "_func_type", "") in ("orchestration", "host")
            ]

        run_library.list_entries = entries_only

    def lanes_of_every_file(program, case_path):  # type: ignore[no-untyped-def]
        from pypto import ir

        seen: dict[tuple[str, int], set[str]] = {}
        for func in program.functions.values():
            ftype = func.func_type
            if ftype == ir.FunctionType.AIC:
                lane = "aic"
            elif ftype == ir.FunctionType.AIV:
                lane = "aiv"
            else:
                continue
            fspan = func.span
            fkey = (fspan.filename, fspan.begin_line, fspan.begin_column) if fspan is not None else None

            def visit(s, lane=lane, fkey=fkey):  # type: ignore[no-untyped-def]
                sp = getattr(s, "span", None)
                if sp is None:
                    return
                try:
                    line, fname, col = sp.begin_line, sp.filename, sp.begin_column
                except Exception:
                    return
                if not line or line <= 0 or not fname or not os.path.exists(fname):
                    return
                if fkey is not None and (fname, line, col) == fkey:
                    return
                real = os.path.realpath(fname)
                if not real.startswith(os.path.realpath(root)):
                    return
                seen.setdefault((os.path.relpath(real, root), line), set()).add(lane)

            run_compiler._walk_stmts(func.body, visit)
        return {f"{p}:{ln}": ("both" if len(s) > 1 else next(iter(s))) for (p, ln), s in sorted(seen.items())}

    run_compiler.extract_lanes = lanes_of_every_file
    if mode != "file":
        run_library.child(mode, path, entry)
        return
    # Every entry of one file in this process (one interpreter start per file, not two per entry).
    import contextlib
    import io

    for name in run_library.list_entries(Path(path)):
        out = io.StringIO()
        t0 = time.perf_counter()
        try:
            with contextlib.redirect_stdout(out):
                run_library.child("compile", path, name)
            res = json.loads(out.getvalue().strip().splitlines()[-1])
        except Exception as exc:
            res = {"ok": None, "note": f"runner failed: {exc!r}"}
        res["wall_ms"] = round((time.perf_counter() - t0) * 1000)
        print(json.dumps({"entry": name, "result": res}), flush=True)


def _file_results(me: list[str], f: Path, env: dict[str, str]) -> dict[str, dict[str, object]] | None:
    """Every entry of one file from one child process (``child file``), keyed by entry name; None when the
    child died (then each entry gets its own process)."""
    try:
        r = subprocess.run(
            [*me, "file", str(f)], capture_output=True, text=True, timeout=1800, env=env, cwd=f.parent
        )
    except Exception:
        return None
    got: dict[str, dict[str, object]] = {}
    for line in r.stdout.splitlines():
        if line.startswith('{"entry"'):
            row = json.loads(line)
            got[row["entry"]] = row["result"]
    # A Python error before any entry is a module that does not import; a signal or an error after some
    # entries is a crash part way.
    if r.returncode < 0 or (r.returncode != 0 and got):
        return None
    return got


def oracle(
    root: Path,
    out: Path,
    tools: Path,
    limit: int | None,
    per_file: bool = False,
    resume: bool = False,
    inline_entries: bool = False,
) -> int:
    """Every entry of every DSL file under ``root``, each in its own process (``per_file``: one per file)."""
    files = sorted(f for f in root.rglob("*.py") if "pypto.language" in f.read_text(errors="ignore"))
    paths = [str(root), str(root / "models"), os.environ.get("PYTHONPATH", "")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
    me = [sys.executable, __file__, "child", "--tools", str(tools), "--root", str(root)]
    if inline_entries:
        me.append("--inline-entries")
    results: dict[str, dict[str, object]] = {}
    if resume and out.exists():
        results = json.loads(out.read_text())
    done = {key.split("::")[0] for key in results}
    for f in files[:limit]:
        rel = str(f.relative_to(root))
        if rel in done:
            continue  # --resume: this file's entries are in OUT.json already
        # A model's sibling modules (``from config import ...``) import as when the file runs as a script.
        env = dict(env, PYTHONPATH=os.pathsep.join([str(f.parent), *paths]))
        if per_file:
            # One interpreter lists and compiles every entry of the file: importing pypto and torch dominates.
            got = _file_results(me, f, env)
            if got is not None:
                if not got:
                    results[rel] = {"ok": None, "note": "no importable jit entry"}
                for e, res in got.items():
                    results[f"{rel}::{e}"] = res
                    print(f"{rel}::{e}: ok={res.get('ok')}", flush=True)
                out.write_text(json.dumps(results, indent=1))
                continue
        try:
            r = subprocess.run(
                [*me, "list", str(f)], capture_output=True, text=True, timeout=120, env=env, cwd=f.parent
            )
            entries = json.loads(r.stdout.strip().splitlines()[-1]) if r.returncode == 0 else []
        except Exception:
            entries = []
        if not entries:
            results[rel] = {"ok": None, "note": "no importable jit entry"}
            continue
        for e in entries:
            t0 = time.perf_counter()
            try:
                r = subprocess.run(
                    [*me, "compile", str(f), e],
                    capture_output=True,
                    text=True,
                    timeout=600,
                    env=env,
                    cwd=f.parent,
                )
                res = json.loads(r.stdout.strip().splitlines()[-1])
            except Exception as exc:
                res = {"ok": None, "note": f"runner failed: {exc!r}"}
            res["wall_ms"] = round((time.perf_counter() - t0) * 1000)
            results[f"{rel}::{e}"] = res
            print(f"{rel}::{e}: ok={res.get('ok')}", flush=True)
    out.write_text(json.dumps(results, indent=1))
    return 0


# --------------------------------------------------------------------------------------------------
# Step 2: the comparison (runs under pypto-lsp's interpreter)
# --------------------------------------------------------------------------------------------------

# Errors that say the compiler at e2d0f78ae6d7 could not take the entry, not that its author erred.
NOT_USER_FAULT = (
    "has no value",
    "cannot be specialised",
    "No module named",
    "ImportError",
    "oracle",
    "compiler process died",
    "runner failed",
)


# Our errors that the product spec makes on purpose where the compiler at e2d0f78ae6d7 accepts the code
# (shared/spec/DELTAS.md): a file with only these is a spec delta, not a false error.
SPEC_DELTAS = {
    "PTO-SP5": "a string core_type=/mode= (DELTAS.md: pl.KernelType / pl.SyncAllMode members only)",
}


def _usable(res: dict[str, object]) -> bool | None:
    """True: accepted; False: rejected for a user fault; None: leave out."""
    ok = res.get("ok")
    if ok is True:
        return True
    if ok is None:
        return None
    errors = res.get("errors") or []
    assert isinstance(errors, list)
    text = " ".join(str(e.get("message", "")) + str(e.get("exception", "")) for e in errors)
    if any(m in text for m in NOT_USER_FAULT) or any(e.get("stage") == "internal" for e in errors):
        return None
    return False


def _merge_lane(have: str | None, lane: str) -> str:
    """One line's lane from two runs: the compiler merges a line run on AIC by one entry and AIV by another
    into both."""
    if have is None or have == lane:
        return lane
    if have in ("aic", "aiv", "both") and lane in ("aic", "aiv", "both"):
        return "both"
    return have


def merge_chunks(chunks: list[tuple[list[str], list[dict[str, object]]]]) -> dict[str, dict[str, object]]:
    """Reports of chunked ``check`` runs (each the relative paths checked and the file records, paths
    relative) merged per file: its diagnostics from the chunk that checks it, its lanes the union over
    chunks (a chunk reports the helper modules its entries reach with only that chunk's lanes; taking the
    last chunk's record would overwrite a file's own lanes)."""
    out: dict[str, dict[str, object]] = {}
    lanes: dict[str, dict[str, str]] = defaultdict(dict)
    for checked, records in chunks:
        given = {os.path.normpath(r) for r in checked}
        for f in records:
            rel = os.path.normpath(str(f["path"]))
            if rel in given or rel not in out:
                out[rel] = {**f, "diagnostics": (f.get("diagnostics") or []) if rel in given else []}
            raw = f.get("lanes") or {}
            assert isinstance(raw, dict)
            for line, lane in raw.items():
                if lane:
                    lanes[rel][str(line)] = _merge_lane(lanes[rel].get(str(line)), str(lane))
    for rel, record in out.items():
        record["lanes"] = lanes.get(rel, {})
    return out


def _ours(root: Path, rels: list[str]) -> dict[str, dict[str, object]]:
    """``pypto-lsp check --lanes --format json`` on the given files (cwd = root) in chunks, keyed by
    relative path."""
    exe = str(Path(sys.executable).with_name("pypto-lsp"))
    chunks: list[tuple[list[str], list[dict[str, object]]]] = []
    real_root = os.path.realpath(root)
    for i in range(0, len(rels), 40):
        chunk = rels[i : i + 40]
        proc = subprocess.run(
            [exe, "check", "--lanes", "--format", "json", *chunk], capture_output=True, text=True, cwd=root
        )
        records = json.loads(proc.stdout)["files"]
        for f in records:
            f["path"] = os.path.relpath(os.path.realpath(os.path.join(root, f["path"])), real_root)
        chunks.append((chunk, records))
    return merge_chunks(chunks)


_OP_CALL = re.compile(r"\b(?:pl|pld)\.[\w.]+\(")


def classify(text: str, ours: str | None, theirs: str | None, helper: bool) -> str:
    """Why one line's lanes differ (from its text and the two verdicts)."""
    code = text.split("#", 1)[0].strip()
    where = "helper-module " if helper else ""
    if ours is None:
        return f"{where}compiler-only lane ({theirs})"
    if theirs is None:
        if code.startswith(("for ", "if ", "elif ", "else", "while ", "with ")):
            return f"{where}ours only: loop/if/with header ({ours})"
        if not _OP_CALL.search(code) and "[" not in code:
            return f"{where}ours only: scalar statement left in orchestration ({ours})"
        return f"{where}ours only: op statement ({ours})"
    return f"{where}both lanes differ: ours {ours} vs compiler {theirs}"


def compiler_side(
    results: dict[str, dict[str, object]],
) -> tuple[dict[str, bool | None], dict[str, dict[int, str]], list[str], int]:
    """From an oracle's results: each entry file's verdict (True accepted, False rejected for a user fault,
    None left out), the compiler's lanes per file and line (helper modules included, from the accepted
    entries that reach them), the helper modules, and the number of entries."""
    by_file: dict[str, list[tuple[str, dict[str, object]]]] = defaultdict(list)
    for key, res in results.items():
        if "::" in key:
            path, entry = key.split("::", 1)
            by_file[path].append((entry, res))
    verdicts: dict[str, bool | None] = {}
    for path, entries in by_file.items():
        usable = [_usable(r) for _, r in entries]
        if any(u is False for u in usable):
            verdicts[path] = False
        elif any(u is True for u in usable):
            verdicts[path] = True
        else:
            verdicts[path] = None
    # Compiler lanes per file, from the accepted entries (helper modules included).
    theirs: dict[str, dict[int, str]] = defaultdict(dict)
    for entries in by_file.values():
        for _entry, res in entries:
            if _usable(res) is not True:
                continue
            lanes = res.get("lanes") or {}
            assert isinstance(lanes, dict)
            for key, lane in lanes.items():
                fpath, line = key.rsplit(":", 1)
                have = theirs[fpath].get(int(line))
                theirs[fpath][int(line)] = lane if have in (None, lane) else "both"
    helpers = sorted(p for p in theirs if p not in by_file)
    return verdicts, dict(theirs), helpers, sum(len(v) for v in by_file.values())


def compare(
    root: Path, oracle_json: Path, report: Path | None, examples: int, ours_from_all: bool = False
) -> int:
    """Print agreement on accepted files, false-error files and the classified disagreements."""
    results = json.loads(oracle_json.read_text())
    verdicts, theirs, helpers, n_entries = compiler_side(results)
    accepted = sorted(p for p, v in verdicts.items() if v)
    dsl_files = sorted(
        str(f.relative_to(root))
        for f in root.rglob("*.py")
        if "pypto.language" in f.read_text(errors="ignore")
    )
    # Our lanes from the entries the compiler accepts (as its lanes are), unless --ours-from-all.
    ours_all = _ours(root, dsl_files if ours_from_all else accepted)
    false_error_files = []
    delta_files = []
    for p in accepted:
        diags = ours_all.get(p, {}).get("diagnostics") or []
        assert isinstance(diags, list)
        errs = [d for d in diags if d.get("severity") == "error"]
        real = [d for d in errs if d.get("code") not in SPEC_DELTAS]
        if real:
            false_error_files.append((p, real[0]))
        elif errs:
            delta_files.append((p, errs[0]))
    compared = accepted + [h for h in helpers if verdicts.get(h) is not False]
    agree = total = 0
    causes: Counter[str] = Counter()
    samples: dict[str, list[str]] = defaultdict(list)
    per_file: dict[str, tuple[int, int]] = {}
    for p in compared:
        raw_lanes = ours_all.get(p, {}).get("lanes") or {}
        assert isinstance(raw_lanes, dict)
        ours_lanes = {int(k): str(v) for k, v in raw_lanes.items() if v}
        their_lanes = theirs.get(p, {})
        lines = (root / p).read_text(errors="ignore").splitlines()
        fa = ft = 0
        for ln in sorted(set(ours_lanes) | set(their_lanes)):
            a, b = ours_lanes.get(ln), their_lanes.get(ln)
            ft += 1
            if a == b:
                fa += 1
                continue
            text = lines[ln - 1] if 0 < ln <= len(lines) else ""
            cause = classify(text, a, b, p in helpers)
            causes[cause] += 1
            if len(samples[cause]) < examples:
                samples[cause].append(f"{p}:{ln}: ours={a} compiler={b}  | {text.strip()[:90]}")
        per_file[p] = (fa, ft)
        agree += fa
        total += ft
    n_rej = sum(1 for v in verdicts.values() if v is False)
    n_out = sum(1 for v in verdicts.values() if v is None)
    print(
        f"entries: {n_entries}; files with entries: {len(verdicts)} "
        f"(accepted {len(accepted)}, rejected {n_rej}, left out {n_out}); helper modules with lanes: {len(helpers)}"
    )
    pct = 100 * agree / total if total else 100.0
    print(f"lane lines compared: {total}; agree {agree} ({pct:.2f}%)")
    print(f"false-error files (accepted by the compiler, error from us): {len(false_error_files)}")
    for p, d in false_error_files:
        print(f"  {p}:{d.get('line')}: {d.get('code')} {str(d.get('message'))[:120]}")
    print(
        f"spec-delta files (accepted by the compiler, an error the spec makes on purpose): {len(delta_files)}"
    )
    for p, d in delta_files:
        print(f"  {p}:{d.get('line')}: {d.get('code')} ({SPEC_DELTAS[str(d.get('code'))]})")
    print("disagreeing lines by cause:")
    for cause, n in causes.most_common():
        print(f"  {n:5d}  {cause}")
        for s in samples[cause]:
            print(f"           {s}")
    worst = sorted(((t - a, p) for p, (a, t) in per_file.items() if t - a), reverse=True)[:15]
    print("files with the most disagreeing lines:")
    for n, p in worst:
        print(f"  {n:4d}  {p}" + ("  (helper)" if p in helpers else ""))
    if report:
        report.write_text(
            json.dumps(
                {
                    "accepted_files": len(accepted),
                    "rejected_files": n_rej,
                    "left_out_files": n_out,
                    "helper_files": helpers,
                    "lines": total,
                    "agree": agree,
                    "false_error_files": [p for p, _ in false_error_files],
                    "spec_delta_files": [p for p, _ in delta_files],
                    "causes": dict(causes),
                    "samples": samples,
                    "per_file": per_file,
                },
                indent=1,
            )
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    """Command line: oracle / compare (and the internal child mode)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    o = sub.add_parser("oracle")
    o.add_argument("root", type=Path)
    o.add_argument("out", type=Path)
    o.add_argument("--tools", type=Path, required=True)
    o.add_argument("--limit", type=int)
    o.add_argument("--per-file", action="store_true", help="one compiler process per file, not per entry")
    o.add_argument(
        "--resume", action="store_true", help="keep OUT.json's results and run only the files missing"
    )
    o.add_argument(
        "--inline-entries",
        action="store_true",
        help="old behaviour: a file with no @pl.jit entry has its @pl.jit.inline functions taken as entries",
    )
    c = sub.add_parser("compare")
    c.add_argument("root", type=Path)
    c.add_argument("oracle_json", type=Path)
    c.add_argument("--json", type=Path)
    c.add_argument("--examples", type=int, default=4)
    c.add_argument(
        "--ours-from-all",
        action="store_true",
        help="old behaviour: our lanes from every DSL file's entries, not only the accepted files'",
    )
    ch = sub.add_parser("child")
    ch.add_argument("--tools", type=Path, required=True)
    ch.add_argument("--root", required=True)
    ch.add_argument("--inline-entries", action="store_true")
    ch.add_argument("mode")
    ch.add_argument("path")
    ch.add_argument("entry", nargs="?")
    args = ap.parse_args(argv)
    if args.cmd == "oracle":
        return oracle(
            args.root.resolve(),
            args.out,
            args.tools.resolve(),
            args.limit,
            args.per_file,
            args.resume,
            args.inline_entries,
        )
    if args.cmd == "compare":
        return compare(args.root.resolve(), args.oracle_json, args.json, args.examples, args.ours_from_all)
    _child(args.tools, args.mode, args.path, args.entry, args.root, args.inline_entries)
    return 0


if __name__ == "__main__":
    sys.exit(main())
