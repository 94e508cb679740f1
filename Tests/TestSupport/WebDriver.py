"""Drives a browser engine through WebDriver (selenium from PyPI) through the steps a test gives,
as a person would: open a page, type, pick, click, drag a slider, wait for what the page shows,
read what the page holds. Prints {"results": {...}, "console": [...]} — Chromium's console log
included, so a test can require that nothing went wrong (Firefox's and WebKit's drivers do not
give the log: their console is empty).

The engine is Debian's chromium through chromedriver, or Firefox ESR or WebKitGTK started as
EngineSession.py starts them.

Usage: WebDriver.py REQUEST.json   where REQUEST is {"base": URL, "steps": [...], "engine": NAME}
(see BrowserSession.swift).
"""
import json
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import EngineSession


def start(request, scratch):
    engine = request.get("engine", "chromium")
    if engine != "chromium":
        driver, display = EngineSession.start(engine, False, scratch)
        driver.set_window_size(1280, 1400)
        return driver, display
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1400", "--disable-gpu"]:
        options.add_argument(argument)
    options.binary_location = request.get("chromium", "/usr/bin/chromium")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(request.get("chromedriver", "chromedriver")), options=options), None


def main():
    request = json.load(open(sys.argv[1]))
    base = request["base"]
    scratch = tempfile.mkdtemp(prefix="webdriver-")
    driver, display = start(request, scratch)
    chromium = request.get("engine", "chromium") == "chromium"

    def log():
        return driver.get_log("browser") if chromium else []

    results, console, done = {}, [], 0
    try:
        for index, step in enumerate(request["steps"]):
            kind, argument = next(iter(step.items()))
            try:
                run(driver, base, kind, argument, results, chromium)
            except Exception as error:  # the step that failed, and what the page showed then
                console.extend(log())
                print(json.dumps({"results": results, "console": console, "failed": {"step": index, "what": step, "error": repr(error),
                                  "url": driver.current_url, "body": driver.execute_script("return document.body ? document.body.outerHTML.slice(0, 4000) : ''")}}))
                return 0
            console.extend(log())
            done = index + 1
        print(json.dumps({"results": results, "console": console, "steps": done}))
    finally:
        EngineSession.stop(driver, display, scratch)
    return 0


def run(driver, base, kind, argument, results, chromium):
    if kind == "open":
        driver.get(base + argument)
    elif kind == "type":
        driver.find_element(By.CSS_SELECTOR, argument["selector"]).send_keys(argument["text"])
    elif kind == "click":
        driver.find_element(By.CSS_SELECTOR, argument).click()
    elif kind == "set":  # a control's value, then the event a person's change fires (a slider dragged)
        driver.execute_script(
            "const e = document.querySelector(arguments[0]); e.value = arguments[1]; e.dispatchEvent(new Event(arguments[2], {bubbles: true}));",
            argument["selector"], argument["value"], argument.get("event", "change"))
    elif kind == "wait":
        WebDriverWait(driver, argument.get("seconds", 20), poll_frequency=0.05).until(lambda d: d.execute_script(argument["js"]))
    elif kind == "read":
        results[argument["name"]] = driver.execute_script(argument["js"])
    elif kind == "readAsync":  # a promise's value: the script calls arguments[0] with it
        results[argument["name"]] = driver.execute_async_script(argument["js"])
    elif kind == "grantClipboard":  # Chromium asks; Firefox's testing preference lets the page read (EngineSession.py)
        if chromium:
            driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": base, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    elif kind == "paste":  # what a person pastes into a new text area: the system clipboard, as the engine reads it
        driver.execute_script("const t = document.createElement('textarea'); t.id = 'webdriver-paste'; document.body.append(t);")
        area = driver.find_element(By.ID, "webdriver-paste")
        area.click()
        area.send_keys(Keys.CONTROL, "v")
        WebDriverWait(driver, 10, poll_frequency=0.05).until(lambda d: area.get_property("value"))
        results[argument] = area.get_property("value")
    elif kind == "run":  # another process writing meanwhile (the command line)
        subprocess.run(argument, check=True, capture_output=True)
    elif kind == "screenshot":
        driver.save_screenshot(argument)
    elif kind == "axe":  # axe-core 4's violations on the page as it stands (axe-selenium-python's Axe)
        results[argument["name"]] = axe(driver, argument["sitePackages"])
    elif kind == "colorScheme":  # prefers-color-scheme as the page sees it (Chromium's emulation)
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": argument}]})
    elif kind == "reducedMotion":  # prefers-reduced-motion as the page sees it (Chromium's emulation)
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce" if argument else "no-preference"}]})
    elif kind == "drag":  # pressed on an element's centre, moved by (dx, dy) CSS pixels, released: a person's drag
        target = driver.find_element(By.CSS_SELECTOR, argument["selector"])
        webdriver.ActionChains(driver).click_and_hold(target).move_by_offset(argument["dx"], argument["dy"]).release().perform()
    elif kind == "keys":  # keys pressed on what has the focus (Tab moves it), as a person without a mouse
        chain = webdriver.ActionChains(driver)
        for key in argument:
            chain.send_keys(getattr(Keys, key) if hasattr(Keys, key) else key)
        chain.perform()
    else:
        raise ValueError("unknown step " + kind)


def axe(driver, site_packages):
    """The page's violations by axe-core: rule, impact, and each element's selector and summary.
    axe-selenium-python 3 wants Python 3.12 (scripts/test keeps it in .venv-axe); its module is
    plain Python, imported here from that folder."""
    if site_packages not in sys.path:
        sys.path.append(site_packages)
    from axe_selenium_python import Axe
    checker = Axe(driver)
    checker.inject()
    found = checker.run()
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [{"target": n["target"], "summary": n.get("failureSummary", "")} for n in v["nodes"]]}
            for v in found["violations"]]


if __name__ == "__main__":
    sys.exit(main())
