-- Drives Neovim's built-in LSP client (Neovim 0.7+: vim.lsp.start_client)
-- against tagtree-lsp: opens a fixture, waits for its diagnostics, edits the
-- buffer, waits for the diagnostics of the new version, asks for the document
-- symbols, and writes everything it saw to $TAGTREE_OUT as JSON.
--
-- Environment: TAGTREE_LSP_CMD (JSON array: the server command),
-- TAGTREE_FIXTURE (the file to open), TAGTREE_OUT (where to write the result).

local out_path = os.getenv('TAGTREE_OUT')
local result = { published = {} }

local function finish()
  local f = assert(io.open(out_path, 'w'))
  f:write(vim.json.encode(result))
  f:close()
  vim.cmd('qa!')
end

local function run()
  local cmd = vim.json.decode(os.getenv('TAGTREE_LSP_CMD'))
  local fixture = os.getenv('TAGTREE_FIXTURE')

  -- Record every publishDiagnostics with its version, then let Neovim handle it.
  local default_handler = vim.lsp.handlers['textDocument/publishDiagnostics']
  vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, params, ctx, config)
    local codes = {}
    for _, d in ipairs(params.diagnostics) do
      table.insert(codes, { code = d.code, message = d.message, range = d.range, source = d.source })
    end
    table.insert(result.published, { version = params.version, diagnostics = codes })
    return default_handler(err, params, ctx, config)
  end

  vim.cmd('edit ' .. vim.fn.fnameescape(fixture))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.bo[bufnr].filetype = 'html'

  local client_id = vim.lsp.start_client({
    name = 'tagtree',
    cmd = cmd,
    root_dir = vim.fn.fnamemodify(fixture, ':h'),
    settings = { tagtree = {} },
    flags = { debounce_text_changes = 0 },
  })
  if not client_id then
    result.error = 'vim.lsp.start_client returned nil'
    return
  end
  vim.lsp.buf_attach_client(bufnr, client_id)

  local function published_for(version)
    for _, p in ipairs(result.published) do
      if p.version == version then return p end
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

  vim.lsp.stop_client(client_id)
  vim.wait(3000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
end

local ok, err = pcall(run)
if not ok then result.error = 'lua error: ' .. tostring(err) end
finish()
