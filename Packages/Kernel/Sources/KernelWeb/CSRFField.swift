import KernelHTML

extension HTML {
    /// The hidden field that carries this browser's CSRF token (``CSRFMiddleware``): the first thing inside every
    /// form that posts. `token` is `context.csrfToken`.
    public static func csrfField(_ token: String) -> HTML {
        "<input type=\"hidden\" name=\"_csrf\" value=\"\(token)\">"
    }
}
