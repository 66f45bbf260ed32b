"""Entry point of rules_goe85: registers nothing until its rules are wired in."""
