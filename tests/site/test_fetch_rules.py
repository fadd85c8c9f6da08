"""fetch_rules: the official rules downloaded from a server on loopback, imported once per module.

The server serves the corpora's English CR of 2025-04-04 as the publisher's new edition over the
bundled 2024-09-20, and the bad answers a real server can give: 404, an HTML page without a rules
link, HTML served as text, a file larger than the limit (announced, or streamed without end), a
server that does not answer in time or trickles, a Lorcana rulebook, the Chinese CR, an empty body.
Every refusal is one line and leaves the database, the search index and the kept comparisons as
they were.
"""

import gzip
import http.server
import io
import os
import socket
import threading
import time
import urllib.parse
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import override_settings

from rulesref.compare.freshness import freshness_report
from rulesref.compare.stored import stored_freshness
from rulesref.core.download import CHUNK, download
from rulesref.rules.models import Edition, EditionAlignment, Entry
from rulesref.search import search
from rulesref.search.store import index_state
from rulesref.site.fetch import FetchFailed, first_text_link, official_url
from rulesref.site.setup import fetch_official_rules
from tests.conftest import corpus_file

pytestmark = pytest.mark.django_db

NEW = "mtg_cr_en_20250404_cr-line-endings.txt"
BUNDLED = "mtg_cr_en_20240917_duskmourn.txt"
NEW_URL_PATH = "/downloads/MagicCompRules%2020250404.txt"


class Handler(http.server.BaseHTTPRequestHandler):
    files: dict[str, Path] = {}

    def log_message(self, *args):  # quiet
        pass

    def send(self, body: bytes, content_type: str = "text/plain; charset=utf-8", length: int | None = None):
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body) if length is None else length))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = self.path
        if path in self.files:
            self.send(self.files[path].read_bytes())
        elif path == "/rules-page":
            # The name printed as it is, with its space, as a page may.
            self.send(
                b'<!DOCTYPE html><html><body><a href="/about">About</a> '
                b'<a href="/downloads/MagicCompRules 20240917.txt">TXT</a></body></html>',
                "text/html; charset=utf-8",
            )
        elif path == "/page-to-page":
            self.send(b'<html><a href="maintenance.txt">rules</a></html>', "text/html")
        elif path == "/maintenance.txt":
            self.send(b"<html><body>Back soon</body></html>", "text/html")
        elif path == "/no-link":
            self.send(b"<!doctype html><html><body><a href='/rules.pdf'>PDF</a></body></html>", "text/html")
        elif path == "/html-as-text":
            self.send(b"\xef\xbb\xbf  <html><head><title>Maintenance</title></head></html>")
        elif path == "/rules.txt.gz":
            self.send(gzip.compress(b"1. Game Concepts\n" * 1000), "application/gzip")
        elif path == "/empty":
            self.send(b"")
        elif path == "/announced-huge":
            self.send(b"", length=30_000_000)
        elif path == "/endless":
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.end_headers()  # no length: the body ends when the connection does
            try:
                while True:
                    self.wfile.write(b"100.1. These Magic rules apply to any Magic game.\n" * 200)
            except OSError:
                pass
        elif path == "/slow":
            time.sleep(1.5)
            self.send(b"late")
        elif path == "/trickle":
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            try:
                for _ in range(30):
                    self.wfile.write(b"x")
                    self.wfile.flush()
                    time.sleep(0.05)
            except OSError:
                pass
        else:
            self.send_error(404, "Not Found")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    undated = tmp_path_factory.mktemp("served") / "undated.txt"
    undated.write_bytes(corpus_file(NEW).read_bytes().replace(b"These rules are effective as of April 4, 2025.", b""))
    Handler.files = {
        "/undated.txt": undated,
        NEW_URL_PATH: corpus_file(NEW),
        "/downloads/MagicCompRules%2020240917.txt": corpus_file(BUNDLED),
        "/lorcana.txt": corpus_file("lorcana_cr_en_20260430_v2.1.0.txt"),
        "/zh.txt": corpus_file("mtg_cr_zh-hans_20240917_duskmourn.txt"),
    }
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def run(*args) -> str:
    out = io.StringIO()
    call_command("fetch_rules", "--game", "mtg", "--lang", "en", *args, stdout=out)
    return out.getvalue()


@pytest.fixture(scope="module")
def fetched(bundled, server, django_db_blocker):
    """The 2025-04-04 edition fetched over the bundled site (rolled back with it): what the command
    printed, and the Italian translation's freshness before."""
    with django_db_blocker.unblock(), override_settings(DATA_DIR=bundled):
        before = freshness_report(Edition.objects.named("mtg", "it", "2024-10-02")).as_json()
        started = time.perf_counter()
        out = run("--url", server + NEW_URL_PATH)
        seconds = time.perf_counter() - started
    return {"out": out, "before": before, "seconds": seconds}


