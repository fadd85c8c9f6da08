"""Searches at once are bounded per client address and on the node: beyond either, 429 with Retry-After
and a message in the interface language (JSON when asked for); other clients and other pages are not
affected."""

import json
import threading

import pytest

from rulesref.search import clear_cache, limits, throttle
from rulesref.search.throttle import Busy, Held, acquire, client_address, release

pytestmark = pytest.mark.usefixtures("search_index")

CLIENT_BUSY = "Too many of your searches are running at once. Please try again in a moment."
NODE_BUSY = "The server is running as many searches as it can at once. Please try again in a moment."


@pytest.fixture(autouse=True)
def slots(settings, tmp_path):
    settings.SEARCH_SLOTS_DIR = tmp_path / "slots"
    settings.SEARCH_MAX_PER_CLIENT = 1
    settings.SEARCH_MAX_CONCURRENT = 2
    settings.SEARCH_RETRY_AFTER = 3
    settings.SEARCH_TRUSTED_PROXIES = 0
    return settings.SEARCH_SLOTS_DIR


@pytest.fixture(autouse=True)
def fresh_results():
    """A result cached by another test would not be cut short, nor cost anything."""
    clear_cache()
    yield
    clear_cache()


@pytest.fixture
def held(slots):
    """Slots taken in the test (as a search running in another worker would), given back at the end."""
    taken = []

    def take(client, *, per_client=1, node=2):
        fds = acquire(client, per_client=per_client, node=node, directory=slots)
        taken.append(fds)
        return fds

    yield take
    for fds in taken:
        release(fds)


def test_the_client_is_remote_addr_and_a_forwarded_header_is_ignored_by_default():
    meta = {"REMOTE_ADDR": "192.0.2.7", "HTTP_X_FORWARDED_FOR": "203.0.113.9"}
    assert client_address(meta) == "192.0.2.7"


def test_behind_trusted_proxies_the_client_is_the_entry_the_outermost_one_added():
    meta = {"REMOTE_ADDR": "10.0.0.2", "HTTP_X_FORWARDED_FOR": "1.2.3.4, 203.0.113.9, 10.0.0.1"}
    assert client_address(meta, proxies=1) == "10.0.0.1"
    assert client_address(meta, proxies=2) == "203.0.113.9"
    # Fewer entries than trusted proxies: the header is not what the proxies wrote; REMOTE_ADDR counts.
    assert client_address({"REMOTE_ADDR": "10.0.0.2", "HTTP_X_FORWARDED_FOR": "1.2.3.4"}, proxies=2) == "10.0.0.2"


def test_an_ipv6_client_counts_by_its_64_network_and_a_mapped_ipv4_as_ipv4():
    assert client_address({"REMOTE_ADDR": "2001:db8:1:2:aaaa::1"}) == "2001:db8:1:2::/64"
    assert client_address({"REMOTE_ADDR": "::ffff:192.0.2.7"}) == "192.0.2.7"


def test_a_slot_is_refused_while_held_and_free_again_once_released(slots):
    first = acquire("192.0.2.7", per_client=1, node=2, directory=slots)
    with pytest.raises(Busy) as busy:
        acquire("192.0.2.7", per_client=1, node=2, directory=slots)
    assert busy.value.reason == "client"
    release(first)
    release(acquire("192.0.2.7", per_client=1, node=2, directory=slots))


