// swift-tools-version:6.2
// The OpenAPI generator, built on its own by Scripts/generate-api (it is not part of the host's build).
import PackageDescription

let package = Package(
    name: "APIGenerator",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.3")
    ]
)
