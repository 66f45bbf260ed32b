"""Entry point of rules_fubar: registers nothing until its rules are wired in."""
