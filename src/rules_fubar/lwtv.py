"""Entry point of the FUBAR LWTV edition variant: registers nothing until it is wired in."""
