"""``toolsearch report`` in a real browser: Debian's Chromium, headless, driven by selenium.

Outside CI the tests skip, saying why, when Chromium or its driver is missing; under CI=true a
missing browser fails them (``.ci/run`` installs ``chromium`` and ``chromium-driver``). Each test
writes screenshots under its temporary folder for a person to look at.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import CATALOGS, HANG_LIMIT, needs_shared
from tests.test_report import HOSTILE_DESCRIPTION, HOSTILE_NAME, shop_request
from toolsearch.app import app

BROWSER_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)
PHONE_WIDTH = 390


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}; CI must install chromium and chromium-driver (.ci/run does)")
    pytest.skip(f"{reason}: apt-get install chromium chromium-driver to run the browser tests")


def _found(*names: str) -> str | None:
    for name in names:
        found = shutil.which(name) or (
            f"/usr/bin/{name}" if Path("/usr/bin", name).exists() else None
        )
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A headless Chromium with a new empty profile, logging the console and the network: one
    for the module's tests (a start costs about 0.7 s of CPU; ``browser`` resets it for each)."""
    chromium = _found("chromium", "chromium-browser")
    driver_path = _found("chromedriver")
    if chromium is None or driver_path is None:
        _missing("no Chromium or chromedriver found")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _missing("selenium is not installed (it is in the test extra)")
    options = webdriver.ChromeOptions()
    options.binary_location = str(chromium)
    for flag in BROWSER_FLAGS:
        options.add_argument(flag)
    profile = tmp_path_factory.mktemp("profile")
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument("--window-size=1280,900")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=str(driver_path)))
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def browser(chromium: Any) -> Any:
    """The module's Chromium as a new one: an empty page at 1280 x 900, nothing logged yet."""
    chromium.get("about:blank")
    chromium.set_window_size(1280, 900)
    chromium.get_log("browser")  # reading a log empties it
    chromium.get_log("performance")
    return chromium


