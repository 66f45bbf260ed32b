"""One module per procedure of the rulebook; each decides, acts and advances on its frames."""
