"""`gamebook lsp`: a Language Server Protocol server for books, on pygls.

Modules: `positions` (the one place where engine spans become LSP positions),
`state` (the analysed text of an open book, and its last good parse), `index`
(where each paragraph, item and flag is defined and used), `completion`,
`navigation` (definition, references, outline, rename, renumber), `hover`,
`actions` (code actions), `server` (the pygls wiring, debounced diagnostics) and
`main` (the server with its features, on the real streams).  In: the book, lint and
analysis stages.  Out: protocol messages.  Nothing here is imported by the other
commands.
"""
