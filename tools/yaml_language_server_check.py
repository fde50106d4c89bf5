"""Check YAML files with the real yaml-language-server (the engine of VS Code's YAML extension).

    npm install --prefix /tmp/yls yaml-language-server@1
    python tools/yaml_language_server_check.py schemas/doria.schema.json $(find content examples -name '*.yaml')

Starts the server over stdio, maps the schema to every file, opens each file and prints every
diagnostic the server publishes; exits 1 when there is any. The test suite checks the same schema
with the jsonschema library (tests/test_schemas.py); this script is for a maintainer with Node.js.
Set YLS to the server's folder when it is not /tmp/yls/node_modules/yaml-language-server.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

SERVER = Path(os.environ.get("YLS", "/tmp/yls/node_modules/yaml-language-server")) / "bin" / "yaml-language-server"


class Client:
    """A minimal Language Server Protocol client over the server's stdin and stdout."""

    def __init__(self, settings: dict) -> None:
        self.settings = settings
        self.proc = subprocess.Popen(["node", str(SERVER), "--stdio"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages: queue.Queue[dict] = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = out.read(1)
                if not byte:
                    return
                header += byte
            fields = dict(line.split(":", 1) for line in header.decode().strip().split("\r\n"))
            length = int({k.lower(): v for k, v in fields.items()}["content-length"])
            self.messages.put(json.loads(out.read(length)))

    def _write(self, body: dict) -> None:
        data = json.dumps({"jsonrpc": "2.0", **body}).encode()
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
        self.proc.stdin.flush()

    def notify(self, method: str, params: dict) -> None:
        self._write({"method": method, "params": params})

    def request(self, method: str, params: dict) -> None:
        self.next_id += 1
        self._write({"id": self.next_id, "method": method, "params": params})

    def pump(self, seconds: float) -> dict[str, list[dict]]:
        """Answer the server's requests for ``seconds``; returns the diagnostics published, by file URI."""
        end = time.time() + seconds
        diagnostics: dict[str, list[dict]] = {}
        while time.time() < end:
            try:
                message = self.messages.get(timeout=0.2)
            except queue.Empty:
                continue
            if message.get("method") == "workspace/configuration":
                items = message["params"]["items"]
                self._write({"id": message["id"], "result": [self.settings.get(i.get("section", "")) for i in items]})
            elif "id" in message and "method" in message:
                self._write({"id": message["id"], "result": None})
            elif message.get("method") == "textDocument/publishDiagnostics":
                diagnostics[message["params"]["uri"]] = message["params"]["diagnostics"]
        return diagnostics


def main(schema: str, paths: list[str]) -> int:
    files = [Path(p).resolve() for p in paths]
    settings = {"yaml": {"schemas": {Path(schema).resolve().as_uri(): ["*.yaml", "**/*.yaml"]}, "validate": True,
                         "schemaStore": {"enable": False}}}
    client = Client(settings)
    client.request("initialize", {"processId": None, "rootUri": None,
                                  "capabilities": {"workspace": {"configuration": True}}})
    client.pump(2)
    client.notify("initialized", {})
    client.notify("workspace/didChangeConfiguration", {"settings": settings})
    client.pump(1)
    for f in files:
        client.notify("textDocument/didOpen", {"textDocument": {"uri": f.as_uri(), "languageId": "yaml",
                                                                "version": 1, "text": f.read_text()}})
    diagnostics = client.pump(max(5.0, len(files) * 0.3))
    client.proc.kill()
    found = 0
    for f in files:
        published = diagnostics.get(f.as_uri())
        if published is None:
            print(f"{f}: no diagnostics received (did the server start?)")
            found += 1
        for d in published or []:
            found += 1
            print(f"{f}:{d['range']['start']['line'] + 1}: {d.get('message')}")
    print(f"{len(files)} files, {found} diagnostics")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
