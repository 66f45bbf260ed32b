"""rules_goe85: a tabletop rules plug-in (in progress)."""
