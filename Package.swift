// swift-tools-version:6.2
import PackageDescription

/// The umbrella package: it builds the `atelier` host and, in one `swift test`, runs the tests of every package
/// under `Packages/` (test targets whose `path:` points into each package's `Tests/` folder) plus the host-level
/// tests in `Tests/`.
let package = Package(
    name: "Atelier",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "atelier", targets: ["atelier"]),
        .executable(name: "HostBenchmarkFloor", targets: ["HostBenchmarkFloor"]),
        .executable(name: "RenderBenchmark", targets: ["RenderBenchmark"]),
        .library(name: "AtelierHost", targets: ["AtelierHost"]),
    ],
    dependencies: [
        .package(path: "Packages/GettingStarted"),
        .package(path: "Packages/Kernel"),
        .package(path: "Packages/TaskList"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.100.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        .executableTarget(
            name: "atelier",
            dependencies: ["AtelierHost"],
            path: "Tools/atelier/Sources/atelier"
        ),
        .executableTarget(
            name: "HostBenchmarkFloor",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tools/HostBenchmarkFloor"
        ),
        .executableTarget(
            name: "RenderBenchmark",
            dependencies: [
                .product(name: "CMallocCounter", package: "Kernel"),
                .product(name: "Downloader", package: "GettingStarted"),
                .product(name: "DownloaderWeb", package: "GettingStarted"),
                .product(name: "KernelHTML", package: "Kernel"),
                .product(name: "TaskList", package: "TaskList"),
                .product(name: "TaskListWeb", package: "TaskList"),
            ],
            path: "Tools/RenderBenchmark"
        ),
        .target(
            name: "AtelierHost",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "DownloaderWeb", package: "GettingStarted"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelWeb", package: "Kernel"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "TaskListWeb", package: "TaskList"),
            ],
            path: "Tools/atelier/Sources/AtelierHost"
        ),
        .testTarget(
            name: "AtelierHostTests",
            dependencies: [
                "AtelierHost",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "KernelTestSupport", package: "Kernel"),
            ],
            path: "Tests/AtelierHostTests"
        ),

        // Every package's own tests, run from the root in the same build.
        .testTarget(
            name: "DownloaderTests",
            dependencies: [
                .product(name: "Downloader", package: "GettingStarted"),
                .product(name: "DownloaderTestSupport", package: "GettingStarted"),
                .product(name: "KernelBus", package: "Kernel"),
                .product(name: "KernelStorage", package: "Kernel"),
                .product(name: "KernelTestSupport", package: "Kernel"),
            ],
            path: "Packages/GettingStarted/Tests/DownloaderTests"
        ),
        .testTarget(
            name: "DownloaderWebTests",
            dependencies: [
                .product(name: "DownloaderTestSupport", package: "GettingStarted"),
                .product(name: "DownloaderWeb", package: "GettingStarted"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "KernelTestSupport", package: "Kernel"),
            ],
            path: "Packages/GettingStarted/Tests/DownloaderWebTests"
        ),
        .testTarget(
            name: "HTMLDocumentTests",
            dependencies: [.product(name: "HTMLDocument", package: "GettingStarted")],
            path: "Packages/GettingStarted/Tests/HTMLDocumentTests"
        ),
        .testTarget(
            name: "KernelBusTests",
            dependencies: [.product(name: "KernelBus", package: "Kernel")],
            path: "Packages/Kernel/Tests/KernelBusTests"
        ),
        .testTarget(
            name: "KernelHTMLTests",
            dependencies: [.product(name: "KernelHTML", package: "Kernel")],
            path: "Packages/Kernel/Tests/KernelHTMLTests"
        ),
        .testTarget(
            name: "KernelStorageTests",
            dependencies: [
                .product(name: "KernelStorage", package: "Kernel"),
                .product(name: "KernelTestSupport", package: "Kernel"),
            ],
            path: "Packages/Kernel/Tests/KernelStorageTests"
        ),
        .testTarget(
            name: "KernelTests",
            dependencies: [
                .product(name: "Kernel", package: "Kernel"),
                .product(name: "KernelTestSupport", package: "Kernel"),
            ],
            path: "Packages/Kernel/Tests/KernelTests"
        ),
        .testTarget(
            name: "KernelWebTests",
            dependencies: [
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "KernelHTML", package: "Kernel"),
                .product(name: "KernelTestSupport", package: "Kernel"),
                .product(name: "KernelWeb", package: "Kernel"),
            ],
            path: "Packages/Kernel/Tests/KernelWebTests"
        ),
        .testTarget(
            name: "TaskListTests",
            dependencies: [.product(name: "TaskList", package: "TaskList")],
            path: "Packages/TaskList/Tests/TaskListTests"
        ),
        .testTarget(
            name: "TaskListWebTests",
            dependencies: [
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "KernelTestSupport", package: "Kernel"),
                .product(name: "TaskListWeb", package: "TaskList"),
            ],
            path: "Packages/TaskList/Tests/TaskListWebTests"
        ),
    ]
)
