-- Config for the headless Neovim of tests/test_nvim.py: only the plugin under test, with the
-- server run by the test's own interpreter (PYPTO_TEST_PYTHON) so it sees the same packages.
vim.opt.runtimepath:prepend(vim.env.PYPTO_TEST_PLUGIN)
require("pypto").setup({ cmd = { vim.env.PYPTO_TEST_PYTHON, "-m", "pypto_lsp" } })
