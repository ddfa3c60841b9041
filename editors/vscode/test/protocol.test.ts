import assert from "node:assert/strict";
import { test } from "node:test";

import {
  DEFAULT_SETTINGS,
  describeCheckSummary,
  expandedDocumentPath,
  expandedKernelsParams,
  expandedKernelsParamsFromArgs,
  isExpandedKernelsResult,
  readServerSettings,
  type SettingReader,
  sourceLabelRange,
  sourceOfLine,
  startFailureMessage,
} from "../src/protocol";

/** A stand-in for `vscode.WorkspaceConfiguration.get` over flat dotted keys. */
function reader(values: Record<string, unknown>): SettingReader {
  return <T>(key: string, defaultValue: T) => (key in values ? (values[key] as T) : defaultValue);
}

test("settings fall back to the documented defaults", () => {
  assert.deepEqual(readServerSettings(reader({})), {
    target: "a2a3",
    inlayHints: { enabled: true, pureVectorKernels: true },
    hazardLints: { enabled: true },
    debounceMs: 150,
  });
});

test("settings nest the dotted keys the way workspace/configuration returns them", () => {
  const settings = readServerSettings(
    reader({ target: "a5", "inlayHints.pureVectorKernels": false, "hazardLints.enabled": false, debounceMs: 0 }),
  );
  assert.deepEqual(settings, {
    target: "a5",
    inlayHints: { enabled: true, pureVectorKernels: false },
    hazardLints: { enabled: false },
    debounceMs: 0,
  });
  assert.equal(DEFAULT_SETTINGS.target, "a2a3", "reading settings must not mutate the defaults");
});

test("expandedKernels params carry the cursor only when there is one", () => {
  assert.deepEqual(expandedKernelsParams("file:///k.py"), { uri: "file:///k.py" });
  const position = { line: 3, character: 7 };
  assert.deepEqual(expandedKernelsParams("file:///k.py", position), { uri: "file:///k.py", position });
});

test("code lens arguments [uri, line] become a position at the line start", () => {
  assert.deepEqual(expandedKernelsParamsFromArgs(["file:///k.py", 4]), {
    uri: "file:///k.py",
    position: { line: 4, character: 0 },
  });
  assert.deepEqual(expandedKernelsParamsFromArgs(["file:///k.py"]), { uri: "file:///k.py" });
  assert.equal(expandedKernelsParamsFromArgs([]), undefined);
  assert.equal(expandedKernelsParamsFromArgs([42]), undefined);
});

test("checkWorkspace summary is spelled out, other answers are ignored", () => {
  assert.equal(describeCheckSummary({ files: 3, errors: 1, warnings: 0 }), "Checked 3 files: 1 error, 0 warnings.");
  assert.equal(describeCheckSummary(null), undefined);
  assert.equal(describeCheckSummary({ files: 3 }), undefined);
});

test("only {text: string} is accepted as an expandedKernels result", () => {
  assert.ok(isExpandedKernelsResult({ text: "" }));
  for (const bad of [null, undefined, "text", {}, { text: 1 }]) {
    assert.ok(!isExpandedKernelsResult(bad), JSON.stringify(bad));
  }
});

test("virtual document path is named after the source file", () => {
  assert.equal(expandedDocumentPath("/work/kernels/matmul.py"), "/matmul.py (expanded)");
  assert.equal(expandedDocumentPath("Untitled-1"), "/Untitled-1 (expanded)");
  assert.equal(expandedDocumentPath("/"), "/untitled (expanded)");
});

test("a server that cannot start says why and offers the setting", () => {
  const missing = Object.assign(new Error("spawn pypto-lsp ENOENT"), { code: "ENOENT" });
  const failure = startFailureMessage(missing, "pypto-lsp");
  assert.match(failure.message, /`pypto-lsp` was not found on PATH/);
  assert.match(failure.message, /pypto\.server\.path/);
  assert.equal(failure.offerSetting, true);
  assert.match(startFailureMessage(new Error("boom"), "x").message, /could not start: boom/);
});

test("expanded views carry where their lines come from", () => {
  const result = { text: "# L20 tile.load", sources: [[0, "file:///k/a.py", 19]] };
  assert.ok(isExpandedKernelsResult(result));
  assert.ok(isExpandedKernelsResult({ text: "" }), "older servers send no sources");
  assert.ok(!isExpandedKernelsResult({ text: "", sources: [[0, 1, 2]] }));
  assert.deepEqual(sourceOfLine(result.sources as [number, string, number][], 0), { uri: "file:///k/a.py", line: 19 });
  assert.equal(sourceOfLine(result.sources as [number, string, number][], 1), undefined);
  assert.deepEqual(sourceLabelRange("# L20 tile.load"), { start: 2, end: 5 });
  assert.deepEqual(sourceLabelRange("# layers/attention.py:15 q = tile.load"), { start: 2, end: 24 });
  assert.equal(sourceLabelRange("# pipe: dir_mask=3"), undefined);
});
