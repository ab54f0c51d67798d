// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Accounts",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Accounts", targets: ["Accounts"]),
        .library(name: "AccountsWeb", targets: ["AccountsWeb"]),
        .executable(name: "AccountsBenchmark", targets: ["AccountsBenchmark"]),
    ],
    dependencies: [
        .package(path: "../Kernel"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        // `swift package generate-documentation` (Scripts/docs); nothing of it is linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "Accounts",
            dependencies: [
                .product(name: "KernelText", package: "Kernel"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelEvents", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
            ]
        ),
        .executableTarget(
            name: "AccountsBenchmark",
            dependencies: [
                "Accounts",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
            ]
        ),
        .testTarget(
            name: "AccountsTests",
            dependencies: [
                "Accounts",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelEvents", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
            ]
        ),
        .target(
            name: "AccountsWeb",
            dependencies: [
                "Accounts",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelAPI", package: "Kernel"),
                .product(name: "KernelHTML", package: "Kernel"),
                .product(name: "KernelHTTPClient", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
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
            name: "AccountsWebTests",
            dependencies: [
                "Accounts",
                "AccountsWeb",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelLoopback", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
                .product(name: "KernelTestSupport", package: "Kernel"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
    ]
)
