"""Jantaku: mahjong in the terminal."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("jantaku")
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "unknown"
