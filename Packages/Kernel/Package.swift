// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Kernel",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "BusBenchmark", targets: ["BusBenchmark"]),
        .library(name: "CMallocCounter", targets: ["CMallocCounter"]),
        .library(name: "Kernel", targets: ["Kernel"]),
        .library(name: "KernelBus", targets: ["KernelBus"]),
        .library(name: "KernelEvents", targets: ["KernelEvents"]),
        .library(name: "KernelHTML", targets: ["KernelHTML"]),
        .library(name: "KernelHTTPClient", targets: ["KernelHTTPClient"]),
        .library(name: "KernelStorage", targets: ["KernelStorage"]),
        .library(name: "KernelText", targets: ["KernelText"]),
        .library(name: "KernelLoopback", targets: ["KernelLoopback"]),
        .library(name: "KernelPush", targets: ["KernelPush"]),
        .library(name: "KernelTestSupport", targets: ["KernelTestSupport"]),
        .library(name: "KernelWeb", targets: ["KernelWeb"]),
        .library(name: "KernelAPI", targets: ["KernelAPI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.29.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // `swift package generate-documentation` (Scripts/docs); nothing of it is linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        .executableTarget(
            name: "BusBenchmark",
            dependencies: ["KernelBus", "KernelEvents", "CMallocCounter"]
        ),
        .target(name: "CMallocCounter"),
        .target(
            name: "KernelAPI",
            dependencies: [
                "KernelText",
                "Kernel",
                "KernelStorage",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ]
        ),
        .target(
            name: "Kernel",
            dependencies: [
                "KernelText",
                "KernelEvents",
                "KernelStorage",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "KernelTests",
            dependencies: [
                "KernelText",
                "Kernel",
                "KernelEvents",
                "KernelStorage",
                "KernelTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "KernelBus"),
        .target(name: "KernelEvents"),
        .testTarget(name: "KernelEventsTests", dependencies: ["KernelEvents"]),
        .target(name: "KernelHTML"),
        .testTarget(name: "KernelHTMLTests", dependencies: ["KernelHTML"]),
        // The text rules every feature shares: a field's checks, the briefs' dates, moments in a sentence.
        .target(name: "KernelText"),
        // What every fetch shares: one more try when a kept-alive connection let a request down.
        .target(
            name: "KernelHTTPClient",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(name: "KernelBusTests", dependencies: ["KernelBus"]),
        .target(
            name: "KernelStorage",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "KernelStorageTests",
            dependencies: ["KernelStorage", "KernelTestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "KernelTestSupport",
            dependencies: [
                "Kernel",
                "KernelEvents",
                "KernelStorage",
                "KernelWeb",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // A real HTTP server on loopback for tests and benchmarks that fetch (no test framework in it).
        .target(
            name: "KernelLoopback",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "KernelPush",
            dependencies: [
                "Kernel",
                "KernelHTTPClient",
                "KernelStorage",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "KernelPushTests",
            dependencies: [
                "Kernel",
                "KernelEvents",
                "KernelHTTPClient",
                "KernelLoopback",
                "KernelPush",
                "KernelStorage",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .target(
            name: "KernelWeb",
            dependencies: [
                "KernelText",
                "Kernel",
                "KernelAPI",
                "KernelEvents",
                "KernelHTML",
                "KernelHTTPClient",
                "KernelPush",
                "KernelStorage",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // Its part of the JSON API's document and what to generate of it (Scripts/generate-api).
            exclude: ["API/openapi.yaml", "API/openapi-generator-config.yaml"],
            resources: [.copy("Resources/Public"), .copy("Resources/Worker")]
        ),
        .testTarget(
            name: "KernelWebTests",
            dependencies: [
                "Kernel",
                "KernelEvents",
                "KernelHTML",
                "KernelStorage",
                "KernelTestSupport",
                "KernelWeb",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)
