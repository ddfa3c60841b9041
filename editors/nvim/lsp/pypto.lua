-- Neovim 0.11+ reads this file for vim.lsp.config("pypto"): `vim.lsp.enable("pypto")` then starts
-- pypto-lsp with the default options, no setup call needed. Override any field as usual, e.g.
-- vim.lsp.config("pypto", { settings = { pypto = { target = "a5" } } }); require("pypto").setup(opts)
-- remains for the plugin's own options.
return require("pypto").config()
