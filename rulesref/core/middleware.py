"""Every GET and HEAD request reads one consistent state of the database.

A page runs several queries (an edition, its entries, their examples, the entries their references
point to). Without a transaction each query sees the database as it is at that moment, so a page
rendered while an import commits can pair rows from before the commit with rows from after it: a
reference whose target entry has just been replaced, and the page fails. Reading the whole request
inside one transaction gives it a snapshot instead:

- SQLite (WAL): a DEFERRED transaction; its first read fixes the snapshot and it never takes the write
  lock, so it neither waits for an import nor makes one wait. (The settings start other transactions
  IMMEDIATE, which is right for writers.)
- PostgreSQL: REPEATABLE READ, READ ONLY: one snapshot, and a view that tried to write on GET would fail
  loudly instead of writing.

Sessions are saved by SessionMiddleware after this one has finished, outside the snapshot.
"""

from __future__ import annotations

from contextlib import contextmanager

from django.db import DEFAULT_DB_ALIAS, connections, transaction

SAFE_METHODS = ("GET", "HEAD")


class ReadSnapshotMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        connection = connections[DEFAULT_DB_ALIAS]
        if request.method not in SAFE_METHODS or connection.in_atomic_block:
            return self.get_response(request)
        with read_snapshot(connection):
            return self.get_response(request)


@contextmanager
def read_snapshot(connection):
    if connection.vendor == "sqlite":
        # Connect first: connecting reads the configured mode into connection.transaction_mode.
        connection.ensure_connection()
        configured = connection.transaction_mode
        connection.transaction_mode = "DEFERRED"
        try:
            with transaction.atomic(using=connection.alias):
                connection.transaction_mode = configured
                yield
        finally:
            connection.transaction_mode = configured
    elif connection.vendor == "postgresql":
        with transaction.atomic(using=connection.alias):
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            yield
    else:
        yield
