import AccountsWeb
import AssignmentTrackerWeb
import CountdownWeb
import DownloaderWeb
import Kernel
import KernelWeb
import NewsReaderWeb
import SignupWeb
import TaskListWeb

/// Every feature the host knows, in launcher order. Adding a feature is one line here.
public enum Registry {
    /// The registry of web features.
    public static let features = FeatureRegistry<any WebFeature>(
        [
            TaskListFeature(),
            DownloaderFeature(),
            SignupFeature(),
            CountdownFeature(),
            NewsReaderFeature(),
            AccountsFeature(),
            AssignmentTrackerFeature(),
        ],
        id: { $0.id }
    )
}
