"""Starting the headless browser every browser test uses: chromium driven by selenium through
chromedriver, both found on PATH or through ``CHROMIUM`` / ``CHROMEDRIVER`` (tests/required_tools.py);
a missing one fails the test with how to install it (`apt-get install chromium chromium-driver`)."""
from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

from required_tools import require

#: chromium's switches for a test: headless, no sandbox (root in a container), nothing from the network
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync")


@contextlib.contextmanager
def chromium(width: int = 1280, height: int = 1400, page_load_timeout: int = 60) -> Iterator[Any]:
    """A selenium driver of a fresh headless chromium (its own profile folder, removed at the end)."""
    binary, driver_path = require("chromium"), require("chromedriver")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="rules-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in (*FLAGS, f"--window-size={width},{height}", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    try:
        driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
        try:
            driver.set_page_load_timeout(page_load_timeout)
            yield driver
        finally:
            driver.quit()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
