-- nvim_diagnostic.lua: run by nvim_test.py in a headless Neovim; attaches flagspace-clangd to a C file and waits for the flagspace diagnostic.
--
-- Input (environment): FLAGSPACE_CLANGD (the server), FLAGSPACE_FILE (the C
-- file, next to its compile_commands.json and .clang-tidy), FLAGSPACE_TIMEOUT_MS.
-- Output: lines "diagnostic <code> <lnum>:<col> <message>" for every
-- diagnostic, then "RESULT ok" or "RESULT fail <why>"; the exit status is 0
-- only for ok. Written for Neovim 0.7 (Debian bookworm), which has
-- vim.lsp.start_client and buf_attach_client but not vim.lsp.start.

local function finish(status, why)
  io.stdout:write("RESULT " .. status .. (why and (" " .. why) or "") .. "\n")
  io.stdout:flush()
  vim.lsp.stop_client(vim.lsp.get_active_clients(), true)
  vim.cmd((status == "ok") and "qall!" or "cquit!")
end

local ok, err = pcall(function()
  local clangd = assert(os.getenv("FLAGSPACE_CLANGD"), "FLAGSPACE_CLANGD is not set")
  local file = assert(os.getenv("FLAGSPACE_FILE"), "FLAGSPACE_FILE is not set")
  local timeout = tonumber(os.getenv("FLAGSPACE_TIMEOUT_MS") or "60000")

  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = "flagspace-clangd",
    cmd = { clangd, "--background-index=false" },
    root_dir = vim.fn.fnamemodify(file, ":h"),
  })
  assert(client_id, "vim.lsp.start_client failed for " .. clangd)
  assert(vim.lsp.buf_attach_client(bufnr, client_id), "buf_attach_client failed")

  local found = vim.wait(timeout, function()
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if d.code == "flagspace-wrong-namespace" then
        return true
      end
    end
    return false
  end, 100)

  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    io.stdout:write(string.format("diagnostic %s %d:%d %s\n",
      tostring(d.code), d.lnum, d.col, (d.message:gsub("\n", " "))))
  end
  if found then
    finish("ok")
  else
    finish("fail", "no flagspace-wrong-namespace diagnostic within " .. timeout .. " ms")
  end
end)
if not ok then
  finish("fail", tostring(err))
end
