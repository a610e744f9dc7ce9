"""The language server (``blocknot lsp``): blocknot's findings inside an editor.

Built on pygls, which the ``lsp`` extra installs (``pip install 'blocknot[lsp]'``); nothing
else in blocknot imports this package, so the other commands never load pygls.
"""
