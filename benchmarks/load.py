"""Load against gunicorn on loopback: N clients for T seconds over a realistic mix of pages.

    .venv/bin/python -m benchmarks.load                         # 20 clients, 60 s, bundled data
    .venv/bin/python -m benchmarks.load --clients 10 --seconds 20
    .venv/bin/python -m benchmarks.load --writes                # while import_rules and build_index run
    .venv/bin/python -m benchmarks.load --kill-worker-at 20     # SIGKILL one worker mid-load
    DATABASE_URL=postgres://… .venv/bin/python -m benchmarks.load --writes

It fills a data dir as ``quickstart`` does (``RULESREF_DATA_DIR``, else a temporary one removed at the
end; ``--with-corpora`` adds the official files of ``RULESREF_CORPORA``), starts gunicorn with the
repository's ``gunicorn.conf.py`` on a free port of 127.0.0.1 with deployment settings (DEBUG off, a
generated key, HTTPS on behind a proxy: the clients send ``X-Forwarded-Proto: https`` as the load
balancer would), runs the clients, stops gunicorn, and prints requests, throughput, p50/p95/p99 and
every failure, overall and per kind of page. Only loopback, bounded in clients and seconds; it asserts
nothing. Every client comes from 127.0.0.1, so the search limits (one search at a time per address,
2 × cores on the node) are turned off here; ``benchmarks.hostile`` measures them.

``--writes`` runs, during the load, ``import_rules`` three times (the English edition replaced by a
copy with a marker word, then the original, then the marked copy again: the changed rows updated in
place in one transaction, then the game's alignment rebuilt) and ``build_index`` twice, each as its
own process as an operator would; a probe follows the marker word through the search page and the
edition page and prints when the answers switched. ``--kill-worker-at`` kills one gunicorn worker
with SIGKILL at that second.

The URL mix is ``url_mix()``: rule pages in every language, sections, tables of contents,
glossaries, searches, the translator workbench (side by side, a diff, freshness, a TMX export) and
scenario runs; or pass ``--urls FILE`` (lines ``WEIGHT KIND PATH``).
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from benchmarks._setup import ROOT, corpora_dir, setup_django, temporary_data_dir

MAX_CLIENTS = 100
MAX_SECONDS = 600
# Writers may outlast the load; the run ends by this many seconds after the load's end at the latest.
WRITER_GRACE = 240
# Every client here comes from 127.0.0.1 and stands for a different reader: the search limits per
# address and per node (rulesref/search/throttle.py, measured by benchmarks.hostile) would refuse them.
UNLIMITED_SEARCHES = {"RULESREF_SEARCH_PER_CLIENT": "0", "RULESREF_SEARCH_CONCURRENCY": "0"}
MARKER = "Zorblaxian"
REPLACED = "trample"

SEARCHES = {
    "en": ["toughness", "deathtouch", "combat damage", "replacement effect", "tok*", '"triggered ability"'],
    "it": ["costituzione", "forza", "danno da combattimento", "lang:it creatura"],
    "ja": ["タフネス", "破壊", "戦闘ダメージ"],
    "ru": ["отражение ударов", "Рывок", "game:berserk защитник"],
    "zh-hans": ["防御力", "战斗伤害"],
    "number": ["208.2a", "CR 702.19b", "２０８．２ａ", "правило 108.4"],
}


@dataclass
class Target:
    kind: str
    path: str
    weight: float
    # Statuses that count as a correct answer (302: the "latest" alias, a rule-number search).
    ok: tuple[int, ...] = (200,)


def url_mix(*, with_big_pages: bool = True) -> list[Target]:
    """The site's pages weighted as readers use them: rule pages and searches first, then tables of
    contents, sections, glossaries, the translator workbench and scenario runs."""
    from rulesref.rules.models import Edition

    targets = [Target("home", "/", 3)]
    editions = list(Edition.objects.select_related("game").order_by("game__slug", "language", "slug"))
    for edition in editions:
        base = edition.get_absolute_url()
        targets.append(Target("contents", base, 1))
        numbers = list(
            edition.entries.exclude(number="")
            .exclude(kind="chapter")
            .order_by("order")
            .values_list("number", flat=True)
        )
        # A rule of every edition (208.2a where it exists), its section, and the glossary.
        for number in ["208.2a", "208.3a", "108.5", *numbers[:1]]:
            if number in numbers:
                targets.append(Target("rule", f"{base}{number}/", 3))
        section = "208" if "208" in numbers else next((n for n in numbers if "." not in n), None)
        if section and (with_big_pages or len(numbers) < 2000):
            targets.append(Target("section", f"{base}{section}/", 1))
        if edition.glossary.exists():
            targets.append(Target("glossary", f"{base}glossary/", 0.5))
    for game, language in sorted({(e.game.slug, e.language) for e in editions}):
        targets.append(Target("latest", f"/rules/{game}/{language}/latest/", 0.5, ok=(302,)))
    for language, queries in SEARCHES.items():
        for query in queries:
            if language == "number":
                # A rule number found once goes straight to the rule page (302), else the results.
                targets.append(Target("number", f"/search/?q={quote(query)}", 2, ok=(200, 302)))
            else:
                targets.append(Target("search", f"/search/?q={quote(query)}", 2))
    targets.append(Target("search", f"/search/?q={quote('costituzione')}&lang=it&lang=ja&lang=en", 2))
    # The translator workbench: side by side, an edition diff, freshness, a TMX export.
    keys = {(e.game.slug, e.language, e.slug) for e in editions}
    if ("mtg", "it", "2024-10-02") in keys:
        targets.append(Target("compare", "/compare/?game=mtg&c=en&c=it:2024-10-02&c=ja&scope=208", 1))
        targets.append(Target("freshness", "/compare/freshness/?game=mtg&edition=it:2024-10-02", 0.3))
        targets.append(Target("export", "/compare/export.tmx?game=mtg&c=en&c=it:2024-10-02&scope=208", 0.2))
    if ("mtg", "it", "2023-06-16") in keys:
        targets.append(Target("diff", "/compare/diff/?game=mtg&from=it:2023-06-16&to=it:2024-10-02", 0.5))
    # Scenario runs, with their default and with changed parameters.
    targets.append(Target("scenario", "/examples/veteran-motorist/", 1))
    targets.append(Target("scenario", "/examples/lost-order-of-jarkeld/?opponent_creatures=7", 1))
    targets.append(Target("not-found", "/rules/mtg/xx/latest/", 0.3, ok=(404,)))
    return targets


def read_urls(path: Path) -> list[Target]:
    targets = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            weight, kind, url = line.split(None, 2)
            targets.append(Target(kind, url.strip(), float(weight)))
    return targets


@dataclass
class Sample:
    kind: str
    path: str
    started: float
    seconds: float
    status: int | None
    error: str = ""


@dataclass
class Run:
    samples: list[Sample] = field(default_factory=list)
    events: list[tuple[float, str]] = field(default_factory=list)
    started: float = 0.0

    def note(self, message: str) -> None:
        at = time.monotonic() - self.started
        self.events.append((at, message))
        print(f"  [{at:6.1f} s] {message}", flush=True)


# ---------------------------------------------------------------------------
# The server


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(data_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "rulesref.settings",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": os.environ["DJANGO_SECRET_KEY"],
            "RULESREF_DATA_DIR": str(data_dir),
            "RULESREF_BEHIND_PROXY": "1",
            "ALLOWED_HOSTS": "127.0.0.1",
            "RULESREF_ACCESS_LOG": "",
        }
    )
    return env


class Gunicorn:
    """gunicorn with the repository's configuration, on a free loopback port; stopped by its own pid."""

    def __init__(self, data_dir: Path, workers: int, extra_env: dict[str, str] | None = None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = server_env(data_dir) | {"RULESREF_BIND": f"127.0.0.1:{self.port}", "RULESREF_WORKERS": str(workers)}
        env |= extra_env or {}
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [str(Path(sys.executable).with_name("gunicorn")), "-c", "gunicorn.conf.py"],
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.workers = workers

    def wait_ready(self, timeout: float = 60) -> None:
        import httpx

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"gunicorn exited: {self.output()[-2000:]}")
            try:
                if httpx.get(self.url + "/", headers={"X-Forwarded-Proto": "https"}, timeout=5).status_code == 200:
                    if len(self.worker_pids()) == self.workers:
                        return
            except httpx.HTTPError:
                pass
            time.sleep(0.3)
        raise SystemExit("gunicorn did not answer within a minute")

    def worker_pids(self) -> list[int]:
        try:
            text = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text()
        except OSError:
            return []
        return [int(pid) for pid in text.split()]

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode("utf-8", "replace")

    def errors(self) -> list[str]:
        """The errors the application logged (Django logs a 500 with its traceback to stderr)."""
        blocks, current = [], None
        for line in self.output().splitlines():
            if "[ERROR]" in line:
                blocks.append([line])
                current = None
            elif line.startswith(("Internal Server Error", "Traceback")):
                current = [line]
                blocks.append(current)
            elif line.startswith(("[", "Not Found")):
                current = None
            elif current is not None and len(current) < 60:
                current.append(line)
        return ["\n".join(block) for block in blocks]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=40)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


