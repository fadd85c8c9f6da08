"""A GET request reads one state of the database even while another connection commits."""

import threading

import pytest
from django.db import connection
from django.http import JsonResponse
from django.test import Client
from django.urls import path

from rulesref.rules.models import Game

pytestmark = pytest.mark.django_db(transaction=True)


def commit_elsewhere() -> None:
    """A write committed by another connection (another thread), as an import in another process."""

    def write():
        from django.db import connection as other

        try:
            Game.objects.create(slug=f"g{Game.objects.count()}", name="Another game")
        finally:
            other.close()

    thread = threading.Thread(target=write)
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive()


def count_twice(request):
    before = Game.objects.count()
    commit_elsewhere()
    after = Game.objects.count()
    return JsonResponse({"before": before, "after": after, "in_transaction": connection.in_atomic_block})


urlpatterns = [path("count-twice/", count_twice)]


@pytest.mark.urls(__name__)
def test_a_get_sees_one_snapshot_while_another_connection_commits():
    data = Client().get("/count-twice/").json()
    assert data == {"before": 0, "after": 0, "in_transaction": True}
    assert Game.objects.count() == 1  # the other connection did commit


@pytest.mark.urls(__name__)
def test_a_post_is_not_held_in_a_snapshot():
    data = Client().post("/count-twice/").json()
    assert data == {"before": 0, "after": 1, "in_transaction": False}
