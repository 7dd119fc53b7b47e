"""The examples in the netplay modules' docstrings run."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import jantaku.netplay

MODULES = sorted(m.name for m in pkgutil.iter_modules(jantaku.netplay.__path__, "jantaku.netplay."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
