/// The countdown's operations: a refused start, a start, reading it back and in the list, then cancelling it.
struct CountdownsWalk {
    let client: Client

    func run() async throws {
        let refused = try await client.startCountdown(body: .json(.init(hours: 0, minutes: 0, label: "Tea")))
        let problem = try refused.unprocessableContent.body.applicationProblemJson
        try expect(
            problem.errors?.first?.field == "minutes" && problem.errors?.first?.message == "Set at least one minute.",
            "countdowns: no time at all is refused with the page's sentence"
        )
        let started = try await client.startCountdown(body: .json(.init(minutes: 25, label: "  Tea ")))
        let countdown = try started.created.body.json
        try expect(countdown.title == "Tea" && countdown.seconds == 1_500 && !countdown.finished, "countdowns: start 25 min")
        try expect(try started.created.headers.location == "/api/v1/countdowns/\(countdown.id)", "countdowns: Location names it")
        let listed = try await client.listCountdowns().ok.body.json.countdowns.contains { $0.id == countdown.id }
        try expect(listed, "countdowns: it is in the list")
        _ = try await client.cancelCountdown(path: .init(id: countdown.id)).noContent
        let again = try await client.cancelCountdown(path: .init(id: countdown.id))
        try expect(
            (try? again.notFound.body.applicationProblemJson.title) == "That countdown was already cancelled.",
            "countdowns: cancel, then cancelling again says it already was"
        )
    }
}
