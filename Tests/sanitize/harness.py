#!/usr/bin/env python3
"""Writes the package that Scripts/sanitize builds under a sanitizer: the named test targets of the packages under
Packages/, each a symbolic link to its folder, with the same dependencies as in its own manifest.

A sanitized build compiles every module it needs with instrumentation, so it should need little: `swift test
--package-path Packages/GettingStarted` would build the whole package (its web targets and Hummingbird among them)
to run the HTML document wrapper's tests, which need libxml2 and one module. This package holds only the suites to
run; SwiftPM builds what they depend on and nothing else.

Usage: harness.py DIRECTORY PACKAGE/TESTTARGET...
"""

import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))


def manifest(package, scratch):
    directory = os.path.join(ROOT, "Packages", package)
    output = subprocess.run(
        ["swift", "package", "dump-package", "--package-path", directory, "--scratch-path", scratch],
        check=True, capture_output=True, text=True).stdout
    return json.loads(output)


def remote_urls(manifests):
    """{package identity: URL} for every remote package a manifest names."""
    urls = {}
    for dumped in manifests.values():
        for dependency in dumped["dependencies"]:
            for entry in dependency.get("sourceControl", []):
                url = entry["location"]["remote"][0]
                url = url.get("urlString", "") if isinstance(url, dict) else url
                urls[entry["identity"].lower()] = url
    return urls


def main():
    directory, wanted = sys.argv[1], [item.split("/", 1) for item in sys.argv[2:]]
    packages = sorted({os.path.basename(path) for path in os.listdir(os.path.join(ROOT, "Packages"))
                       if os.path.isfile(os.path.join(ROOT, "Packages", path, "Package.swift"))})
    with tempfile.TemporaryDirectory(prefix="harness-") as scratch:
        manifests = {package: manifest(package, scratch) for package in packages}
    urls = remote_urls(manifests)
    local = {package.lower(): package for package in packages}

    os.makedirs(os.path.join(directory, "Tests"), exist_ok=True)
    used, targets = set(), []
    for package, name in wanted:
        dumped = manifests[package]
        target = next((t for t in dumped["targets"] if t["name"] == name and t["type"] == "test"), None)
        if target is None:
            sys.exit(f"harness: Packages/{package} has no test target {name}")
        source = os.path.join(ROOT, "Packages", package, target.get("path") or os.path.join("Tests", name))
        link = os.path.join(directory, "Tests", name)
        if os.path.islink(link):
            os.remove(link)
        os.symlink(source, link)
        products = []
        for entry in target["dependencies"]:
            for kind, value in entry.items():
                if kind in ("byName", "target"):
                    products.append((value[0], package))  # a target of its own package: every library is a product
                elif kind == "product":
                    products.append((value[0], value[1] or package))
        for _, owner in products:
            used.add(owner.lower())
        dependencies = ", ".join(f'.product(name: "{product}", package: "{owner}")' for product, owner in products)
        targets.append(f'        .testTarget(name: "{name}", dependencies: [{dependencies}]),')

    declared = []
    for identity in sorted(used):
        if identity in local:
            declared.append(f'        .package(path: "{os.path.join(ROOT, "Packages", local[identity])}"),')
        elif identity in urls:
            # Any version: the packages' own requirements decide what resolves.
            declared.append(f'        .package(url: "{urls[identity]}", "0.0.0"..<"1000.0.0"),')
        else:
            sys.exit(f"harness: no package provides {identity}")
    text = "\n".join([
        "// swift-tools-version:6.2",
        "// Written by Tests/sanitize/harness.py for Scripts/sanitize; not committed.",
        "import PackageDescription",
        "",
        "let package = Package(",
        '    name: "SanitizerHarness",',
        "    platforms: [.macOS(.v15)],",
        "    dependencies: [",
        *declared,
        "    ],",
        "    targets: [",
        *targets,
        "    ]",
        ")",
        "",
    ])
    path = os.path.join(directory, "Package.swift")
    if not os.path.exists(path) or open(path).read() != text:
        with open(path, "w") as file:
            file.write(text)


if __name__ == "__main__":
    main()
