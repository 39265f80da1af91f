-- Headless Neovim check of shea lsp (tried with Neovim 0.7.2):
--   SHEA_BIN=/path/to/shea WORKFLOW=/path/to/WORKFLOW.md \
--     nvim --headless --clean -u lsp/e2e/nvim.lua
-- opens the workflow, waits for diagnostics and prints them (line:col
-- as Neovim counts: bytes), then quits; exit status 1 when none came.
-- Neovim 0.7 has vim.lsp.start_client; 0.8 and later can use vim.lsp.start
-- as the README shows.
vim.cmd("filetype on")
vim.api.nvim_create_autocmd("FileType", {
  pattern = { "markdown", "liquid" },
  callback = function(args)
    local id = vim.lsp.start_client({ name = "shea", cmd = { os.getenv("SHEA_BIN") or "shea", "lsp" }, root_dir = vim.fn.getcwd() })
    vim.lsp.buf_attach_client(args.buf, id)
  end,
})
vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("WORKFLOW")))
vim.wait(5000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local lines = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(lines, string.format("%d:%d %s [%s]", d.lnum + 1, d.col + 1, d.message:gsub("\n.*", ""), d.code))
end
io.stdout:write(table.concat(lines, "\n") .. "\n")
vim.cmd(#lines > 0 and "qa!" or "cq!")
