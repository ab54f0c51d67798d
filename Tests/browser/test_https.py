"""The host over HTTPS (`--tls-certificate`, `--tls-key`), as a phone on the home network reaches it: a browser that
trusts the certificate gets a secure context, so the service worker takes the page and the app is installable, and a
subscription sent over HTTPS gets its pushes."""

import base64
import datetime
import hashlib
import ipaddress
import json
import os
import shutil
import ssl
import tempfile
import urllib.request

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import Select

from atelier_browser import Host, tap, wait
from push_service import Browser, PushService


def certificate(directory):
    """A self-signed certificate for 127.0.0.1, its files, and its public key's SHA-256 (what Chromium is told to
    trust)."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "atelier test")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
            .sign(key, hashes.SHA256()))
    cert_file, key_file = os.path.join(directory, "cert.pem"), os.path.join(directory, "key.pem")
    with open(cert_file, "wb") as f:
        f.write(cert.public_bytes(serialization.Encoding.PEM))
    with open(key_file, "wb") as f:
        f.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    spki = cert.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return cert_file, key_file, base64.b64encode(hashlib.sha256(spki).digest()).decode()


def test_over_https_the_app_is_a_secure_context_installable_and_pushed_to():
    directory = tempfile.mkdtemp(prefix="atelier-tls-")
    pushes = PushService()
    cert_file, key_file, pin = certificate(directory)
    host = Host(os.path.join(directory, "data"), options=[
        "--tls-certificate", cert_file, "--tls-key", key_file, "--push-allow-private-endpoints", "--countdown-scheduler", "none"])
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--ignore-certificate-errors-spki-list=" + pin):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")), options=options)
    try:
        assert host.url.startswith("https://127.0.0.1:")
        driver.get(host.url + "/inbox")
        assert driver.execute_script("return window.isSecureContext") is True
        driver.execute_async_script("var done = arguments[0]; navigator.serviceWorker.ready.then(function () { done(); });")
        driver.get(host.url + "/inbox")
        wait(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
        assert driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"] == []

        # The subscription, as the page's script sends it, over HTTPS with the certificate trusted.
        context = ssl.create_default_context(cafile=cert_file)
        opener = urllib.request.build_opener(urllib.request.HTTPSHandler(context=context),
                                             urllib.request.HTTPCookieProcessor())
        page = opener.open(host.url + "/inbox", timeout=10).read().decode()
        token = page.split('name="csrf-token" content="', 1)[1].split('"', 1)[0]
        phone = Browser()
        request = urllib.request.Request(host.url + "/push/subscriptions", method="POST",
                                         data=json.dumps(phone.subscription(pushes.endpoint("/phone"))).encode(),
                                         headers={"Content-Type": "application/json", "X-CSRF-Token": token})
        assert opener.open(request, timeout=10).status == 201
        key = opener.open(host.url + "/push/key", timeout=10).read().decode()
        host.cli("notify", "Over HTTPS", "It arrived.")
        received = pushes.wait_for("/phone")
        assert len(received) == 1
        _, payload = pushes.opened(received[0], phone, key)
        assert payload["title"] == "Over HTTPS" and payload["body"] == "It arrived."
    finally:
        driver.quit()
        host.stop()
        pushes.stop()
        shutil.rmtree(directory, ignore_errors=True)


def test_over_https_every_cookie_the_browser_keeps_is_secure():
    """A cookie without `Secure` set over HTTPS would be sent back over plain HTTP (to a page on the same name, or an
    attacker's redirect): every cookie a person's browser collects across the apps — the CSRF token, a flash, the
    Accounts session, the Assignments view state, the Tasks launch mark — is `Secure` when the host serves HTTPS."""
    directory = tempfile.mkdtemp(prefix="atelier-tls-")
    cert_file, key_file, pin = certificate(directory)
    host = Host(os.path.join(directory, "data"), options=[
        "--tls-certificate", cert_file, "--tls-key", key_file, "--countdown-scheduler", "none"])
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--ignore-certificate-errors-spki-list=" + pin):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")), options=options)
    try:
        for path in ("/", "/tasks", "/assignments", "/accounts/signup"):
            driver.get(host.url + path)
        for name, value in (("email", "ana@example.com"), ("password", "Secret!word1"), ("firstName", "Ana"),
                            ("lastName", "Lim"), ("mobile", "012-345 6789")):
            driver.find_element("id", name).send_keys(value)
        Select(driver.find_element("id", "gender")).select_by_index(1)
        tap(driver, driver.find_element("id", "signup-button"))
        wait(driver, lambda d: "/accounts/home" in d.current_url)
        cookies = driver.execute_cdp_cmd("Network.getAllCookies", {})["cookies"]
        names = {cookie["name"] for cookie in cookies}
        assert {"atelier_csrf", "atelier_account"} <= names, names
        assert len(names) >= 4, names
        insecure = [cookie["name"] for cookie in cookies if not cookie["secure"]]
        assert insecure == [], f"cookies set over HTTPS without Secure: {insecure}"
    finally:
        driver.quit()
        host.stop()
        shutil.rmtree(directory, ignore_errors=True)


def test_a_certificate_without_its_key_is_refused_with_a_clear_message():
    directory = tempfile.mkdtemp(prefix="atelier-tls-")
    try:
        cert_file, _, _ = certificate(directory)
        with pytest.raises(RuntimeError, match="Give both --tls-certificate and --tls-key, or neither."):
            Host(os.path.join(directory, "data"), options=["--tls-certificate", cert_file])
        with pytest.raises(RuntimeError, match="cannot be read as a PEM private key"):
            Host(os.path.join(directory, "data"), options=["--tls-certificate", cert_file, "--tls-key", cert_file])
    finally:
        shutil.rmtree(directory, ignore_errors=True)
