-- Sourced (-S) once the file under test is loaded: waits for the server's diagnostics, asks for
-- the expanded kernels, writes what Neovim saw to PYPTO_TEST_RESULT as JSON, and quits.
local TIMEOUT_MS = 20000
local result = {}

local function write_and_quit()
  local file = assert(io.open(vim.env.PYPTO_TEST_RESULT, "w"))
  file:write(vim.json.encode(result))
  file:close()
  vim.cmd("qall!")
end

local ok, err = pcall(function()
  local source = vim.api.nvim_get_current_buf()
  result.diagnostics_ready = vim.wait(TIMEOUT_MS, function()
    return #vim.diagnostic.get(source) > 0
  end, 50)
  result.diagnostics = vim.tbl_map(function(d)
    return { lnum = d.lnum, col = d.col, message = d.message, severity = d.severity, code = d.code }
  end, vim.diagnostic.get(source))
  result.clients = vim.tbl_map(function(c)
    return { name = c.name, root_dir = c.root_dir, settings = c.config.settings, init_options = c.config.init_options }
  end, vim.lsp.get_clients({ name = "pypto", bufnr = source }))
  result.inlay_hints_enabled = vim.lsp.inlay_hint.is_enabled({ bufnr = source })
  result.commands = vim.tbl_keys(vim.api.nvim_get_commands({}))

  vim.cmd("PyptoExpandedKernels")
  local expanded
  vim.wait(TIMEOUT_MS, function()
    for _, buf in ipairs(vim.api.nvim_list_bufs()) do
      if vim.bo[buf].filetype == "pypto-expanded" then
        expanded = buf
        return true
      end
    end
    return false
  end, 50)
  if expanded then
    local win = vim.fn.bufwinid(expanded)
    result.expanded = {
      name = vim.api.nvim_buf_get_name(expanded),
      modifiable = vim.bo[expanded].modifiable,
      visible = win ~= -1,
      wrap = win ~= -1 and vim.wo[win].wrap,
    }
  end
end)
if not ok then
  result.error = tostring(err)
end
write_and_quit()
