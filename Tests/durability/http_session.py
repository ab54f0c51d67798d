"""A browser-like HTTP session for the durability tests: cookies kept, redirects not followed (a 303 is the host's
acknowledgement of a write), and the page's CSRF token read from its meta tag."""

import http.cookiejar
import re
import urllib.error
import urllib.parse
import urllib.request


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def session(url, page):
    """An opener with the cookies of a GET of `url + page`, and the CSRF token that page carries."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), _NoRedirect)
    text = opener.open(url + page, timeout=10).read().decode()
    token = re.search(r'name="csrf-token" content="([^"]+)"', text).group(1)
    return opener, token


def post(opener, url, fields):
    """Posts a form; returns the status and the page (303 is the host's acknowledgement)."""
    try:
        answer = opener.open(urllib.request.Request(url, data=urllib.parse.urlencode(fields).encode()), timeout=10)
        return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()
