"""Shared pytest configuration. sphinx.testing's fixtures (app, make_app, rootdir) are used by the
site tests; pytest only accepts ``pytest_plugins`` in the top-level conftest."""
pytest_plugins = ["sphinx.testing.fixtures"]
