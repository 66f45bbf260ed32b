"""What cards do beyond the procedures: Rally, Powers (22) and unit Abilities (21)."""
