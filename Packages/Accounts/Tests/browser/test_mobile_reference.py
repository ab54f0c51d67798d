"""The committed table of Malaysian mobile numbers (`Tests/reference/mobile-cases.tsv`, which the Swift tests read) is
still what libphonenumber's Python port says of every number in it."""

import importlib.util
import pathlib

REFERENCE = pathlib.Path(__file__).resolve().parents[1] / "reference"


def load_cases_module():
    spec = importlib.util.spec_from_file_location("mobile_cases", REFERENCE / "mobile_cases.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_table_is_what_phonenumbers_says():
    import phonenumbers

    assert phonenumbers.__version__ == "9.0.43"
    cases = load_cases_module()
    lines = (REFERENCE / "mobile-cases.tsv").read_text(encoding="utf-8").splitlines()
    assert len(lines) == cases.COUNT
    for line in lines:
        typed, verdict, e164, national = line.split("\t")
        valid, want_e164, want_national = cases.verdict(typed)
        assert (verdict == "valid", e164, national) == (valid, want_e164, want_national), typed
