"""Spelkväll: classic board games for friends, computer players and researchers."""

__version__ = "0.1.0"
