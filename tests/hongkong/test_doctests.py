"""The examples in the Hong Kong modules' docstrings run as tests."""

import doctest
import importlib
import pkgutil

import pytest

import jantaku.engine.rulesets.hongkong as package

MODULES = [m.name for m in pkgutil.iter_modules(package.__path__, package.__name__ + ".")]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
