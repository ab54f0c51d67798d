// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "TaskList",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TaskList", targets: ["TaskList"]),
        .library(name: "TaskListWeb", targets: ["TaskListWeb"]),
    ],
    dependencies: [
        .package(path: "../Kernel"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        // `swift package generate-documentation` (Scripts/docs); nothing of it is linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "TaskList",
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
            name: "TaskListTests",
            dependencies: [
                "TaskList",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelEvents", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
                .product(name: "KernelTestSupport", package: "Kernel"),
            ]
        ),
        .target(
            name: "TaskListWeb",
            dependencies: [
                "TaskList",
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
            name: "TaskListWebTests",
            dependencies: [
                "TaskList",
                "TaskListWeb",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "KernelEvents", package: "Kernel"),
                .product(name: "KernelTestSupport", package: "Kernel"),
            ]
        ),
    ]
)
