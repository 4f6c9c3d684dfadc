"""`gamebook serve`'s HTTP side (engine/web/server.py): the token, the hosts, the files."""
from __future__ import annotations

import re
import subprocess
import sys

from starlette.testclient import TestClient

from engine.web import server
from tests.web.helpers import ROOT, web

HOST = "127.0.0.1:8765"


def client(tmp_path):
    served = server.Served(web(root=tmp_path), hosts=frozenset({HOST}))
    return served, TestClient(server.app(served), base_url=f"http://{HOST}")


def token_of(page: str) -> str:
    return re.search(r'name="gamebook-token" content="([^"]+)"', page).group(1)


def test_the_page_carries_the_runs_token_and_the_api_wants_it(tmp_path):
    served, c = client(tmp_path)
    page = c.get("/")
    assert page.status_code == 200 and token_of(page.text) == served.token
    assert "default-src 'none'" in page.headers["content-security-policy"]
    json_type = {"content-type": "application/json"}
    assert c.post("/api/start", headers=json_type).status_code == 403
    assert c.post("/api/start", headers={**json_type, "x-gamebook-token": "guess"}).status_code == 403
    good = {**json_type, "x-gamebook-token": served.token}
    view = c.post("/api/start", headers=good).json()
    assert view["paragraph"] == 1 and view["prompt"]["options"]
    view = c.post("/api/act", headers=good, json={"do": "choose", "n": 2}).json()
    assert view["paragraph"] == 12
    # a form post (what another origin can send without a preflight) is refused
    form = {"content-type": "text/plain", "x-gamebook-token": served.token}
    assert c.post("/api/act", headers=form, content=b'{"do":"choose","n":1}').status_code == 415
    assert c.post("/api/nothing", headers=good).status_code == 404


def test_another_host_name_is_refused(tmp_path):
    served, c = client(tmp_path)
    assert c.get("/", headers={"host": "evil.example:8765"}).status_code == 421
    good = {"content-type": "application/json", "x-gamebook-token": served.token, "host": "evil.example"}
    assert c.post("/api/start", headers=good).status_code == 403


def test_only_the_packages_own_files_are_served(tmp_path):
    _, c = client(tmp_path)
    assert c.get("/static/app.js").status_code == 200
    assert c.get("/static/style.css").headers["content-type"].startswith("text/css")
    for path in ("/static/index.html", "/static/..%2fapi.py", "/static/../server.py", "/etc/passwd",
                 "/static/%2e%2e/%2e%2e/cli.py"):
        assert c.get(path).status_code == 404, path


def test_serve_refuses_a_bad_port_an_invalid_book_and_bad_presets(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("gamebook: 1.1\nid: x\n", encoding="utf-8")
    from tests.web.helpers import CLOCHE
    for book, args, code, said in ((bad, ["--port", "70000"], 2, "--port"), (bad, [], 1, "bad.yaml"),
                                   (CLOCHE, ["--start", "nowhere"], 2, "nowhere"),
                                   (CLOCHE, ["--dice", "6,x"], 2, "--dice")):
        run = subprocess.run([sys.executable, "-m", "engine", "serve", str(book), *args], cwd=ROOT,
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == code and said in run.stderr, run.stderr


def test_every_address_answers_to_this_machines_names_only():
    from engine.commands.serve import machine_names
    import socket
    names = machine_names()
    assert socket.gethostname() in names and "evil.example" not in names


def test_another_address_is_served_when_asked_and_said():
    import http.client
    from tests.web.browser import serving
    from tests.web.helpers import CLOCHE
    with serving(CLOCHE, "--host", "0.0.0.0") as (url, proc):
        port = url.rsplit(":", 1)[1].strip("/")
        for host, status in ((f"127.0.0.1:{port}", 200), (f"evil.example:{port}", 421)):
            connection = http.client.HTTPConnection("127.0.0.1", int(port), timeout=60)
            connection.request("GET", "/", headers={"Host": host})
            assert connection.getresponse().status == status
            connection.close()
        proc.terminate()
        proc.wait(timeout=60)
        assert "le jeu écoute sur 0.0.0.0, d'autres machines peuvent le joindre" in proc.stderr.read()
