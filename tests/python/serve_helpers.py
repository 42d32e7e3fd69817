"""Helpers for the tests of `hopzero serve`: start the server on a free port, call its JSON API,
and drive headless Chromium through the DevTools protocol with the standard library only (a
minimal WebSocket client: Python's `websockets` package is not needed)."""

import base64
import http.client
import json
import os
import select
import socket
import struct
import subprocess
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOPZERO = os.path.join(ROOT, "build", "hopzero")


class Server:
    """`hopzero serve --port 0 ARGS...` as a child process; stop() ends it."""

    def __init__(self, *args):
        self.proc = subprocess.Popen([HOPZERO, "serve", "--port", "0", *args],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        line = self._read_line(timeout=60)
        prefix = "hopzero serve: listening on http://"
        if not line.startswith(prefix):
            self.stop()
            raise RuntimeError(f"hopzero serve did not start: {line!r}")
        self.host, port = line[len(prefix):].strip().rstrip("/").rsplit(":", 1)
        self.port = int(port)
        self.base = f"http://{self.host}:{self.port}"

    def _read_line(self, timeout):
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        return self.proc.stdout.readline() if ready else ""

    def alive(self):
        return self.proc.poll() is None

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)

    def request(self, method, path, body=None, raw=None, headers=None, timeout=60):
        """(status, decoded JSON answer). `body` is sent as JSON, `raw` as given bytes."""
        conn = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        hdrs = {"Content-Type": "application/json"}
        hdrs.update(headers or {})
        if data is None and method == "POST":
            data = b"{}"
        conn.request(method, path, body=data, headers=hdrs)
        res = conn.getresponse()
        text = res.read().decode()
        conn.close()
        return res.status, json.loads(text)

    def get(self, path):
        return self.request("GET", path)

    def post(self, path, body=None, **kw):
        return self.request("POST", path, body=body, **kw)


# --- A minimal WebSocket client (RFC 6455: text frames, client masking) for DevTools. ---

class WebSocket:
    def __init__(self, url, timeout=60):
        assert url.startswith("ws://")
        hostport, path = url[5:].split("/", 1)
        host, port = hostport.rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("websocket handshake: connection closed")
            head += chunk
        status = head.split(b"\r\n", 1)[0]
        if b" 101 " not in status:
            raise ConnectionError(f"websocket handshake refused: {status!r}")
        self.buffer = head.split(b"\r\n\r\n", 1)[1]

    def send(self, text):
        payload = text.encode()
        header = bytearray([0x81])  # FIN, text
        n = len(payload)
        if n < 126:
            header.append(0x80 | n)
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        header += mask
        self.sock.sendall(bytes(header) + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _exact(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise ConnectionError("websocket closed")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def recv(self):
        """One whole text message (continuation frames joined)."""
        message = b""
        while True:
            b0, b1 = self._exact(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._exact(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._exact(8))[0]
            payload = self._exact(n)
            opcode = b0 & 0x0F
            if opcode == 0x8:
                raise ConnectionError("websocket closed by the browser")
            if opcode in (0x0, 0x1, 0x2):
                message += payload
                if b0 & 0x80:
                    return message.decode()

    def close(self):
        self.sock.close()


class Chromium:
    """Headless Chromium with a DevTools connection to one page. Console errors and uncaught
    exceptions of the page are collected in `errors`."""

    FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run",
             "--hide-scrollbars", "--remote-debugging-port=0", "--window-size=1300,850"]

    def __init__(self, binary, user_data_dir):
        self.proc = subprocess.Popen([binary, *self.FLAGS, f"--user-data-dir={user_data_dir}",
                                      "about:blank"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        browser_ws = None
        deadline = time.time() + 60
        while time.time() < deadline and browser_ws is None:
            ready, _, _ = select.select([self.proc.stderr], [], [], 1)
            if ready:
                line = self.proc.stderr.readline()
                if "DevTools listening on" in line:
                    browser_ws = line.split("DevTools listening on", 1)[1].strip()
        if browser_ws is None:
            self.close()
            raise RuntimeError("chromium did not open a DevTools port")
        port = browser_ws.split(":")[2].split("/")[0]
        pages = []
        while not pages and time.time() < deadline:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list") as f:
                pages = [t for t in json.load(f) if t["type"] == "page"]
            time.sleep(0.1)
        self.ws = WebSocket(pages[0]["webSocketDebuggerUrl"])
        self.next_id = 0
        self.errors = []
        for domain in ("Runtime", "Log", "Page"):
            self.call(f"{domain}.enable")

    def _note(self, event):
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            self.errors.append(params["exceptionDetails"].get("text", "exception") + " " +
                               json.dumps(params["exceptionDetails"].get("exception", {}))[:300])
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            self.errors.append("console." + params["type"] + ": " +
                               " ".join(str(a.get("value", a.get("description")))
                                        for a in params.get("args", [])))
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            self.errors.append("log: " + params["entry"]["text"])

    def call(self, method, **params):
        self.next_id += 1
        my_id = self.next_id
        self.ws.send(json.dumps({"id": my_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == my_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self._note(message)

    def evaluate(self, expression):
        """The value of a JavaScript expression in the page (awaited if a promise)."""
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.evaluate(expression):
                return True
            time.sleep(0.1)
        raise TimeoutError(f"timed out waiting for: {expression}")

    def navigate(self, url):
        self.call("Page.navigate", url=url)

    def click_at(self, x, y):
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left",
                      clickCount=1)

    def click_point(self, point):
        """A real mouse click at the centre of board point `point`."""
        rect = self.evaluate(
            f"(() => {{ const r = document.querySelector('.hit[data-point=\"{point}\"]')"
            ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        self.click_at(*rect)

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        if getattr(self, "ws", None):
            self.ws.close()
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
