"""The page stage: input files → papers → derived fields → merged paper pages."""
