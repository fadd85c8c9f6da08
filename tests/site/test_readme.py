"""Every command of the README runs on a fresh checkout, as a new user pastes it.

Each ```sh block of README.md is cut into commands (a backslash continues a line, ``&&`` chains
commands, ``export NAME=value`` sets NAME for the rest of its block, a comment line of its own after a
command is a line that command prints) and every command runs in a new process, in README order, in
one shared data dir, with a clean environment: ``PATH``, ``HOME``, ``LANG`` and ``RULESREF_DATA_DIR``
(the run's own; the default ``./var`` is the checkout's), no other ``DJANGO_*`` or ``RULESREF_*``
variable but what the block itself sets. Every command must exit 0.

What differs from pasting, and why:

- ``.venv/bin/python`` is the interpreter running the tests and ``.venv/bin/gunicorn`` the one beside
  it; the install step (``python3 -m venv …``, ``pip install …``) is skipped: this is that environment.
- Commands run in a scratch folder, where the files they name live (``manage.py`` and
  ``gunicorn.conf.py`` are the checkout's): ``MagicCompRules.txt`` is the bundled English CR,
  ``regole.txt`` the bundled Italian 2024-10-02, ``skyward.txt`` a small rulebook written here,
  ``berserk_heroes_glossary_ru.rst`` the corpora's; ``208.tmx`` and ``mtg.tbx`` are written there.
- ``../shared/corpora`` is a folder of the corpora files the README's later commands read (Берсерк
  ed. 15 and its glossary, the English Lorcana 2.1.0 and 2.2.0, the Japanese 2.2.0): the whole corpora
  take minutes to import and to index twice; ``tests/site/test_commands.py`` imports all of them.
- ``python -m pytest`` collects one file of the suite and runs none of it (this run is part of it).
- The shared data dir is set up by the README's quickstart with the corpora, run once before the
  blocks; in README order it then changes nothing. A server command is started on a free port of
  loopback, asked for a page and its style sheet over plain HTTP, and stopped.
- The Deploying block runs in a data dir of its own and without its ``DATABASE_URL`` (there is no
  ``db.internal`` here: SQLite). As pasted, its placeholder key must be refused by ``check --deploy``
  and by gunicorn; with a key generated as it asks, both pass and gunicorn serves.
"""

from __future__ import annotations

import contextlib
import gzip
import http.client
import os
import re
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.conftest import ROOT, SEED_IT_2024, SOURCES, corpus_file

README = ROOT / "README.md"
PYTHON = sys.executable
GUNICORN = str(Path(sys.executable).with_name("gunicorn"))
# The corpora files the README's commands read after its corpora quickstart.
CORPORA_FILES = (
    "berserk_heroes_full_rules_ru_ed15_20240531.md",
    "berserk_heroes_glossary_ru.rst",
    "lorcana_cr_en_20260430_v2.1.0.txt",
    "lorcana_cr_en_20260709_v2.2.0.txt",
    "lorcana_cr_ja_20260710_v2.2.0.txt",
)
# A rulebook of a game no data file knows, as a publisher lays one out (read by `rulebook-layout`).
SKYWARD = """SKYWARD RULEBOOK
These rules are effective as of July 9, 2026.

1. CONCEPTS
1.1. General
1.1.1. These rules apply to every game of Skyward.
1.1.2. A player who cannot follow a rule loses the game (see 1.2.1).
1.2. Players
1.2.1. Two players play, each with a deck of 40 cards.
2. TURNS
2.1. Beginning
2.1.1. The first player skips their first draw (see 1.1.1).
"""
SERVER_START_SECONDS = 120
SITE_CSS = ROOT / "rulesref/site/static/rulesref/site.css"


