"""Club tournaments: rounds of tables that play the same deals, paired by standings, scored in duplicate."""
