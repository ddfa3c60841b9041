-- Neovim 0.11+ without any setup call: lsp/pypto.lua supplies the config, vim.lsp.enable starts it.
-- Only the command is overridden, so the server runs under the test's interpreter.
vim.opt.runtimepath:prepend(vim.env.PYPTO_TEST_PLUGIN)
vim.lsp.config("pypto", { cmd = { vim.env.PYPTO_TEST_PYTHON, "-m", "pypto_lsp" } })
vim.lsp.enable("pypto")
