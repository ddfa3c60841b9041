-- Neovim client for pypto-lsp, the language server of the PyPTO kernel DSL.
local M = {}

local NAME = "pypto"
local EXPANDED_KERNELS = "pypto/expandedKernels"
local CHECK_WORKSPACE = "pypto.checkWorkspace"
local SHOW_EXPANDED = "pypto.showExpandedKernels"
local ROOT_MARKERS = { "pyproject.toml", ".git" }

M.defaults = {
  cmd = { "pypto-lsp" },
  target = "a2a3", -- "a2a3" | "a5"
  inlay_hints = true,
  pure_vector_kernels = true,
  hazard_lints = true,
  debounce_ms = 150,
  env = vim.empty_dict(), -- values configuration modules read via os.environ, e.g. { MODEL_VARIANT = "flash" }
  extra_paths = {}, -- extra import roots (relative to the root folder), like pyright's extraPaths
  completion = true, -- Neovim 0.11+: completion as you type (vim.lsp.completion, autotrigger)
  codelens = true, -- show the kernel code lenses (refreshed on enter, save and leaving insert mode)
}

-- Semantic token types of the server: each op coloured by the lane it runs on. Linked by default,
-- so every colour scheme shows three different colours; override the groups to taste.
M.token_highlights = {
  ["@lsp.type.aicOp"] = "Type", -- cube (AIC)
  ["@lsp.type.aivOp"] = "Constant", -- vector (AIV)
  ["@lsp.type.bothOp"] = "Special", -- both lanes (a crossing, or an op duplicated onto both)
}

--- Default links for the lane token groups (a colour scheme or the user may set them first).
function M.define_highlights()
  for group, link in pairs(M.token_highlights) do
    vim.api.nvim_set_hl(0, group, { link = link, default = true })
  end
end

--- The `pypto` settings section, shaped like VS Code's `pypto.*` settings.
function M.server_settings(opts)
  return {
    target = opts.target,
    inlayHints = { enabled = opts.inlay_hints, pureVectorKernels = opts.pure_vector_kernels },
    hazardLints = { enabled = opts.hazard_lints },
    debounceMs = opts.debounce_ms,
    env = opts.env,
    extraPaths = opts.extra_paths,
  }
end

--- Nearest folder with a root marker above the buffer's file, else the file's own folder.
function M.root_dir(bufnr)
  local path = vim.api.nvim_buf_get_name(bufnr)
  if path == "" then
    return vim.fn.getcwd()
  end
  local dir = vim.fs.dirname(path)
  local marker = vim.fs.find(ROOT_MARKERS, { path = dir, upward = true })[1]
  return marker and vim.fs.dirname(marker) or dir
end

-- Client methods became colon calls in 0.11; the dot form is deprecated there.
local has_011 = vim.fn.has("nvim-0.11") == 1

local function request(client, method, params, handler, bufnr)
  if has_011 then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

local function notify(msg, level)
  vim.notify("pypto: " .. msg, level or vim.log.levels.INFO)
end

local function client_for(bufnr)
  return vim.lsp.get_clients({ name = NAME, bufnr = bufnr })[1]
end

--- Jumps from a line of the expanded view to the source line it comes from (`gd` / <CR> there).
function M.goto_source()
  local buf = vim.api.nvim_get_current_buf()
  local sources = vim.b[buf].pypto_sources or {}
  local line = vim.api.nvim_win_get_cursor(0)[1] - 1
  for _, entry in ipairs(sources) do
    if entry[1] == line then
      local target = vim.fn.bufadd(vim.uri_to_fname(entry[2]))
      vim.fn.bufload(target)
      vim.bo[target].buflisted = true
      vim.cmd.wincmd("p")
      -- nvim_win_set_buf, unlike :edit, does not need the window's current buffer to be saved first.
      vim.api.nvim_win_set_buf(0, target)
      vim.api.nvim_win_set_cursor(0, { entry[3] + 1, 0 })
      return true
    end
  end
  notify("this line of the expanded view names no source line", vim.log.levels.INFO)
  return false
end

--- Shows `text` in a read-only scratch split named after the source buffer, reusing it on reruns.
local function show_expanded(source_bufnr, text, sources)
  local name = "pypto-expanded://" .. vim.api.nvim_buf_get_name(source_bufnr)
  local buf = vim.fn.bufnr(name)
  if buf == -1 then
    buf = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(buf, name)
    vim.bo[buf].filetype = "pypto-expanded"
    for _, lhs in ipairs({ "gd", "<CR>" }) do
      vim.keymap.set("n", lhs, M.goto_source, { buffer = buf, desc = "pypto: go to the source line" })
    end
  end
  vim.b[buf].pypto_sources = sources or {}
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, vim.split(text, "\n", { plain = true }))
  vim.bo[buf].modifiable = false
  vim.bo[buf].modified = false
  if vim.fn.bufwinid(buf) == -1 then
    vim.cmd.sbuffer({ buf, mods = { vertical = true } })
  end
  -- The lane diagram is laid out in columns: wrapping would break them.
  local win = vim.fn.bufwinid(buf)
  if win ~= -1 then
    vim.wo[win].wrap = false
  end
end

