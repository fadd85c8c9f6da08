"""How many searches run at once: per client address, and on the whole node.

A search may use its whole time budget (``limits.QUERY_BUDGET_SECONDS``) of a core. Four clients
sending wildcard queries non-stop used to hold four of gunicorn's five workers of a 2-core machine, and
every rule page queued behind them. Beyond ``SEARCH_MAX_PER_CLIENT`` searches of one client address at
once, or ``SEARCH_MAX_CONCURRENT`` on the node, a search is answered at once with 429 and
``Retry-After``; nothing else is counted, so static files and rule pages never wait for a search slot.

Why files: the README's deployment runs gunicorn's sync workers, 2 × cores + 1 processes of one thread
each, so a count kept inside one process would never refuse anything (each process runs one request at
a time). The count is kept across the node's processes and threads instead: a search holds a *slot*,
an exclusive ``flock`` on one empty file of the slots folder, for as long as it runs::

    <slots folder>/             SEARCH_SLOTS_DIR, else <temp dir>/rulesref-search-slots-<hash of the data dir>
      node-0 … node-<N-1>       one per search the node may run at once (SEARCH_MAX_CONCURRENT)
      client-<bucket>-<i>       one per search a client may run at once (SEARCH_MAX_PER_CLIENT), for each
                                of 256 buckets of client addresses (a hash; two addresses rarely share one)

The operating system releases a lock when its file is closed or its process dies, so a worker killed
mid-search (gunicorn's timeout, ``kill -9``) leaks no slot. Each take opens its own descriptor, so two
threads of one process count as two searches. The folder is outside the data dir, which the web server
only reads. When the folder cannot be used (permissions, a full disk), searches are not limited and a
warning is logged: the limit must never take the search page down.

An expensive search (cut short by its time budget, and ``EXPENSIVE_CPU_SECONDS`` of CPU time or more:
the view says the first in ``request.search_cut_short``) keeps its client's slot for
``SEARCH_RETRY_AFTER`` seconds more (the file's modification time is set that far ahead, and a slot
file "from the future" is not free): a client sending expensive queries back to back gets one answered
about every 1.15 s instead of every 0.15 s, while a reader's searches (2–20 ms) never cool down.

The client is ``REMOTE_ADDR``; behind trusted proxies (``SEARCH_TRUSTED_PROXIES`` = how many), the
entry of ``X-Forwarded-For`` the outermost of them added. An IPv6 address counts by its /64 network,
which one machine is usually given whole.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import ipaddress
import logging
import os
import tempfile
import time
from dataclasses import dataclass
from functools import wraps
from pathlib import Path

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _

logger = logging.getLogger(__name__)

# A search cut short by its time budget that took its thread this much CPU time is expensive: its
# client cools down. Cut short alone is the wall clock, which grows for every search on a busy machine
# (cooling down on it refused 3 % of a normal benchmark client's requests on a shared 2-core machine);
# CPU time alone counts a worker's first search, which opens the index (its clock starts after that,
# so it is not cut short). A reader's uncached search costs up to 70 ms of CPU on the corpora (a busy
# machine, with 40 ms 19 of 608 normal requests were refused); a query of three 64-term wildcards cut
# short 100–150 ms.
EXPENSIVE_CPU_SECONDS = 0.1
# Buckets of client addresses: 256 × SEARCH_MAX_PER_CLIENT files at most.
BUCKETS = 256
CLIENT = "client"
NODE = "node"
MESSAGES = {
    CLIENT: _("Too many of your searches are running at once. Please try again in a moment."),
    NODE: _("The server is running as many searches as it can at once. Please try again in a moment."),
}


class Busy(Exception):
    """No slot is free: ``reason`` is ``CLIENT`` (this client's) or ``NODE`` (the node's)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def client_address(meta, *, proxies: int = 0) -> str:
    """The address searches are counted by: ``REMOTE_ADDR``, or with ``proxies`` trusted proxies in
    front, the ``proxies``-th entry of ``X-Forwarded-For`` from the right (the one the outermost
    trusted proxy added; entries left of it are the client's own say). IPv6 by its /64 network."""
    address = meta.get("REMOTE_ADDR", "")
    if proxies > 0:
        forwarded = [part.strip() for part in meta.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
        if len(forwarded) >= proxies:
            address = forwarded[-proxies]
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def slots_dir() -> Path:
    configured = getattr(settings, "SEARCH_SLOTS_DIR", None)
    if configured:
        return Path(configured)
    digest = hashlib.sha256(str(settings.DATA_DIR).encode("utf-8")).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"rulesref-search-slots-{digest}"


def _bucket(client: str) -> str:
    return f"{hashlib.sha256(client.encode('utf-8', 'replace')).digest()[0] % BUCKETS:02x}"


def _take(directory: Path, names: list[str], *, cooling: bool = False) -> int | None:
    """A descriptor holding the lock of the first free file of ``names``, or None when all are held.
    With ``cooling``, a file whose modification time is later than now is cooling down: not free. The
    clock is read after the file is opened: a file this call created is stamped by the kernel's clock
    at that moment, which is later than a time read before (a first search of a new client was refused
    so on a busy machine)."""
    for name in names:
        fd = os.open(directory / name, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            os.close(fd)
            if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
                continue
            raise
        if cooling and os.fstat(fd).st_mtime > time.time():
            os.close(fd)
            continue
        return fd
    return None


@dataclass
class Held:
    """The descriptors of the slots a search holds (None where no cap applies)."""

    client: int | None = None
    node: int | None = None


def acquire(client: str, *, per_client: int, node: int, directory: Path | None = None) -> Held:
    """Take one of ``client``'s slots and one of the node's (a cap of 0: none needed), to give back to
    ``release``. Raises ``Busy`` when either is full, OSError when the folder is unusable."""
    directory = directory or slots_dir()
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    held = Held()
    try:
        if per_client:
            names = [f"client-{_bucket(client)}-{i}" for i in range(per_client)]
            held.client = _take(directory, names, cooling=True)
            if held.client is None:
                raise Busy(CLIENT)
        if node:
            held.node = _take(directory, [f"node-{i}" for i in range(node)])
            if held.node is None:
                raise Busy(NODE)
    except BaseException:
        release(held)
        raise
    return held


def cool_down(held: Held, seconds: float) -> None:
    """The client's slot stays taken for ``seconds`` after it is released (its file's modification time
    is set that far ahead; ``_take`` reads it)."""
    if held.client is not None:
        until = time.time() + seconds
        os.utime(held.client, (until, until))


def release(held: Held) -> None:
    for fd in (held.client, held.node):
        if fd is not None:
            os.close(fd)


def limit_searches(view):
    """Run ``view`` (the search page) only while this client and the node have a free search slot;
    else answer 429 at once. A request without a query (the empty form) searches nothing and is let
    through."""

    @wraps(view)
    def limited(request, *args, **kwargs):
        if not request.GET.get("q", "").strip():
            return view(request, *args, **kwargs)
        client = client_address(request.META, proxies=settings.SEARCH_TRUSTED_PROXIES)
        try:
            held = acquire(client, per_client=settings.SEARCH_MAX_PER_CLIENT, node=settings.SEARCH_MAX_CONCURRENT)
        except Busy as busy:
            return too_many_searches(request, busy.reason)
        except OSError as error:
            logger.warning("search slots unusable, searches are not limited: %s", error)
            held = Held()
        started = time.thread_time()
        try:
            return view(request, *args, **kwargs)
        finally:
            if getattr(request, "search_cut_short", False) and time.thread_time() - started >= EXPENSIVE_CPU_SECONDS:
                # The client's next search waits the Retry-After a 429 names.
                cool_down(held, settings.SEARCH_RETRY_AFTER)
            release(held)

    return limited


def too_many_searches(request, reason: str):
    """429 with ``Retry-After``: JSON when the request prefers it, else the page in the interface language."""
    message = MESSAGES[reason]
    if request.get_preferred_type(["text/html", "application/json"]) == "application/json":
        response = JsonResponse({"error": str(message)}, status=429)
    else:
        # A plain dict, no RequestContext: the page needs no context processor (nor their reads).
        body = render_to_string("search/too_many.html", {"message": message})
        response = HttpResponse(body, status=429)
    response["Retry-After"] = str(settings.SEARCH_RETRY_AFTER)
    return response
