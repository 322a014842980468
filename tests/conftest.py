"""Shared pytest configuration. sphinx.testing's fixtures (app, make_app, rootdir) are used by the
site tests; pytest only accepts ``pytest_plugins`` in the top-level conftest.

Hypothesis profiles: ``ci`` (chosen when the environment has ``CI`` set, as the CI runner does) is
derandomized and keeps no example database, so a run on a clean clone draws the same examples every
time and never fails at random; ``dev`` (the default elsewhere) draws new examples each run, to find
bugs. ``HYPOTHESIS_PROFILE=ci make test`` reproduces CI's draw locally. Neither profile has a
deadline: a time limit per example fails a correct test whenever the machine is busy (a loaded run
failed test_random_legal_auctions_end_with_a_contract that way); speed is measured in benchmarks/.
"""
import os

from hypothesis import settings

pytest_plugins = ["sphinx.testing.fixtures"]

settings.register_profile("ci", derandomize=True, database=None, print_blob=True, deadline=None)
settings.register_profile("dev", print_blob=True, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))
