"""``doria-forge tune``: knobs, candidates, the search, the YAML patch and the sensitivity chart."""
