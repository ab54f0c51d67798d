"""Malaysian mobile numbers as libphonenumber (PyPI `phonenumbers`) decides them: the reference for the Accounts rule.

`python mobile_cases.py > mobile-cases.tsv` writes the table the Swift tests read: one
number per line as a person might type it, whether it is a valid Malaysian mobile, its E.164 form and its national
form (both empty when invalid). The numbers are generated from a fixed seed, so the table is the same every run;
`test_mobile_reference.py` checks that the committed table is still what the library says.
"""

import random
import sys

import phonenumbers
from phonenumbers import PhoneNumberType

SEED = 60
COUNT = 4000


def verdict(text):
    """(valid, e164, national) for `text` typed into the sign-up form."""
    try:
        number = phonenumbers.parse(text, "MY")
    except phonenumbers.NumberParseException:
        return False, "", ""
    mobile = phonenumbers.number_type(number) in (PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE_OR_MOBILE)
    if not (phonenumbers.is_valid_number_for_region(number, "MY") and mobile):
        return False, "", ""
    e164 = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
    national = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
    return True, e164, national


def written(rng, nsn):
    """`nsn` written one of the ways the form accepts: trunk 0, +60 or 0060 (or 60, or nothing, or the country code
    and the trunk 0 both, which the library also accepts), with spaces or dashes or neither."""
    prefix = rng.choice(["0", "0", "+60", "0060", "+60 ", "0060 ", "+60-", "+60 0", "0060 0", "60", ""])
    digits = nsn
    style = rng.randrange(4)
    if style == 1:  # 012-345 6789
        digits = nsn[:2] + "-" + nsn[2:5] + " " + nsn[5:]
    elif style == 2:  # 12 345 6789
        digits = nsn[:2] + " " + nsn[2:5] + " " + nsn[5:]
    elif style == 3:  # dashes between groups of 3-4
        digits = nsn[:2] + "-" + nsn[2:6] + "-" + nsn[6:]
    return (prefix + digits).replace("--", "-")


def candidates(rng):
    """Numbers near the rule's edges: every 1x and 1xx prefix, 8 to 11 digits long, and some landlines."""
    while True:
        head = "1" + str(rng.randrange(10)) + str(rng.randrange(10))
        if rng.random() < 0.1:
            head = str(rng.randrange(3, 10)) + str(rng.randrange(10))
        length = rng.choice([8, 9, 9, 9, 10, 10, 10, 11])
        nsn = head + "".join(str(rng.randrange(10)) for _ in range(max(0, length - len(head))))
        yield nsn[:length]


def main():
    rng = random.Random(SEED)
    out = sys.stdout
    seen = set()
    for nsn in candidates(rng):
        if len(seen) >= COUNT:
            break
        text = written(rng, nsn)
        if text in seen:
            continue
        seen.add(text)
        valid, e164, national = verdict(text)
        out.write(f"{text}\t{'valid' if valid else 'invalid'}\t{e164}\t{national}\n")


if __name__ == "__main__":
    main()
