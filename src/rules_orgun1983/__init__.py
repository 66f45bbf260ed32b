"""rules_orgun1983: a tabletop rules plug-in (in progress)."""
