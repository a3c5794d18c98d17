"""What the browser tests share: the repository's paths, the list of
failures with `check`, and headless Chromium driven by chromedriver."""

from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "target" / "browser-artifacts"
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message, flush=True)
    return condition


def headless_chromium(chromedriver, width, height, console=False):
    """A headless Chromium window of that size; with `console`, its console's
    messages are kept for `driver.get_log("browser")`."""
    options = webdriver.ChromeOptions()
    for a in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}"]:
        options.add_argument(a)
    if console:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service(chromedriver))
