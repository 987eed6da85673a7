"""Every contact with the site builder (MkDocs, or Zensical): the digest's MkDocs plugin,
build, preview; and with Pagefind."""
