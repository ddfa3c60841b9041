-- Loading the plugin enables nothing by itself: call require("pypto").setup(opts), or set
-- vim.g.pypto_autosetup = true (or to an options table) before the plugin loads.
if vim.g.loaded_pypto then
  return
end
vim.g.loaded_pypto = true

local auto = vim.g.pypto_autosetup
if auto then
  require("pypto").setup(type(auto) == "table" and auto or {})
end