def snapshot(data_dir: Path) -> dict:
    """The database's editions and rows, and every file of the search index and the kept comparisons."""
    files = sorted(
        (str(path.relative_to(data_dir)), path.stat().st_size, path.stat().st_mtime_ns)
        for folder in ("index", "comparisons")
        for path in (data_dir / folder).rglob("*")
        if path.is_file()
    )
    return {
        "editions": sorted(
            Edition.objects.values_list("game__slug", "language", "slug", "source_sha256", "imported_at")
        ),
        "entries": Entry.objects.count(),
        "alignments": EditionAlignment.objects.count(),
        "index": index_state(),
        "current": os.path.realpath(data_dir / "index" / "current"),
        "files": files,
    }


def test_the_new_edition_is_imported_indexed_and_compared_with_the_previous_one(fetched, site):
    lines = fetched["out"].splitlines()
    assert lines[0].startswith("fetched http://127.0.0.1:")
    assert lines[0].endswith("/downloads/MagicCompRules%2020250404.txt: 937,328 bytes, sha256 " + lines[0][-16:])
    assert lines[1].startswith("imported mtg en 2025-04-04 [cr-text]: 9 chapters, ")
    assert any(line.startswith("search index rebuilt: ") for line in lines)
    assert "en:2024-09-20 → en:2025-04-04: 41 added, 9 removed, 93 changed, 138 moved, 2929 unchanged" in lines
    assert (
        "  the rules one by one: python manage.py diff_editions --game mtg --lang en --from 2024-09-20 --to 2025-04-04"
    ) in lines
    edition = Edition.objects.get(game__slug="mtg", language="en", slug="2025-04-04")
    assert edition.source_name == "MagicCompRules 20250404.txt"
    assert index_state() == "current"
    text = search("702.177", languages=["en"], game="mtg", edition="2025-04-04").hits[0].texts["en"]
    assert (text.number, text.edition) == ("702.177", "2025-04-04")


def test_the_italian_translation_of_the_previous_edition_becomes_stale_where_its_rules_changed(fetched, site):
    """208.2a's and 208.3a's examples say "this creature" since 2025-04-04; the rest of 208 is fresh."""
    assert (fetched["before"]["newest_source"], fetched["before"]["stale"]) == ("en:2024-09-20", [])
    after = stored_freshness(Edition.objects.named("mtg", "it", "2024-10-02")).as_json()
    assert (after["newest_source"], after["fresh"], after["stale"]) == ("en:2025-04-04", 9, ["208.2a", "208.3a"])
    assert (
        "it:2024-10-02 translates en:2024-09-20: 2 of its rules changed in en:2025-04-04 and are stale (208.2a, 208.3a)"
    ) in fetched["out"].splitlines()


def test_fetching_takes_seconds_not_minutes(fetched):
    # Not a benchmark: a guard against a download loop that never ends (the import is most of it).
    assert fetched["seconds"] < 60


def refused(server: str, path: str, **overrides) -> str:
    with override_settings(**overrides), pytest.raises(CommandError) as error:
        run("--url", server + path)
    return str(error.value)


@pytest.mark.parametrize(
    ("path", "overrides", "message"),
    [
        ("/missing.txt", {}, "{server}/missing.txt: HTTP 404 Not Found"),
        ("/no-link", {}, "{server}/no-link: not a rules file: an HTML page with no link to a .txt file"),
        (
            "/page-to-page",
            {},
            "{server}/maintenance.txt: not a rules file: an HTML page (linked from {server}/page-to-page)",
        ),
        (
            "/html-as-text",
            {},
            "{server}/html-as-text: not a rules file: an HTML page with no link to a .txt file",
        ),
        ("/empty", {}, "{server}/empty: not a rules file: the file is empty"),
        ("/undated.txt", {}, "{server}/undated.txt: states no effective date in its first 80 lines"),
        ("/rules.txt.gz", {}, "{server}/rules.txt.gz: a gzip-compressed file: fetch the text file itself"),
        (
            "/announced-huge",
            {},
            "{server}/announced-huge: the file is 30.0 MB (30,000,000 bytes), larger than the limit of "
            "21.0 MB (20,971,520 bytes)",
        ),
        (
            "/endless",
            {"FETCH_MAX_BYTES": 200_000},
            "{server}/endless: larger than the limit of 0.2 MB (200,000 bytes): stopped at byte 200,001",
        ),
        (
            NEW_URL_PATH,
            {"FETCH_MAX_BYTES": 500_000},
            "{server}"
            + NEW_URL_PATH
            + ": the file is 0.9 MB (937,328 bytes), larger than the limit of 0.5 MB (500,000 bytes)",
        ),
        ("/slow", {"FETCH_TIMEOUT": 0.3}, "{server}/slow: timed out after 0.3 s"),
        ("/trickle", {"FETCH_TIMEOUT": 0.6}, "{server}/trickle: timed out after 0.6 s"),
        (
            "/lorcana.txt",
            {},
            "{server}/lorcana.txt: a rulebook of lorcana (its title block names it), not mtg",
        ),
        ("/zh.txt", {}, "{server}/zh.txt: rules in zh-hans (by their script), not en"),
    ],
)
def test_a_bad_answer_is_one_line_and_changes_nothing(fetched, site, server, path, overrides, message):
    before = snapshot(site)
    text = refused(server, path, **overrides)
    expected = message.format(server=server)
    # A trickling server is cut off after however many bytes came by then: "(29 bytes received)".
    assert text == expected or (path == "/trickle" and text.startswith(expected + " ("))
    assert snapshot(site) == before


