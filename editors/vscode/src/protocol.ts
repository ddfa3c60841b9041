// Pure helpers shared by the extension and its unit tests: nothing here imports `vscode`,
// so `npm test` runs them under plain Node.

/** Custom request answered by the server with the kernels after macro/template expansion. */
export const EXPANDED_KERNELS_METHOD = "pypto/expandedKernels";

// Commands the server advertises (executeCommandProvider). The language client registers them as
// VS Code commands, so the extension customises them through middleware instead of registering them.

/** Checks every DSL file in the workspace; answers `{files, errors, warnings}`. */
export const CHECK_WORKSPACE_COMMAND = "pypto.checkWorkspace";

/** Shows expanded kernels; code lenses call it with `[uri, line]`, the command palette with no arguments. */
export const SHOW_EXPANDED_COMMAND = "pypto.showExpandedKernels";

/** URI scheme of the read-only documents that show expanded kernels. */
export const EXPANDED_SCHEME = "pypto-expanded";

export type Target = "a2a3" | "a5";

export interface Position {
  line: number;
  character: number;
}

export interface ExpandedKernelsParams {
  uri: string;
  position?: Position;
}

/** A line of the expanded view that comes from a source line: [view line, source URI, source line], 0-based. */
export type SourceLine = [number, string, number];

export interface ExpandedKernelsResult {
  text: string;
  /** Where the view's lines come from (absent from older servers). */
  sources?: SourceLine[];
}

/** The `pypto` settings section as the server reads it (initializationOptions and workspace/configuration). */
export interface ServerSettings {
  target: Target;
  inlayHints: { enabled: boolean; pureVectorKernels: boolean };
  hazardLints: { enabled: boolean };
  debounceMs: number;
}

/** Reads one key below the `pypto` section; `vscode.WorkspaceConfiguration.get` fits this shape. */
export type SettingReader = <T>(key: string, defaultValue: T) => T;

export const DEFAULT_SETTINGS: ServerSettings = {
  target: "a2a3",
  inlayHints: { enabled: true, pureVectorKernels: true },
  hazardLints: { enabled: true },
  debounceMs: 150,
};

export function readServerSettings(get: SettingReader): ServerSettings {
  const d = DEFAULT_SETTINGS;
  return {
    target: get("target", d.target),
    inlayHints: {
      enabled: get("inlayHints.enabled", d.inlayHints.enabled),
      pureVectorKernels: get("inlayHints.pureVectorKernels", d.inlayHints.pureVectorKernels),
    },
    hazardLints: { enabled: get("hazardLints.enabled", d.hazardLints.enabled) },
    debounceMs: get("debounceMs", d.debounceMs),
  };
}

export function expandedKernelsParams(uri: string, position?: Position): ExpandedKernelsParams {
  return position === undefined ? { uri } : { uri, position: { line: position.line, character: position.character } };
}

/** Request params for a code lens's `[uri, line]` arguments; undefined for any other arguments. */
export function expandedKernelsParamsFromArgs(args: unknown[]): ExpandedKernelsParams | undefined {
  const [uri, line] = args;
  if (typeof uri !== "string") {
    return undefined;
  }
  return expandedKernelsParams(uri, typeof line === "number" ? { line, character: 0 } : undefined);
}

/** A one-line summary of the checkWorkspace answer, or undefined when it has another shape. */
export function describeCheckSummary(result: unknown): string | undefined {
  if (typeof result !== "object" || result === null) {
    return undefined;
  }
  const { files, errors, warnings } = result as Record<string, unknown>;
  if (typeof files !== "number" || typeof errors !== "number" || typeof warnings !== "number") {
    return undefined;
  }
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return `Checked ${plural(files, "file")}: ${plural(errors, "error")}, ${plural(warnings, "warning")}.`;
}

/** Guards against a server that answers with something other than `{text: string, sources?: [...]}`. */
export function isExpandedKernelsResult(value: unknown): value is ExpandedKernelsResult {
  if (typeof value !== "object" || value === null || typeof (value as { text?: unknown }).text !== "string") {
    return false;
  }
  const sources = (value as { sources?: unknown }).sources;
  return sources === undefined || (Array.isArray(sources) && sources.every(isSourceLine));
}

function isSourceLine(value: unknown): value is SourceLine {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    typeof value[0] === "number" &&
    typeof value[1] === "string" &&
    typeof value[2] === "number"
  );
}

/** The source location of a line of the expanded view, if the line names one. */
export function sourceOfLine(
  sources: readonly SourceLine[] | undefined,
  line: number,
): { uri: string; line: number } | undefined {
  const found = (sources ?? []).find((entry) => entry[0] === line);
  return found === undefined ? undefined : { uri: found[1], line: found[2] };
}

/** The column range of the source label on a line of the view (`L20`, `line 19`, `helpers.py:22`). */
export function sourceLabelRange(text: string): { start: number; end: number } | undefined {
  const match = /[\w./-]+\.py:\d+|\bL\d+\b|\bline \d+\b/.exec(text);
  return match === null ? undefined : { start: match.index, end: match.index + match[0].length };
}

/**
 * Path of the virtual document for a source file: `/dir/kernel.py` -> `/kernel.py (expanded)`.
 * The source URI travels in the query, so two files with the same name get distinct documents.
 */
export function expandedDocumentPath(sourcePath: string): string {
  const name = sourcePath.slice(sourcePath.lastIndexOf("/") + 1) || "untitled";
  return `/${name} (expanded)`;
}

/** What to tell the user when the server process could not be started, and whether to offer the setting. */
export function startFailureMessage(error: unknown, command: string): { message: string; offerSetting: boolean } {
  const text = error instanceof Error ? error.message : String(error);
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  if (code === "ENOENT" || /ENOENT|not found/i.test(text)) {
    return {
      message:
        `PyPTO: the language server could not start: \`${command}\` was not found on PATH. ` +
        "Install pypto-lsp (pip install /path/to/pypto-lsp) or set pypto.server.path to its executable.",
      offerSetting: true,
    };
  }
  if (code === "EACCES" || /EACCES|permission denied/i.test(text)) {
    return {
      message: `PyPTO: the language server could not start: \`${command}\` is not executable. Check pypto.server.path.`,
      offerSetting: true,
    };
  }
  return { message: `PyPTO: the language server could not start: ${text}`, offerSetting: true };
}
