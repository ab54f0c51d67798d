// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "GettingStarted",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "DownloadBenchmark", targets: ["DownloadBenchmark"]),
        .executable(name: "HTMLBenchmark", targets: ["HTMLBenchmark"]),
        .library(name: "CLibXML2", targets: ["CLibXML2"]),
        .library(name: "Countdown", targets: ["Countdown"]),
        .library(name: "CountdownWeb", targets: ["CountdownWeb"]),
        .library(name: "Downloader", targets: ["Downloader"]),
        .library(name: "DownloaderTestSupport", targets: ["DownloaderTestSupport"]),
        .library(name: "DownloaderWeb", targets: ["DownloaderWeb"]),
        .library(name: "HTMLDocument", targets: ["HTMLDocument"]),
        .library(name: "Signup", targets: ["Signup"]),
        .library(name: "SignupWeb", targets: ["SignupWeb"]),
    ],
    dependencies: [
        .package(path: "../Kernel"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // `swift package generate-documentation` (Scripts/docs); nothing of it is linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(
            name: "Countdown",
            dependencies: [
                .product(name: "KernelText", package: "Kernel"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelEvents", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
            ]
        ),
        .testTarget(
            name: "CountdownTests",
            dependencies: [
                .product(name: "KernelText", package: "Kernel"),
                "Countdown",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelEvents", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
            ]
        ),
        .target(
            name: "CountdownWeb",
            dependencies: [
                "Countdown",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelAPI", package: "Kernel"),
                .product(name: "KernelHTML", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
                .product(name: "KernelWeb", package: "Kernel"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            // Its part of the JSON API's document and what to generate of it (Scripts/generate-api).
            exclude: ["API/openapi.yaml", "API/openapi-generator-config.yaml"],
            resources: [.copy("Resources/Public")]
        ),
        .testTarget(
            name: "CountdownWebTests",
            dependencies: [
                "Countdown",
                "CountdownWeb",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "KernelStorage", package: "Kernel"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelTestSupport", package: "Kernel"),
            ]
        ),
        .executableTarget(
            name: "DownloadBenchmark",
            dependencies: [
                "Downloader",
                "DownloaderTestSupport",
                .product(name: "KernelEvents", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
            ]
        ),
        .target(
            name: "Downloader",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelEvents", package: "Kernel"),
                .product(name: "KernelHTTPClient", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "DownloaderTests",
            dependencies: [
                "Downloader",
                "DownloaderTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelEvents", package: "Kernel"),
                .product(name: "KernelHTTPClient", package: "Kernel"),
                .product(name: "KernelLoopback", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
                .product(name: "KernelTestSupport", package: "Kernel"),
            ]
        ),
        .target(
            name: "DownloaderTestSupport",
            dependencies: [
                .product(name: "KernelLoopback", package: "Kernel"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .target(
            name: "DownloaderWeb",
            dependencies: [
                "Downloader",
                "HTMLDocument",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelAPI", package: "Kernel"),
                .product(name: "KernelHTML", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
                .product(name: "KernelWeb", package: "Kernel"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            // Its part of the JSON API's document and what to generate of it (Scripts/generate-api).
            exclude: ["API/openapi.yaml", "API/openapi-generator-config.yaml"],
            resources: [.copy("Resources/Public")]
        ),
        .testTarget(
            name: "DownloaderWebTests",
            dependencies: [
                "Downloader",
                "DownloaderTestSupport",
                "DownloaderWeb",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
                .product(name: "KernelTestSupport", package: "Kernel"),
            ]
        ),
        .executableTarget(name: "HTMLBenchmark", dependencies: ["HTMLDocument"]),
        .target(name: "HTMLDocument", dependencies: ["CLibXML2"]),
        .testTarget(name: "HTMLDocumentTests", dependencies: ["HTMLDocument"]),
        .target(
            name: "Signup",
            dependencies: [
                .product(name: "KernelText", package: "Kernel"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
            ]
        ),
        .testTarget(name: "SignupTests", dependencies: ["Signup"]),
        .target(
            name: "SignupWeb",
            dependencies: [
                "Signup",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelAPI", package: "Kernel"),
                .product(name: "KernelHTML", package: "Kernel"),
                .product(name: "KernelHTTPClient", package: "Kernel"),
                .product(name: "KernelWeb", package: "Kernel"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            // Its part of the JSON API's document and what to generate of it (Scripts/generate-api).
            exclude: ["API/openapi.yaml", "API/openapi-generator-config.yaml"],
            resources: [.copy("Resources/Public")]
        ),
        .testTarget(
            name: "SignupWebTests",
            dependencies: [
                "Signup",
                "SignupWeb",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelLoopback", package: "Kernel"),
                .product(name: "KernelTestSupport", package: "Kernel"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
    ]
)
