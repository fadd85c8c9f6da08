"""gunicorn settings for rulesref: ``.venv/bin/gunicorn -c gunicorn.conf.py`` from the checkout.

Every value can be changed from the environment (gunicorn's own ``GUNICORN_CMD_ARGS`` too):

- ``RULESREF_BIND``: where to listen (default ``127.0.0.1:8000``; comma separated for several);
- ``RULESREF_WORKERS``: worker processes (default 2 × cores + 1);
- ``RULESREF_THREADS``: threads per worker (default 1: sync workers behind a buffering proxy);
- ``RULESREF_ACCESS_LOG``: ``-`` (stdout, the default), a file, or empty for none;
- ``FORWARDED_ALLOW_IPS``: the proxies whose ``X-Forwarded-*`` headers are trusted.

Workers are stateless: the database is shared, and every worker opens the live index generation
read-only and follows it when ``build_index`` swaps in a new one, so neither an import nor an index
build needs a restart. A worker that dies is replaced by the master; the others keep answering.
"""

import multiprocessing
import os

wsgi_app = "rulesref.wsgi:application"
bind = [part.strip() for part in os.environ.get("RULESREF_BIND", "127.0.0.1:8000").split(",") if part.strip()]
workers = int(os.environ.get("RULESREF_WORKERS", multiprocessing.cpu_count() * 2 + 1))
threads = int(os.environ.get("RULESREF_THREADS", "1"))

# Load the application once in the master: ``rulesref.wsgi`` refuses a missing or placeholder
# DJANGO_SECRET_KEY (a local checkout's generated key is not for the public), which stops the master
# with its one-line message before it binds, instead of every worker failing in turn; and workers
# share the loaded code's memory.
preload_app = True

# A search is bounded well under this; a request still running after it is killed and logged.
timeout = 30
graceful_timeout = 30
keepalive = 5

# Recycle workers now and then: per-process caches (open index readers, query plans) start afresh.
max_requests = 5000
max_requests_jitter = 500

forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
accesslog = os.environ.get("RULESREF_ACCESS_LOG", "-") or None
errorlog = "-"
# Uploads are not accepted; keep request lines and headers small.
limit_request_line = 8190
limit_request_fields = 100
