-- Drives Neovim's built-in LSP client (Neovim 0.7+) against tagtree-lsp,
-- started by the recipe of docs/editors.md, which Neovim has loaded as its
-- init file (the test puts a `tagtree-lsp` command on PATH): opens a
-- fixture, waits for its diagnostics, edits the buffer, waits for the
-- diagnostics of the new version, asks for the document symbols; then, in a
-- second file, reads its diagnostics (one suppressed by a comment), asks
-- for completion after `<` inside a `<ul>` and applies the
-- first item, renames a tag pair with vim.lsp.buf.rename from its start tag
-- and another from its end tag, and tries to rename an element without an
-- end tag. Writes everything it saw to $TAGTREE_OUT as JSON.
--
-- Environment: TAGTREE_FIXTURE and TAGTREE_AUTHORING (the files to open),
-- TAGTREE_OUT (where to write the result).

local out_path = os.getenv('TAGTREE_OUT')
local result = { published = {} }

local function finish()
  local f = assert(io.open(out_path, 'w'))
  f:write(vim.json.encode(result))
  f:close()
  vim.cmd('qa!')
end

local function lines(bufnr)
  return vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
end

-- Completion, rename and a refused rename in a second buffer, as a user would ask for them.
local function authoring()
  local path = os.getenv('TAGTREE_AUTHORING')
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local bufnr = vim.api.nvim_get_current_buf()
  -- A Django template: Neovim detects htmldjango from its {% block %} tag, and the server serves it
  -- because the recipe's init_options list htmldjango in tagtree.languageIds.
  local a = { before = lines(bufnr), filetype = vim.bo[bufnr].filetype }
  result.authoring = a
  local uri = vim.uri_from_bufnr(bufnr)
  vim.wait(10000, function()
    for _, p in ipairs(result.published) do
      if p.uri == uri then
        a.diagnostics = p.diagnostics
        return true
      end
    end
    return false
  end, 20)

  -- Completion right after the "<" on line 5, inside the <ul>.
  local line5 = vim.api.nvim_buf_get_lines(bufnr, 4, 5, false)[1]
  local col = line5:find('<', 1, true)
  -- As in insert mode right after typing it (in normal mode the cursor cannot be past the last character).
  local params = { textDocument = vim.lsp.util.make_text_document_params(bufnr), position = { line = 4, character = col } }
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/completion', params, 10000)
  local items = {}
  for _, response in pairs(responses or {}) do
    if response.error then error('completion: ' .. vim.inspect(response.error)) end
    local list = response.result or {}
    items = list.items or list
  end
  table.sort(items, function(x, y) return (x.sortText or x.label) < (y.sortText or y.label) end)
  a.completion_position = params.position
  a.completion = {}
  for i = 1, math.min(6, #items) do
    table.insert(a.completion, { label = items[i].label, detail = items[i].detail })
  end
  a.completion_count = #items
  -- Accept the first item: its text edit, as a completion plugin applies it.
  if #items == 0 then error('no completion items: ' .. vim.inspect(responses)) end
  vim.lsp.util.apply_text_edits({ items[1].textEdit }, bufnr, 'utf-16')
  a.after_completion = lines(bufnr)
  vim.api.nvim_buf_set_text(bufnr, 4, col + #items[1].textEdit.newText, 4, col + #items[1].textEdit.newText, { '>two</li>' })
  a.after_typing = lines(bufnr)

  -- Rename the <ul> from its start tag (line 3, on "ul").
  local function rename_at(row, needle, offset, new_name)
    local text = vim.api.nvim_buf_get_lines(bufnr, row - 1, row, false)[1]
    local c = text:find(needle, 1, true)
    vim.api.nvim_win_set_cursor(0, { row, c - 1 + offset })
    local before = table.concat(lines(bufnr), '\n')
    local notified = #result.notified
    vim.lsp.buf.rename(new_name)
    vim.wait(10000, function()
      return table.concat(lines(bufnr), '\n') ~= before or #result.notified > notified
    end, 20)
    -- Give a second message (the rename's after the prepare's) time to arrive.
    vim.wait(200, function() return false end, 20)
  end
  rename_at(3, '<ul>', 1, 'ol')
  a.after_rename = lines(bufnr)
  -- Rename the <b> from its end tag (line 7, on "b" of "</b>").
  rename_at(7, '</b>', 2, 'strong')
  a.after_end_tag_rename = lines(bufnr)
  -- The <p> on line 8 has no end tag: the server refuses, and says why.
  local refused_from = #result.notified + 1
  rename_at(8, '<p>', 1, 'div')
  a.after_refused_rename = lines(bufnr)
  a.refusals = {}
  for i = refused_from, #result.notified do
    table.insert(a.refusals, result.notified[i].message)
  end
end

local function run()
  local fixture = os.getenv('TAGTREE_FIXTURE')
  result.nvim_version = tostring(vim.version().major) .. '.' .. tostring(vim.version().minor) .. '.' .. tostring(vim.version().patch)

  -- Messages the client shows (errors from the server among them).
  result.notified = {}
  vim.notify = function(message, level)
    table.insert(result.notified, { message = message, level = level })
  end

  -- The server's log lines (window/logMessage), then Neovim's own handling of them.
  result.server_log = {}
  local default_log_handler = vim.lsp.handlers['window/logMessage']
  vim.lsp.handlers['window/logMessage'] = function(err, params, ctx, config)
    table.insert(result.server_log, params.message)
    return default_log_handler(err, params, ctx, config)
  end

  -- Record every publishDiagnostics with its version, then let Neovim handle it.
  local default_handler = vim.lsp.handlers['textDocument/publishDiagnostics']
  vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, params, ctx, config)
    local codes = {}
    for _, d in ipairs(params.diagnostics) do
      table.insert(codes, { code = d.code, message = d.message, range = d.range, source = d.source, severity = d.severity })
    end
    table.insert(result.published, { uri = params.uri, version = params.version, diagnostics = codes })
    return default_handler(err, params, ctx, config)
  end

  vim.cmd('edit ' .. vim.fn.fnameescape(fixture))
  local bufnr = vim.api.nvim_get_current_buf()
  -- Neovim detects the filetype html; the FileType autocommand of the recipe starts the client and attaches it.
  result.filetype = vim.bo[bufnr].filetype

  -- (A client is listed once it has answered initialize.)
  local client_id
  vim.wait(10000, function()
    for id, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
      if client.name == 'tagtree' then client_id = id end
    end
    return client_id ~= nil
  end, 20)
  if not client_id then
    result.error = 'the recipe attached no tagtree client to the buffer'
    return
  end

  local function published_for(version)
    for _, p in ipairs(result.published) do
      if p.version == version and p.uri == vim.uri_from_bufnr(bufnr) then return p end
    end
    return nil
  end

  -- The first diagnostics, for the version Neovim opened the buffer with.
  local ok = vim.wait(10000, function() return #result.published > 0 end, 20)
  if not ok then
    result.error = 'no diagnostics after opening the fixture'
    return
  end
  result.opened = result.published[1]
  result.diagnostic_count_after_open = #vim.diagnostic.get(bufnr)

  -- Edit: add the missing ";" on line 3 (0-based 2) after "&amp", and add a
  -- duplicate attribute on a new last line.
  local line = vim.api.nvim_buf_get_lines(bufnr, 2, 3, false)[1]
  local col = select(2, line:find('&amp', 1, true))
  vim.api.nvim_buf_set_text(bufnr, 2, col, 2, col, { ';' })
  local last = vim.api.nvim_buf_line_count(bufnr)
  vim.api.nvim_buf_set_lines(bufnr, last, last, false, { '<p class=a class=b>dup</p>' })
  local version = vim.lsp.util.buf_versions[bufnr]
  result.edited_version = version

  ok = vim.wait(10000, function() return published_for(version) ~= nil end, 20)
  if not ok then
    result.error = 'no diagnostics for the edited version ' .. tostring(version)
    return
  end
  result.edited = published_for(version)
  result.buffer_text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')

  local params = { textDocument = vim.lsp.util.make_text_document_params(bufnr) }
  local responses, err = vim.lsp.buf_request_sync(bufnr, 'textDocument/documentSymbol', params, 10000)
  if not responses then
    result.error = 'documentSymbol failed: ' .. tostring(err)
    return
  end
  for _, response in pairs(responses) do
    if response.error then
      result.error = 'documentSymbol error: ' .. vim.inspect(response.error)
      return
    end
    result.symbols = response.result
  end
  if result.symbols == nil then result.symbols = vim.NIL end

  local server_text = vim.lsp.buf_request_sync(bufnr, 'tagtree/documentText', params, 10000)
  for _, response in pairs(server_text or {}) do
    if response.result then result.server_text = response.result.text end
  end

  local ok_authoring, authoring_error = pcall(authoring)
  if not ok_authoring then
    result.error = 'authoring: ' .. tostring(authoring_error)
    return
  end

  vim.lsp.stop_client(client_id)
  vim.wait(3000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
end

local ok, err = pcall(run)
if not ok then result.error = 'lua error: ' .. tostring(err) end
finish()