local function request_expanded(client, bufnr, params)
  request(client, EXPANDED_KERNELS, params, function(err, result)
    if err then
      return notify("expanding kernels failed: " .. err.message, vim.log.levels.ERROR)
    end
    if type(result) ~= "table" or type(result.text) ~= "string" then
      return notify("the server returned no expanded kernels", vim.log.levels.WARN)
    end
    show_expanded(bufnr, result.text, type(result.sources) == "table" and result.sources or {})
  end, bufnr)
end

--- Expanded kernels at the cursor of the current buffer.
function M.expanded_kernels()
  local bufnr = vim.api.nvim_get_current_buf()
  local client = client_for(bufnr)
  if not client then
    return notify("no pypto language server attached to this buffer", vim.log.levels.WARN)
  end
  local at = vim.lsp.util.make_position_params(0, client.offset_encoding)
  request_expanded(client, bufnr, { uri = at.textDocument.uri, position = at.position })
end

--- Client-side handler of the server command that code lenses carry with `[uri, line]`;
--- run on the server it would only return the text to nobody.
local function show_expanded_command(command, ctx)
  local uri, line = command.arguments[1], command.arguments[2]
  local position = type(line) == "number" and { line = line, character = 0 } or nil
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  request_expanded(client, vim.uri_to_bufnr(uri), { uri = uri, position = position })
end

function M.check_workspace()
  local client = client_for(vim.api.nvim_get_current_buf()) or vim.lsp.get_clients({ name = NAME })[1]
  if not client then
    return notify("the language server is not running", vim.log.levels.WARN)
  end
  notify("checking workspace…")
  local params = { command = CHECK_WORKSPACE, arguments = {} }
  request(client, "workspace/executeCommand", params, function(err, result)
    if err then
      return notify("workspace check failed: " .. err.message, vim.log.levels.ERROR)
    end
    -- Findings arrive as diagnostics; the summary is only a courtesy.
    if type(result) == "table" and result.files then
      local function count(n, word)
        return ("%d %s%s"):format(n, word, n == 1 and "" or "s")
      end
      local errors, warnings = count(result.errors or 0, "error"), count(result.warnings or 0, "warning")
      notify(("checked %s: %s, %s"):format(count(result.files, "file"), errors, warnings))
    end
  end)
end

local function on_attach(opts)
  return function(client, bufnr)
    if opts.inlay_hints and vim.lsp.inlay_hint then
      vim.lsp.inlay_hint.enable(true, { bufnr = bufnr })
    end
    if opts.completion and vim.lsp.completion and vim.lsp.completion.enable then
      vim.lsp.completion.enable(true, client.id, bufnr, { autotrigger = true })
    end
    if opts.codelens and vim.lsp.codelens then
      vim.lsp.codelens.refresh({ bufnr = bufnr })
      vim.api.nvim_create_autocmd({ "BufEnter", "InsertLeave", "BufWritePost" }, {
        group = vim.api.nvim_create_augroup("pypto_codelens_" .. bufnr, { clear = true }),
        buffer = bufnr,
        callback = function()
          vim.lsp.codelens.refresh({ bufnr = bufnr })
        end,
      })
    end
  end
end

--- The client configuration for `opts` (the defaults merged with the user's options). `lsp/pypto.lua`
--- returns it with the defaults, so `vim.lsp.enable("pypto")` works without a setup call (0.11+).
function M.config(user_opts)
  local opts = vim.tbl_deep_extend("force", M.defaults, user_opts or {})
  local settings = M.server_settings(opts)
  return {
    cmd = opts.cmd,
    filetypes = { "python" },
    -- The server ignores Python files that do not import pypto.language.
    root_markers = ROOT_MARKERS,
    init_options = settings,
    settings = { pypto = settings },
    on_attach = on_attach(opts),
  }
end

--- The user commands and the client-side code-lens command (idempotent; the plugin file calls it).
function M.register_commands()
  M.define_highlights()
  vim.api.nvim_create_autocmd("ColorScheme", {
    group = vim.api.nvim_create_augroup("pypto_highlights", { clear = true }),
    callback = M.define_highlights, -- a colour scheme clears the links: put the defaults back
  })
  vim.lsp.commands[SHOW_EXPANDED] = show_expanded_command
  vim.api.nvim_create_user_command("PyptoExpandedKernels", M.expanded_kernels, {
    desc = "Show the PyPTO kernels after expansion in a scratch split",
    force = true,
  })
  vim.api.nvim_create_user_command("PyptoCheckWorkspace", M.check_workspace, {
    desc = "Check every PyPTO file in the workspace",
    force = true,
  })
end

function M.setup(user_opts)
  local config = M.config(user_opts)
  config.root_markers = nil

  if vim.lsp.config and vim.lsp.enable then
    config.root_dir = function(bufnr, on_dir)
      on_dir(M.root_dir(bufnr))
    end
    vim.lsp.config(NAME, config)
    vim.lsp.enable(NAME)
  else
    config.name = NAME
    vim.api.nvim_create_autocmd("FileType", {
      group = vim.api.nvim_create_augroup("pypto_lsp", { clear = true }),
      pattern = config.filetypes,
      callback = function(args)
        -- vim.lsp.start reuses a running client with the same name and root.
        vim.lsp.start(vim.tbl_extend("force", config, { root_dir = M.root_dir(args.buf) }), { bufnr = args.buf })
      end,
    })
  end

  M.register_commands()
end

return M
