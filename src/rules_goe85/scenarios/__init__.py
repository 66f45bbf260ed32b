"""The nine scenarios: set-up, Event cards, special rules and victory."""