# ---------------------------------------------------------------------------
# Clients


async def client_loop(client, targets, weights, rng, run: Run, done) -> None:
    import httpx

    while not done():
        target = rng.choices(targets, weights)[0]
        started = time.monotonic()
        try:
            response = await client.get(target.path)
            await response.aread()
            status = response.status_code
            error = "" if status in target.ok else f"HTTP {status}"
        except httpx.HTTPError as exc:
            status, error = None, f"{type(exc).__name__}: {exc}"[:200]
        run.samples.append(
            Sample(target.kind, target.path, started - run.started, time.monotonic() - started, status, error)
        )


async def run_clients(base_url: str, targets: list[Target], clients: int, done, run: Run, seed: int) -> None:
    """``clients`` clients, each asking for one page after another until ``done()``."""
    import httpx

    weights = [t.weight for t in targets]
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    headers = {"X-Forwarded-Proto": "https", "Accept-Language": "en"}
    async with httpx.AsyncClient(base_url=base_url, headers=headers, timeout=60, limits=limits) as client:
        await asyncio.gather(
            *(client_loop(client, targets, weights, random.Random(seed + i), run, done) for i in range(clients))
        )


# ---------------------------------------------------------------------------
# Writers and the probe that watches answers switch


def english_source() -> Path:
    return ROOT / "rules_data" / "sources" / "mtg_cr_en_20240917_duskmourn.txt.gz"


