"""The WSGI entry point of a deployment (gunicorn loads it; runserver builds its own application).

It refuses to load without a key of the deployment's own (``DJANGO_SECRET_KEY``, not a placeholder),
with one line and before Django is set up: a server for the public never signs with a local key.
"""

import os
import sys

from rulesref.core.secret_key import deployment_key_problem

if problem := deployment_key_problem(os.environ):
    sys.exit(f"rulesref: {problem}")

from django.core.wsgi import get_wsgi_application  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesref.settings")
application = get_wsgi_application()
