"""The version of talkbase, on the ground floor so the store can record it."""

__version__ = "0.1.0"
