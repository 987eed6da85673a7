"""Paper Digest: abstracts in, a searchable static site out."""

__version__ = "0.1.0"
