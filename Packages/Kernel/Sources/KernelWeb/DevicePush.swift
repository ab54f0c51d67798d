import KernelHTML

/// "Notify me on this device": the offer a page makes where a notice can come from (the inbox, a countdown, a
/// reminder). The shell's script shows it where the browser can take pushes, asks for permission only when it is
/// tapped, and says what happened; on an iPhone or iPad it says to add the app to the Home Screen first.
public enum DevicePush {
    /// The offer's markup, hidden until the script knows what this browser can do.
    public static let offer: HTML = """
        <section class="push-offer" data-push hidden aria-label="Notifications on this device">
          <p class="push-status" data-push-status role="status">Get notices on this device, even when Atelier is closed.</p>
          <button type="button" class="button secondary" data-push-toggle>Notify me on this device</button>
        </section>
        """
}
