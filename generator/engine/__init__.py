"""Every contact with the site builder (MkDocs, or Zensical): build, preview, page hook."""