@dataclass
class Command:
    """One command of a block as the README prints it (continuation lines joined)."""

    text: str
    line: int
    words: list[str]
    # The comment lines of their own that follow it: lines it prints.
    prints: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        """The command line without the interpreter, for messages and ids."""
        return " ".join(self.words[1:] if self.words[0].endswith("python") else self.words)

    @property
    def is_install(self) -> bool:
        return self.words[:3] == ["python3", "-m", "venv"] or self.words[0].endswith("/pip")

    @property
    def is_export(self) -> bool:
        return self.words[0] == "export"

    @property
    def is_server(self) -> bool:
        serving_quickstart = "quickstart" in self.words and "--no-serve" not in self.words
        return serving_quickstart or self.words[0].endswith("gunicorn")


@dataclass
class Block:
    section: str
    line: int
    commands: list[Command]

    @property
    def id(self) -> str:
        return f"{self.section} (README line {self.line})"


def readme_blocks(text: str) -> list[Block]:
    """Every ```sh block of the README with the heading it sits under, cut into commands."""
    blocks, section, fence = [], "", None
    lines = text.splitlines()
    for number, line in enumerate(lines, start=1):
        if fence is None and line.startswith("```"):
            fence = (line[3:].strip(), number, [])
        elif fence is not None and line.startswith("```"):
            language, start, body = fence
            if language == "sh":
                blocks.append(Block(section, start, commands_of(body, start + 1)))
            fence = None
        elif fence is not None:
            fence[2].append(line)
        elif line.startswith("## ") or line.startswith("### "):
            section = line.lstrip("#").strip()
    return blocks


def commands_of(body: list[str], first_line: int) -> list[Command]:
    commands, pending, pending_line = [], "", None
    for number, line in enumerate(body, start=first_line):
        if pending_line is None:
            pending_line = number
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        logical, pending, start = pending + line, "", pending_line
        pending_line = None
        if logical.lstrip().startswith("#"):
            if commands and logical.strip("# "):
                commands[-1].prints.append(logical.lstrip()[1:].strip())
            continue
        # `&&` chains commands: each part runs (and is skipped) on its own.
        for part in logical.split(" && "):
            words = shlex.split(part, comments=True)
            if words:
                commands.append(Command(part.strip(), start, words))
    return commands