def test_threads_of_one_process_count_as_separate_searches(slots):
    results = []

    def take():
        try:
            results.append(acquire("192.0.2.7", per_client=2, node=2, directory=slots))
        except Busy as error:
            results.append(error.reason)

    threads = [threading.Thread(target=take) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    taken = [held for held in results if isinstance(held, Held)]
    assert (len(taken), [r for r in results if r == "client"]) == (2, ["client"])
    for fds in taken:
        release(fds)


def test_a_client_at_its_limit_gets_429_with_retry_after_and_the_message(client, held):
    held("127.0.0.1")
    response = client.get("/search/", {"q": "toughness"})
    assert response.status_code == 429
    assert response["Retry-After"] == "3"
    html = response.content.decode()
    assert "<h1>Too many searches at once</h1>" in html
    assert f'<p role="alert">{CLIENT_BUSY}</p>' in html


def test_the_429_page_speaks_the_interface_language(client, held):
    held("127.0.0.1")
    response = client.get("/search/", {"q": "toughness"}, headers={"accept-language": "ru"})
    assert response.status_code == 429
    html = response.content.decode()
    assert "<h1>Слишком много одновременных поисковых запросов</h1>" in html
    assert (
        '<p role="alert">Слишком много ваших поисковых запросов выполняется одновременно. '
        "Повторите попытку через мгновение.</p>"
    ) in html


def test_a_request_asking_for_json_gets_the_message_as_json(client, held):
    held("127.0.0.1")
    response = client.get("/search/", {"q": "toughness"}, headers={"accept": "application/json"})
    assert response.status_code == 429
    assert response["Content-Type"] == "application/json"
    assert response["Retry-After"] == "3"
    assert json.loads(response.content) == {"error": CLIENT_BUSY}


def test_another_client_still_searches_and_rule_pages_still_answer(client, held):
    held("127.0.0.1")
    other = client.get("/search/", {"q": "toughness"}, REMOTE_ADDR="198.51.100.4")
    assert other.status_code == 200
    assert '<a href="/rules/mtg/en/2024-09-20/208.1/">English</a>' in other.content.decode()
    assert client.get("/rules/mtg/en/2024-09-20/208.1/").status_code == 200
    # The empty search form searches nothing and is not counted.
    assert client.get("/search/").status_code == 200


def test_when_the_node_s_slots_are_all_held_every_client_gets_429_naming_the_server(client, held):
    held("192.0.2.1")
    held("192.0.2.2")
    response = client.get("/search/", {"q": "toughness"}, REMOTE_ADDR="198.51.100.4")
    assert response.status_code == 429
    assert response["Retry-After"] == "3"
    assert f'<p role="alert">{NODE_BUSY}</p>' in response.content.decode()
    assert client.get("/rules/mtg/en/2024-09-20/208.1/").status_code == 200


def test_behind_a_trusted_proxy_the_forwarded_address_is_counted(client, held, settings):
    settings.SEARCH_TRUSTED_PROXIES = 1
    held("203.0.113.9")
    busy = client.get("/search/", {"q": "toughness"}, HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert busy.status_code == 429
    free = client.get("/search/", {"q": "toughness"}, HTTP_X_FORWARDED_FOR="203.0.113.10")
    assert free.status_code == 200


def test_a_search_gives_its_slots_back_when_it_ends(client, slots):
    assert client.get("/search/", {"q": "toughness"}).status_code == 200
    release(acquire("127.0.0.1", per_client=1, node=2, directory=slots))


def test_an_unusable_slots_folder_leaves_searches_unlimited(client, settings, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    settings.SEARCH_SLOTS_DIR = blocker / "slots"
    assert client.get("/search/", {"q": "toughness"}).status_code == 200


def test_a_limit_of_zero_means_no_limit(held, slots):
    held("192.0.2.7")
    assert acquire("192.0.2.7", per_client=0, node=0, directory=slots) == Held(client=None, node=None)


def test_a_search_cut_short_at_a_high_cost_cools_its_client_down_for_retry_after(client, slots, monkeypatch):
    """Its slot stays taken for SEARCH_RETRY_AFTER (3 s here) after it ends: the same client's next
    search is refused at once, another client's is not."""
    monkeypatch.setattr(limits, "QUERY_BUDGET_SECONDS", 0.0)
    monkeypatch.setattr(throttle, "EXPENSIVE_CPU_SECONDS", 0.0)
    assert client.get("/search/", {"q": "toughness"}).status_code == 200
    again = client.get("/search/", {"q": "power"})
    assert (again.status_code, again["Retry-After"]) == (429, "3")
    assert f'<p role="alert">{CLIENT_BUSY}</p>' in again.content.decode()
    assert client.get("/search/", {"q": "power"}, REMOTE_ADDR="198.51.100.4").status_code == 200


def test_a_cheap_search_cut_short_by_a_busy_machine_does_not_cool_its_client_down(client, monkeypatch):
    monkeypatch.setattr(limits, "QUERY_BUDGET_SECONDS", 0.0)
    monkeypatch.setattr(throttle, "EXPENSIVE_CPU_SECONDS", 60.0)
    assert client.get("/search/", {"q": "toughness"}).status_code == 200
    assert client.get("/search/", {"q": "power"}).status_code == 200


def test_a_costly_search_within_its_budget_does_not_cool_its_client_down(client, monkeypatch):
    monkeypatch.setattr(throttle, "EXPENSIVE_CPU_SECONDS", 0.0)
    assert client.get("/search/", {"q": "toughness"}).status_code == 200
    assert client.get("/search/", {"q": "power"}).status_code == 200
