"""Widgets keep their CSS in a ``.tcss`` file beside their module."""

from __future__ import annotations

from pathlib import Path


def css_beside(module_file: str) -> str:
    """The text of the ``.tcss`` file named like ``module_file`` (for a widget's ``DEFAULT_CSS``)."""
    return Path(module_file).with_suffix(".tcss").read_text(encoding="utf-8")
