import Foundation

/// Accounts' operations: a refused sign-up, a sign-up, Home's details and number, the images, logging out, logging in,
/// and deleting the account (a wrong password first).
struct AccountsWalk {
    let client: Client

    func run() async throws {
        let email = "smoke-\(UInt32.random(in: 0...UInt32.max))@example.com"
        var form = Components.Schemas.AccountSignup(
            email: email,
            password: "secret!word",
            firstName: "Ana",
            lastName: "Lim",
            mobile: "12",
            gender: "female"
        )
        let refused = try await client.signUp(body: .json(form)).unprocessableContent.body.applicationProblemJson
        try expect(
            refused.errors?.first?.message == "Mobile number is not valid",
            "accounts: a short number is refused in the brief's words"
        )
        form.mobile = "012 345 6789"
        let signedUp = try await client.signUp(body: .json(form)).created.body.json
        let session = Operations.GetMyAccount.Input.Headers(xAccountSession: signedUp.token)
        let me = try await client.getMyAccount(headers: session).ok.body.json
        try expect(
            me.displayName == "Ana Lim" && me.mobile == "012-345 6789",
            "accounts: sign up; Home reads \(me.displayName), \(me.mobile)"
        )
        let changed = try await client.changeMyMobile(
            headers: .init(xAccountSession: signedUp.token),
            body: .json(.init(mobile: "+60 11 2345 6789"))
        ).ok.body.json
        try expect(changed.mobile == "011-2345 6789", "accounts: the number edited")
        let images = try await client.listAccountImages(headers: .init(xAccountSession: signedUp.token)).ok.body.json
        try expect(!images.images.isEmpty, "accounts: \(images.images.count) images")
        _ = try await client.logOut(headers: .init(xAccountSession: signedUp.token)).noContent
        try expect(
            (try? await client.getMyAccount(headers: session).unauthorized) != nil,
            "accounts: logged out, the token is worth nothing"
        )

        let other = try await client.logIn(body: .json(.init(email: email, password: "secret!word"))).ok.body.json
        let renewed = try await client.changeMyPassword(
            headers: .init(xAccountSession: other.token),
            body: .json(.init(current: "secret!word", password: "better!word"))
        ).ok.body.json
        try expect(
            (try? await client.getMyAccount(headers: .init(xAccountSession: other.token)).unauthorized) != nil,
            "accounts: the password changed; the session that changed it gives way to a new one"
        )
        _ = try await client.logOutEverywhere(headers: .init(xAccountSession: renewed.token)).noContent
        try expect(
            (try? await client.getMyAccount(headers: .init(xAccountSession: renewed.token)).unauthorized) != nil,
            "accounts: logged out everywhere"
        )
        let loggedIn = try await client.logIn(body: .json(.init(email: email, password: "better!word"))).ok.body.json
        let wrong = try await client.deleteMyAccount(
            headers: .init(xAccountSession: loggedIn.token),
            body: .json(.init(password: "wrong!password"))
        )
        try expect(
            (try? wrong.unprocessableContent.body.applicationProblemJson.title) == "That password is not right, so the account was kept",
            "accounts: log in; a wrong password keeps the account"
        )
        _ = try await client.deleteMyAccount(headers: .init(xAccountSession: loggedIn.token), body: .json(.init(password: "better!word")))
            .noContent
        let gone = try await client.logIn(body: .json(.init(email: email, password: "better!word")))
        try expect(
            (try? gone.unauthorized.body.applicationProblemJson.title) == "Email or password is incorrect",
            "accounts: deleted; its login is refused"
        )
    }
}
