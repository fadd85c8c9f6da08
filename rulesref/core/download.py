"""Downloading one file over HTTP(S) with a size limit and a time limit; pure standard library.

The limit on size is enforced while the bytes arrive, not after: a server that announces more
(``Content-Length``) is refused before its body is read, and one that sends more than it announced,
or announces nothing and never stops, is cut off at the first byte over the limit. The time limit is
both per socket operation (a server that stops sending) and for the whole download (a server that
sends a byte a second). Every failure is a :class:`DownloadFailed` whose ``str()`` is one line naming
the URL and the reason; the partial file is removed.

urllib and not an HTTP client library: one GET with redirects is all ``fetch_rules`` needs, and
urllib follows redirects, verifies certificates and reads chunked bodies already.
"""

from __future__ import annotations

import http.client
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

CHUNK = 64 * 1024
USER_AGENT = "rulesref-fetch_rules/1"

Progress = Callable[[int, int], None]


class DownloadFailed(Exception):
    """A download that did not complete; ``str()`` is one line naming the URL and the reason."""


@dataclass
class Download:
    url: str  # the URL the bytes came from (after redirects)
    path: Path
    size: int
    content_type: str  # the media type, without parameters ("text/plain"), "" when not sent


def _mb(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB ({size:,} bytes)"


def download(url: str, path: Path, *, max_bytes: int, timeout: float, progress: Progress | None = None) -> Download:
    """GET ``url`` into ``path``; ``progress(done, total)`` after every chunk (total 0 when not announced)."""
    scheme = urllib.parse.urlsplit(url).scheme.lower()
    if scheme not in ("http", "https"):
        raise DownloadFailed(f"{url}: not an http(s) URL")
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept-Encoding": "identity"})
    deadline = time.monotonic() + timeout
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            final = response.geturl()
            announced = response.headers.get("Content-Length", "")
            total = int(announced) if announced.isdigit() else 0
            if total > max_bytes:
                raise DownloadFailed(f"{final}: the file is {_mb(total)}, larger than the limit of {_mb(max_bytes)}")
            done = 0
            with path.open("wb") as out:
                # read1: what has arrived, so that the deadline is looked at as bytes trickle in (read(n) would
                # wait for n); never more than one byte past the limit.
                while chunk := response.read1(min(CHUNK, max_bytes + 1 - done)):
                    done += len(chunk)
                    if done > max_bytes:
                        raise DownloadFailed(
                            f"{final}: larger than the limit of {_mb(max_bytes)}: stopped at byte {done:,}"
                        )
                    if time.monotonic() > deadline:
                        raise DownloadFailed(f"{final}: timed out after {timeout:g} s ({done:,} bytes received)")
                    out.write(chunk)
                    if progress is not None:
                        progress(done, total)
            content_type = response.headers.get_content_type() if response.headers.get("Content-Type") else ""
    except DownloadFailed:
        path.unlink(missing_ok=True)
        raise
    except urllib.error.HTTPError as error:
        path.unlink(missing_ok=True)
        raise DownloadFailed(f"{url}: HTTP {error.code} {error.reason}") from None
    except urllib.error.URLError as error:
        path.unlink(missing_ok=True)
        raise DownloadFailed(f"{url}: {_reason(error.reason, timeout)}") from None
    except TimeoutError:
        path.unlink(missing_ok=True)
        raise DownloadFailed(f"{url}: timed out after {timeout:g} s") from None
    except (http.client.HTTPException, OSError, ValueError) as error:
        path.unlink(missing_ok=True)
        raise DownloadFailed(f"{url}: download failed: {_reason(error, timeout)}") from None
    return Download(final, path, done, content_type)


def _reason(reason, timeout: float) -> str:
    if isinstance(reason, TimeoutError):
        return f"timed out after {timeout:g} s"
    if isinstance(reason, socket.gaierror):
        return f"cannot resolve the host name ({reason.strerror}): no network?"
    if isinstance(reason, ConnectionRefusedError):
        return "connection refused"
    if isinstance(reason, OSError) and reason.strerror:
        return f"cannot connect: {reason.strerror}"
    return f"cannot connect: {reason}" if str(reason) else f"cannot connect: {type(reason).__name__}"
