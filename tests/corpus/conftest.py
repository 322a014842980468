import pytest

from rules_ext.corpus import load_corpus


@pytest.fixture(scope="session")
def corpus():
    return load_corpus()
