/// The sign-up form's check: a refused draft, then a good one answered as the page's JSON.
struct SignupWalk {
    let client: Client

    func run() async throws {
        let refused = try await client.checkSignup(body: .json(.init(firstName: "Ada", lastName: "", dateOfBirth: "31/02/1990")))
        let fields = (try refused.unprocessableContent.body.applicationProblemJson.errors ?? []).map(\.field)
        try expect(fields == ["lastName", "dateOfBirth", "password"], "signup: three fields refused, each with its sentence")
        let user = try await client.checkSignup(
            body: .json(.init(firstName: "Ada", lastName: "Lovelace", dateOfBirth: "03/02/1990", password: "analytical"))
        ).ok.body.json
        try expect(user.dateOfBirth == "1990-02-03" && user.password == "••••••••", "signup: the user as JSON, the password hidden")
    }
}
