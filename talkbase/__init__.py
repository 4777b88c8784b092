"""talkbase: a searchable knowledge base of conference talks."""

__version__ = "0.1.0"
