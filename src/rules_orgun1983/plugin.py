"""Entry point of rules_orgun1983: registers nothing until its rules are wired in."""
