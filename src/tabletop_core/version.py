"""The engine's version: written into every log header, checked when a log is read."""

__version__ = "0.1.0"
