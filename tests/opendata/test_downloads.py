"""An edition's download: linked wherever editions are listed, written once per import, served as a
zip with its name, and built on the first request when it is missing (never a 500)."""

import io
import json
import re
import zipfile
from io import StringIO

import pytest
from django.core.management import call_command

from rulesref.opendata import downloads
from rulesref.site.setup import compute_downloads
from tests.synthetic import small_cr

pytestmark = pytest.mark.django_db

URL = "/downloads/mtg/it/2024-10-02.zip"


def body(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def archive(response) -> dict[str, str]:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert response["Content-Disposition"] == 'attachment; filename="rulesref-mtg-it-2024-10-02.zip"'
    with zipfile.ZipFile(io.BytesIO(body(response))) as opened:
        return {name: opened.read(name).decode("utf-8") for name in opened.namelist()}


@pytest.fixture
def data_dir(site, settings, tmp_path):
    """The bundled database with a data dir of this test's own (no downloads written yet)."""
    settings.DATA_DIR = tmp_path / "data"
    return settings.DATA_DIR


def test_every_listing_of_editions_links_their_downloads(client, data_dir):
    edition_page = client.get("/rules/mtg/it/2024-10-02/").content.decode()
    assert f'<a href="{URL}" download>Download this edition as data (JSON Lines)</a>' in edition_page
    for page in ("/rules/mtg/", "/"):
        html = client.get(page).content.decode()
        title = "Download this edition as data (JSON Lines)"
        assert f'<a class="download" href="{URL}" download title="{title}">data</a>' in html


def test_the_import_writes_each_languages_current_download_and_the_link_serves_it(client, data_dir, monkeypatch):
    line = compute_downloads(["mtg"])
    # The current edition of each language; the older Italian 2023-06-16 is built by its first download.
    assert line.startswith("downloads: written for 3 editions in ")
    assert sorted(path.name.split(".")[0] for path in (data_dir / "downloads" / "mtg").glob("*/*.zip")) == [
        "2024-09-20",
        "2024-10-02",
        "ja-viewer",
    ]
    assert compute_downloads(["mtg"]) == ""  # nothing new to write

    def not_again(edition):
        raise AssertionError("built by the request")

    monkeypatch.setattr(downloads, "dataset_zip", not_again)
    files = archive(client.get(URL))
    assert sorted(files) == sorted(
        ["editions.jsonl", "entries.jsonl", "concepts.jsonl", "glossary.jsonl"]
        + [f"{name}.schema.json" for name in ("editions", "entries", "concepts", "glossary")]
    )
    assert json.loads(files["editions.jsonl"])["counts"] == {"entries": 16, "rules": 10, "examples": 2, "glossary": 0}
    assert len(files["entries.jsonl"].splitlines()) == 16


def test_a_missing_download_is_built_by_its_first_request_and_kept(client, data_dir):
    assert not (data_dir / "downloads").exists()
    first = archive(client.get(URL))
    (kept,) = (data_dir / "downloads" / "mtg" / "it").glob("2024-10-02.*.zip")
    again = client.get(URL)
    assert archive(again) == first
    assert kept.is_file()
    assert client.get(URL, headers={"if-none-match": again["ETag"]}).status_code == 304


def test_a_data_dir_that_cannot_be_written_still_serves_the_download(client, data_dir, monkeypatch):
    def refuse(path, data):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(downloads, "write_replacing", refuse)
    files = archive(client.get(URL))
    assert len(files["entries.jsonl"].splitlines()) == 16
    assert not list((data_dir / "downloads").glob("*/*/*.zip"))


def test_import_rules_writes_the_downloads_of_the_game_it_imported(db, tmp_path, settings, client):
    settings.DATA_DIR = tmp_path / "data"
    source = tmp_path / "small.txt"
    source.write_text(small_cr("2030-01-01", [("100.1", "Rule 1.")]), encoding="utf-8")
    out = StringIO()
    args = ["--game", "synth", "--lang", "en", "--game-name", "Synthetic", "--numbering", "cr", "--no-index"]
    call_command("import_rules", str(source), *args, stdout=out)
    assert re.search(r"^downloads: written for 1 edition in \d+\.\d s$", out.getvalue(), flags=re.MULTILINE)
    (written,) = (settings.DATA_DIR / "downloads" / "synth" / "en").glob("2030-01-01.*.zip")
    response = client.get("/downloads/synth/en/2030-01-01.zip")
    assert b"".join(response.streaming_content) == written.read_bytes()


@pytest.mark.parametrize("url", ["/downloads/mtg/it/1999-01-01.zip", "/downloads/chess/en/2024-09-20.zip"])
def test_an_unknown_edition_is_a_404_page(client, data_dir, url):
    response = client.get(url)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
