import KernelBus

print(NotificationBus.default.observerCount)
