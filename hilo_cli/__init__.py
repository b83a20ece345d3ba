"""hilo: showdown calculator for Omaha Hi/Lo (8 or better) and its relatives."""

__version__ = "0.1.0"
