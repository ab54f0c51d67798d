// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "NewsReader",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "NewsReader", targets: ["NewsReader"]),
        .library(name: "NewsReaderLive", targets: ["NewsReaderLive"]),
        .library(name: "NewsReaderWeb", targets: ["NewsReaderWeb"]),
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
        // The brief's rule: the core uses Foundation and the Kernel only, no third-party library.
        .target(
            name: "NewsReader",
            dependencies: [
                .product(name: "KernelText", package: "Kernel"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelEvents", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
            ]
        ),
        .testTarget(
            name: "NewsReaderTests",
            dependencies: [
                "NewsReader",
                .product(name: "KernelEvents", package: "Kernel"),
            ]
        ),
        // The core's protocols with the house's libraries behind them, and what runs the feature without a web
        // server: the store in SQLite (GRDB) and its migrations, the feed and analytics over AsyncHTTPClient, the
        // background refresh, the descriptor and the command line. No web framework.
        .target(
            name: "NewsReaderLive",
            dependencies: [
                .product(name: "KernelText", package: "Kernel"),
                "NewsReader",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelEvents", package: "Kernel"),
                .product(name: "KernelHTTPClient", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "NewsReaderWeb",
            dependencies: [
                .product(name: "KernelText", package: "Kernel"),
                "NewsReader",
                "NewsReaderLive",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "KernelHTTPClient", package: "Kernel"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelAPI", package: "Kernel"),
                .product(name: "KernelHTML", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
                .product(name: "KernelWeb", package: "Kernel"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // Its part of the JSON API's document and what to generate of it (Scripts/generate-api).
            exclude: ["API/openapi.yaml", "API/openapi-generator-config.yaml"],
            resources: [.copy("Resources/Public")]
        ),
        .testTarget(
            name: "NewsReaderWebTests",
            dependencies: [
                .product(name: "KernelText", package: "Kernel"),
                "NewsReader",
                "NewsReaderLive",
                "NewsReaderWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelEvents", package: "Kernel"),
                .product(name: "KernelHTTPClient", package: "Kernel"),
                .product(name: "KernelLoopback", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
                .product(name: "KernelTestSupport", package: "Kernel"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
    ]
)
