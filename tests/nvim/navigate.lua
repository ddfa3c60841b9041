-- Sourced (-S) with nav_pkg/decode.py loaded: asks the attached server for completion after `pl.`,
-- the definition of a helper of another module, the lane token under `matmul`, the code lenses, and
-- follows a line of the expanded view back to its source; writes what it saw to PYPTO_TEST_RESULT.
local TIMEOUT_MS = 30000
local result = {}

local function write_and_quit()
  local file = assert(io.open(vim.env.PYPTO_TEST_RESULT, "w"))
  file:write(vim.json.encode(result))
  file:close()
  vim.cmd("qall!")
end

local function find(buf, needle)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local col = line:find(needle, 1, true)
    if col then
      return i - 1, col - 1
    end
  end
end

local ok, err = pcall(function()
  local buf = vim.api.nvim_get_current_buf()
  assert(vim.wait(TIMEOUT_MS, function()
    return #vim.lsp.get_clients({ name = "pypto", bufnr = buf }) > 0
  end, 50), "no pypto client attached")
  local client = vim.lsp.get_clients({ name = "pypto", bufnr = buf })[1]
  local uri = vim.uri_from_bufnr(buf)

  -- Hover first: the answer waits for the analysis, so what follows sees analysed text.
  local row, col = find(buf, "pl.matmul(x, w")
  vim.lsp.buf_request_sync(buf, "textDocument/hover", {
    textDocument = { uri = uri }, position = { line = row, character = col + 4 },
  }, TIMEOUT_MS)

  -- Completion after `pl.` on a new line of the entry.
  local call_row = find(buf, "q = project(normed, wq, q)")
  vim.api.nvim_buf_set_lines(buf, call_row + 1, call_row + 1, false, { "    z = pl." })
  local responses = vim.lsp.buf_request_sync(buf, "textDocument/completion", {
    textDocument = { uri = uri }, position = { line = call_row + 1, character = 11 },
  }, TIMEOUT_MS) or {}
  result.completion = {}
  for _, response in pairs(responses) do
    local items = response.result and (response.result.items or response.result) or {}
    for _, item in ipairs(items) do
      table.insert(result.completion, item.label)
    end
  end
  vim.api.nvim_buf_set_lines(buf, call_row + 1, call_row + 2, false, {})
  -- A pulled diagnostic report waits for the analysis of the current text: views then match it.
  vim.lsp.buf_request_sync(buf, "textDocument/diagnostic", { textDocument = { uri = uri } }, TIMEOUT_MS)

  -- Go to the definition of a helper of another module.
  row, col = find(buf, "attention_block(q")
  local found = vim.lsp.buf_request_sync(buf, "textDocument/definition", {
    textDocument = { uri = uri }, position = { line = row, character = col + 2 },
  }, TIMEOUT_MS) or {}
  for _, response in pairs(found) do
    local target = response.result and (response.result[1] or response.result)
    if target then
      result.definition = { uri = target.uri or target.targetUri, range = target.range or target.targetSelectionRange }
    end
  end

  -- The lane token under `matmul` and the highlight group it gets.
  row, col = find(buf, "pl.matmul(x, w")
  assert(vim.wait(TIMEOUT_MS, function()
    local tokens = vim.lsp.semantic_tokens.get_at_pos(buf, row, col + 4) or {}
    return #tokens > 0
  end, 50), "no semantic token under matmul")
  result.tokens = vim.tbl_map(function(t)
    return t.type
  end, vim.lsp.semantic_tokens.get_at_pos(buf, row, col + 4))
  result.token_group = vim.api.nvim_get_hl(0, { name = "@lsp.type.aicOp" })

  -- Code lenses: one per line, the helper call summarised.
  vim.lsp.codelens.refresh({ bufnr = buf })
  vim.wait(TIMEOUT_MS, function()
    local lenses = vim.lsp.codelens.get(buf)
    return #lenses > 0 and lenses[#lenses].command ~= nil
  end, 50)
  result.lenses = vim.tbl_map(function(lens)
    return { line = lens.range.start.line, title = lens.command and lens.command.title }
  end, vim.lsp.codelens.get(buf))

  -- The expanded view of the attention_block call, and back to the source from one of its lines.
  row = find(buf, "out = attention_block")
  vim.api.nvim_win_set_cursor(0, { row + 1, 4 })
  vim.cmd("PyptoExpandedKernels")
  local expanded
  vim.wait(TIMEOUT_MS, function()
    for _, b in ipairs(vim.api.nvim_list_bufs()) do
      if vim.bo[b].filetype == "pypto-expanded" and #(vim.b[b].pypto_sources or {}) > 0 then
        expanded = b
        return true
      end
    end
    return false
  end, 50)
  assert(expanded, "no expanded view with sources")
  vim.api.nvim_set_current_win(vim.fn.bufwinid(expanded))
  local entry = vim.b[expanded].pypto_sources[1]
  vim.api.nvim_win_set_cursor(0, { entry[1] + 1, 0 })
  result.mapped = vim.fn.maparg("gd", "n", false, true).buffer == 1
  local jumped, problem = pcall(require("pypto").goto_source)
  result.jump_error = not jumped and tostring(problem) or nil
  result.jumped = { name = vim.api.nvim_buf_get_name(0), line = vim.api.nvim_win_get_cursor(0)[1] - 1, want = entry[3] }
  result.completion_enabled = vim.lsp.completion ~= nil
end)
if not ok then
  result.error = tostring(err)
end
write_and_quit()