BLOCKS = readme_blocks(README.read_text(encoding="utf-8"))
DEPLOYING = [b for b in BLOCKS if b.section == "Deploying"]
LOCAL = [b for b in BLOCKS if b.section != "Deploying"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(port: int, path: str, headers: dict[str, str] | None = None) -> http.client.HTTPResponse:
    """One GET on loopback, redirects not followed; the body is read into ``response.body``."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        response.body = response.read()
        return response
    finally:
        connection.close()


@dataclass
class Checkout:
    """The scratch folder the commands run in, the data dir they share and the corpora folder."""

    workdir: Path
    data_dir: Path
    corpora: Path

    def environment(self, exported: dict[str, str]) -> dict[str, str]:
        clean = {
            "PATH": os.environ.get("PATH", ""),
            "HOME": os.environ.get("HOME", str(self.workdir)),
            "LANG": "C.UTF-8",
            "RULESREF_DATA_DIR": str(self.data_dir),
        }
        return clean | exported

    def shell_line(self, command: Command) -> str:
        """The command as a shell runs it here: the checkout's files, this interpreter, this corpora folder."""
        line = command.text.replace(".venv/bin/python", shlex.quote(PYTHON))
        line = line.replace(".venv/bin/gunicorn", shlex.quote(GUNICORN))
        line = re.sub(r"(?<=\s)manage\.py(?=\s|$)", shlex.quote(str(ROOT / "manage.py")), line)
        line = line.replace("-c gunicorn.conf.py", f"-c {shlex.quote(str(ROOT / 'gunicorn.conf.py'))} --chdir {ROOT}")
        return line.replace("../shared/corpora", shlex.quote(str(self.corpora)))

    def run(self, command: Command, exported: dict[str, str], *extra: str) -> subprocess.CompletedProcess:
        line = self.shell_line(command)
        if extra:
            line = line.split(" #", 1)[0] + " " + " ".join(extra)
        return subprocess.run(
            ["bash", "-c", line],
            cwd=self.workdir,
            env=self.environment(exported),
            capture_output=True,
            text=True,
            timeout=600,
        )

    @contextlib.contextmanager
    def serving(self, command: Command, exported: dict[str, str], port: int):
        """Start a server command on ``port``, wait until it answers, stop it afterwards (exit 0)."""
        line = self.shell_line(command).split(" #", 1)[0]
        line = re.sub(r"--addrport \S+", f"--addrport 127.0.0.1:{port}", line)
        if "quickstart" in command.words and "--addrport" not in line:
            line += f" --addrport 127.0.0.1:{port}"
        env = self.environment(exported)
        if command.words[0].endswith("gunicorn"):
            env |= {"RULESREF_BIND": f"127.0.0.1:{port}", "RULESREF_WORKERS": "1"}
        server = subprocess.Popen(
            ["bash", "-c", f"exec {line}"],
            cwd=self.workdir,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        try:
            deadline = time.monotonic() + SERVER_START_SECONDS
            while True:
                if server.poll() is not None:
                    pytest.fail(f"{command.name} stopped with exit {server.returncode}:\n{server.stdout.read()}")
                with contextlib.suppress(OSError):
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                if time.monotonic() > deadline:
                    pytest.fail(f"{command.name} did not answer on port {port} in {SERVER_START_SECONDS} s")
                time.sleep(0.3)
            yield server
        finally:
            if server.poll() is None:
                os.killpg(server.pid, signal.SIGTERM if command.words[0].endswith("gunicorn") else signal.SIGINT)
            try:
                server.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()
        assert server.returncode == 0, f"{command.name} did not stop cleanly:\n{server.stdout.read()}"


def failure(block: Block, command: Command, result: subprocess.CompletedProcess) -> str:
    return (
        f"{block.id}: `{command.text}` exited {result.returncode}\n"
        f"--- stdout (end)\n{result.stdout[-3000:]}\n--- stderr (end)\n{result.stderr[-3000:]}"
    )


@pytest.fixture(scope="module")
def checkout(tmp_path_factory):
    """A scratch folder with the files the README names, and the data dir its first command sets up."""
    root = tmp_path_factory.mktemp("readme")
    corpora = root / "corpora"
    corpora.mkdir()
    for name in CORPORA_FILES:
        (corpora / name).symlink_to(corpus_file(name))
    workdir = root / "work"
    workdir.mkdir()
    (workdir / "MagicCompRules.txt").write_bytes(
        gzip.decompress((SOURCES / "mtg_cr_en_20240917_duskmourn.txt.gz").read_bytes())
    )
    shutil.copyfile(SEED_IT_2024, workdir / "regole.txt")
    (workdir / "skyward.txt").write_text(SKYWARD, encoding="utf-8")
    shutil.copyfile(corpus_file("berserk_heroes_glossary_ru.rst"), workdir / "berserk_heroes_glossary_ru.rst")
    checkout = Checkout(workdir=workdir, data_dir=root / "data", corpora=corpora)
    # The README's quickstart with the corpora, once, on the fresh data dir every later command reads:
    # the first command's setup and more (its own run then only serves; quickstart sets up a fresh data
    # dir without the corpora in tests/site/test_commands.py).
    setup = next(c for b in BLOCKS for c in b.commands if c.words[0] == "RULESREF_CORPORA=../shared/corpora")
    assert setup.words[-2:] == ["quickstart", "--no-serve"]
    result = checkout.run(setup, {})
    assert result.returncode == 0, failure(BLOCKS[0], setup, result)
    assert result.stdout.splitlines()[-1] == f"ready; database at {checkout.data_dir / 'rulesref.sqlite3'}"
    return checkout


def test_the_readme_blocks_are_read_as_a_user_pastes_them():
    """The cases this test treats apart are where it expects them: a first command that serves, a
    continued line joined, an output line kept, and a Deploying block that ends in gunicorn."""
    assert [c.name for c in BLOCKS[0].commands if not c.is_install] == ["manage.py quickstart"]
    assert BLOCKS[0].commands[-1].is_server
    regole = next(c for b in BLOCKS for c in b.commands if "regole.txt" in c.words)
    assert regole.words[-4:] == ["Duskmourn: La Casa degli Orrori", "--translates", "en:2024-09-20", "--json"]
    skyward = next(c for b in BLOCKS for c in b.commands if "skyward.txt" in c.words)
    assert skyward.prints == [
        "registered a new game 'skyward' (Skyward), original language en, numbering dotted (guessed from its numbers)"
    ]
    (deploying,) = DEPLOYING
    assert [c.name for c in deploying.commands if not (c.is_install or c.is_export)] == [
        "manage.py migrate",
        "manage.py collectstatic --noinput",
        "manage.py check --deploy",
        ".venv/bin/gunicorn -c gunicorn.conf.py",
    ]
    assert all(b.commands for b in BLOCKS)


def runnable(block):
    """A block's commands in order, each with the variables its block exported before it (the install
    step and the exports themselves are not run)."""
    exported: dict[str, str] = {}
    for command in block.commands:
        if command.is_install:
            continue
        if command.is_export:
            name, _, value = command.words[1].partition("=")
            exported[name] = value
            continue
        yield command, dict(exported)


@pytest.mark.parametrize("block", LOCAL, ids=[b.id for b in LOCAL])
def test_every_command_of_a_local_block_exits_0(block, checkout):
    for command, exported in runnable(block):
        if command.is_server:
            with checkout.serving(command, exported, port := free_port()):
                page = get(port, "/")
                css = get(port, "/static/rulesref/site.css")
            assert page.status == 200, (command.name, page.status, page.getheader("Location"))
            assert '<link rel="stylesheet" href="/static/rulesref/site.css">' in page.body.decode()
            assert (css.status, css.getheader("Content-Type").split(";")[0]) == (200, "text/css")
            assert css.body == SITE_CSS.read_bytes()
            continue
        if command.words[1:3] == ["-m", "pytest"]:
            # The suite's own command, from the checkout, with its configuration and plugins: one file
            # collected, none run (this run is part of the suite; collecting all of it takes 15 s).
            result = subprocess.run(
                [PYTHON, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "tests/test_boundaries.py"],
                cwd=ROOT,
                env=checkout.environment({}),
                capture_output=True,
                text=True,
                timeout=600,
            )
            assert result.returncode == 0, failure(block, command, result)
            assert re.search(r"^\d+ tests collected", result.stdout, flags=re.MULTILINE), result.stdout[-2000:]
            continue
        result = checkout.run(command, exported)
        assert result.returncode == 0, failure(block, command, result)
        assert "Traceback" not in result.stderr, failure(block, command, result)
        for printed in command.prints:
            assert printed in [line.strip() for line in result.stdout.splitlines()], (command.text, printed)


def test_a_local_server_with_debug_off_serves_styled_pages_over_plain_http(checkout):
    """No variable set, not even DJANGO_DEBUG: the page answers over HTTP (no 301 to https), its style sheet
    is served from the app's folder (no collectstatic), and no HSTS header is sent."""
    port = free_port()
    runserver = Command(f".venv/bin/python manage.py runserver --noreload 127.0.0.1:{port}", 0, [])
    runserver.words = shlex.split(runserver.text)
    assert not (checkout.data_dir / "static").exists()
    with checkout.serving(runserver, {}, port):
        page = get(port, "/rules/mtg/it/2024-10-02/208/")
        css = get(port, "/static/rulesref/site.css")
    assert page.status == 200
    assert page.getheader("Strict-Transport-Security") is None
    assert 'href="/static/rulesref/site.css"' in page.body.decode()
    # whitenoise, from the app's folder.
    assert (css.status, css.getheader("Content-Type")) == (200, 'text/css; charset="utf-8"')
    assert css.body == SITE_CSS.read_bytes()


def deploying_commands():
    (block,) = DEPLOYING
    steps = list(runnable(block))
    # Every export of the block stands before its first command.
    exported = steps[-1][1] if steps else {}
    return block, exported, [command for command, _ in steps]


@pytest.fixture(scope="module")
def deployed(tmp_path_factory):
    """The Deploying block as pasted, in a data dir of its own and on SQLite: each command's result."""
    block, exported, commands = deploying_commands()
    root = tmp_path_factory.mktemp("deploying")
    checkout = Checkout(workdir=root, data_dir=root / "data", corpora=root)
    assert exported["DJANGO_SECRET_KEY"].startswith("replace-with-")
    assert exported.pop("DATABASE_URL").startswith("postgres://")
    exported["RULESREF_DATA_DIR"] = str(tmp_path_factory.mktemp("deployed"))
    results = {}
    for command in commands:
        if command.is_server:
            # As pasted, the placeholder key stops it before it listens.
            server = subprocess.Popen(
                ["bash", "-c", checkout.shell_line(command).split(" #", 1)[0]],
                cwd=checkout.workdir,
                env=checkout.environment(exported) | {"RULESREF_BIND": f"127.0.0.1:{free_port()}"},
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            try:
                stdout, stderr = server.communicate(timeout=120)
            except subprocess.TimeoutExpired:
                server.kill()
                pytest.fail("gunicorn started with the README's placeholder key")
            results[command.words[0].rsplit("/")[-1]] = subprocess.CompletedProcess(
                server.args, server.returncode, stdout, stderr
            )
        else:
            results[command.words[2]] = checkout.run(command, exported)
    return checkout, block, exported, commands, results


def test_the_deploying_block_as_pasted_is_refused_for_its_placeholder_key(deployed):
    _checkout, _block, _exported, _commands, results = deployed
    assert list(results) == ["migrate", "collectstatic", "check", "gunicorn"]
    for name in ("migrate", "collectstatic"):
        assert results[name].returncode == 0, results[name].stderr
    check = results["check"]
    assert check.returncode == 1
    assert check.stderr == (
        "SystemCheckError: System check identified some issues:\n\nERRORS:\n"
        "?: (rulesref.E011) DJANGO_SECRET_KEY is a placeholder copied from documentation\n"
        "\tHINT: set it to the output of python3 -c 'import secrets; print(secrets.token_urlsafe(50))'\n\n"
        "System check identified 1 issue (0 silenced).\n"
    )
    gunicorn = results["gunicorn"]
    assert gunicorn.returncode == 1
    assert gunicorn.stderr.splitlines() == [
        "rulesref: DJANGO_SECRET_KEY is a placeholder: set it to the output of "
        "python3 -c 'import secrets; print(secrets.token_urlsafe(50))'"
    ]


def test_the_deploying_block_with_a_generated_key_passes_the_check_and_serves_https(deployed):
    checkout, block, exported, commands, _results = deployed
    exported = exported | {"DJANGO_SECRET_KEY": secrets.token_urlsafe(50)}
    check = next(c for c in commands if c.words[2:4] == ["check", "--deploy"])
    result = checkout.run(check, exported)
    assert result.returncode == 0, failure(block, check, result)
    assert result.stdout == "System check identified no issues (0 silenced).\n"
    gunicorn = next(c for c in commands if c.is_server)
    with checkout.serving(gunicorn, exported, port := free_port()):
        plain = get(port, "/", headers={"Host": "rules.example.org"})
        secure = get(port, "/", headers={"Host": "rules.example.org", "X-Forwarded-Proto": "https"})
        css = get(
            port, "/static/rulesref/site.css", headers={"Host": "rules.example.org", "X-Forwarded-Proto": "https"}
        )
    assert (plain.status, plain.getheader("Location")) == (301, "https://rules.example.org/")
    assert secure.status == 200
    assert secure.getheader("Strict-Transport-Security") == "max-age=31536000; includeSubDomains; preload"
    # collectstatic's copy, as the block wrote it into its data dir.
    assert (css.status, css.getheader("Content-Type")) == (200, 'text/css; charset="utf-8"')
    assert css.body == (Path(exported["RULESREF_DATA_DIR"]) / "static/rulesref/site.css").read_bytes()