def test_a_server_that_is_not_there_is_one_line_and_changes_nothing(fetched, site):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    before = snapshot(site)
    assert refused(f"http://127.0.0.1:{port}", "/rules.txt") == f"http://127.0.0.1:{port}/rules.txt: connection refused"
    assert snapshot(site) == before


@pytest.mark.parametrize(
    ("path", "line"),
    [
        (NEW_URL_PATH, "{server}" + NEW_URL_PATH + ": already imported: mtg en 2025-04-04 (the same file)"),
        # The rules page: its link to the bundled edition's file is followed.
        (
            "/rules-page",
            "{server}/downloads/MagicCompRules%2020240917.txt: already imported: mtg en 2024-09-20 (the same file)",
        ),
    ],
)
def test_an_edition_already_imported_is_one_line_and_changes_nothing(fetched, site, server, path, line):
    before = snapshot(site)
    assert run("--url", server + path) == line.format(server=server) + "\n"
    assert snapshot(site) == before


def test_the_same_date_from_other_bytes_is_already_imported_too(fetched, site, server, tmp_path):
    """A copy of 2025-04-04 with LF line endings: not the same file, the same edition."""
    copy = tmp_path / "copy.txt"
    copy.write_bytes(corpus_file(NEW).read_bytes().replace(b"\r\n", b"\n").replace(b"\r", b"\n"))
    Handler.files["/copy.txt"] = copy
    before = snapshot(site)
    assert run("--url", server + "/copy.txt") == (
        f"{server}/copy.txt: already imported: mtg en 2025-04-04 (the same effective date, from "
        "MagicCompRules 20250404.txt); to replace it, import the file with import_rules\n"
    )
    assert snapshot(site) == before


def test_the_official_url_is_the_games_rules_page_unless_the_environment_says_otherwise(settings):
    settings.OFFICIAL_RULES_URLS = {}
    assert official_url("mtg", "en") == "https://magic.wizards.com/en/rules"
    settings.OFFICIAL_RULES_URLS = {"mtg_en": "http://mirror.example/cr.txt"}
    assert official_url("mtg", "en") == "http://mirror.example/cr.txt"
    with pytest.raises(
        FetchFailed, match="no official rules URL for mtg ja: pass --url or set RULESREF_OFFICIAL_URL_MTG_JA"
    ):
        official_url("mtg", "ja")


def test_the_first_link_to_a_text_file_is_the_rules_file():
    page = '<a href="/en/news">News</a><a href="https://media.example/2025/downloads/MagicCompRules 20250404.txt?x=1">'
    assert first_text_link(page, "https://magic.example/en/rules") == (
        "https://media.example/2025/downloads/MagicCompRules%2020250404.txt?x=1"
    )
    assert first_text_link('<a href="rules.pdf">', "https://magic.example/") is None
    assert (
        urllib.parse.unquote(first_text_link('<a href="cr.TXT">', "https://m.example/a/"))
        == "https://m.example/a/cr.TXT"
    )


def test_quickstart_fetches_the_english_rules_from_the_rules_page_and_finds_them_imported(
    fetched, site, server, settings
):
    settings.OFFICIAL_RULES_URLS = {"mtg_en": server + "/rules-page"}
    before = snapshot(site)
    assert fetch_official_rules() == (
        [
            f"official mtg en rules: {server}/downloads/MagicCompRules%2020240917.txt: already imported: "
            "mtg en 2024-09-20 (the same file)"
        ],
        [],
    )
    assert fetch_official_rules("ja") == ([], [])  # no game says where its Japanese rules are
    assert snapshot(site) == before


def test_the_download_reports_its_progress_as_the_bytes_arrive(server, tmp_path):
    seen = []
    path = tmp_path / "rules.txt"
    got = download(
        server + NEW_URL_PATH, path, max_bytes=2_000_000, timeout=5, progress=lambda *args: seen.append(args)
    )
    assert (got.size, path.stat().st_size, got.content_type) == (937_328, 937_328, "text/plain")
    assert seen[-1] == (937_328, 937_328)
    assert len(seen) >= 937_328 // CHUNK
    assert [done for done, _total in seen] == sorted({done for done, _total in seen})
