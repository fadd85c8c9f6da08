"""The secret key: a deployment's own, or one generated once for a local checkout.

Which is which is one rule, read from the environment:

- ``DJANGO_SECRET_KEY`` set: a **deployment**. The key is that one; HTTPS is on by default; static
  files are the ones ``collectstatic`` wrote; the WSGI entry point (``rulesref.wsgi``, which gunicorn
  loads) refuses a known placeholder.
- ``DJANGO_SECRET_KEY`` unset: a **local checkout**. The first process that needs a key writes one to
  ``<data dir>/secret_key`` (mode 0600) and every later one reads it, so sessions and signed values
  survive a restart; plain HTTP; static files straight from the apps' folders. The WSGI entry point
  refuses to serve with it, and ``manage.py check --deploy`` fails on it (``rulesref.E010``).

The file is written aside and hard-linked into place: readers never see half a key, and of two
processes that start at once on a fresh data dir the second keeps the first one's key instead of
replacing it (a key replaced under a running server would sign out its sessions).

No Django here: ``rulesref.settings`` and ``rulesref.wsgi`` call this before Django is set up.
"""

import errno
import os
import secrets
import tempfile
from pathlib import Path

LOCAL_KEY_FILE = "secret_key"
# Shorter than Django's own minimum for a strong key (``security.W009`` asks for 50 characters).
SHORTEST_KEY = 50
GENERATE_COMMAND = "python3 -c 'import secrets; print(secrets.token_urlsafe(50))'"

# Keys copied from documentation instead of generated: ours (the README's Deploying block, the key
# the settings held before there was a generated one) and the usual ones of tutorials.
PLACEHOLDER_KEYS = frozenset(
    {
        "replace-with-the-output-of-python3-c-import-secrets-print-secrets.token_urlsafe-50",
        "rulesref-local-development-key-not-for-production",
        "change-me",
        "changeme",
        "secret",
        "secret-key",
        "your-secret-key",
        "your-secret-key-here",
    }
)
PLACEHOLDER_PREFIXES = ("replace-with", "change-me", "changeme", "django-insecure-", "your-secret-key")


class SecretKeyError(Exception):
    """The local key file cannot be read or written; the message is one line naming the file."""


def is_placeholder(key: str) -> bool:
    """Whether ``key`` is one of the keys people paste from documentation."""
    folded = key.strip().lower()
    return folded in PLACEHOLDER_KEYS or folded.startswith(PLACEHOLDER_PREFIXES)


def deployment_key_problem(environ) -> str | None:
    """Why a server for the public must not start with this environment's key (None: it may)."""
    key = environ.get("DJANGO_SECRET_KEY", "")
    if not key:
        return (
            "DJANGO_SECRET_KEY is not set: a server for the public needs its own key "
            f"(the output of {GENERATE_COMMAND}); for a local server run manage.py quickstart"
        )
    if is_placeholder(key):
        return f"DJANGO_SECRET_KEY is a placeholder: set it to the output of {GENERATE_COMMAND}"
    return None


def _read(path: Path) -> str:
    try:
        key = path.read_text(encoding="ascii").strip()
    except UnicodeDecodeError:
        key = ""
    except OSError as error:
        if error.errno == errno.ENOENT:
            raise
        raise SecretKeyError(f"cannot read {path}: {error.strerror}") from None
    if len(key) < SHORTEST_KEY:
        raise SecretKeyError(f"{path} holds no usable key; delete it and a new one is generated")
    return key


def local_secret_key(data_dir: Path) -> str:
    """The key in ``data_dir/secret_key``, generated there first if it is not there yet."""
    path = data_dir / LOCAL_KEY_FILE
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    key = secrets.token_urlsafe(SHORTEST_KEY)
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        # mkstemp creates the file with mode 0600: the key is never readable by others, not even briefly.
        fd, temporary = tempfile.mkstemp(dir=data_dir, prefix=".secret_key.")
    except OSError as error:
        raise SecretKeyError(f"cannot write {path}: {error.strerror} (or set DJANGO_SECRET_KEY)") from None
    try:
        with os.fdopen(fd, "w", encoding="ascii") as file:
            file.write(key + "\n")
            file.flush()
            os.fsync(file.fileno())
        try:
            os.link(temporary, path)
        except FileExistsError:
            # Another process was first: use its key.
            return _read(path)
        except OSError:
            # A filesystem without hard links: still atomic for readers, though a race may replace a key.
            os.replace(temporary, path)
    finally:
        if os.path.lexists(temporary):
            os.unlink(temporary)
    return key