def marked_copy(directory: Path) -> Path:
    """The English CR with the keyword "Trample" renamed: every rule row changes on import."""
    text = gzip.decompress(english_source().read_bytes()).decode("utf-8")
    marked = text.replace("Trample", MARKER).replace(REPLACED, MARKER.lower())
    path = directory / "MagicCompRules-marked.txt"
    path.write_text(marked, encoding="utf-8")
    return path


def run_command(args: list[str], env: dict, run: Run, label: str) -> int:
    run.note(f"{label}: start")
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900
    )
    lines = (result.stdout + result.stderr).strip().splitlines()
    summary = "; ".join(line.strip() for line in lines if "index" in line or "Error" in line or "off:" in line)[:300]
    run.note(f"{label}: exit {result.returncode} after {time.monotonic() - started:.1f} s {summary}")
    return result.returncode


def writers(env: dict, work: Path, run: Run, delay: float, gap: float) -> threading.Thread:
    """Two threads: import_rules ×3 (marked, original, marked) and build_index ×2, overlapping."""
    marked = marked_copy(work)
    imports = [marked, english_source(), marked]

    def importer():
        time.sleep(delay)
        for number, source in enumerate(imports, 1):
            args = ["import_rules", str(source), "--game", "mtg", "--lang", "en", "--edition", "2024-09-20"]
            run_command(args, env, run, f"import_rules #{number} ({'marked' if source == marked else 'original'})")
            time.sleep(gap)

    def builder():
        time.sleep(delay + gap / 2)
        for number in (1, 2):
            # A build refused because another one runs is tried again, as an operator would.
            for _attempt in range(30):
                if run_command(["build_index"], env, run, f"build_index #{number}") == 0:
                    break
                time.sleep(2)
            time.sleep(gap)

    threads = [threading.Thread(target=importer), threading.Thread(target=builder)]
    for thread in threads:
        thread.start()

    def join_all():
        for thread in threads:
            thread.join()
        # After every write: does the live index match the database? (exit 0: yes)
        run_command(["build_index", "--check"], env, run, "build_index --check")

    waiter = threading.Thread(target=join_all)
    waiter.start()
    return waiter


