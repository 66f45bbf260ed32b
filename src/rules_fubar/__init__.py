"""rules_fubar: FUBAR, the d6 activation skirmish game on a measured table, as a tabletop plug-in.

The LWTV edition is a separate variant plug-in (:mod:`rules_fubar.lwtv`) layered through the rule
policy (:mod:`rules_fubar.policy`) and the hooks in :mod:`rules_fubar.hookspecs`.
"""