def _page(runner: CliRunner, folder: Path, *sources: str) -> Path:
    out = folder / "report.html"
    result = runner.invoke(app, ["report", *sources, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def _page_requests(driver: Any, page: Path) -> list[str]:
    """Every URL asked for, from the DevTools network events, but those of the browser's own
    start page (chrome:// pages, which may still load when the test begins)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            params = message["params"]
            if not params.get("documentURL", "").startswith(INTERNAL):
                urls.append(params["request"]["url"])
    return urls


INTERNAL = ("chrome://", "chrome-untrusted://", "devtools://")


# Resolves once the window is ``width`` CSS pixels wide and the layout has held still for two
# animation frames in a row (same size of the page and of every tile): a resize is asynchronous,
# and a loaded machine can take many frames to lay the page out again.
SETTLED = """
var width = arguments[0], done = arguments[arguments.length - 1], last = null;
function shape() {
  var tiles = Array.from(document.querySelectorAll('.tile')).map(function (t) {
    var r = t.getBoundingClientRect();
    return [r.width, r.height];
  });
  var root = document.documentElement;
  return JSON.stringify([window.innerWidth, root.scrollWidth, root.scrollHeight, tiles]);
}
function check() {
  var now = shape();
  if (window.innerWidth === width && now === last) { done(true); return; }
  last = now;
  requestAnimationFrame(function () { requestAnimationFrame(check); });
}
check();
"""


def _resize(driver: Any, width: int, height: int) -> None:
    """Resize the window and wait for the layout to settle (HANG_LIMIT only stops a hang)."""
    driver.set_window_size(width, height)
    driver.set_script_timeout(HANG_LIMIT)
    assert driver.execute_async_script(SETTLED, width) is True


def _screenshot(driver: Any, path: Path, width: int) -> None:
    """A screenshot of the whole page at ``width`` CSS pixels, once its layout has settled."""
    _resize(driver, width, 900)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    _resize(driver, width, min(int(height) + 120, 8000))
    assert driver.save_screenshot(str(path))
    assert path.stat().st_size > 0


TILES = """
return Array.from(document.querySelectorAll('.tile')).map(function (t) {
  var r = t.getBoundingClientRect();
  return [Number(t.dataset.tokens), r.width * r.height, t.id];
});
"""


def _check_areas(tiles: list[list[Any]]) -> None:
    """Area follows tokens: proportional, so the ordering by area is the ordering by tokens."""
    total_tokens = sum(t[0] for t in tiles)
    total_area = sum(t[1] for t in tiles)
    for tokens, area, tile in tiles:
        expected = total_area * tokens / total_tokens
        assert area == pytest.approx(expected, rel=0.02, abs=2.0), tile
    for tokens, area, tile in tiles:  # every tile 5% or more lighter is smaller
        lighter = [t for t in tiles if t[0] * 1.05 < tokens]
        assert all(t[1] < area for t in lighter), tile


@needs_shared
@pytest.mark.slow
def test_shared_catalogs_page_in_chromium(browser: Any, runner: CliRunner, tmp_path: Path) -> None:
    page = _page(runner, tmp_path, str(CATALOGS))
    budget = json.loads(runner.invoke(app, ["budget", str(CATALOGS), "-f", "json"]).output)
    browser.get(page.as_uri())
    assert browser.title.startswith(f"toolsearch report: {len(budget['tools'])} tools")
    tiles = browser.execute_script(TILES)
    assert len(tiles) == len(budget["tools"]) == 307
    tokens = sorted(round(t["tokens"]) for t in budget["tools"])
    assert sorted(t[0] for t in tiles) == tokens
    _check_areas(tiles)
    # hovering and focusing a tile show its figures
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    biggest = max(budget["tools"], key=lambda t: t["tokens"])
    tile = browser.find_element(By.CSS_SELECTOR, ".tile")
    ActionChains(browser).move_to_element(tile).perform()
    tip = browser.find_element(By.ID, "tip")
    assert tip.is_displayed()
    assert tip.text.startswith(biggest["name"])
    assert f"Tokens\n{round(biggest['tokens']):,}" in tip.text
    last = browser.find_elements(By.CSS_SELECTOR, ".tile")[-1]
    browser.execute_script("arguments[0].focus()", last)
    assert browser.switch_to.active_element == last
    assert tip.is_displayed() and tip.text.startswith(
        last.get_attribute("aria-label").split(" (")[0]
    )
    _screenshot(browser, tmp_path / "report-1280.png", 1280)
    wide = browser.execute_script("return document.documentElement.scrollWidth")
    assert wide <= 1280
    _screenshot(browser, tmp_path / "report-phone.png", PHONE_WIDTH)
    fits = browser.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth"
    )
    assert fits, "the page scrolls sideways at phone width"
    _check_areas(browser.execute_script(TILES))  # stretched, still proportional
    console = browser.get_log("browser")
    assert console == []
    assert _page_requests(browser, page) == [page.as_uri()]
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0


@pytest.mark.slow
def test_hostile_text_shows_as_text(browser: Any, runner: CliRunner, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    request = shop_request(tmp_path, name=HOSTILE_NAME, description=HOSTILE_DESCRIPTION)
    page = _page(runner, tmp_path, str(request))
    browser.get(page.as_uri())
    assert browser.execute_script("return window.pwned === undefined")
    assert len(browser.find_elements(By.TAG_NAME, "script")) == 1
    assert browser.find_elements(By.TAG_NAME, "img") == []
    body = browser.find_element(By.TAG_NAME, "body").text
    assert "<script>window.pwned = 1</script>" in body
    assert HOSTILE_NAME in body
    assert "\\u202eevil" in body
    _screenshot(browser, tmp_path / "hostile-1280.png", 1280)
    assert browser.get_log("browser") == []
    assert _page_requests(browser, page) == [page.as_uri()]


def servers_page(runner: CliRunner, folder: Path) -> Path:
    """Three MCP servers, 47 tools with long descriptions (more than the table shows open)."""
    servers = folder / "servers"
    servers.mkdir()
    words = "Finds the records that match the query and returns them with their fields; "
    for name, count in (("alpha", 30), ("beta", 12), ("gamma", 5)):
        tools = [
            {
                "name": f"{name}_{'x' * 40 if i == 1 else 'tool'}_{i}",
                "description": f"{name} tool {i}. " + words * (8 if i == 0 else 3),
                "inputSchema": {
                    "type": "object",
                    "properties": {"q": {"type": "string", "description": "What to find."}},
                },
            }
            for i in range(count)
        ]
        (servers / f"{name}.json").write_text(json.dumps({"tools": tools}))
    return _page(runner, folder, str(servers))


OVERLAPS = """
var a = arguments[0].getBoundingClientRect(), b = arguments[1].getBoundingClientRect();
return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
"""


@pytest.mark.slow
def test_every_tool_folds_by_scope_wraps_and_is_a_list_on_a_phone(
    browser: Any, runner: CliRunner, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By

    page = servers_page(runner, tmp_path)
    browser.get(page.as_uri())
    folds = browser.find_elements(By.CSS_SELECTOR, "#tools details.scope-tools")
    assert [f.find_element(By.TAG_NAME, "strong").text for f in folds] == [
        "alpha",
        "beta",
        "gamma",
    ]
    assert not any(f.get_attribute("open") for f in folds)  # 47 tools: folded
    assert browser.find_element(By.ID, "tools").size["height"] < 400
    # the scope's name does not cover the name of the largest tile, at its corner
    biggest = max(
        browser.find_elements(By.CSS_SELECTOR, ".tile"),
        key=lambda t: int(t.get_attribute("data-tokens")),
    )
    label = biggest.find_element(By.CLASS_NAME, "label")
    assert label.is_displayed() and label.text == "alpha_tool_0"
    for name in browser.find_elements(By.CSS_SELECTOR, ".group-label"):
        assert not browser.execute_script(OVERLAPS, name, label), name.text
    # a tile leads to its row and opens its scope
    tile = browser.find_element(By.ID, biggest.get_attribute("id"))
    row_id = tile.get_attribute("href").split("#")[1]
    tile.click()
    row = browser.find_element(By.ID, row_id)
    assert row.is_displayed() and folds[0].get_attribute("open")
    # descriptions wrap inside the box: nothing clipped or scrolled sideways at 1,280 px
    for fold in folds:
        browser.execute_script("arguments[0].open = true", fold)
    for wrap in browser.find_elements(By.CSS_SELECTOR, "#tools .table-wrap"):
        assert browser.execute_script(
            "return arguments[0].scrollWidth <= arguments[0].clientWidth", wrap
        )
    cell = row.find_element(By.CSS_SELECTOR, "td.description")
    wrap = row.find_element(By.XPATH, "ancestor::div[@class='table-wrap']")
    assert cell.rect["x"] + cell.rect["width"] <= wrap.rect["x"] + wrap.rect["width"] + 1
    assert cell.size["height"] > 3 * 16  # several lines, not one clipped line
    _screenshot(browser, tmp_path / "every-tool-1280.png", 1280)
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 1280
    # at phone width each tool is a block: its name, then each value under its label
    _screenshot(browser, tmp_path / "every-tool-phone.png", PHONE_WIDTH)
    assert browser.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth"
    ), "the page scrolls sideways at phone width"
    assert row.value_of_css_property("display") == "block"
    assert not browser.find_element(By.CSS_SELECTOR, "table.tools thead").is_displayed()
    cell = row.find_element(By.CSS_SELECTOR, "td.description")
    assert cell.is_displayed() and cell.size["width"] > PHONE_WIDTH * 0.7
    before = browser.execute_script(
        "return getComputedStyle(arguments[0], '::before').content", cell
    )
    assert before == '"Description: "'
    assert browser.get_log("browser") == []


@pytest.mark.slow
def test_a_page_past_its_size_sums_the_rest_and_still_works(
    browser: Any, runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past TOOLS_SHOWN tools: the summed tiles keep areas proportional, show their figures
    and lead to their row, and the page fits a phone."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    import toolsearch.page_run
    from tests.catalog_gen import request

    monkeypatch.setattr(toolsearch.page_run, "TOOLS_SHOWN", 10)
    source = tmp_path / "big.json"
    source.write_text(json.dumps(request(60)), encoding="utf-8")
    page = _page(runner, tmp_path, str(source))
    browser.get(page.as_uri())
    tiles = browser.execute_script(TILES)
    assert any(t[2].startswith("rest-tile-") for t in tiles)
    _check_areas(tiles)
    rest = browser.find_element(By.CSS_SELECTOR, ".tile[id^='rest-tile-']")
    ActionChains(browser).move_to_element(rest).perform()
    tip = browser.find_element(By.ID, "tip")
    assert tip.is_displayed() and " more tools" in tip.text.splitlines()[0]
    assert f"Tokens\n{int(rest.get_attribute('data-tokens')):,}" in tip.text
    row_id = rest.get_attribute("href").split("#")[1]
    rest.click()
    row = browser.find_element(By.ID, row_id)
    assert row.is_displayed()
    _screenshot(browser, tmp_path / "summed-phone.png", PHONE_WIDTH)
    assert browser.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth"
    ), "the page scrolls sideways at phone width"
    assert browser.get_log("browser") == []