async def probe(base_url: str, run: Run, stop: threading.Event) -> None:
    """Every half second: does search, and does the edition page, show the marker word?"""
    import httpx

    state = {"search": None, "page": None}
    headers = {"X-Forwarded-Proto": "https"}
    async with httpx.AsyncClient(base_url=base_url, headers=headers, timeout=60) as client:
        while not stop.is_set():
            try:
                found = await client.get(f"/search/?q={MARKER}&lang=en")
                in_search = "no results" not in found.text.lower() and f"<mark>{MARKER}" in found.text
                page = await client.get("/rules/mtg/en/2024-09-20/")
                in_page = MARKER in page.text
                for key, value in (("search", in_search), ("page", in_page)):
                    if state[key] is not None and state[key] != value:
                        run.note(f"probe: the {key} answer now {'shows' if value else 'no longer shows'} {MARKER}")
                    state[key] = value
            except httpx.HTTPError as exc:
                run.note(f"probe: {type(exc).__name__}")
            await asyncio.sleep(0.5)


# ---------------------------------------------------------------------------
# Figures


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))]


def report(run: Run, seconds: float, out=print) -> dict:
    samples = run.samples
    failures = [s for s in samples if s.error]
    latencies = [s.seconds * 1000 for s in samples]
    figures = {
        "requests": len(samples),
        "failed": len(failures),
        "seconds": round(seconds, 1),
        "throughput": round(len(samples) / seconds, 1) if seconds else 0,
    }
    if latencies:
        figures |= {f"p{p}": round(percentile(latencies, p), 1) for p in (50, 95, 99)}
        figures["max"] = round(max(latencies), 1)
    out(
        f"{figures['requests']} requests in {figures['seconds']} s ({figures['throughput']} req/s), "
        f"{figures['failed']} failed; latency ms p50 {figures.get('p50')} p95 {figures.get('p95')} "
        f"p99 {figures.get('p99')} max {figures.get('max')}"
    )
    by_kind = defaultdict(list)
    for s in samples:
        by_kind[s.kind].append(s)
    out(f"  {'kind':<10} {'requests':>8} {'failed':>6} {'p50':>8} {'p95':>8} {'p99':>8} {'max':>8}")
    for kind, group in sorted(by_kind.items()):
        ms = [s.seconds * 1000 for s in group]
        failed = sum(1 for s in group if s.error)
        out(
            f"  {kind:<10} {len(group):>8} {failed:>6} {percentile(ms, 50):>8.1f} {percentile(ms, 95):>8.1f} "
            f"{percentile(ms, 99):>8.1f} {max(ms):>8.1f}"
        )
    if failures:
        out("failures:")
        for error, count in Counter(f"{s.error} ({s.kind})" for s in failures).most_common(10):
            out(f"  {count} × {error}")
        for s in failures[:10]:
            out(f"  at {s.started:.1f} s: {s.path} → {s.error}")
    return figures


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=20, help=f"concurrent clients (at most {MAX_CLIENTS})")
    parser.add_argument("--seconds", type=float, default=60, help=f"how long the load runs (at most {MAX_SECONDS})")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("RULESREF_WORKERS", "5")))
    parser.add_argument("--writes", action="store_true", help="import_rules ×3 and build_index ×2 during the load")
    parser.add_argument("--writes-gap", type=float, default=8, help="seconds between one writer's runs")
    parser.add_argument("--kill-worker-at", type=float, help="SIGKILL one gunicorn worker at this second")
    parser.add_argument("--with-corpora", action="store_true", help="also import the official files of the corpora")
    parser.add_argument("--no-big-pages", action="store_true", help="leave whole-rulebook pages out of the mix")
    parser.add_argument("--urls", type=Path, help="extra URLs: lines 'WEIGHT KIND PATH'")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    if not 1 <= args.clients <= MAX_CLIENTS or not 1 <= args.seconds <= MAX_SECONDS:
        parser.error(f"--clients 1..{MAX_CLIENTS}, --seconds 1..{MAX_SECONDS}")

    os.environ.setdefault("DJANGO_SECRET_KEY", secrets.token_urlsafe(50))
    temporary = temporary_data_dir("rulesref-load-")
    data_dir = setup_django()
    prepare(with_corpora=args.with_corpora)
    from django.conf import settings
    from django.db import connections

    targets = url_mix(with_big_pages=not args.no_big_pages)
    if args.urls:
        targets += read_urls(args.urls)
    connections.close_all()
    database = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    print(
        f"{args.clients} clients, {args.seconds:.0f} s, {args.workers} gunicorn workers, {database}, "
        f"{len(targets)} URLs, writes {'on' if args.writes else 'off'}"
    )
    server = Gunicorn(data_dir, args.workers, UNLIMITED_SEARCHES)
    run = Run()
    try:
        server.wait_ready()
        run.started = time.monotonic()
        stop = threading.Event()
        waiter = None
        work = Path(tempfile.mkdtemp(prefix="rulesref-writes-"))
        if args.writes:
            waiter = writers(server_env(data_dir), work, run, delay=3, gap=args.writes_gap)
        if args.kill_worker_at is not None:
            threading.Thread(target=kill_one_worker, args=(server, args.kill_worker_at, run)).start()

        def done() -> bool:
            elapsed = time.monotonic() - run.started
            if elapsed < args.seconds:
                return False
            # The load goes on while writers still run (bounded), so that every write happens under load.
            return waiter is None or not waiter.is_alive() or elapsed > args.seconds + WRITER_GRACE

        async def everything():
            probe_task = asyncio.create_task(probe(server.url, run, stop)) if args.writes else None
            await run_clients(server.url, targets, args.clients, done, run, args.seed)
            stop.set()
            if probe_task:
                await probe_task

        asyncio.run(everything())
        elapsed = time.monotonic() - run.started
        if waiter is not None:
            waiter.join(timeout=5)
        workers_after = len(server.worker_pids())
    finally:
        server.stop()
        for block in server.errors()[:5]:
            print("gunicorn logged:\n" + block)
        if temporary is not None:
            temporary.cleanup()
    figures = report(run, elapsed)
    figures["workers_after"] = workers_after
    print(f"gunicorn workers at the end: {workers_after} of {args.workers}")
    return figures


