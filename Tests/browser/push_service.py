"""A push service on loopback for the push tests: it takes each POST a host sends to a browser's endpoint, answers as
told (201, or 410 for an endpoint under /gone/), and can check and open what it took the way a browser's push service
and the browser would: the VAPID token verified with py-vapid (signature, audience, expiry), the body decrypted with
http-ece using the keys made for the subscription."""

import base64
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Browser:
    """What a browser keeps for one subscription: its P-256 key pair and auth secret."""

    def __init__(self):
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        self.auth = bytes(range(16))

    def subscription(self, endpoint):
        """`PushSubscription.toJSON()` for `endpoint`."""
        public = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": endpoint, "expirationTime": None, "keys": {"p256dh": b64url(public), "auth": b64url(self.auth)}}

    def decrypt(self, body):
        return http_ece.decrypt(body, private_key=self.private_key, auth_secret=self.auth, version="aes128gcm")


class PushService:
    def __init__(self):
        self.received = []
        self.lock = threading.Lock()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                with service.lock:
                    service.received.append({"path": self.path, "headers": dict(self.headers), "body": body})
                self.send_response(410 if self.path.startswith("/gone/") else 201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def endpoint(self, path):
        return self.url + path

    def pushes(self, path):
        with self.lock:
            return [push for push in self.received if push["path"] == path]

    def wait_for(self, path, count=1, timeout=20):
        deadline = time.time() + timeout
        while time.time() < deadline and len(self.pushes(path)) < count:
            time.sleep(0.1)
        return self.pushes(path)

    def opened(self, push, browser, public_key):
        """The push checked as a push service and a browser would, and its payload: the VAPID token's signature,
        audience (this service's origin) and expiry (within 24 hours), the host's public key, then the body."""
        headers = {name.lower(): value for name, value in push["headers"].items()}
        authorization = headers["authorization"]
        assert Vapid02.verify(authorization), authorization
        token = authorization.split("t=", 1)[1].split(",", 1)[0]
        claims = json.loads(unb64url(token.split(".")[1]))
        assert claims["aud"] == self.url, claims
        assert time.time() < claims["exp"] <= time.time() + 24 * 3600, claims
        assert claims["sub"].startswith(("mailto:", "https:")), claims
        assert authorization.endswith("k=" + public_key), authorization
        assert headers["content-encoding"] == "aes128gcm"
        return headers, json.loads(browser.decrypt(push["body"]))

    def stop(self):
        self.server.shutdown()
