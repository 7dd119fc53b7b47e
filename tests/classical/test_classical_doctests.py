"""The examples in the classical modules' docstrings are tests too."""

import doctest
import importlib
import pkgutil

import pytest

import jantaku.engine.rulesets.classical as package

MODULES = sorted(m.name for m in pkgutil.iter_modules(package.__path__, package.__name__ + "."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
