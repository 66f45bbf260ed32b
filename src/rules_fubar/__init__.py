"""rules_fubar: a tabletop rules plug-in (in progress)."""
