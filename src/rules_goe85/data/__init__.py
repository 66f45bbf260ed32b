"""The components as TOML data (maps, terrain chart, counters, cards, scenarios) and their loader."""
