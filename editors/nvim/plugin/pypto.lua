-- Loading the plugin starts no server by itself: call require("pypto").setup(opts), or
-- vim.lsp.enable("pypto") on Neovim 0.11+ (lsp/pypto.lua holds the defaults), or set
-- vim.g.pypto_autosetup = true (or to an options table) before the plugin loads.
if vim.g.loaded_pypto then
  return
end
vim.g.loaded_pypto = true

require("pypto").register_commands()

local auto = vim.g.pypto_autosetup
if auto then
  require("pypto").setup(type(auto) == "table" and auto or {})
end
