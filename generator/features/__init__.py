"""The site stage: paper pages → the site model → every derived page and reader feature."""