def kill_one_worker(server: Gunicorn, at: float, run: Run) -> None:
    time.sleep(max(0.0, at - (time.monotonic() - run.started)))
    pids = server.worker_pids()
    if not pids:
        run.note("no worker to kill")
        return
    victim = pids[0]
    os.kill(victim, signal.SIGKILL)
    run.note(f"killed worker {victim} with SIGKILL ({len(pids)} workers)")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        now = server.worker_pids()
        if victim not in now and len(now) == len(pids):
            run.note(f"the master started a replacement: workers {now}")
            return
        time.sleep(0.2)
    run.note("no replacement within 30 s")


def prepare(*, with_corpora: bool) -> None:
    """Import what quickstart imports (plus the corpora when asked) and build the index if needed."""
    from django.core.management import call_command

    from benchmarks._setup import build_index
    from rulesref.rules.models import Edition
    from rulesref.search.store import index_state
    from rulesref.site.setup import import_bundled_sources, import_corpora, sync_glossary

    call_command("migrate", interactive=False, verbosity=0)
    if not Edition.objects.exists():
        for line in sync_glossary():
            print(line)
        for line in import_bundled_sources():
            print(line)
        if with_corpora:
            for line in import_corpora(corpora_dir()).lines:
                print(line)
    if index_state() != "current":
        report = build_index()
        print(f"search index: {sum(report.documents.values())} documents in {report.seconds} s")


if __name__ == "__main__":
    main()
